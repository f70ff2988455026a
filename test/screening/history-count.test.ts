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
const search = (name: string, apiKey = tenant.apiKey) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(apiKey), body: { name } });

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
    const refused = await request(platform.restUrl, 'POST', '/v1/search', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { requests: [{ name: '' }], feeds: 'all' },
    });
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

// Pages are read off the index first and the rows joined after (and q pages and counts from one
// set of hits): every page must still be exactly its slice of the whole ordered listing.
describe('history pages at scale', () => {
  const listAll = async (query: string) => {
    const response = await request(platform.restUrl, 'GET', `/v2/search/requests?limit=250${query}`, {
      headers: auth.xApiKey(tenant.apiKey),
    });
    return response.body.result.requests.map((r: { id: string }) => r.id) as string[];
  };
  const pageOf = (query: string) =>
    request(platform.restUrl, 'GET', `/v2/search/requests${query}`, { headers: auth.xApiKey(tenant.apiKey) });

  it('every page (unfiltered, q, created_at, asc and desc) is its slice of the whole listing; past the end: none, with the total', async () => {
    for (let i = 0; i < 7; i++) expect((await search(`Sliced Person ${i}`)).status).toBe(200);
    for (const filter of [
      '',
      '&q=sliced',
      '&sort=asc',
      '&q=SLICED&sort=asc',
      `&created_at_from=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
    ]) {
      const all = await listAll(filter);
      const total = filter.includes('sliced') || filter.includes('SLICED') ? 7 : all.length;
      expect({ filter, n: all.length }).toEqual({ filter, n: total });
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(total / 3); page++) {
        const response = await pageOf(`?page=${page}&limit=3${filter}`);
        expect(response.body.result.pagination).toMatchObject({
          page,
          limit: 3,
          total_count: total,
          has_next: page < Math.ceil(total / 3),
        });
        paged.push(...response.body.result.requests.map((r: { id: string }) => r.id));
      }
      expect({ filter, paged }).toEqual({ filter, paged: all });
      const beyond = await pageOf(`?page=${Math.ceil(total / 3) + 1}&limit=3${filter}`);
      expect({ filter, requests: beyond.body.result.requests, total: beyond.body.result.pagination.total_count }).toEqual({
        filter,
        requests: [],
        total,
      });
    }
  });

  it('a batch job is one record: the first 100 entities in submission order and entity_count with the job size', async () => {
    const requests = Array.from({ length: 150 }, (_, i) => ({ name: `Crowd Member ${i}`, custom_id: `c-${i}` }));
    const batch = await request(platform.restUrl, 'POST', '/v1/search', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { requests, feeds: ['Sanctions'] },
    });
    expect(batch.status).toBe(200);
    const byJob = await pageOf(`?job_id=${batch.body.result.id}`);
    expect(byJob.body.result.pagination.total_count).toBe(1);
    const [record] = byJob.body.result.requests;
    expect(record).toMatchObject({ job_id: batch.body.result.id, entity_count: 150, config: { feeds: ['Sanctions'] } });
    expect(record.entities).toHaveLength(100);
    expect(record.entities.map((e: { custom_id: string }) => e.custom_id)).toEqual(requests.slice(0, 100).map((e) => e.custom_id));
    expect(record.entities[99]).toEqual({ type: null, name: 'Crowd Member 99', feeds: ['Sanctions'], custom_id: 'c-99' });
    // The same record in the unfiltered listing, and a sync search counts one entity.
    const first = (await pageOf('?limit=1')).body.result.requests[0];
    expect(first).toMatchObject({ id: record.id, entity_count: 150 });
  });
});
