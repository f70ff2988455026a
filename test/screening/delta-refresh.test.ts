// A modified list version is imported as a delta, atomically; every screening replica (here a
// second platform running only the screening service) swaps its index on NOTIFY.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { importFtmStreamed, importSourceVersion, runImport } from '../../subgraphs/screening/services/import-service';
import { loadList } from '../../subgraphs/screening/services/engine-adapter';
import { BIS_DPL, importList, indexStatus, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let replica: TestPlatform;
let tenant: TestTenant;
let tmp: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  // A second replica of the screening subgraph only, with a slow fallback poll: it must learn about
  // new versions through LISTEN/NOTIFY.
  process.env.VIGIL_SCREENING_VERSION_CHECK_MS = '600000';
  replica = await startTestPlatform({ services: ['screening'] });
  delete process.env.VIGIL_SCREENING_VERSION_CHECK_MS;
  tenant = await createTestTenant(platform);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dpl-'));
});
afterAll(async () => {
  await replica.close();
  await platform.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const search = (name: string) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name, type: 'individual', threshold: 0.95 },
  });
const topName = async (name: string) => (await search(name)).body.result.results[0]?.name.value as string | undefined;

/** A copy of the DPL with its 2nd record removed, the 3rd record's expiration date changed and one record added. */
function modifiedDpl(): { file: string; removed: string; changed: string; added: string } {
  const lines = fs.readFileSync(BIS_DPL, 'latin1').split(/\r?\n/);
  const cells = (line: string) => line.split('\t');
  const removed = cells(lines[2])[0].replace(/"/g, '').trim();
  const changedCells = cells(lines[3]);
  const changed = changedCells[0].replace(/"/g, '').trim();
  changedCells[7] = '"12/31/2099"'; // Expiration_Date: content, not identity
  const added = 'ZEBEDIAH QUIMBLEFORTH VANTERPOOL';
  const addedLine = [
    `"${added}"`,
    '"1 MAIN STREET"',
    '"SPRINGFIELD"',
    '"IL"',
    '"US"',
    '"62701"',
    '"01/02/2024"',
    '"01/02/2034"',
    '"Y"',
    '"2024-01-05"',
    '"F.R. NOTICE ADDED"',
    '"89 F.R. 1000 1/5/2024"',
  ].join('\t');
  const out = [lines[0], lines[1], changedCells.join('\t'), ...lines.slice(4).filter((line) => line.length), addedLine];
  const file = path.join(tmp, 'dpl.txt');
  fs.writeFileSync(file, out.join('\r\n') + '\r\n', 'latin1');
  return { file, removed, changed, added };
}

it('imports a modified version as a delta that searches see only after the flip, on every replica', async () => {
  const original = await importList(platform, 'bis_dpl', BIS_DPL, 'us_bis_dpl_2022');
  await waitForIndex(platform.urls.screening!, versionsOf(original));
  await waitForIndex(replica.urls.screening!, versionsOf(original));
  const { file, removed, changed, added } = modifiedDpl();
  expect(await topName(removed)).toBe(removed);
  expect(await topName(added)).toBeUndefined();
  const generationBefore = (await indexStatus(replica.urls.screening!)).generation;

  const result = await importList(platform, 'bis_dpl', file, 'dpl-modified');
  expect(result.sources[0]).toMatchObject({ source: 'bis_dpl', outcome: 'imported', entities: 581, added: 1, changed: 1, removed: 1 });
  expect(result.sources[0].seq).toBeGreaterThan(original.sources[0].seq);

  await waitForIndex(platform.urls.screening!, versionsOf(result));
  await waitForIndex(replica.urls.screening!, versionsOf(result), 10_000);
  const after = await indexStatus(replica.urls.screening!);
  expect(after.generation).toBeGreaterThan(generationBefore);
  // The replica applied the version delta (2 closed rows, 2 new rows) instead of reloading the list.
  expect(after.rowsLoaded).toEqual({ full: 0, delta: 4 });
  expect(await topName(removed)).toBeUndefined();
  expect(await topName(added)).toBe(added);
  expect(await topName(changed)).toBe(changed);

  // Importing the same modified file again is a no-op; the original again is a new version.
  const again = await importList(platform, 'bis_dpl', file);
  expect(again.sources[0]).toMatchObject({ outcome: 'unchanged', versionId: result.sources[0].versionId });
  const restored = await importList(platform, 'bis_dpl', BIS_DPL, 'us_bis_dpl_2022');
  expect(restored.sources[0]).toMatchObject({ outcome: 'imported', added: 1, changed: 1, removed: 1 });
  await waitForIndex(replica.urls.screening!, versionsOf(restored), 10_000);
  const rows = await platform.db.$queryRawUnsafe<{ status: string; n: number }[]>(
    `SELECT status, count(*)::int AS n FROM screening.watchlist_versions WHERE source = 'bis_dpl' GROUP BY status`,
  );
  expect(rows.find((row) => row.status === 'active')?.n).toBe(1);
});

it('writes nothing of a version whose import fails half-way (one transaction)', async () => {
  const current = await importList(platform, 'bis_dpl', BIS_DPL);
  const before = await platform.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM screening.watchlist_entities WHERE source = 'bis_dpl'`,
  );
  const entities = await loadList('bis_dpl', BIS_DPL);
  // A NUL character cannot be stored in jsonb: the last chunk fails after earlier chunks were written.
  const broken = entities.map((entity, i) =>
    i === entities.length - 1
      ? { ...entity, sourceId: 'broken', remarks: 'bad \u0000 byte' }
      : { ...entity, sourceId: `${entity.sourceId}-x` },
  );
  await expect(
    importSourceVersion(platform.db, { source: 'bis_dpl', format: 'bis_dpl', label: 'broken', entities: broken, importId: null }),
  ).rejects.toThrow();
  const after = await platform.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM screening.watchlist_entities WHERE source = 'bis_dpl'`,
  );
  expect(after[0].n).toBe(before[0].n);
  const source = await platform.db.$queryRawUnsafe<{ active_version_id: string }[]>(
    `SELECT active_version_id FROM screening.watchlist_sources WHERE source = 'bis_dpl'`,
  );
  expect(source[0].active_version_id).toBe(current.sources[0].versionId);
  const versions = await platform.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM screening.watchlist_versions WHERE label = 'broken'`,
  );
  expect(versions[0].n).toBe(0);
});

it('catches up through the periodic version check when a notification is missed', async () => {
  process.env.VIGIL_SCREENING_VERSION_CHECK_MS = '300';
  const poller = await startTestPlatform({ services: ['screening'] });
  delete process.env.VIGIL_SCREENING_VERSION_CHECK_MS;
  try {
    const [active] = await platform.db.$queryRawUnsafe<{ active_version_id: string; active_seq: number }[]>(
      `SELECT active_version_id, active_seq FROM screening.watchlist_sources WHERE source = 'bis_dpl'`,
    );
    await waitForIndex(poller.urls.screening!, { bis_dpl: active.active_version_id });
    // A silent pointer change (no NOTIFY) back to the modified version: the delta log still holds its rows.
    const [previous] = await platform.db.$queryRawUnsafe<{ id: string; seq: number }[]>(
      `SELECT id, seq FROM screening.watchlist_versions WHERE source = 'bis_dpl' AND label = 'dpl-modified' ORDER BY seq DESC LIMIT 1`,
    );
    await platform.db.$executeRawUnsafe(
      `UPDATE screening.watchlist_sources SET active_version_id = $1, active_seq = $2 WHERE source = 'bis_dpl'`,
      previous.id,
      previous.seq,
    );
    try {
      await waitForIndex(poller.urls.screening!, { bis_dpl: previous.id }, 10_000);
      const status = await indexStatus(poller.urls.screening!);
      expect(status.entities).toBe((await indexStatus(replica.urls.screening!)).entities);
      // The NOTIFY-only replica (10 minute poll) did not notice.
      expect((await indexStatus(replica.urls.screening!)).versions.bis_dpl).toBe(active.active_version_id);
    } finally {
      await platform.db.$executeRawUnsafe(
        `UPDATE screening.watchlist_sources SET active_version_id = $1, active_seq = $2 WHERE source = 'bis_dpl'`,
        active.active_version_id,
        active.active_seq,
      );
    }
    await waitForIndex(poller.urls.screening!, { bis_dpl: active.active_version_id }, 10_000);
  } finally {
    await poller.close();
  }
});

it('imports a FollowTheMoney file streamed as the whole-list import does: duplicates, no-op, delta, same content hash', async () => {
  const line = (id: string, name: string) =>
    JSON.stringify({ id, schema: 'Person', caption: name, properties: { name: [name], topics: ['sanction'] }, datasets: ['streamed_ftm'] });
  const write = (lines: string[]) => {
    const file = path.join(tmp, 'streamed_ftm.ftm.jsonl');
    fs.writeFileSync(file, lines.join('\n') + '\n');
    return file;
  };
  const names = Array.from({ length: 30 }, (_, i) => `Quentin Streamwright ${String.fromCharCode(97 + (i % 26))}${i}`);
  // p-3 twice: the last record wins.
  const first = write([...names.map((name, i) => line(`p-${i}`, name)), line('p-3', 'Quentin Replaced Lastwins')]);
  const input = { path: first, format: 'ftm_jsonl', label: 'streamed', importId: null };
  const imported = await importFtmStreamed(platform.db, input);
  expect(imported).toMatchObject({ source: 'streamed_ftm', outcome: 'imported', entities: 30, added: 30, duplicates: 1 });
  const rows = () =>
    platform.db.$queryRawUnsafe<{ source_id: string; name: string }[]>(
      `SELECT source_id, data->'names'->0->>'value' AS name FROM screening.watchlist_entities
        WHERE source = 'streamed_ftm' AND removed_seq IS NULL ORDER BY source_id`,
    );
  expect((await rows()).length).toBe(30);
  expect((await rows()).find((row) => row.source_id === 'p-3')?.name).toBe('Quentin Replaced Lastwins');
  expect(await importFtmStreamed(platform.db, input)).toMatchObject({ outcome: 'unchanged', versionId: imported.versionId });
  // One removed (p-0), one changed (p-1), one added (p-99); a duplicate whose last record is unchanged (p-2) writes nothing.
  const second = write([
    line('p-2', 'Quentin Interim Record'),
    ...names.slice(1).map((name, i) => line(`p-${i + 1}`, i === 0 ? 'Quentin Changed Streamwright' : name)),
    line('p-3', 'Quentin Replaced Lastwins'),
    line('p-99', 'Quentin Added Streamwright'),
  ]);
  const delta = await importFtmStreamed(platform.db, { ...input, path: second });
  expect(delta).toMatchObject({ outcome: 'imported', entities: 30, added: 1, changed: 1, removed: 1 });
  const after = await rows();
  expect(after.map((row) => row.source_id)).not.toContain('p-0');
  expect(after.find((row) => row.source_id === 'p-1')?.name).toBe('Quentin Changed Streamwright');
  expect(after.find((row) => row.source_id === 'p-2')?.name).toBe(names[2]);
  expect(after.length).toBe(30);
  // The whole-list import of the same file finds the same content active: the hashes agree.
  const whole = await importSourceVersion(platform.db, {
    source: 'streamed_ftm',
    format: 'ftm_jsonl',
    label: 'whole',
    entities: await loadList('ftm_jsonl', second),
    importId: null,
  });
  expect(whole).toMatchObject({ outcome: 'unchanged', versionId: delta.versionId });
  // runImport streams a FollowTheMoney file of any size: the same answer.
  const viaRun = await runImport(platform.db, { format: 'ftm_jsonl', path: second, origin: 'test' });
  expect(viaRun.sources[0]).toMatchObject({ outcome: 'unchanged', versionId: delta.versionId });
});

it('writes the same rows with COPY as the whole-list import: escapes, unicode, duplicate ids across batches', async () => {
  // COPY's text format gives tab, newline, carriage return and backslash a meaning of their own (and `\N` is NULL, `\.`
  // the end of the data): each must arrive as written, in ids, names (text), feeds (text[]) and the JSON of `data`.
  const odd = [
    'Tab\there',
    'Line\nbreak',
    'Carriage\rreturn',
    'Back\\slash \\N \\.',
    'Quote "double" \'single\'',
    'Zoë Ærøskøbing 王小明 Ωμέγα 🛳',
  ];
  const record = (id: string, name: string, extra: Record<string, string[]> = {}) =>
    JSON.stringify({
      id,
      schema: 'Person',
      caption: name,
      properties: {
        name: [name],
        alias: [`${name} alias`],
        topics: ['sanction', 'role.pep'],
        notes: [`note\t${name}\n2nd line`],
        ...extra,
      },
      datasets: ['copy_escapes'],
    });
  const lines = [
    ...odd.map((name, i) => record(`c-${i}`, name)),
    record('id\twith\\tab', 'Escaped Identifier', { address: ['1 Main St\\Apt 2\r\n3rd floor'] }),
    // c-1 and c-4 again in later batches (3 rows per COPY): the last record of each replaces the row COPY wrote.
    record('c-1', 'Last Wins\tOne'),
    record('c-9', 'Plain Name'),
    record('c-4', 'Last Wins \\ Four'),
  ];
  const file = path.join(tmp, 'copy_escapes.ftm.jsonl');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  const streamed = await importFtmStreamed(platform.db, { path: file, format: 'ftm_jsonl', label: 'copy', importId: null, batchRows: 3 });
  expect(streamed).toMatchObject({ source: 'copy_escapes', outcome: 'imported', entities: 8, duplicates: 2 });
  const entities = await loadList('ftm_jsonl', file);
  const whole = await importSourceVersion(platform.db, {
    source: 'copy_escapes_json',
    format: 'ftm_jsonl',
    label: 'json',
    entities,
    importId: null,
  });
  expect(whole).toMatchObject({ entities: 8, duplicates: 2, names: streamed.names, contentHash: streamed.contentHash });
  const rows = (source: string) =>
    platform.db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT source_id, content_hash, type, primary_name, feeds, names, data::text AS data FROM screening.watchlist_entities
        WHERE source = $1 AND removed_seq IS NULL ORDER BY source_id COLLATE "C"`,
      source,
    );
  const copied = await rows('copy_escapes');
  expect(copied).toEqual(await rows('copy_escapes_json'));
  expect(copied.map((row) => row.source_id)).toEqual(['c-0', 'c-1', 'c-2', 'c-3', 'c-4', 'c-5', 'c-9', 'id\twith\\tab']);
  // The loader folds whitespace in names; tabs and newlines reach the ids, the notes and the addresses.
  expect(copied.find((row) => row.source_id === 'c-1')?.primary_name).toBe('Last Wins One');
  expect(copied.find((row) => row.source_id === 'c-3')?.primary_name).toBe(odd[3]);
});
