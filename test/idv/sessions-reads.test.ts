// Reads: GET /sessions/{id} (management projection), GET /sessions (profile_id filter, 50 a page,
// clamped at 100, cursor), GET /sessions/{id}/status (capture or invite credential only).
import { auth, createDashboardToken, createSiblingWorkspace, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { sessionSchema } from '../../rest-adapter/routes/idv-sessions-routes';
import { completeDefaultCapture } from './capture-helpers';
import { capture, createProfile, createSession, driveTo, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

const FORBIDDEN_KEYS = [
  'storage_key',
  'storageKey',
  'checksum',
  'sha256',
  'wrapped_key',
  'encryption_context',
  'kid',
  'raw_ocr',
  'model_output',
  'token_hash',
  'tokenHash',
  'subject_reference',
  'results',
  'artifact_storage',
];

function keysDeep(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysDeep(item, into));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysDeep(inner, into);
    }
  return into;
}

describe('GET /sessions/{id}', () => {
  it('[idv.sessions.get] returns the management projection with every documented field', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId, subject_reference: 'secret-ref' });
    await driveTo(platform, tenant, id, 'requires_review', {
      results: {
        document: { type: 'passport', issuing_country: 'DE', confidence: 0.97 },
        ocr_fields: [{ field: 'surname', value: 'LOVELACE', confidence: 0.99 }],
      },
    });
    const response = await idv(platform, tenant).get(`/sessions/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = response.body.data;
    for (const field of [
      'id',
      'tenant_id',
      'workspace_id',
      'creator_application_id',
      'profile_id',
      'status',
      'review_status',
      'flag_categories',
      'profile_update_enabled',
      'flag_settings',
      'privacy_contact_email',
      'consent_evidence',
      'review_history',
      'submitted_at',
      'reviewed_at',
      'legal_hold',
      'artifacts',
      'capture_manifest',
      'step_manifest',
      'theme_ref',
      'created_at',
      'updated_at',
      'delete_after',
    ]) {
      expect([field, data[field] !== undefined]).toEqual([field, true]);
    }
    expect(data.status).toBe('assessed');
    expect(data.review_status).toBe('requires_review');
    expect(data.flag_categories).toEqual(['document']);
    expect(data.submitted_at).not.toBe('');
    // Exactly the documented fields (the OpenAPI response schema, strict).
    expect(() => sessionSchema.strict().parse(data)).not.toThrow();
    const keys = keysDeep(data);
    for (const key of FORBIDDEN_KEYS) expect([key, keys.has(key)]).toEqual([key, false]);
    expect(response.text).not.toContain('LOVELACE');
    expect(response.text).not.toContain('secret-ref');
  });

  it('a dashboard user of the workspace reads it too', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const { token } = await createDashboardToken(platform, tenant);
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}`, { headers: auth.bearer(token) });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(id);
  });

  it('[idv.sessions.get, idv.errors.idv_session_not_found, idv.auth.scope] 404 idv_session_not_found for absent and out-of-scope ids, indistinguishably', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const sibling = await createSiblingWorkspace(platform, tenant);
    const foreign = await idv(platform, sibling).get(`/sessions/${id}`);
    const absent = await idv(platform, sibling).get('/sessions/idvs_doesnotexist');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { code: 'idv_session_not_found', message: 'Session not found' } });
    expect(foreign.body).toEqual(absent.body);
    for (const path of ['cancel', 'review', 'assign']) {
      const response = await idv(platform, sibling).post(
        `/sessions/${id}/${path}`,
        path === 'review' ? { status: 'accepted' } : path === 'assign' ? { assignee: null } : {},
      );
      expect([path, response.status, response.body.error.code]).toEqual([path, 404, 'idv_session_not_found']);
    }
  });

  it('[idv.auth.capture] the capture credential cannot read the management projection', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}`, { headers: capture(token) });
    expect(response.status).toBe(401);
  });
});

describe('GET /sessions', () => {
  it('[idv.sessions.list] filters by profile_id, newest first, default 50, clamps at 100, pages with a cursor', async () => {
    const own = await newTenant(platform);
    const busy = await createProfile(platform, own, 'Busy Person');
    const quiet = await createProfile(platform, own, 'Quiet Person');
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) ids.push((await createSession(platform, own, { profile_id: busy, workflow: 'liveness_only' })).id);
    await createSession(platform, own, { profile_id: quiet });

    const first = await idv(platform, own).get(`/sessions?profile_id=${busy}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.has_more).toBe(true);
    expect(first.body.data.every((s: { profile_id: string }) => s.profile_id === busy)).toBe(true);
    expect(first.body.data[0].id).toBe(ids[104]);

    const clamped = await idv(platform, own).get(`/sessions?profile_id=${busy}&limit=500`);
    expect(clamped.body.data).toHaveLength(100);
    const rest = await idv(platform, own).get(`/sessions?profile_id=${busy}&limit=100&cursor=${clamped.body.next_cursor}`);
    expect(rest.body.data).toHaveLength(5);
    expect(rest.body.has_more).toBe(false);
    expect(rest.body.next_cursor).toBeNull();
    expect(new Set([...clamped.body.data, ...rest.body.data].map((s: { id: string }) => s.id))).toEqual(new Set(ids));

    const quietList = await idv(platform, own).get(`/sessions?profile_id=${quiet}`);
    expect(quietList.body.data).toHaveLength(1);
    const all = await idv(platform, own).get('/sessions?limit=100');
    expect(all.body.data).toHaveLength(100);
    const none = await idv(platform, own).get('/sessions?profile_id=prf_unknown');
    expect(none.body.data).toEqual([]);
  });

  it("never lists another workspace's sessions", async () => {
    const sibling = await createSiblingWorkspace(platform, tenant);
    await createSession(platform, tenant, { profile_id: profileId });
    const response = await idv(platform, sibling).get(`/sessions?profile_id=${profileId}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it.each([['limit=0'], ['limit=-1'], ['limit=abc'], ['cursor=not-a-cursor'], ['profile_id=bad%20id']])('%s → 400', async (query) => {
    const response = await idv(platform, tenant).get(`/sessions?${query}`);
    expect(response.status).toBe(400);
    expect(['schema_validation_failed', 'idv_profile_id_invalid']).toContain(response.body.error.code);
  });
});

describe('[idv.sessions.status] GET /sessions/{id}/status', () => {
  it('[idv.sessions.consumer-view] accepts the capture credential and shows the consumer view only', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: capture(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.data).toMatchObject({
      id,
      status: 'collecting_artifacts',
      submitted: false,
      required_kinds: ['selfie', 'id_front', 'id_back'],
    });
    for (const key of [
      'profile_id',
      'review_status',
      'tenant_id',
      'workspace_id',
      'flag_categories',
      'review_history',
      'assignee',
      'privacy_contact_email',
    ]) {
      expect([key, key in response.body.data]).toEqual([key, false]);
    }
    expect(response.text).not.toContain(profileId);
  });

  it('[idv.auth.capture] an application API key gets 401 (also legacy header and dashboard token)', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const { token } = await createDashboardToken(platform, tenant);
    for (const headers of [auth.apiKey(tenant.apiKey), auth.xApiKey(tenant.apiKey), auth.bearer(token)]) {
      const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    const none = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('missing_authentication');
  });

  it('a token opens only its own session; unknown tokens are rejected', async () => {
    const a = await createSession(platform, tenant, { profile_id: profileId });
    const b = await createSession(platform, tenant, { profile_id: profileId });
    const cross = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${b.id}/status`, { headers: capture(a.token) });
    expect(cross.status).toBe(404);
    const bogus = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${a.id}/status`, { headers: capture('idvct_bogus') });
    expect(bogus.status).toBe(401);
  });

  it('an expired token is rejected', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await platform.db.idvSession.update({ where: { id }, data: { tokenExpiresAt: new Date(Date.now() - 1000) } });
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: capture(token) });
    expect(response.status).toBe(401);
  });

  it('[idv.auth.capture] the capture credential reaches no other GraphQL field (e.g. profiles)', async () => {
    const { token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await request(platform.gatewayUrl.replace(/\/graphql$/, ''), 'POST', '/graphql', {
      headers: capture(token),
      body: { query: 'query($id: ID!) { profile(id: $id) { name email } }', variables: { id: profileId } },
    });
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('unauthorized');
    expect(response.text).not.toContain('Ada');
  });

  it('[idv.capture.submit] the capture-plane submit moves the session to queued/pending', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await completeDefaultCapture(platform, id, token);
    const submitted = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/submit`, { headers: capture(token) });
    expect(submitted.status).toBe(202);
    expect(submitted.body.data).toMatchObject({ id, status: 'queued', submitted: true });
    const read = await idv(platform, tenant).get(`/sessions/${id}`);
    expect(read.body.data.status).toBe('queued');
    expect(read.body.data.review_status).toBe('pending');
    expect(read.body.data.submitted_at).not.toBe('');
    const again = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/submit`, { headers: capture(token) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('idv_state_conflict');
    const byKey = await idv(platform, tenant).post(`/sessions/${id}/submit`);
    expect(byKey.status).toBe(401);
  });

  it('the capture-plane consent records evidence once (management view shows it)', async () => {
    const steps = [
      { step_id: 'terms', type: 'consent', config: { text: 'I agree to the check', policy_version: 'v7' } },
      { step_id: 'selfie', type: 'liveness' },
    ];
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId, steps });
    const bad = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/consent`, {
      headers: capture(token),
      body: { accepted: false },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('schema_validation_failed');
    const consent = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/consent`, {
      headers: capture(token),
      body: { accepted: true },
    });
    expect(consent.status).toBe(200);
    expect(consent.body.data.consent.recorded).toBe(true);
    const evidence = (await idv(platform, tenant).get(`/sessions/${id}`)).body.data.consent_evidence;
    expect(evidence).toMatchObject({ accepted: true, step_id: 'terms', policy_version: 'v7', credential: 'capture' });
    expect(evidence.text_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence.recorded_at).toBeDefined();
    const again = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/consent`, {
      headers: capture(token),
      body: { accepted: true, policy_version: 'other' },
    });
    expect(again.status).toBe(200);
    expect((await idv(platform, tenant).get(`/sessions/${id}`)).body.data.consent_evidence).toEqual(evidence);
    expect((await idv(platform, tenant).post(`/sessions/${id}/consent`, { accepted: true })).status).toBe(401);
  });

  it('an invite credential opens the status of its session', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const { hashSecret } = await import('../../platform/crypto/hash');
    await platform.db.idvInvite.create({
      data: {
        id: `inv_${Date.now()}`,
        tenantId: tenant.tenantId,
        workspaceId: tenant.workspaceId,
        sessionId: id,
        delivery: 'none',
        codeHash: hashSecret('invite-code-123'),
        singleUse: true,
        deliveryState: 'issued',
        expiresAt: new Date(Date.now() + 600_000),
      },
    });
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, {
      headers: { Authorization: 'Invite invite-code-123' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(id);
  });
});
