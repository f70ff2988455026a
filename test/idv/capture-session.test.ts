// Capture sessions through REST: the hosted page exchanges its fragment credential (a single-use
// direct-link code, or the session_token) once for a short-lived capture-session credential that
// drives every later capture-plane call; it is refused on management routes, for other sessions,
// after it expires, after cancel, and cannot be exchanged again.
import { hashSecret } from '../../platform/crypto/hash';
import { request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { captureCall, completeDefaultCapture } from './capture-helpers';
import {
  CAPTURE_SESSION_LIFETIME_MS,
  exchangeCaptureCredential,
  resolveCaptureSession,
} from '../../subgraphs/idv/capture/services/capture-session-service';
import { capture, createProfile, createSession, directLink, idv, idvDeps, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

const exchange = (id: string, authorization: string) =>
  request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/capture-session`, { headers: { Authorization: authorization } });
const directCode = async (id: string) => (await directLink(platform, tenant, id)).code;

describe('exchange', () => {
  it('redeems a direct-link code once (a second exchange is 401) and its capture session drives consent, upload and submit', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const code = await directCode(id);
    const before = Date.now();
    const response = await exchange(id, `Invite ${code}`);
    const after = Date.now();
    expect(response.status).toBe(201);
    expect(Object.keys(response.body.data).sort()).toEqual(['expires_at', 'session_id', 'token', 'token_type']);
    expect(response.body.data).toMatchObject({
      session_id: id,
      token_type: 'Capture',
      token: expect.stringMatching(/^idvcs_[A-Za-z0-9_-]{43}$/),
    });
    // 30 minutes from the moment the server answered: between before and after (+1 s rounding).
    const expiresAt = Date.parse(response.body.data.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + 30 * 60_000 + 1000);

    const again = await exchange(id, `Invite ${code}`);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('unauthorized');

    // Only the hash is stored, with the session's scope.
    const token: string = response.body.data.token;
    const rows = await platform.db.idvCaptureSession.findMany({ where: { sessionId: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: hashSecret(token), tenantId: tenant.tenantId, exchangedFrom: 'invite' });
    expect(JSON.stringify(rows)).not.toContain(token);

    await completeDefaultCapture(platform, id, token);
    const calls = captureCall(platform, id, token);
    expect((await calls.view()).status).toBe(200);
    const submitted = await calls.submit();
    expect(submitted.status).toBe(202);
    expect(submitted.body.data.status).toBe('queued');
  });

  it('accepts the session_token; a capture session cannot be exchanged again', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await exchange(id, `Capture ${token}`);
    expect(response.status).toBe(201);
    const rows = await platform.db.idvCaptureSession.findMany({ where: { sessionId: id } });
    expect(rows.map((row) => row.exchangedFrom)).toEqual(['capture']);
    const chained = await exchange(id, `Capture ${response.body.data.token}`);
    expect(chained.status).toBe(401);
    expect(chained.body.error.code).toBe('unauthorized');
  });

  it('refuses management credentials (401) and foreign sessions (404)', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const byKey = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/capture-session`, {
      headers: { Authorization: `Api-Key ${tenant.apiKey}` },
    });
    expect(byKey.status).toBe(401);
    const other = await createSession(platform, tenant, { profile_id: profileId });
    const foreign = await exchange(id, `Capture ${other.token}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('idv_session_not_found');
  });
});

describe('the capture-session credential', () => {
  const grant = async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await exchange(id, `Capture ${token}`);
    return { id, token: response.body.data.token as string };
  };

  it('is refused on management routes (401)', async () => {
    const { id, token } = await grant();
    for (const path of [`/sessions/${id}`, `/sessions/${id}/data`, '/sessions']) {
      const response = await idv(platform, tenant).as(capture(token)).get(path);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    const cancel = await idv(platform, tenant).as(capture(token)).post(`/sessions/${id}/cancel`, {});
    expect(cancel.status).toBe(401);
  });

  it('opens no other session (404, as if absent)', async () => {
    const { token } = await grant();
    const other = await createSession(platform, tenant, { profile_id: profileId });
    const response = await captureCall(platform, other.id, token).view();
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('idv_session_not_found');
  });

  it('expires (401 after its expiry)', async () => {
    const { id, token } = await grant();
    expect((await captureCall(platform, id, token).view()).status).toBe(200);
    await platform.db.idvCaptureSession.updateMany({ where: { sessionId: id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await captureCall(platform, id, token).view();
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('unauthorized');
  });

  it('stops working when the session is canceled (401)', async () => {
    const { id, token } = await grant();
    expect((await idv(platform, tenant).post(`/sessions/${id}/cancel`, {})).status).toBe(200);
    expect((await captureCall(platform, id, token).view()).status).toBe(401);
  });
});

describe('service rules (clock injected)', () => {
  it('lives exactly 30 minutes from the exchange, for capture and invite principals only', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const at = new Date('2030-01-01T00:00:00Z');
    const deps = idvDeps(platform, { now: () => at });
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    const grant = await exchangeCaptureCredential(deps, { ...scope, actorId: id, kind: 'invite', entitlements: {}, sessionId: id }, id);
    expect(grant.expiresAt.getTime() - at.getTime()).toBe(CAPTURE_SESSION_LIFETIME_MS);
    const justBefore = idvDeps(platform, { now: () => new Date(grant.expiresAt.getTime() - 1) });
    expect(await resolveCaptureSession(justBefore, grant.token)).toMatchObject({ sessionId: id, kind: 'capture', ...scope });
    expect(await resolveCaptureSession(idvDeps(platform, { now: () => grant.expiresAt }), grant.token)).toBeNull();
    expect(await resolveCaptureSession(justBefore, `${grant.token}x`)).toBeNull();
    await expect(
      exchangeCaptureCredential(deps, { ...scope, actorId: tenant.applicationId, kind: 'application', entitlements: {} }, id),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('OpenAPI', () => {
  it('describes the exchange in the capture-plane route table', async () => {
    const { paths } = (await request(platform.restUrl, 'GET', '/openapi.json')).body;
    const exchangeOperation = paths['/idv/v1/sessions/{sessionId}/capture-session']?.post;
    expect(exchangeOperation?.tags).toEqual(['IDV capture plane']);
    expect(Object.keys(exchangeOperation.responses)).toContain('201');
    expect(exchangeOperation.summary).toMatch(/capture session/);
  });
});
