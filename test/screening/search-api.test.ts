// Import of the small lists (BIS DPL, UN XML) and the synchronous search through REST and GraphQL.
import {
  auth,
  createDashboardToken,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { BIS_DPL, importList, UN_XML, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  const bis = await importList(platform, 'bis_dpl', BIS_DPL);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(bis, un));
});
afterAll(() => platform.close());

const search = (body: unknown, key = tenant.apiKey) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(key), body });

it('imports the lists with their counts, and a re-import of the same version is a no-op', async () => {
  const again = await importList(platform, 'bis_dpl', BIS_DPL);
  expect(again.sources).toHaveLength(1);
  expect(again.sources[0]).toMatchObject({ source: 'bis_dpl', outcome: 'unchanged', entities: 581, added: 0, changed: 0, removed: 0 });
  const un = await importList(platform, 'un', UN_XML);
  expect(un.sources[0]).toMatchObject({ source: 'un', outcome: 'unchanged', entities: 1003, names: 4227 }); // each name of a listing alias stored as its own (docs/screening-matching.md)
  const sources = await graphql(platform, auth.apiKey(tenant.apiKey), '{ watchlistSources { source entityCount nameCount label } }');
  expect(sources.body.data.watchlistSources).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ source: 'bis_dpl', entityCount: 581, nameCount: 581 }),
      expect.objectContaining({ source: 'un', entityCount: 1003, nameCount: 4227 }),
    ]),
  );
});

it('[screening.search.sync, screening.search.match-fields] finds a listed UN individual under a misspelling, with the documented fields', async () => {
  const response = await search({ type: 'individual', name: 'Barzan Ibrahem Hasan Al Tikrity', feeds: ['Sanctions'], custom_id: 'cust-1' });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ msg: 'success', status: 200 });
  const { searchId, results } = response.body.result;
  expect(searchId).toMatch(/^[0-9a-f]{24}$/);
  expect(results.length).toBeGreaterThan(0);
  // Other test files may have loaded more lists (the data is global): find the UN record.
  const top = results.find((match: { entity: { source: string } }) => match.entity.source === 'un');
  expect(top.entity).toMatchObject({ source: 'un', source_id: '6908085', type: 'individual', nationalities: ['IQ'] });
  expect(top.entity.dates_of_birth).toEqual([{ kind: 'year', value: '1951' }]);
  expect(Array.isArray(top.entity.programs)).toBe(true);
  expect(top.id).toMatch(/^[0-9a-f]{24}$/);
  expect(top.score).toBeGreaterThanOrEqual(0.8);
  expect(top.name).toEqual({
    value: 'BARZAN IBRAHIM HASSAN AL-TIKRITI',
    match_score: expect.any(Number),
    criteria_match_level: expect.any(String),
  });
  expect(Array.isArray(top.aliases)).toBe(true);
  expect(top.checklist.screen.Sanctions).toBe(true);
  expect(top.checklist.hits).toEqual(['Sanctions']);
  expect(top.checklist.hits_info.length).toBeGreaterThan(0);
  expect(top.match_score_info).toMatchObject({ scorer_version: expect.any(String), final_score: top.score });
  expect(top.source_details[0]).toMatchObject({
    description: expect.stringContaining('UN'),
    urls: expect.any(Array),
    inference_context: expect.any(String),
  });
  expect(top.review_status).toBe('unresolved');
  for (let i = 1; i < results.length; i++) expect(results[i].score).toBeLessThanOrEqual(results[i - 1].score);
});

it('[screening.search.sync] finds a listed company under its own name searched as a company: the BIS list does not type its records', async () => {
  // The BIS Denied Persons List says nothing of person or organisation: the loader guesses. "KOTO COMMERCIO IBERICA, S.L."
  // was guessed a person ("S.L." unknown to the guess), so searched as a company (the type penalty and the person reading
  // of "S.L.") it found nothing. Each is listed twice (one row per address): both are found.
  for (const [name, rows] of [
    ['KOTO COMMERCIO IBERICA, S.L.', 2],
    ['PETROM INTERNACIONAL TRADE, S.L.', 2],
    ['PJSC AEROFLOT', 1],
    ['YARRA ANSTALT A.G.', 1],
    ['GLOBE METALS AB', 1],
  ] as const) {
    for (const type of ['entity', 'company', 'organization', undefined]) {
      const response = await search({ name, type, feeds: ['Sanctions'] });
      expect(response.status).toBe(200);
      const results: { score: number; entity: { source: string; name: string; type: string } }[] = response.body.result.results;
      const mine = results.filter((m) => m.entity.source === 'bis_dpl' && m.entity.name === name);
      expect([name, type, mine.length, mine.map((m) => m.entity.type)]).toEqual([name, type, rows, Array(rows).fill('entity')]);
      expect([name, type, results[0]?.score, mine[0].score]).toEqual([name, type, 1, 1]);
    }
  }
});

