// Automatic disposition through REST and GraphQL against a real database and worker: the workspace
// settings, Full Auto / Hint / below-threshold moves on search-sync, the skip header, the Direct API
// channel, batch rows, stored matches and workspace isolation. Listed facts come from the UN list.
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForBatch, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;
/** A listed UN individual with a full birth date and a nationality, read from a first search. */
let listed: { name: string; dob: string; nationality: string; entityId: string };

const SETTINGS = '/tenant-config/v1/automatic-disposition';
const search = (body: unknown, headers: Record<string, string> = {}, key = tenant.apiKey) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', { headers: { ...auth.xApiKey(key), ...headers }, body });
const configure = (body: unknown, key = tenant.apiKey) =>
  request(platform.restUrl, 'PATCH', SETTINGS, { headers: auth.xApiKey(key), body });
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies: untyped JSON whose shape the tests assert */
const topMatch = (response: any) => response.body.result.results.find((m: any) => m.entity.id === listed.entityId);

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
  const found = await search({ type: 'individual', name: 'Barzan Ibrahim Hasan al-Tikriti', feeds: ['Sanctions'] });
  const entity = found.body.result.results.find(
    (m: any) => m.entity.dates_of_birth.some((d: any) => d.kind === 'full') && m.entity.nationalities.length,
  ).entity;
  listed = {
    name: entity.name,
    dob: entity.dates_of_birth.find((d: any) => d.kind === 'full').value,
    nationality: entity.nationalities[0],
    entityId: entity.id,
  };
});
afterAll(() => platform.close());

