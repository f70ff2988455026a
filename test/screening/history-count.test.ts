// The history total (pagination.total_count of GET /v2/search/requests) stays exact while it is
// read from the per-workspace counter (unfiltered) or a count bounded by the filter: searches of
// every kind count, a batch job counts once, a refused search never counts, other workspaces never.
import { auth, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startScreeningWithUnList } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

beforeAll(async () => {
  ({ platform, tenant, sibling } = await startScreeningWithUnList());
});
afterAll(() => platform.close());

const totalOf = async (query = '', apiKey = tenant.apiKey) => {
  const response = await request(platform.restUrl, 'GET', `/v2/search/requests${query}`, { headers: auth.xApiKey(apiKey) });
  expect(response.status).toBe(200);
  return response.body.result.pagination as { total_count: number; total_pages: number; has_next: boolean };
};
const search = (name: string, apiKey = tenant.apiKey) => request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(apiKey), body: { name } });

describe('history total_count', () => {
  it('counts every stored search of the workspace exactly, unfiltered and filtered alike', async () => {
    expect((await totalOf()).total_count).toBe(0);
    const siblingBefore = (await totalOf('', sibling.apiKey)).total_count;
    for (let i = 0; i < 11; i++) expect((await search(`Counted Person ${i}`)).status).toBe(200);
    const batch = await request(platform.restUrl, 'POST', '/v1/search', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { requests: [{ name: 'Batch One' }, { name: 'Batch Two' }, { name: 'Batch Three' }], feeds: 'all' },
    });
    expect(batch.status).toBe(200);
    // Refused (nothing stored): does not count.
    const refused = await request(platform.restUrl, 'POST', '/v1/search', { headers: auth.xApiKey(tenant.apiKey), body: { requests: [{ name: '' }], feeds: 'all' } });
    expect(refused.status).toBe(400);

    const all = await totalOf();
    expect(all).toMatchObject({ total_count: 12, total_pages: 2, has_next: true });
    // The counter agrees with the rows themselves, and with the filtered count of an all-covering range.
    const listed = await request(platform.restUrl, 'GET', '/v2/search/requests?limit=250', { headers: auth.xApiKey(tenant.apiKey) });
    expect(listed.body.result.requests).toHaveLength(12);
    expect((await totalOf(`?created_at_from=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).total_count).toBe(12);
    expect((await totalOf('?q=counted')).total_count).toBe(11);
    expect((await totalOf(`?job_id=${batch.body.result.id}`)).total_count).toBe(1);
    // Another workspace's searches never change this total, nor this one's theirs.
    expect((await search('Elsewhere Person', sibling.apiKey)).status).toBe(200);
    expect((await totalOf()).total_count).toBe(12);
    expect((await totalOf('', sibling.apiKey)).total_count).toBe(siblingBefore + 1);
  });
});