it('uses the date of birth and the limit', async () => {
  const withDob = await search({ type: 'individual', name: 'Barzan Ibrahim Hassan al-Tikriti', date_of_birth: '1951', limit: 1 });
  expect(withDob.status).toBe(200);
  expect(withDob.body.result.results).toHaveLength(1);
  const adjustments = withDob.body.result.results[0].match_score_info.adjustments;
  expect(adjustments).toEqual(expect.arrayContaining([expect.objectContaining({ feature: 'birth_date' })]));
});

it('answers no high-score result for a "CORP"-only query', async () => {
  for (const name of ['CORP', 'Corp.', 'LTD', 'Company Limited']) {
    const response = await search({ type: 'entity', name, threshold: 0.5 });
    expect(response.status).toBe(200);
    const high = response.body.result.results.filter((match: { score: number }) => match.score >= 0.8);
    expect(high).toEqual([]);
  }
});

it('[screening.search.feeds] filters by feed: lists that are not PEP give no PEP results', async () => {
  const response = await search({ name: 'Barzan Ibrahim Hassan al-Tikriti', feeds: ['PEP'] });
  expect(response.status).toBe(200);
  expect(response.body.result.results).toEqual([]);
});

it('[screening.search.sync-legacy] serves the legacy GET /v1/search-sync', async () => {
  const response = await request(
    platform.restUrl,
    'GET',
    `/v1/search-sync?name=${encodeURIComponent('Barzan Ibrahim Hassan al-Tikriti')}&type=individual&feeds=Sanctions,PEP&limit=3`,
    {
      headers: auth.xApiKey(tenant.apiKey),
    },
  );
  expect(response.status).toBe(200);
  expect(response.body.result.results.map((match: { entity: { source_id: string } }) => match.entity.source_id)).toContain('6908085');
  expect(response.body.result.results.length).toBeLessThanOrEqual(3);
  const repeated = await request(
    platform.restUrl,
    'GET',
    `/v1/search-sync?name=${encodeURIComponent('Barzan Ibrahim Hassan al-Tikriti')}&feeds=Sanctions&feeds=PEP`,
    { headers: auth.xApiKey(tenant.apiKey) },
  );
  expect(repeated.status).toBe(200);
  const pepOnly = await request(
    platform.restUrl,
    'GET',
    `/v1/search-sync?name=${encodeURIComponent('Barzan Ibrahim Hassan al-Tikriti')}&feeds=PEP`,
    { headers: auth.xApiKey(tenant.apiKey) },
  );
  expect(pepOnly.body.result.results).toEqual([]);
});

it('stores every search: readable by id in its workspace, invisible from another', async () => {
  const created = await search({ type: 'individual', name: 'Hikmat Mizban Ibrahim al-Azzawi', custom_id: 'c-42' });
  const { searchId, results } = created.body.result;
  const read = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${searchId}`, {
    headers: auth.xApiKey(tenant.apiKey),
  });
  expect(read.status).toBe(200);
  // The stored-matches route adds the analysts' comments on each match (none here).
  expect(read.body.result.matches).toEqual(results.map((m: object) => ({ ...m, comments: [] })));
  expect(read.body.result.request).toMatchObject({
    id: searchId,
    tenant_id: tenant.tenantId,
    config: { feeds: ['all'] },
    entities: [{ type: 'individual', name: 'Hikmat Mizban Ibrahim al-Azzawi', feeds: ['all'], custom_id: 'c-42' }],
    job_id: null,
    user_id: tenant.applicationId,
  });
  const entityScoped = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${searchId}_0`, {
    headers: auth.xApiKey(tenant.apiKey),
  });
  expect(entityScoped.body.result.matches).toEqual(results.map((m: object) => ({ ...m, comments: [] })));

  const gql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'query($id: ID!) { screeningSearch(id: $id) { id name customId matchCount matches { id rank score source sourceId reviewStatus } } }',
    { id: searchId },
  );
  expect(gql.body.errors).toBeUndefined();
  expect(gql.body.data.screeningSearch).toMatchObject({
    id: searchId,
    name: 'Hikmat Mizban Ibrahim al-Azzawi',
    customId: 'c-42',
    matchCount: results.length,
  });
  expect(gql.body.data.screeningSearch.matches[0]).toMatchObject({
    id: results[0].id,
    rank: 0,
    source: results[0].entity.source,
    reviewStatus: 'unresolved',
  });

  const other = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${searchId}`, {
    headers: auth.xApiKey(sibling.apiKey),
  });
  expect(other.status).toBe(404);
  expect(other.body).toMatchObject({ status: 404, result: null, error: { code: 'search_not_found' } });
  const absent = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${'0'.repeat(24)}`, {
    headers: auth.xApiKey(tenant.apiKey),
  });
  expect(absent.status).toBe(404);
  expect(absent.body.msg).toBe(other.body.msg);
  const otherGql = await graphql(platform, auth.apiKey(sibling.apiKey), 'query($id: ID!) { screeningSearch(id: $id) { id } }', {
    id: searchId,
  });
  expect(otherGql.body.data.screeningSearch).toBeNull();
});

