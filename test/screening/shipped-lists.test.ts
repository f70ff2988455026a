// Every shipped list at once (the newest edition of each source), as `npm start` loads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logger } from '../../platform/logging/logger';
import { importShippedLists, loadShippedWatchlistsOnce, shippedImportPlan } from '../../subgraphs/screening/services/import-service';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { versionsOf, waitForIndex, WATCHLISTS } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  // a database of its own: the index count below is of exactly the shipped lists, whatever other files of this worker
  // imported before (feeds.test.ts imports the PEP list with extra records as a source of the same name)
  platform = await startTestPlatform({ isolatedDatabase: true });
  tenant = await createTestTenant(platform);
});
afterAll(() => platform.close());

it('plans the newest edition of each shipped list', () => {
  expect(
    shippedImportPlan(WATCHLISTS)
      .map((list) => list.folder)
      .sort(),
  ).toEqual([
    'eu_fsf_csv_2018_sample',
    'ofac_non_sdn_consolidated_2025-12',
    'ofac_sdn_2024-05-03',
    'un_consolidated_2026-02',
    'us_bis_dpl_2022',
    'us_congress_executive_pep',
  ]);
  expect(
    shippedImportPlan(WATCHLISTS, { allVersions: true })
      .filter((list) => list.format === 'ofac_sdn')
      .map((list) => list.folder),
  ).toEqual(['ofac_sdn_2021-07_full', 'ofac_sdn_2024-05-03']);
});

it('plans every FollowTheMoney dataset of a directory as a source of its own', () => {
  // two FtM folders side by side (a PEP file and another dataset's export) are two sources, both loaded
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-ftm-'));
  try {
    fs.mkdirSync(path.join(dir, 'us_congress_executive_pep'));
    fs.copyFileSync(
      path.join(WATCHLISTS, 'us_congress_executive_pep/us_congress_executive_pep.ftm.jsonl'),
      path.join(dir, 'us_congress_executive_pep/us_congress_executive_pep.ftm.jsonl'),
    );
    fs.mkdirSync(path.join(dir, 'opensanctions_sample_2026-01'));
    fs.copyFileSync(
      path.resolve(__dirname, '../fixtures/watchlists/opensanctions-sample.ftm.jsonl'),
      path.join(dir, 'opensanctions_sample_2026-01/entities.ftm.jsonl'),
    );
    expect(
      shippedImportPlan(dir)
        .map((list) => list.folder)
        .sort(),
    ).toEqual(['opensanctions_sample_2026-01', 'us_congress_executive_pep']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('imports all shipped lists and searches across them', async () => {
  const results = await importShippedLists(platform.db, WATCHLISTS, { origin: 'test' });
  const bySource = Object.fromEntries(results.flatMap((result) => result.sources).map((source) => [source.source, source.entities]));
  expect(bySource).toEqual({ ofac_sdn: 14965, ofac_cons: 442, un: 1003, bis_dpl: 581, eu_fsf: 93, us_congress_executive_pep: 617 });
  await waitForIndex(platform.urls.screening!, versionsOf(...results), 60_000);
  const status = await (await fetch(platform.urls.screening!.replace(/\/graphql$/, '/readyz/index'))).json();
  expect(status.index.entities).toBe(17701);

  const search = (body: unknown) => request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(tenant.apiKey), body });
  const assad = await search({ name: 'Bashar al-Assad', type: 'individual' });
  expect(assad.status).toBe(200);
  expect(assad.body.result.results[0]).toMatchObject({ entity: { source: 'ofac_sdn', name: 'AL-ASSAD, Bashar' }, score: 1 });
  const ladin = await search({ name: 'Usama bin Ladin', type: 'individual' });
  expect(ladin.body.result.results[0].entity).toMatchObject({ source: 'ofac_sdn', source_id: '6365' });
  // every listed name finds itself (the full check is engine-level: subgraphs/screening/engine/verbatim-names.test.ts)
  for (const [name, type, source] of [
    ['HAMAS', 'entity', 'ofac_sdn'],
    ['AL-QAIDA', 'entity', 'eu_fsf'],
    ['TALIBAN', undefined, 'ofac_sdn'],
    ['MAJEED, Abdul', 'individual', 'ofac_sdn'],
  ]) {
    const found = await search({ name, type });
    expect(found.status).toBe(200);
    const top = found.body.result.results[0];
    expect([name, top?.score]).toEqual([name, 1]);
    expect(
      found.body.result.results.filter((m: { score: number }) => m.score === 1).map((m: { entity: { source: string } }) => m.entity.source),
    ).toContain(source);
  }
  const pep = await search({ name: 'Bernie Sanders', type: 'individual', feeds: ['PEP'] });
  expect(pep.body.result.results[0].entity).toMatchObject({ source: 'us_congress_executive_pep', source_id: 'us-pep-S000033' });
  const vessels = await search({ name: 'Grace 1', type: 'vessel', feeds: ['all'], limit: 100, threshold: 0 });
  expect(vessels.status).toBe(200);
  expect(vessels.body.result.results.length).toBeLessThanOrEqual(100);

  // npm start loads the shipped lists only while no version exists.
  expect(await loadShippedWatchlistsOnce(platform.db, logger, WATCHLISTS)).toEqual([]);
}, 180_000);