it('[screening.disposition.conditions] settings start disabled; a search then carries no annotation; bad settings are refused with 400', async () => {
  const initial = await request(platform.restUrl, 'GET', SETTINGS, { headers: auth.xApiKey(tenant.apiKey) });
  expect(initial.status).toBe(200);
  expect(initial.body.result.automaticDisposition).toEqual({
    enabled: false,
    directApiChannel: true,
    mode: 'hint',
    confidenceThreshold: 0.85,
    searchThreshold: 0.8,
    searchFeeds: ['all'],
    updatedAt: null,
  });
  const plain = topMatch(await search({ type: 'individual', name: listed.name, date_of_birth: listed.dob }));
  expect(plain.review_status).toBe('unresolved');
  expect(plain).not.toHaveProperty('automatic_disposition');
  expect(plain).not.toHaveProperty('disposition_hint');
  for (const body of [{ mode: 'autopilot' }, { confidenceThreshold: 1.5 }, { enabled: 'yes' }, { unknown: true }]) {
    const refused = await configure(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('schema_validation_failed');
  }
});

it('[screening.disposition.full-auto, screening.disposition.shape] Full Auto: a shared birth date and nationality resolves true_positive, a different one false_positive, and the stored match keeps it', async () => {
  const changed = await configure({ enabled: true, mode: 'full_auto', confidenceThreshold: 0.9 });
  expect(changed.status).toBe(200);
  expect(changed.body.result.automaticDisposition).toMatchObject({
    enabled: true,
    directApiChannel: true,
    mode: 'full_auto',
    confidenceThreshold: 0.9,
    updatedAt: expect.any(String),
  });
  const same = await search({ type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality });
  const hit = topMatch(same);
  expect(hit.review_status).toBe('true_positive');
  expect(hit).not.toHaveProperty('disposition_hint');
  expect(Object.keys(hit.automatic_disposition).sort()).toEqual([
    'analysis_status',
    'confidence',
    'evidence_refs',
    'prediction',
    'rationale',
    'risk_flags',
    'score_summary',
    'signature_version',
    'source',
  ]);
  expect(hit.automatic_disposition).toMatchObject({
    prediction: 'true_positive',
    analysis_status: 'completed',
    source: 'direct_api',
    risk_flags: expect.arrayContaining(['Sanctions']),
  });
  expect(hit.automatic_disposition.confidence).toBeGreaterThanOrEqual(0.9);
  expect(hit.automatic_disposition.evidence_refs).toEqual(expect.arrayContaining(['query.date_of_birth', 'query.country']));
  const stored = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${same.body.result.searchId}`, {
    headers: auth.xApiKey(tenant.apiKey),
  });
  const storedHit = JSON.stringify(stored.body).includes('"automatic_disposition"');
  expect(storedHit).toBe(true);
  expect(JSON.stringify(stored.body)).toContain('"true_positive"');
  const otherYear = String(Number(listed.dob.slice(0, 4)) + 30);
  const miss = topMatch(
    await search({
      type: 'individual',
      name: listed.name,
      date_of_birth: `${otherYear}-01-15`,
      country: listed.nationality === 'FR' ? 'DE' : 'FR',
    }),
  );
  expect(miss.review_status).toBe('false_positive');
  expect(miss.automatic_disposition).toMatchObject({ prediction: 'false_positive', analysis_status: 'completed' });
});

it('[screening.disposition.below-threshold] a bare name is never decided: unresolved with an undetermined hint', async () => {
  const bare = topMatch(await search({ type: 'individual', name: listed.name }));
  expect(bare.review_status).toBe('unresolved');
  expect(bare).not.toHaveProperty('automatic_disposition');
  expect(bare.disposition_hint).toMatchObject({ prediction: 'undetermined', analysis_status: 'completed', source: 'direct_api' });
});

it('[screening.disposition.skip-header] X-Service-Automatic-Disposition: skip (any case) leaves every match unresolved and unannotated; other values are ignored', async () => {
  const body = { type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality };
  for (const value of ['skip', 'SKIP', 'Skip']) {
    const response = await search(body, { 'X-Service-Automatic-Disposition': value });
    for (const m of response.body.result.results) {
      expect(m.review_status).toBe('unresolved');
      expect(m).not.toHaveProperty('automatic_disposition');
      expect(m).not.toHaveProperty('disposition_hint');
    }
  }
  expect(topMatch(await search(body, { 'X-Service-Automatic-Disposition': 'please' })).review_status).toBe('true_positive');
  // The legacy GET search honours the header too.
  const legacy = await request(
    platform.restUrl,
    'GET',
    `/v1/search-sync?name=${encodeURIComponent(listed.name)}&date_of_birth=${listed.dob}&type=individual`,
    { headers: { ...auth.xApiKey(tenant.apiKey), 'X-Service-Automatic-Disposition': 'skip' } },
  );
  expect(legacy.body.result.results.every((m: any) => !m.automatic_disposition && !m.disposition_hint)).toBe(true);
});

it('[screening.disposition.hint] Hint mode returns the prediction as disposition_hint and leaves the match unresolved (GraphQL too)', async () => {
  await configure({ mode: 'hint' });
  const hinted = topMatch(await search({ type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality }));
  expect(hinted.review_status).toBe('unresolved');
  expect(hinted).not.toHaveProperty('automatic_disposition');
  expect(hinted.disposition_hint).toMatchObject({ prediction: 'true_positive', analysis_status: 'completed' });
  const gql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'mutation($input: ScreenInput!) { screen(input: $input) { matches { entityRef reviewStatus automaticDisposition { prediction } dispositionHint { prediction confidence analysisStatus evidenceRefs scoreSummary { field weight } signatureVersion source } } } }',
    { input: { type: 'individual', name: listed.name, dateOfBirth: listed.dob } },
  );
  const node = gql.body.data.screen.matches.find((m: any) => m.entityRef === listed.entityId);
  expect(node).toMatchObject({
    reviewStatus: 'unresolved',
    automaticDisposition: null,
    dispositionHint: { prediction: 'true_positive', analysisStatus: 'completed', source: 'direct_api' },
  });
  expect(node.dispositionHint.scoreSummary).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'date_of_birth' })]));
  const settings = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    '{ automaticDispositionSettings { enabled directApiChannel mode confidenceThreshold } }',
  );
  expect(settings.body.data.automaticDispositionSettings).toEqual({
    enabled: true,
    directApiChannel: true,
    mode: 'hint',
    confidenceThreshold: 0.9,
  });
  const badMode = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'mutation { updateAutomaticDispositionSettings(input: { confidenceThreshold: -1 }) { mode } }',
  );
  expect(badMode.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 } });
});

it('[screening.disposition.conditions] with the Direct API channel off nothing is annotated and the header is inert; another workspace keeps its own settings', async () => {
  await configure({ mode: 'full_auto', directApiChannel: false });
  const off = await search({ type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality });
  const offWithHeader = await search(
    { type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality },
    { 'X-Service-Automatic-Disposition': 'please' },
  );
  await configure({ directApiChannel: true });
  expect(
    offWithHeader.body.result.results.every(
      (m: any) => m.review_status === 'unresolved' && !m.automatic_disposition && !m.disposition_hint,
    ),
  ).toBe(true);
  expect(
    off.body.result.results.every((m: any) => m.review_status === 'unresolved' && !m.automatic_disposition && !m.disposition_hint),
  ).toBe(true);
  const siblingSettings = await request(platform.restUrl, 'GET', SETTINGS, { headers: auth.xApiKey(sibling.apiKey) });
  expect(siblingSettings.body.result.automaticDisposition).toMatchObject({ enabled: false, updatedAt: null });
  const siblingSearch = await search(
    { type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality },
    {},
    sibling.apiKey,
  );
  expect(siblingSearch.body.result.results.every((m: any) => !m.automatic_disposition && !m.disposition_hint)).toBe(true);
});

it('[screening.disposition.full-auto, screening.disposition.skip-header] batch rows are annotated like search-sync, and a skip header on the submission leaves every row unannotated', async () => {
  const requests = [
    { type: 'individual', name: listed.name, date_of_birth: listed.dob, country: listed.nationality },
    { type: 'individual', name: listed.name, date_of_birth: `${Number(listed.dob.slice(0, 4)) + 30}-06-01` },
  ];
  await configure({ enabled: true, directApiChannel: true, mode: 'full_auto' });
  const submitted = await request(platform.restUrl, 'POST', '/v1/search', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { requests, feeds: ['Sanctions'] },
  });
  expect(submitted.status).toBe(200);
  const done = await waitForBatch(platform.restUrl, tenant.apiKey, submitted.body.id ?? submitted.body.result?.id);
  expect(done.status).toBe('completed');
  const full = await request(platform.restUrl, 'GET', `/v1/search/${submitted.body.id ?? submitted.body.result.id}?limit=10`, {
    headers: auth.xApiKey(tenant.apiKey),
  });
  const rows = full.body.result.results;
  const first = rows[0].results.find((m: any) => m.entity.id === listed.entityId);
  const second = rows[1].results.find((m: any) => m.entity.id === listed.entityId);
  expect(first).toMatchObject({ review_status: 'true_positive', automatic_disposition: { prediction: 'true_positive' } });
  expect(second).toMatchObject({ review_status: 'false_positive', automatic_disposition: { prediction: 'false_positive' } });
  const skipped = await request(platform.restUrl, 'POST', '/v1/search', {
    headers: { ...auth.xApiKey(tenant.apiKey), 'X-Service-Automatic-Disposition': 'SKIP' },
    body: { requests, feeds: ['Sanctions'] },
  });
  const skippedId = skipped.body.id ?? skipped.body.result.id;
  await waitForBatch(platform.restUrl, tenant.apiKey, skippedId);
  const plain = await request(platform.restUrl, 'GET', `/v1/search/${skippedId}?limit=10`, { headers: auth.xApiKey(tenant.apiKey) });
  for (const row of plain.body.result.results)
    for (const m of row.results) expect(m.review_status === 'unresolved' && !m.automatic_disposition && !m.disposition_hint).toBe(true);
});

it('the default search threshold and feeds (the threshold lab settings) are read and changed through REST, validated like the other fields', async () => {
  const changed = await configure({ searchThreshold: 0.85, searchFeeds: ['Sanctions', 'Social Media'] });
  expect(changed.status).toBe(200);
  expect(changed.body.result.automaticDisposition).toMatchObject({ searchThreshold: 0.85, searchFeeds: ['Sanctions', 'Social Media'] });
  const read = await request(platform.restUrl, 'GET', SETTINGS, { headers: auth.xApiKey(tenant.apiKey) });
  expect(read.body.result.automaticDisposition).toMatchObject({ searchThreshold: 0.85, searchFeeds: ['Sanctions', 'Social Media'] });
  for (const body of [{ searchThreshold: 1.5 }, { searchThreshold: 'high' }, { searchFeeds: ['Nope'] }, { searchFeeds: 'Sanctions' }]) {
    const refused = await configure(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('schema_validation_failed');
  }
  // null: back to the engine's default; [all]: every feed
  const reset = await configure({ searchThreshold: null, searchFeeds: ['all'] });
  expect(reset.status).toBe(200);
  expect(reset.body.result.automaticDisposition).toMatchObject({ searchThreshold: 0.8, searchFeeds: ['all'] });
});
