// Credentials at the gateway, through the REST adapter and GraphQL: every accepted form works,
// missing ones get 401 missing_authentication and rejected ones 401 unauthorized, in each
// area's envelope.
import { revokeApiKey, issueApiKey, issueDashboardToken, createDashboardUser } from '../../platform/tenancy/tenancy-store';
import {
  auth,
  createDashboardToken,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  const created = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Ada', kind: 'individual' },
  });
  expect(created.status).toBe(201);
  profileId = created.body.result.profile.id;
});
afterAll(() => platform.close());

describe('accepted credentials', () => {
  it.each([
    ['Authorization: Api-Key', () => auth.apiKey(tenant.apiKey)],
    ['X-Api-Key', () => ({ 'X-Api-Key': tenant.apiKey })],
    ['x-api-key', () => auth.xApiKey(tenant.apiKey)],
  ])('%s reaches the profiles subgraph', async (_name, headers) => {
    const response = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: headers() });
    expect(response.status).toBe(200);
    expect(response.body.result.profile.id).toBe(profileId);
  });

  it('a dashboard Bearer token works and carries the user as actor', async () => {
    const { token, userId } = await createDashboardToken(platform, tenant);
    const response = await graphql(platform, auth.bearer(token), '{ viewer { tenantId workspaceId actorId kind } }');
    expect(response.body.data.viewer).toEqual({
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      actorId: userId,
      kind: 'dashboard_user',
    });
  });
});

/** The REST error envelope both areas answer with. */
interface ErrorEnvelope {
  status: number;
  error: { code: string };
  result?: unknown;
}

describe('missing credentials', () => {
  it.each([
    ['clm', '/clm/v1/profiles/x', (b: ErrorEnvelope) => [b.status, b.error.code, b.result]],
    ['risk', '/risk-assessments/v2/assessments/x', (b: ErrorEnvelope) => [b.status, b.error.code, 'n/a']],
  ])('%s area answers 401 missing_authentication in its envelope', async (area, path, pick) => {
    const response = await request(platform.restUrl, 'GET', path);
    expect(response.status).toBe(401);
    expect(pick(response.body)).toEqual([401, 'missing_authentication', area === 'clm' ? null : 'n/a']);
  });

  it('GraphQL answers 401 missing_authentication', async () => {
    const response = await graphql(platform, {}, '{ viewer { tenantId } }');
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('missing_authentication');
  });
});

describe('rejected credentials', () => {
  it.each([
    ['unknown API key', () => auth.apiKey('vgl_not-a-key')],
    ['unknown x-api-key', () => auth.xApiKey('vgl_not-a-key')],
    ['unknown bearer token', () => auth.bearer('vgld_nope')],
    ['unknown scheme', () => ({ Authorization: 'Basic abc' })],
    ['scheme without value', () => ({ Authorization: 'Api-Key' })],
  ])('%s gets 401 unauthorized', async (_name, headers) => {
    const response = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: headers() });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('a revoked key stops working within a second on every gateway, though the gateway caches keys', async () => {
    const issued = await issueApiKey(platform.db, tenant.applicationId);
    for (let i = 0; i < 3; i++) {
      const before = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.apiKey(issued.key) });
      expect(before.status).toBe(200);
    }
    expect(await revokeApiKey(platform.db, issued.id)).toBe(true);
    const after = await waitFor401(issued.key, 1000);
    expect(after.body.error.code).toBe('unauthorized');
    // the application's other key is unaffected
    expect((await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.apiKey(tenant.apiKey) })).status).toBe(
      200,
    );
  });

  it('an expired dashboard token is rejected', async () => {
    const user = await createDashboardUser(platform.db, { workspaceId: tenant.workspaceId, email: 'old@example.com', name: 'Old' });
    const { token } = await issueDashboardToken(platform.db, user.id, -1000);
    const response = await graphql(platform, auth.bearer(token), '{ viewer { tenantId } }');
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('unauthorized');
  });

  it('stores keys only as hashes', async () => {
    const rows = await platform.db.apiKey.findMany({ where: { applicationId: tenant.applicationId } });
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.keyHash).not.toContain(tenant.apiKey);
    }
    const raw = await platform.db.$queryRawUnsafe<{ hit: number }[]>(
      `SELECT count(*)::int AS hit FROM platform.api_keys WHERE key_hash = $1 OR prefix = $1`,
      tenant.apiKey,
    );
    expect(raw[0].hit).toBe(0);
  });
});

async function waitFor401(key: string, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.apiKey(key) });
    if (response.status === 401 || Date.now() > deadline) {
      expect(response.status).toBe(401);
      return response;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