it('[psr.auth.x-api-key] refuses missing and invalid credentials with 401 codes', async () => {
  const missing = await request(platform.restUrl, 'POST', '/v1/search-sync', { body: { name: 'x' } });
  expect(missing.status).toBe(401);
  expect(missing.body.error.code).toBe('missing_authentication');
  const invalid = await request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey('vk_invalid'), body: { name: 'x' } });
  expect(invalid.status).toBe(401);
  expect(invalid.body.error.code).toBe('unauthorized');
  const legacy = await request(platform.restUrl, 'GET', '/v1/search-sync?name=x');
  expect(legacy.status).toBe(401);
});

it('answers 400 schema_validation_failed naming the field for off-schema bodies', async () => {
  const cases: [unknown, string][] = [
    [{}, 'body.name'],
    [{ name: '' }, 'body.name'],
    [{ name: 'x'.repeat(513) }, 'body.name'],
    [{ name: 'Ann', type: 'dog' }, 'body.type'],
    [{ name: 'Ann', feeds: ['Sanctions', 'Gossip'] }, 'feeds'],
    [{ name: 'Ann', feeds: 'Sanctions' }, 'body.feeds'],
    [{ name: 'Ann', date_of_birth: '12/03/1950' }, 'body.date_of_birth'],
    [{ name: 'Ann', date_of_birth: '1950-02-30' }, 'date_of_birth'],
    [{ name: 'Ann', country: 'Atlantis' }, 'country'],
    [{ name: 'Ann', limit: 101 }, 'body.limit'],
    [{ name: 'Ann', limit: 2.5 }, 'body.limit'],
    [{ name: 'Ann', threshold: 1.5 }, 'body.threshold'],
    [{ name: 'Ann', extra: true }, 'body.extra'],
  ];
  for (const [body, field] of cases) {
    const response = await search(body);
    expect({ body, status: response.status, code: response.body.error?.code }).toEqual({
      body,
      status: 400,
      code: 'schema_validation_failed',
    });
    expect(response.body.error.message).toContain(field);
  }
  const malformed = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: { ...auth.xApiKey(tenant.apiKey), 'content-type': 'application/json' },
    rawBody: '{"name":',
  });
  expect(malformed.status).toBe(400);
  const legacy = await request(platform.restUrl, 'GET', '/v1/search-sync?type=individual', { headers: auth.xApiKey(tenant.apiKey) });
  expect(legacy.status).toBe(400);
  expect(legacy.body.error.message).toContain('query.name');
});

