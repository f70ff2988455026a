// Services of one process call each other in process (REST adapter → gateway → subgraphs); services
// of other processes over HTTP. Both transports must answer every caller identically.
import { httpRequestDuration } from '../../platform/http/metrics';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let local: TestPlatform;
let remote: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  local = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'], inProcess: true });
  remote = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'], inProcess: false });
  tenant = await createTestTenant(local);
});
afterAll(async () => {
  await remote?.close();
  await local?.close();
});

/** HTTP requests the services of this (jest) process have served, by service. */
async function servedOverHttp(service: string): Promise<number> {
  const metric = await httpRequestDuration.get();
  return metric.values
    .filter((value) => value.metricName?.endsWith('_count') && value.labels.service === service)
    .reduce((sum, value) => sum + value.value, 0);
}

describe.each([
  ['in process', () => local],
  ['over HTTP', () => remote],
])('REST adapter → gateway → subgraph %s', (_name, platform) => {
  it('creates and reads a profile with the same body, DateTime fields as ISO text', async () => {
    const created = await request(platform().restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.apiKey(tenant.apiKey),
      body: { name: 'Ada Transport', kind: 'individual' },
    });
    expect(created.status).toBe(201);
    const read = await request(platform().restUrl, 'GET', `/clm/v1/profiles/${created.body.result.profile.id}`, {
      headers: auth.apiKey(tenant.apiKey),
    });
    expect(read.status).toBe(200);
    expect(read.body.result.profile).toEqual(created.body.result.profile);
    expect(read.body.result.profile.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  it('answers a refused credential with the documented envelope (401 unauthorized)', async () => {
    const response = await request(platform().restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey('vk_not_a_key') });
    expect(response.status).toBe(401);
    expect(response.body.error ?? response.body).toMatchObject({ code: 'unauthorized' });
  });

  it('answers an absent object with 404, as an object of another workspace', async () => {
    const response = await request(platform().restUrl, 'GET', '/clm/v1/profiles/00000000-0000-4000-8000-000000000000', {
      headers: auth.apiKey(tenant.apiKey),
    });
    expect(response.status).toBe(404);
  });

  it('keeps the gateway HTTP endpoint for GraphQL clients', async () => {
    const response = await graphql(platform(), auth.apiKey(tenant.apiKey), 'query { profiles(first: 1) { totalCount } }');
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(typeof response.body.data.profiles.totalCount).toBe('number');
  });
});

it('in process: a REST call reaches the gateway and the subgraph without any HTTP request to them', async () => {
  const before = { gateway: await servedOverHttp('gateway'), profiles: await servedOverHttp('profiles') };
  const response = await request(local.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey(tenant.apiKey) });
  expect(response.status).toBe(200);
  expect({ gateway: await servedOverHttp('gateway'), profiles: await servedOverHttp('profiles') }).toEqual(before);
});

it('over HTTP: the same call goes REST adapter → gateway → subgraph on the wire', async () => {
  const before = { gateway: await servedOverHttp('gateway'), profiles: await servedOverHttp('profiles') };
  const response = await request(remote.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.apiKey(tenant.apiKey) });
  expect(response.status).toBe(200);
  expect(await servedOverHttp('gateway')).toBe(before.gateway + 1);
  expect(await servedOverHttp('profiles')).toBeGreaterThan(before.profiles);
});
