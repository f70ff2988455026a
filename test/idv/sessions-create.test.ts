// POST /idv/v1/sessions: every numbered rule of the interface, the response envelope and the
// session_token, and the copy-at-create guarantees.
import { auth, createDashboardToken, createSiblingWorkspace, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

describe('create', () => {
  it('[idv.sessions.create, idv.sessions.create.token-once, idv.limits.session-token, idv.states.create, idv.versioning.prefix] creates a session with the default preset and a one-time capture token', async () => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data, session_token, token_expires_at } = response.body;
    expect(data.id).toMatch(/^idvs_/);
    expect(data.status).toBe('collecting_artifacts');
    expect(data.review_status).toBe('request_sent');
    expect(data.profile_id).toBe(profileId);
    expect(data.tenant_id).toBe(tenant.tenantId);
    expect(data.workspace_id).toBe(tenant.workspaceId);
    expect(data.creator_application_id).toBe(tenant.applicationId);
    expect(data.capture_manifest.workflow).toBe('liveness_and_id');
    expect(data.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back']);
    expect(data.step_manifest.steps.map((s: { type: string }) => s.type)).toEqual(['consent', 'liveness', 'id_capture']);
    expect(data.submitted_at).toBe('');
    expect(data.reviewed_at).toBe('');
    expect(data.review_history).toEqual([]);
    expect(data.flag_categories).toEqual([]);
    expect(data.artifacts).toEqual([]);
    expect(data.legal_hold).toBe(false);
    expect(data).not.toHaveProperty('workflow_ref');
    expect(data).not.toHaveProperty('assignee');
    expect(data.theme_ref).toBeDefined();
    expect(typeof session_token).toBe('string');
    expect(session_token.length).toBeGreaterThan(20);
    const lifetime = new Date(token_expires_at).getTime() - new Date(data.created_at).getTime();
    expect(lifetime).toBe(15 * 60 * 1000);
    // The token is stored hashed only.
    const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id: data.id } });
    expect(JSON.stringify(row)).not.toContain(session_token);
  });

  it('[idv.auth.dashboard] accepts a dashboard user token and omits creator_application_id', async () => {
    const { token } = await createDashboardToken(platform, tenant);
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: auth.bearer(token),
      body: { profile_id: profileId },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).not.toHaveProperty('creator_application_id');
  });

  it('[idv.auth.api-key] accepts the legacy X-Api-Key header', async () => {
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { profile_id: profileId },
    });
    expect(response.status).toBe(201);
  });

  it.each([
    ['liveness_only', ['consent', 'liveness'], ['selfie']],
    ['id_only', ['consent', 'id_capture'], ['id_front', 'id_back']],
    ['liveness_and_id', ['consent', 'liveness', 'id_capture'], ['selfie', 'id_front', 'id_back']],
  ])('[idv.sessions.create.workflow-presets] copies the %s preset', async (workflow, types, kinds) => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, workflow });
    expect(response.status).toBe(201);
    expect(response.body.data.capture_manifest.workflow).toBe(workflow);
    expect(response.body.data.capture_manifest.required_kinds).toEqual(kinds);
    expect(response.body.data.step_manifest.steps.map((s: { type: string }) => s.type)).toEqual(types);
  });

  it('[idv.sessions.create.subject-reference] subject_reference is encrypted at rest and never echoed', async () => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, subject_reference: 'customer-4711-secret' });
    expect(response.status).toBe(201);
    expect(response.text).not.toContain('customer-4711-secret');
    const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(JSON.stringify(row)).not.toContain('customer-4711-secret');
    expect(row.subjectReference).toHaveProperty('key');
    const read = await idv(platform, tenant).get(`/sessions/${response.body.data.id}`);
    expect(read.text).not.toContain('customer-4711-secret');
    expect(read.body.data).not.toHaveProperty('subject_reference');
  });
});

describe('[idv.sessions.create.r1] rule 1: profile_id', () => {
  it.each([[{}], [{ profile_id: '' }], [{ profile_id: null }]])(
    '[idv.errors.idv_profile_id_required] missing or empty → 400 idv_profile_id_required (%j)',
    async (body) => {
      const response = await idv(platform, tenant).post('/sessions', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'idv_profile_id_required', message: expect.any(String) } });
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('an empty body → 400 idv_profile_id_required', async () => {
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', { headers: auth.apiKey(tenant.apiKey) });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('idv_profile_id_required');
  });

  it.each([['has spaces'], ['x'.repeat(129)], ['bad/slash'], ['ümlaut']])(
    '[idv.errors.idv_profile_id_invalid, idv.limits.profile-id] malformed %s → 400 idv_profile_id_invalid',
    async (value) => {
      const response = await idv(platform, tenant).post('/sessions', { profile_id: value });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('idv_profile_id_invalid');
    },
  );

  it('a non-string profile_id → 400 idv_profile_id_invalid', async () => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: 42 });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('idv_profile_id_invalid');
  });

  it('[idv.limits.profile-id] accepts 128 characters of the allowed alphabet (absent → not found)', async () => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: `A.b_c:d-${'x'.repeat(120)}` });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('idv_profile_not_found');
  });

  it('[idv.errors.idv_profile_not_found, idv.auth.scope] a profile of another workspace reads as absent → 400 idv_profile_not_found', async () => {
    const sibling = await createSiblingWorkspace(platform, tenant);
    const foreign = await createProfile(platform, sibling, 'Foreign Person');
    const response = await idv(platform, tenant).post('/sessions', { profile_id: foreign });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('idv_profile_not_found');
  });
});

