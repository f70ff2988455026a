// Batch screening through REST and GraphQL with a real worker: submission rules, status and paged
// results, the automatic-disposition header kept per job, restart (409 once completed) and isolation.
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
import { batchNames, BIS_DPL, importList, UN_XML, versionsOf, waitForBatch, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  const bis = await importList(platform, 'bis_dpl', BIS_DPL);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(bis, un));
});
afterAll(() => platform.close());

const submit = (body: unknown, headers: Record<string, string> = {}, key = tenant.apiKey) =>
  request(platform.restUrl, 'POST', '/v1/search', { headers: { ...auth.xApiKey(key), ...headers }, body });

it('[screening.batch.submit] [screening.batch.status] [screening.batch.get] screens every entity of a batch once, with entity-scoped search ids, paged results and the disposition header', async () => {
  const requests = batchNames(23);
  requests[1] = { ...requests[1], global_filters: { adverse_media_risk_categories: ['fraud'] } } as never;
  const created = await submit({ requests, feeds: ['Sanctions'] }, { 'X-Service-Automatic-Disposition': 'Skip' });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ msg: 'success', status: 200, result: { status: 'queued', message: expect.stringContaining('23') } });
  const { id } = created.body.result;
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

  const done = await waitForBatch(platform.restUrl, tenant.apiKey, id);
  expect(done).toMatchObject({
    id,
    status: 'completed',
    automatic_disposition: 'Skip',
    progress: { total: 23, processed: 23, percent: 100 },
  });
  expect(done.progress.matched).toBeGreaterThanOrEqual(5);

  const page2 = await request(platform.restUrl, 'GET', `/v1/search/${id}?page=2&limit=10`, { headers: auth.xApiKey(tenant.apiKey) });
  expect(page2.status).toBe(200);
  expect(page2.body.result.pagination).toEqual({ page: 2, limit: 10, total_count: 23, total_pages: 3, has_next: true, has_prev: true });
  expect(page2.body.result.results.map((r: { index: number }) => r.index)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  const requestId = done.request_id;
  expect(page2.body.result.results[0]).toMatchObject({
    searchId: `${requestId}_10`,
    name: 'Hikmat Mizban Ibrahim al-Azzawi',
    custom_id: 'c-10',
  });
  expect(page2.body.result.results[0].results[0]).toMatchObject({
    entity: { source: expect.any(String) },
    review_status: 'unresolved',
    checklist: { hits: ['Sanctions'] },
  });

  const viaPost = await request(platform.restUrl, 'POST', '/v1/searchStatus', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { id, page: 3, limit: 10 },
  });
  expect(viaPost.status).toBe(200);
  expect(viaPost.body.result.results.map((r: { searchId: string }) => r.searchId)).toEqual([
    `${requestId}_20`,
    `${requestId}_21`,
    `${requestId}_22`,
  ]);
  expect(viaPost.body.result.pagination).toMatchObject({ has_next: false, has_prev: true });

  // The entity-scoped id reads through the stored-matches route too.
  const entity = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${requestId}_10`, {
    headers: auth.xApiKey(tenant.apiKey),
  });
  // The stored-matches route adds the analysts' comments on each match (none here).
  expect(entity.body.result.matches).toEqual(page2.body.result.results[0].results.map((m: object) => ({ ...m, comments: [] })));
  expect(entity.body.result.request).toMatchObject({ id: requestId, job_id: id, config: { feeds: ['Sanctions'] } });
  expect(entity.body.result.request.entities).toHaveLength(23);

  const gql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'query($id: ID!) { screeningBatchJob(id: $id) { status total processed automaticDisposition results(first: 2) { totalCount pageInfo { hasNextPage } nodes { searchId index matches { score reviewStatus entity { source } } } } } }',
    { id },
  );
  expect(gql.body.errors).toBeUndefined();
  expect(gql.body.data.screeningBatchJob).toMatchObject({
    status: 'completed',
    total: 23,
    processed: 23,
    automaticDisposition: 'Skip',
    results: { totalCount: 23, pageInfo: { hasNextPage: true } },
  });
  const jobs = await graphql(platform, auth.apiKey(tenant.apiKey), '{ screeningBatchJobs(first: 5) { totalCount nodes { id status } } }');
  expect(jobs.body.data.screeningBatchJobs.nodes.map((job: { id: string }) => job.id)).toContain(id);
});

it('[screening.batch.submit] refuses invalid submissions with 400 naming the field, and more than 100,000 entities with 413', async () => {
  const cases: [unknown, string][] = [
    [{ feeds: ['Sanctions'] }, 'body.requests'],
    [{ requests: [] }, 'body.requests'],
    [{ requests: [{ name: 'Ann' }] }, 'body.feeds'],
    [{ requests: [{ name: 'Ann' }], feeds: 'some' }, 'body.feeds'],
    [{ requests: [{ name: 'Ann' }], feeds: ['Gossip'] }, 'feeds'],
    [{ requests: [{ name: 'Ann' }, { name: '' }], feeds: 'all' }, 'body.requests.1.name'],
    [{ requests: [{ name: 'Ann', date_of_birth: '1950-02-30' }], feeds: 'all' }, 'requests[0].date_of_birth'],
    [{ requests: [{ name: 'Ann', country: 'Atlantis' }], feeds: 'all' }, 'requests[0].country'],
    [
      { requests: [{ name: 'Ann', global_filters: { adverse_media_risk_categories: 'fraud' } }], feeds: 'all' },
      'adverse_media_risk_categories',
    ],
    [{ requests: [{ name: 'Ann', extra: 1 }], feeds: 'all' }, 'extra'],
  ];
  for (const [body, field] of cases) {
    const response = await submit(body);
    expect({ body, status: response.status, code: response.body.error?.code }).toEqual({
      body,
      status: 400,
      code: 'schema_validation_failed',
    });
    expect(response.body.error.message).toContain(field);
  }
  const tooMany = await submit({ requests: Array.from({ length: 100_001 }, () => ({ name: 'x' })), feeds: 'all' });
  expect(tooMany.status).toBe(413);
  expect(tooMany.body.error.code).toBe('batch_too_large');
  const missing = await request(platform.restUrl, 'POST', '/v1/search', { body: { requests: [{ name: 'x' }], feeds: 'all' } });
  expect(missing.status).toBe(401);
});

it('[screening.batch.restart] [screening.batch.restart-completed] restarts an unfinished job under the same id, answers 409 for a completed one, and hides jobs of other workspaces', async () => {
  const created = await submit({ requests: batchNames(6), feeds: 'all' });
  const { id } = created.body.result;
  await waitForBatch(platform.restUrl, tenant.apiKey, id);
  const completed = await request(platform.restUrl, 'POST', `/v1/search/${id}/restart`, { headers: auth.xApiKey(tenant.apiKey) });
  expect(completed.status).toBe(409);
  expect(completed.body.error.code).toBe('batch_job_completed');

  // A job that failed part-way (its worker gave up): results of 2 entities removed, job failed.
  const job = await platform.db.batchJob.findUniqueOrThrow({ where: { id } });
  await platform.db.searchMatch.deleteMany({ where: { searchResultId: { in: [`${job.requestId}_4`, `${job.requestId}_5`] } } });
  await platform.db.searchResult.deleteMany({ where: { id: { in: [`${job.requestId}_4`, `${job.requestId}_5`] } } });
  await platform.db.batchJob.update({ where: { id }, data: { status: 'failed', processed: 4, error: 'worker gave up' } });
  const restarted = await request(platform.restUrl, 'POST', `/v1/search/${id}/restart`, { headers: auth.xApiKey(tenant.apiKey) });
  expect(restarted.status).toBe(200);
  expect(restarted.body.result).toMatchObject({ id, status: 'queued', restarts: 1 });
  const done = await waitForBatch(platform.restUrl, tenant.apiKey, id);
  expect(done).toMatchObject({ status: 'completed', progress: { total: 6, processed: 6 } });
  expect(await platform.db.searchResult.count({ where: { requestId: job.requestId } })).toBe(6);

  for (const [method, path, body] of [
    ['GET', `/v1/search/${id}`, undefined],
    ['POST', '/v1/searchStatus', { id }],
    ['POST', `/v1/search/${id}/restart`, undefined],
  ] as const) {
    const theirs = await request(platform.restUrl, method, path, { headers: auth.xApiKey(sibling.apiKey), body });
    const absent = await request(platform.restUrl, method, path.replace(id, '00000000-0000-4000-8000-000000000000'), {
      headers: auth.xApiKey(tenant.apiKey),
      body: body ? { id: '00000000-0000-4000-8000-000000000000' } : undefined,
    });
    expect([theirs.status, theirs.body.error?.code]).toEqual([404, 'batch_job_not_found']);
    expect(theirs.body).toEqual(absent.body);
  }
  const gql = await graphql(platform, auth.apiKey(sibling.apiKey), 'query($id: ID!) { screeningBatchJob(id: $id) { id } }', { id });
  expect(gql.body.data.screeningBatchJob).toBeNull();
});