it('links searches to a profile (Profile.screening) and serves the dashboard mutation', async () => {
  const profile = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Huda Salih Mahdi Ammash', kind: 'individual' },
  });
  expect(profile.status).toBe(201);
  const profileId = profile.body.result.profile.id;
  const first = await search({ type: 'individual', name: 'Huda Salih Mahdi Amash', profile_id: profileId });
  const { token } = await createDashboardToken(platform, tenant);
  const second = await graphql(
    platform,
    auth.bearer(token),
    'mutation($input: ScreenInput!) { screen(input: $input) { id userName matches { score listedName } } }',
    {
      input: { name: 'Huda Salih Mahdi Ammash', type: 'person', profileId },
    },
  );
  expect(second.body.errors).toBeUndefined();
  expect(second.body.data.screen.userName).toBe('Test Analyst');
  expect(second.body.data.screen.matches[0].listedName.toUpperCase()).toBe('HUDA SALIH MAHDI AMMASH');
  const read = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'query($id: ID!) { profile(id: $id) { name screening { searchCount latestSearch { id name matches { score } } } } }',
    { id: profileId },
  );
  expect(read.body.errors).toBeUndefined();
  expect(read.body.data.profile.screening).toMatchObject({
    searchCount: 2,
    latestSearch: { id: second.body.data.screen.id, name: 'Huda Salih Mahdi Ammash' },
  });
  // The page reads the matches' summaries (no payload): the same scores the search answered.
  expect(read.body.data.profile.screening.latestSearch.matches.map((m: { score: number }) => m.score)).toEqual(
    second.body.data.screen.matches.map((m: { score: number }) => m.score),
  );
  expect(first.body.result.searchId).not.toBe(second.body.data.screen.id);
  const fromSibling = await graphql(
    platform,
    auth.apiKey(sibling.apiKey),
    'query($id: ID!) { profile(id: $id) { screening { searchCount } } }',
    { id: profileId },
  );
  expect(fromSibling.body.data?.profile ?? null).toBeNull();
});

it('lists the search history of the workspace (GraphQL), newest first, filtered by name', async () => {
  await search({ name: 'Watban Ibrahim Hassan al-Tikriti', custom_id: 'hist-1' });
  const query =
    'query($q: String) { screeningSearches(q: $q, first: 5) { totalCount pageInfo { hasNextPage endCursor } nodes { id name customId jobId entities { name customId } } } }';
  const mine = await graphql(platform, auth.apiKey(tenant.apiKey), query, { q: 'watban' });
  expect(mine.body.errors).toBeUndefined();
  expect(mine.body.data.screeningSearches.totalCount).toBe(1);
  expect(mine.body.data.screeningSearches.nodes[0]).toMatchObject({
    name: 'Watban Ibrahim Hassan al-Tikriti',
    customId: 'hist-1',
    jobId: null,
    entities: [{ name: 'Watban Ibrahim Hassan al-Tikriti', customId: 'hist-1' }],
  });
  const all = await graphql(platform, auth.apiKey(tenant.apiKey), query, {});
  expect(all.body.data.screeningSearches.totalCount).toBeGreaterThan(5);
  expect(all.body.data.screeningSearches.nodes).toHaveLength(5);
  expect(all.body.data.screeningSearches.pageInfo.hasNextPage).toBe(true);
  const theirs = await graphql(platform, auth.apiKey(sibling.apiKey), query, { q: 'watban' });
  expect(theirs.body.data.screeningSearches.totalCount).toBe(0);
  expect(theirs.body.data.screeningSearches.nodes).toEqual([]);
});

it('answers what a stored search was made with: date of birth, country, threshold and the list versions searched', async () => {
  const made = await search({
    type: 'individual',
    name: 'Huda Salih Mahdi Ammash',
    date_of_birth: '1953',
    country: 'Iraq',
    threshold: 0.75,
  });
  expect(made.status).toBe(200);
  const query =
    'query($id: ID!) { screeningSearch(id: $id) { dateOfBirth country threshold listVersions { source versionId seq label } } }';
  const read = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id: made.body.result.searchId });
  expect(read.body.errors).toBeUndefined();
  const stored = read.body.data.screeningSearch;
  expect(stored).toMatchObject({ dateOfBirth: '1953', country: 'IQ', threshold: 0.75 });
  // One entry per source the index served, by source, each with its version's sequence and import label.
  const sources = stored.listVersions.map((version: { source: string }) => version.source);
  expect(sources).toEqual([...sources].sort());
  expect(sources).toEqual(expect.arrayContaining(['bis_dpl', 'un']));
  for (const version of stored.listVersions)
    expect(version).toMatchObject({ versionId: expect.any(String), seq: expect.any(Number), label: expect.any(String) });
  // Not given: null, not a default.
  const plain = await search({ name: 'Huda Salih Mahdi Ammash' });
  const bare = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id: plain.body.result.searchId });
  expect(bare.body.data.screeningSearch).toMatchObject({ dateOfBirth: null, country: null });
});
