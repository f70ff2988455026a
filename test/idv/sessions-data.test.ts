// GET /sessions/{id}/data: decrypted results for an application key or an in-scope dashboard
// user, never the capture credential; every access (allowed or denied) is in platform.audit_log
// before the response, and a failing audit write fails the request closed with no data.
import { Client } from 'pg';
import { auth, createDashboardToken, createSiblingWorkspace, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { capture, createProfile, createSession, driveTo, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

const RESULTS = {
  document: { type: 'passport', issuing_country: 'DE', issuing_subdivision: null, confidence: 0.97 },
  ocr_fields: [
    { field: 'surname', value: 'LOVELACE', confidence: 0.99 },
    { field: 'date_of_birth', value: '1815-12-10', confidence: 0.91 },
  ],
  questionnaire_answers: [{ step_id: 'q', question_id: 'occupation', question: 'Your occupation?', answer: 'Mathematician' }],
  mismatches: [{ field: 'name', profile_value: 'Ada Lovelace', document_value: 'Augusta Ada King', detail: 'name differs' }],
};

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

const auditOf = (sessionId: string) =>
  platform.db.auditLogEntry.findMany({ where: { resourceId: sessionId, action: 'idv.session.data.read' }, orderBy: { id: 'asc' } });

async function assessedSession() {
  const session = await createSession(platform, tenant, { profile_id: profileId });
  await driveTo(platform, tenant, session.id, 'requires_review', { results: RESULTS, flagCategories: ['document', 'questionnaire'] });
  return session;
}

it('[idv.sessions.data.audit] returns the decrypted results to the application key and audits the access', async () => {
  const { id } = await assessedSession();
  const response = await idv(platform, tenant).get(`/sessions/${id}/data`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.body.data).toMatchObject({
    session_id: id,
    profile_id: profileId,
    review_status: 'requires_review',
    results_available: true,
    document: RESULTS.document,
    ocr_fields: RESULTS.ocr_fields,
    questionnaire_answers: RESULTS.questionnaire_answers,
    mismatches: RESULTS.mismatches,
  });
  const audit = await auditOf(id);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    tenantId: tenant.tenantId,
    workspaceId: tenant.workspaceId,
    actorKind: 'application',
    actorId: tenant.applicationId,
    resourceType: 'idv.session',
    outcome: 'allowed',
  });
  expect(audit[0].requestId).toBeTruthy();
  // At rest the results are sealed.
  const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id } });
  expect(JSON.stringify(row.results)).not.toContain('LOVELACE');
});

it('an in-scope dashboard user reads it (audited with the user as actor)', async () => {
  const { id } = await assessedSession();
  const { token, userId } = await createDashboardToken(platform, tenant, 'data-reader@example.com');
  const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/data`, { headers: auth.bearer(token) });
  expect(response.status).toBe(200);
  expect(response.body.data.ocr_fields).toHaveLength(2);
  expect((await auditOf(id))[0]).toMatchObject({ actorKind: 'dashboard_user', actorId: userId, outcome: 'allowed' });
});

it('before assessment: no results yet, still audited', async () => {
  const { id } = await createSession(platform, tenant, { profile_id: profileId });
  const response = await idv(platform, tenant).get(`/sessions/${id}/data`);
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({
    results_available: false,
    document: null,
    ocr_fields: [],
    questionnaire_answers: [],
    mismatches: [],
  });
  expect(await auditOf(id)).toHaveLength(1);
});

it('[idv.sessions.data.audit, idv.auth.capture] the capture credential is refused (401) and the denial is audited', async () => {
  const { id, token } = await assessedSession();
  const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/data`, { headers: capture(token) });
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  expect(response.text).not.toContain('LOVELACE');
  const audit = await auditOf(id);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ actorKind: 'capture', outcome: 'denied', detail: { reason: 'credential_not_accepted' } });
});

it('another workspace gets 404 and the denial is audited in its own scope', async () => {
  const { id } = await assessedSession();
  const sibling = await createSiblingWorkspace(platform, tenant);
  const response = await idv(platform, sibling).get(`/sessions/${id}/data`);
  expect(response.status).toBe(404);
  expect(response.body.error.code).toBe('idv_session_not_found');
  const audit = await auditOf(id);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ workspaceId: sibling.workspaceId, outcome: 'denied', detail: { reason: 'not_found' } });
});

it('without credentials: 401 missing_authentication', async () => {
  const { id } = await assessedSession();
  const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/data`);
  expect(response.status).toBe(401);
  expect(response.body.error.code).toBe('missing_authentication');
});

describe('[idv.sessions.data.audit] fail closed when the audit write fails', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = new Client({ connectionString: platform.config.databaseUrl });
    await admin.connect();
  });
  afterAll(() => admin.end());

  /** Makes every audit insert of this test's tenant fail, leaving other tests' tenants alone. */
  async function breakAuditFor(tenantId: string) {
    await admin.query(`CREATE OR REPLACE FUNCTION platform.idv_test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable (test)'; END $$`);
    await admin.query(`CREATE TRIGGER idv_test_refuse_audit_${tenantId} BEFORE INSERT ON platform.audit_log FOR EACH ROW
      WHEN (NEW.tenant_id = '${tenantId}') EXECUTE FUNCTION platform.idv_test_refuse_audit()`);
  }
  async function restoreAuditFor(tenantId: string) {
    await admin.query(`DROP TRIGGER IF EXISTS idv_test_refuse_audit_${tenantId} ON platform.audit_log`);
  }

  it('allowed reads return 503 and no data; reads work again once the audit log is back', async () => {
    const { id } = await assessedSession();
    await breakAuditFor(tenant.tenantId);
    try {
      const response = await idv(platform, tenant).get(`/sessions/${id}/data`);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
      expect(response.text).not.toContain('LOVELACE');
      expect(response.text).not.toContain('passport');
      const denied = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/data`, { headers: auth.apiKey(tenant.apiKey) });
      expect(denied.status).toBe(503);
    } finally {
      await restoreAuditFor(tenant.tenantId);
    }
    expect(await auditOf(id)).toHaveLength(0);
    const after = await idv(platform, tenant).get(`/sessions/${id}/data`);
    expect(after.status).toBe(200);
    expect(after.body.data.ocr_fields[0].value).toBe('LOVELACE');
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('denied reads also fail closed (503) when the denial cannot be audited', async () => {
    const { id, token } = await assessedSession();
    await breakAuditFor(tenant.tenantId);
    try {
      const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/data`, { headers: capture(token) });
      expect(response.status).toBe(503);
    } finally {
      await restoreAuditFor(tenant.tenantId);
    }
  });
});
