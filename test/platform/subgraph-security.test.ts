// Subgraphs only answer calls carrying a principal signed by the gateway's shared secret.
import { signPrincipal, PRINCIPAL_HEADER, Principal } from '../../platform/principal/principal';
import { request, startTestPlatform, TestPlatform, createTestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let principal: Principal;

beforeAll(async () => {
  platform = await startTestPlatform();
  const tenant = await createTestTenant(platform);
  principal = {
    tenantId: tenant.tenantId,
    workspaceId: tenant.workspaceId,
    actorId: tenant.applicationId,
    kind: 'application',
    entitlements: {},
  };
});
afterAll(() => platform.close());

const query = { query: '{ viewer { tenantId } }' };
const subgraphBase = () => platform.urls.profiles!.replace(/\/graphql$/, '');

it('refuses a call without a principal header', async () => {
  const response = await request(subgraphBase(), 'POST', '/graphql', { body: query });
  expect(response.status).toBe(401);
  expect(response.body.errors[0].extensions.code).toBe('unauthorized');
});

it('refuses a principal signed with another secret', async () => {
  const response = await request(subgraphBase(), 'POST', '/graphql', {
    body: query,
    headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, 'not-the-secret') },
  });
  expect(response.status).toBe(401);
});

it('refuses an expired principal', async () => {
  const stale = signPrincipal(principal, platform.config.internalSecret, Date.now() - 10 * 60_000);
  const response = await request(subgraphBase(), 'POST', '/graphql', { body: query, headers: { [PRINCIPAL_HEADER]: stale } });
  expect(response.status).toBe(401);
});

it('answers a correctly signed call, in the principal scope', async () => {
  const response = await request(subgraphBase(), 'POST', '/graphql', {
    body: query,
    headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.config.internalSecret) },
  });
  expect(response.status).toBe(200);
  expect(response.body.data.viewer.tenantId).toBe(principal.tenantId);
});

it.each(['idv', 'screening', 'risk', 'access'] as const)('the %s subgraph refuses unsigned calls too', async (name) => {
  const response = await request(platform.urls[name]!.replace(/\/graphql$/, ''), 'POST', '/graphql', { body: { query: '{ __typename }' } });
  expect(response.status).toBe(401);
});
