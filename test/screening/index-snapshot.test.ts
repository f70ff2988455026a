// The screening index snapshot (subgraphs/screening/services/index-snapshot.ts): written after a
// build from the database, loaded by the next holder with the same search results, and ignored
// (rebuilt from the database, then rewritten) when the file is corrupt or the lists moved on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, Db } from '../../platform/db/prisma';
import { logger } from '../../platform/logging/logger';
import { createIsolatedDatabase } from '../helpers/test-platform';
import { importSourceVersion, runImport } from '../../subgraphs/screening/services/import-service';
import { loadList } from '../../subgraphs/screening/services/engine-adapter';
import { ScreeningIndexHolder } from '../../subgraphs/screening/services/index-holder';
import { readIndexSnapshot, snapshotFile } from '../../subgraphs/screening/services/index-snapshot';
import { BIS_DPL } from './screening-helpers';

let url: string;
let db: Db;
let dir: string;
let file: string;
const holders: ScreeningIndexHolder[] = [];
const log = logger.child({ test: 'index-snapshot' });
// A low threshold: the test compares two indexes' answers, so it needs answers whatever the scorer's tuning.
const options = { limit: 5, threshold: 0.4, feeds: 'all' as const };
const QUERIES = ['Mohammad Ali', 'ALEXANDER BORISOVICH', 'Hong Kong Trading Company', 'Zhang Wei'];

async function started(): Promise<ScreeningIndexHolder> {
  const holder = new ScreeningIndexHolder({ databaseUrl: url, log, pollMs: 600_000, snapshotFile: file });
  holders.push(holder);
  await holder.refresh();
  await holder.snapshotWritten();
  return holder;
}

async function activeLists() {
  const sources = await db.watchlistSource.findMany({ where: { activeVersionId: { not: null } } });
  return {
    versions: Object.fromEntries(sources.map((s) => [s.source, s.activeVersionId!])),
    seqs: Object.fromEntries(sources.map((s) => [s.source, s.activeSeq!])),
  };
}

const results = (holder: ScreeningIndexHolder) =>
  Promise.all(
    QUERIES.map((name) =>
      holder
        .current()!
        .index.search(name, options)
        .then((r) => r.map((m) => [m.entity.id, m.score])),
    ),
  );

beforeAll(async () => {
  url = await createIsolatedDatabase();
  db = createDb(url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-index-snapshot-'));
  file = snapshotFile(dir);
  await runImport(db, { format: 'bis_dpl', path: BIS_DPL, origin: 'test' });
}, 120_000);
afterAll(async () => {
  for (const holder of holders) await holder.close();
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('writes the index after a build and a new holder loads it, answering the same', async () => {
  const built = await started();
  expect(built.origin).toBe('database');
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  const loaded = await started();
  expect(loaded.origin).toBe('snapshot');
  expect(loaded.status()).toMatchObject({
    entities: built.status().entities,
    names: built.status().names,
    versions: built.status().versions,
  });
  const expected = await results(built);
  expect(expected.flat().length).toBeGreaterThan(0);
  expect(await results(loaded)).toEqual(expected);
});

it('ignores a corrupt file, rebuilds from the database and rewrites it', async () => {
  const bytes = fs.readFileSync(file);
  bytes[bytes.length - 100] ^= 0xff;
  fs.writeFileSync(file, bytes);
  expect((await started()).origin).toBe('database');
  const lists = await activeLists();
  const reread = await readIndexSnapshot(file, lists);
  expect(reread.ok).toBe(true);
  fs.writeFileSync(file, bytes.subarray(0, bytes.length - 10));
  expect(await readIndexSnapshot(file, lists)).toMatchObject({ ok: false, reason: expect.stringMatching(/size/) });
  fs.writeFileSync(file, 'not an index');
  expect(await readIndexSnapshot(file, lists)).toMatchObject({ ok: false });
  expect((await started()).origin).toBe('database');
});

it('is not loaded once the lists changed; a holder from the snapshot applies the change as a delta', async () => {
  const fromSnapshot = await started();
  expect(fromSnapshot.origin).toBe('snapshot');
  const entities = await loadList('bis_dpl', BIS_DPL);
  const [gone, ...kept] = entities;
  const goneName = gone.names[0].value;
  expect((await fromSnapshot.current()!.index.search(goneName, options)).map((m) => m.entity.id)).toContain(`bis_dpl:${gone.sourceId}`);
  const before = await activeLists();
  await importSourceVersion(db, { source: 'bis_dpl', format: 'bis_dpl', label: 'one less', entities: kept, importId: null });
  expect(await readIndexSnapshot(file, await activeLists())).toMatchObject({ ok: false, reason: 'built from other list versions' });
  expect((await readIndexSnapshot(file, before)).ok).toBe(true);

  const fresh = await started();
  expect(fresh.origin).toBe('database');
  expect(fresh.status().entities).toBe(kept.length);

  await fromSnapshot.refresh();
  expect(fromSnapshot.status().rowsLoaded).toEqual({ full: 0, delta: 1 });
  expect(fromSnapshot.status().entities).toBe(kept.length);
  const top = await fromSnapshot.current()!.index.search(goneName, options);
  expect(top.map((m) => m.entity.id)).not.toContain(`bis_dpl:${gone.sourceId}`);
});