describe('[idv.sessions.create.r2] rule 2: workflow, steps and workflow_id are mutually exclusive', () => {
  const steps = [{ step_id: 'selfie', type: 'liveness' }];
  it.each([
    [{ workflow: 'liveness_only', steps }],
    [{ workflow: 'liveness_only', workflow_id: 'idvw_x' }],
    [{ steps, workflow_id: 'idvw_x' }],
    [{ workflow: 'liveness_only', steps, workflow_id: 'idvw_x' }],
  ])('%j → 400', async (extra) => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, ...extra });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
});

describe('rule 5: erasure claim', () => {
  it('[idv.sessions.create.r5, idv.errors.idv_profile_erasure_claimed] 409 idv_profile_erasure_claimed', async () => {
    const erased = await createProfile(platform, tenant, 'To Be Erased');
    await platform.db.profile.update({ where: { id: erased }, data: { erasureClaimedAt: new Date() } });
    const response = await idv(platform, tenant).post('/sessions', { profile_id: erased });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('idv_profile_erasure_claimed');
    expect(await platform.db.idvSession.count({ where: { profileId: erased } })).toBe(0);
  });
});

describe('rule 8: tenant and workspace come from the principal', () => {
  it('[idv.sessions.create.r8] overwrites caller-supplied tenant_id and workspace_id', async () => {
    const response = await idv(platform, tenant).post('/sessions', {
      profile_id: profileId,
      tenant_id: 'ten_evil',
      workspace_id: 'wsp_evil',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.tenant_id).toBe(tenant.tenantId);
    expect(response.body.data.workspace_id).toBe(tenant.workspaceId);
  });
});

describe('[idv.sessions.create.r9, idv.errors.schema_validation_failed] rule 9: schema', () => {
  it.each([
    ['an unknown field', { unknown_field: 1 }],
    ['a bad workflow preset', { workflow: 'everything' }],
    ['a non-string subject_reference', { subject_reference: 5 }],
    ['an over-long idempotency_key', { idempotency_key: 'k'.repeat(161) }],
    ['a malformed idempotency_key', { idempotency_key: 'has space' }],
    ['an empty idempotency_key', { idempotency_key: '' }],
    ['steps that are not an array', { steps: {} }],
    ['a non-string tenant_id', { tenant_id: 7 }],
  ])(
    '[idv.sessions.create.no-additional-properties, idv.limits.idempotency-key] %s → 400 schema_validation_failed',
    async (_name, extra) => {
      const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, ...extra });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('schema_validation_failed');
    },
  );

  it.each(['[]', '[{"profile_id": "x"}]', '"text"', '123', 'true'])(
    'a body that is not an object (%s) → 400 schema_validation_failed',
    async (rawBody) => {
      const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
        headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'application/json' },
        rawBody,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'schema_validation_failed', message: 'body: must be a JSON object' } });
    },
  );

  it('malformed JSON → 400 schema_validation_failed', async () => {
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'application/json' },
      rawBody: '{"profile_id": ',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it('[idv.limits.idempotency-key] a 160-character idempotency_key is accepted', async () => {
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, idempotency_key: 'k'.repeat(160) });
    expect(response.status).toBe(201);
    expect(response.text).not.toContain('k'.repeat(160));
  });
});

describe('authentication', () => {
  it('[idv.auth.missing, idv.errors.missing_authentication] 401 missing_authentication without credentials', async () => {
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', { body: { profile_id: profileId } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'missing_authentication', message: expect.any(String) } });
  });

  it('[idv.auth.missing, idv.errors.unauthorized] 401 unauthorized with a rejected key', async () => {
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: auth.apiKey('vgl_not-a-key'),
      body: { profile_id: profileId },
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('401 with a capture token (not a management credential)', async () => {
    const created = await idv(platform, tenant).post('/sessions', { profile_id: profileId });
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: { Authorization: `Capture ${created.body.session_token}` },
      body: { profile_id: profileId },
    });
    expect(response.status).toBe(401);
  });
});
