// The `limit` query parameter of GET /v2/search/matches: absent returns every stored match of the
// entity, a positive integer keeps the first n in rank order, values above 1000 are clamped, and
// anything else is a 400 schema_validation_failed naming query.limit (docs/screening.md).
import { auth, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startScreeningWithUnList } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let searchId: string;
/** Ids of the stored matches in rank order, as search-sync answered them. */
let rankedIds: string[];

beforeAll(async () => {
  ({ platform, tenant } = await startScreeningWithUnList());
  const found = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Ibrahim al-Tikriti', limit: 20, threshold: 0.5 },
  });
  expect(found.status).toBe(200);
  searchId = found.body.result.searchId;
  rankedIds = found.body.result.results.map((m: { id: string }) => m.id);
  // The cases below need a few matches to cut.
  expect(rankedIds.length).toBeGreaterThanOrEqual(4);
}, 120_000);
afterAll(() => platform?.close());

const matchesWith = (query: string) =>
  request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${searchId}${query}`, { headers: auth.xApiKey(tenant.apiKey) });
const idsOf = (response: { body: { result: { matches: { id: string }[] } } }) => response.body.result.matches.map((m) => m.id);

it('[screening.search.matches] limit: absent returns every stored match; n keeps the first n in rank order; above 1000 is clamped', async () => {
  const all = await matchesWith('');
  expect(all.status).toBe(200);
  expect(idsOf(all)).toEqual(rankedIds);
  for (const n of [1, 3]) {
    const cut = await matchesWith(`&limit=${n}`);
    expect(cut.status).toBe(200);
    expect(idsOf(cut)).toEqual(rankedIds.slice(0, n));
  }
  expect(idsOf(await matchesWith(`&limit=${rankedIds.length}`))).toEqual(rankedIds);
  for (const big of [1000, 1001, 999999]) {
    const clamped = await matchesWith(`&limit=${big}`);
    expect(clamped.status).toBe(200);
    expect(idsOf(clamped)).toEqual(rankedIds);
  }
});

it('[screening.search.matches] limit: zero, negative, fractional or non-numeric values are 400 schema_validation_failed naming query.limit', async () => {
  for (const bad of ['0', '-1', '2.5', 'ten', '', '1e3']) {
    const refused = await matchesWith(`&limit=${encodeURIComponent(bad)}`);
    expect({ bad, status: refused.status, code: refused.body.error?.code }).toEqual({ bad, status: 400, code: 'schema_validation_failed' });
    expect(refused.body.result).toBeNull();
    expect(refused.body.error.message).toContain('query.limit');
  }
});
