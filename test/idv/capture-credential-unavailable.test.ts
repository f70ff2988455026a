// The gateway resolves Capture / Invite credentials by asking the IDV subgraph. When IDV cannot be
// reached it fails closed with 503 service_unavailable: not 401 (the credential may be valid) and
// never 500. Other credentials keep working. The platform runs without the idv service and the
// gateway points at a dead port for it.
import { auth, graphql, request, testConfig, TestPlatform, TestTenant, startTestPlatform } from '../helpers/test-platform';
import { capture, newTenant } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  const dead = 'http://127.0.0.1:1/graphql';
  platform = await startTestPlatform({
    services: ['profiles', 'gateway', 'rest-adapter'],
    config: { subgraphUrls: { ...testConfig().subgraphUrls, idv: dead } },
  });
  tenant = await newTenant(platform);
});
afterAll(() => platform.close());

const STATUS = 'query($id: ID!) { verificationSessionStatus(id: $id) { id status } }';

it('GraphQL: a capture credential gets 503 service_unavailable from the gateway', async () => {
  const response = await graphql(platform, capture('idvct_anything'), STATUS, { id: 'idvs_any' });
  expect(response.status).toBe(503);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors[0].extensions.code).toBe('service_unavailable');
  expect(response.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|stack/i);
});

it('GraphQL: an invite credential gets 503 service_unavailable too', async () => {
  const response = await graphql(platform, { Authorization: 'Invite some-code' }, STATUS, { id: 'idvs_any' });
  expect(response.status).toBe(503);
  expect(response.body.errors[0].extensions.code).toBe('service_unavailable');
});

it('REST: the hosted-page status endpoint answers 503 service_unavailable in the IDV envelope', async () => {
  const response = await request(platform.restUrl, 'GET', '/idv/v1/sessions/idvs_any/status', { headers: capture('idvct_anything') });
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.body).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
});

it('a capture or invite credential still cannot read profile(id): 401, refused before any IDV lookup', async () => {
  for (const headers of [capture('idvct_anything'), { Authorization: 'Invite some-code' }]) {
    const response = await graphql(platform, headers, 'query($id: ID!) { profile(id: $id) { name } }', { id: 'prf_any' });
    expect(response.status).toBe(401);
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('unauthorized');
  }
});

it('API keys keep working while IDV is down', async () => {
  const created = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Grace Hopper', kind: 'individual' },
  });
  expect(created.status).toBe(201);
});

it('missing and malformed credentials are still 401', async () => {
  expect((await graphql(platform, {}, STATUS, { id: 'idvs_any' })).status).toBe(401);
  expect((await graphql(platform, { Authorization: 'Capture' }, STATUS, { id: 'idvs_any' })).status).toBe(401);
});
