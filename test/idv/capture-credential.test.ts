// Hosted-page credentials (Capture / Invite) are resolved by the IDV subgraph, not by the gateway
// reading IDV's tables: Query.resolveIdvCredential answers only the gateway's service principal and
// is not part of the public supergraph.
import { hashSecret } from '../../platform/crypto/hash';
import { GATEWAY_ACTOR, Principal, PRINCIPAL_HEADER, servicePrincipal, signPrincipal } from '../../platform/principal/principal';
import { auth, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { capture, createProfile, createSession, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

const RESOLVE =
  'query($scheme: String!, $value: String!) { resolveIdvCredential(scheme: $scheme, value: $value) { tenantId workspaceId sessionId kind } }';

function callIdv(principal: Principal, variables: Record<string, unknown>) {
  return request(platform.urls.idv!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
    headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.config.internalSecret) },
    body: { query: RESOLVE, variables },
  });
}

const gatewayPrincipal = () => servicePrincipal(GATEWAY_ACTOR, { tenantId: '', workspaceId: '' });

async function addInvite(sessionId: string, code: string, extra: { expiresAt?: Date; consumedAt?: Date } = {}) {
  await platform.db.idvInvite.create({
    data: {
      id: `inv_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`,
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      sessionId,
      delivery: 'none',
      codeHash: hashSecret(code),
      singleUse: true,
      deliveryState: 'issued',
      expiresAt: extra.expiresAt ?? new Date(Date.now() + 600_000),
      consumedAt: extra.consumedAt ?? null,
    },
  });
}

describe('Query.resolveIdvCredential (IDV subgraph, gateway only)', () => {
  it('resolves a capture token for the gateway service principal, ignoring its empty scope', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await callIdv(gatewayPrincipal(), { scheme: 'capture', value: token });
    expect(response.status).toBe(200);
    expect(response.body.data.resolveIdvCredential).toEqual({
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      sessionId: id,
      kind: 'capture',
    });
  });

  it('resolves an invite code; unknown, expired and consumed codes resolve to null', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const code = `invite-${Date.now()}`;
    await addInvite(id, code);
    await addInvite(id, `${code}-expired`, { expiresAt: new Date(Date.now() - 1000) });
    await addInvite(id, `${code}-consumed`, { consumedAt: new Date() });
    expect((await callIdv(gatewayPrincipal(), { scheme: 'invite', value: code })).body.data.resolveIdvCredential).toEqual({
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      sessionId: id,
      kind: 'invite',
    });
    for (const value of [`${code}-expired`, `${code}-consumed`, 'unknown-code']) {
      expect((await callIdv(gatewayPrincipal(), { scheme: 'invite', value })).body.data.resolveIdvCredential).toBeNull();
    }
    // A code is not a capture token (and the other way round).
    expect((await callIdv(gatewayPrincipal(), { scheme: 'capture', value: code })).body.data.resolveIdvCredential).toBeNull();
    expect((await callIdv(gatewayPrincipal(), { scheme: 'api-key', value: code })).body.data.resolveIdvCredential).toBeNull();
  });

  it('a canceled session’s capture token and invites resolve to null', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const code = `invite-cancel-${Date.now()}`;
    await addInvite(id, code);
    expect((await idv(platform, tenant).post(`/sessions/${id}/cancel`, {})).status).toBe(200);
    expect((await callIdv(gatewayPrincipal(), { scheme: 'capture', value: token })).body.data.resolveIdvCredential).toBeNull();
    expect((await callIdv(gatewayPrincipal(), { scheme: 'invite', value: code })).body.data.resolveIdvCredential).toBeNull();
  });

  it('refuses every other principal with unauthorized (other services, applications, capture principals)', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const others: Principal[] = [
      servicePrincipal('idv', { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId }),
      servicePrincipal('profiles', { tenantId: '', workspaceId: '' }),
      { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, actorId: tenant.applicationId, kind: 'application', entitlements: {} },
      { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, actorId: id, kind: 'capture', entitlements: {}, sessionId: id },
      { tenantId: '', workspaceId: '', actorId: GATEWAY_ACTOR, kind: 'public', entitlements: {} },
    ];
    for (const principal of others) {
      const response = await callIdv(principal, { scheme: 'capture', value: token });
      expect(response.body.data?.resolveIdvCredential ?? null).toBeNull();
      expect(response.body.errors[0].extensions.code).toBe('unauthorized');
      expect(response.text).not.toContain(tenant.tenantId);
    }
  });

  it('is not part of the public supergraph: the gateway does not know the field', async () => {
    const { token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), RESOLVE, { scheme: 'capture', value: token });
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors[0].message).toMatch(/resolveIdvCredential/);
    expect(response.text).not.toContain(tenant.tenantId);
  });
});

describe('gateway resolution of hosted-page credentials through the IDV subgraph', () => {
  it('a capture token opens its session status; an unknown one is 401 unauthorized', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const ok = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: capture(token) });
    expect(ok.status).toBe(200);
    const bogus = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: capture('idvct_bogus') });
    expect(bogus.status).toBe(401);
    expect(bogus.body.error.code).toBe('unauthorized');
  });

  it('an invite of a canceled session is 401 unauthorized', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const code = `invite-gw-${Date.now()}`;
    await addInvite(id, code);
    expect(
      (await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: { Authorization: `Invite ${code}` } })).status,
    ).toBe(200);
    await idv(platform, tenant).post(`/sessions/${id}/cancel`, {});
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, {
      headers: { Authorization: `Invite ${code}` },
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('a capture principal cannot select resolveIdvCredential either', async () => {
    const { token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await graphql(platform, capture(token), RESOLVE, { scheme: 'capture', value: token });
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('unauthorized');
  });
});
