// Feeds from topics: a FollowTheMoney PEP dataset (the shipped US Congress/executive list) and a
// crime dataset make the PEP and Criminal feeds answer; `feeds` filters; checklist.screen, hits and
// hits_info tell the feeds apart; automatic disposition annotates only flagged matches.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForIndex, WATCHLISTS } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
const PEP_LIST = path.join(WATCHLISTS, 'us_congress_executive_pep/us_congress_executive_pep.ftm.jsonl');
const FTM_FIXTURE = path.join(__dirname, '../fixtures/watchlists/opensanctions-sample.ftm.jsonl');

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  const un = await importList(platform, 'un_xml', UN_XML);
  // One FtM file holding the shipped PEP list and the fixture's sanctioned, PEP and wanted records.
  const combined = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-feeds-')), 'combined.ftm.jsonl');
  fs.writeFileSync(combined, `${fs.readFileSync(PEP_LIST, 'utf8').trimEnd()}\n${fs.readFileSync(FTM_FIXTURE, 'utf8')}`);
  const pep = await importList(platform, 'ftm_jsonl', combined);
  await waitForIndex(platform.urls.screening!, versionsOf(un, pep));
});
afterAll(() => platform.close());

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies: untyped JSON whose shape the tests assert */
const search = (body: unknown) => request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(tenant.apiKey), body });

it('[screening.search.feeds] a PEP dataset in FollowTheMoney format answers on the PEP feed, flagged PEP and not Sanctions', async () => {
  const pep = await search({ type: 'individual', name: 'Maria Cantwell', feeds: ['PEP'] });
  expect(pep.status).toBe(200);
  const hit = pep.body.result.results[0];
  expect(hit.name.value).toBe('Maria Cantwell');
  expect(hit.checklist.screen).toMatchObject({ PEP: true, Sanctions: false, Criminal: false });
  expect(hit.checklist.hits).toEqual(['PEP']);
  expect(hit.checklist.hits_info).toEqual([expect.objectContaining({ feed: 'PEP' })]);
  const sanctionsOnly = await search({ type: 'individual', name: 'Maria Cantwell', feeds: ['Sanctions'] });
  expect(sanctionsOnly.body.result.results.some((m: any) => m.name.value === 'Maria Cantwell')).toBe(false);
});

it('[screening.search.feeds] a crime topic answers on the Criminal feed; a record on two feeds is found by either and flags both', async () => {
  const criminal = await search({ type: 'individual', name: 'Joaquin Archivaldo Guzman Loera', feeds: ['Criminal'] });
  const hit = criminal.body.result.results[0];
  expect(hit.entity.source_id).toBe('NK-ghi789');
  expect(hit.checklist.screen).toMatchObject({ Criminal: true, Sanctions: false, PEP: false });
  expect(hit.checklist.hits).toEqual(['Criminal']);
  expect(
    (await search({ type: 'individual', name: 'Joaquin Archivaldo Guzman Loera', feeds: ['PEP', 'Sanctions'] })).body.result.results.some(
      (m: any) => m.entity.source_id === 'NK-ghi789',
    ),
  ).toBe(false);
  for (const feeds of [['PEP'], ['Sanctions']]) {
    const both = (await search({ type: 'individual', name: 'Vladimir Vladimirovich Putin', feeds })).body.result.results.find(
      (m: any) => m.entity.source_id === 'NK-abc123',
    );
    expect(both.checklist.screen).toMatchObject({ PEP: true, Sanctions: true });
    expect(both.checklist.hits_info.map((h: any) => h.feed)).toEqual(['PEP', 'Sanctions']);
  }
  const gql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'mutation($input: ScreenInput!) { screen(input: $input) { matches { sourceId feeds checklist { screen { feed flagged } hits } } } }',
    { input: { name: 'Maria Cantwell', feeds: ['PEP'] } },
  );
  const node = gql.body.data.screen.matches[0];
  expect(node.feeds).toEqual(['PEP']);
  expect(node.checklist.screen).toEqual(
    expect.arrayContaining([
      { feed: 'PEP', flagged: true },
      { feed: 'Sanctions', flagged: false },
    ]),
  );
});
