// Workflows (/idv/v1/workflows) and how sessions use them: presets, custom steps and their rules,
// draft/active/archived, the scope default, workflow_id on create (rule 3), the default fallback
// (rule 4), and copy-at-create (later edits never change a session).
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

const customSteps = [
  { step_id: 'consent', type: 'consent', config: { text: 'I agree', policy_version: '2024-01' } },
  { step_id: 'selfie', type: 'liveness', config: { mode: 'active' } },
  {
    step_id: 'id',
    type: 'id_capture',
    title: 'Your ID',
    config: {
      sides: 'auto',
      accepted_id_types: ['passport', 'driver_license'],
      custom_id_types: [{ id: 'voter_card', label: 'Voter card', sides: 'one' }],
    },
  },
  { step_id: 'proof', type: 'document', required: false, config: { document_id: 'proof_of_address', label: 'Proof of address' } },
  {
    step_id: 'q',
    type: 'questionnaire',
    config: {
      questions: [
        { question_id: 'occupation', prompt: 'Your occupation?', type: 'text' },
        { question_id: 'pep', prompt: 'Are you a PEP?', type: 'single_choice', options: ['yes', 'no'] },
      ],
    },
  },
];

async function createWorkflow(t: TestTenant, body: Record<string, unknown>) {
  const response = await idv(platform, t).post('/workflows', body);
  expect(response.status).toBe(201);
  return response.body.data;
}

describe('workflow endpoints', () => {
  it('creates a draft workflow from the default preset', async () => {
    const workflow = await createWorkflow(tenant, { name: 'Standard' });
    expect(workflow).toMatchObject({
      name: 'Standard',
      status: 'draft',
      is_default: false,
      preset: 'liveness_and_id',
      revision: 1,
      tenant_id: tenant.tenantId,
      workspace_id: tenant.workspaceId,
    });
    expect(workflow.id).toMatch(/^idvw_/);
    expect(workflow.steps.map((s: { type: string }) => s.type)).toEqual(['consent', 'liveness', 'id_capture']);
  });

  it.each(['liveness_only', 'id_only'])('creates from the %s preset', async (preset) => {
    const workflow = await createWorkflow(tenant, { name: preset, preset });
    expect(workflow.preset).toBe(preset);
  });

  it('creates an active workflow with custom steps and settings, defaults filled in', async () => {
    const workflow = await createWorkflow(tenant, {
      name: 'Custom',
      status: 'active',
      steps: customSteps,
      profile_update_enabled: true,
      flag_settings: { document_expired: 'review' },
      privacy_contact_email: 'privacy@example.com',
    });
    expect(workflow.status).toBe('active');
    expect(workflow.preset).toBeNull();
    expect(workflow.steps[0].required).toBe(true);
    expect(workflow.steps[3].required).toBe(false);
    expect(workflow.steps[2].config.custom_id_types).toEqual([{ id: 'voter_card', label: 'Voter card', sides: 'one' }]);
    expect(workflow.profile_update_enabled).toBe(true);
    expect(workflow.flag_settings).toEqual({ document_expired: 'review' });
  });

  it('[idv.workflows.endpoints] gets, edits (revision +1), activates, archives', async () => {
    const workflow = await createWorkflow(tenant, { name: 'Lifecycle' });
    const read = await idv(platform, tenant).get(`/workflows/${workflow.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(workflow);
    const edited = await idv(platform, tenant).patch(`/workflows/${workflow.id}`, {
      name: 'Lifecycle v2',
      preset: 'liveness_only',
      revision: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Lifecycle v2', preset: 'liveness_only', revision: 2 });
    const stale = await idv(platform, tenant).patch(`/workflows/${workflow.id}`, { name: 'x', revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('idv_state_conflict');
    const active = await idv(platform, tenant).post(`/workflows/${workflow.id}/activate`);
    expect(active.status).toBe(200);
    expect(active.body.data.status).toBe('active');
    const again = await idv(platform, tenant).post(`/workflows/${workflow.id}/activate`);
    expect(again.body.data.status).toBe('active');
    const archived = await idv(platform, tenant).post(`/workflows/${workflow.id}/archive`);
    expect(archived.body.data.status).toBe('archived');
    const reactivate = await idv(platform, tenant).post(`/workflows/${workflow.id}/activate`);
    expect(reactivate.status).toBe(409);
    expect(reactivate.body.error.code).toBe('idv_state_conflict');
    const editArchived = await idv(platform, tenant).patch(`/workflows/${workflow.id}`, { name: 'nope' });
    expect(editArchived.status).toBe(409);
  });

  it('a dashboard user can manage workflows too', async () => {
    const { token } = await createDashboardToken(platform, tenant, 'wf-admin@example.com', 'admin');
    const response = await request(platform.restUrl, 'POST', '/idv/v1/workflows', {
      headers: auth.bearer(token),
      body: { name: 'From dashboard' },
    });
    expect(response.status).toBe(201);
  });

  it('404 idv_workflow_not_found for absent and out-of-scope ids, with the same body', async () => {
    const workflow = await createWorkflow(tenant, { name: 'Private' });
    const sibling = await createSiblingWorkspace(platform, tenant);
    const foreign = await idv(platform, sibling).get(`/workflows/${workflow.id}`);
    const absent = await idv(platform, sibling).get('/workflows/idvw_absent');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(absent.body);
    expect(foreign.body.error.code).toBe('idv_workflow_not_found');
    for (const action of ['activate', 'archive', 'default']) {
      const response = await idv(platform, sibling).post(`/workflows/${workflow.id}/${action}`);
      expect(response.status).toBe(404);
    }
    expect((await idv(platform, sibling).patch(`/workflows/${workflow.id}`, { name: 'x' })).status).toBe(404);
  });

  it('[idv.themes.list-page] lists 20 a page by default, clamps at 100, pages with a cursor', async () => {
    const own = await newTenant(platform);
    for (let i = 0; i < 23; i++) await createWorkflow(own, { name: `W${i}` });
    const first = await idv(platform, own).get('/workflows');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.has_more).toBe(true);
    expect(first.body.data[0].name).toBe('W22');
    const second = await idv(platform, own).get(`/workflows?cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(3);
    expect(second.body.has_more).toBe(false);
    expect(second.body.next_cursor).toBeNull();
    const ids = new Set([...first.body.data, ...second.body.data].map((w: { id: string }) => w.id));
    expect(ids.size).toBe(23);
    const clamped = await idv(platform, own).get('/workflows?limit=1000');
    expect(clamped.body.data).toHaveLength(23);
    const small = await idv(platform, own).get('/workflows?limit=5');
    expect(small.body.data).toHaveLength(5);
    expect((await idv(platform, own).get('/workflows?limit=0')).status).toBe(400);
    expect((await idv(platform, own).get('/workflows?cursor=garbage')).status).toBe(400);
    const drafts = await idv(platform, own).get('/workflows?status=active');
    expect(drafts.body.data).toHaveLength(0);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '' }],
    ['preset and steps', { name: 'x', preset: 'id_only', steps: customSteps }],
    ['status archived', { name: 'x', status: 'archived' }],
    ['an unknown field', { name: 'x', color: 'red' }],
    ['a bad flag setting', { name: 'x', flag_settings: { code: 'maybe' } }],
    ['a bad privacy email', { name: 'x', privacy_contact_email: 'not-an-email' }],
  ])('create with %s → 400 schema_validation_failed', async (_name, body) => {
    const response = await idv(platform, tenant).post('/workflows', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
});

describe('[idv.steps.shape, idv.overrides.id-types] step rules (workflows and inline steps)', () => {
  const liveness = (id = 'selfie') => ({ step_id: id, type: 'liveness' });
  const idCapture = (id = 'id') => ({ step_id: id, type: 'id_capture' });
  const documentStep = (n: number, documentId = `doc_${n}`) => ({
    step_id: `doc${n}`,
    type: 'document',
    config: { document_id: documentId },
  });

  it.each([
    ['no steps', []],
    [
      'eleven steps',
      Array.from({ length: 11 }, (_, i) => ({
        step_id: `q${i}`,
        type: 'questionnaire',
        config: { questions: [{ question_id: 'a', prompt: 'A?', type: 'text' }] },
      })),
    ],
    ['two liveness steps', [liveness('a'), liveness('b')]],
    ['two id_capture steps', [idCapture('a'), idCapture('b')]],
    ['duplicate step_id', [liveness('same'), idCapture('same')]],
    ['duplicate document_id', [documentStep(1, 'same'), documentStep(2, 'same')]],
    ['six documents', [1, 2, 3, 4, 5, 6].map((n) => documentStep(n))],
    ['an empty title', [{ ...liveness(), title: '' }]],
    ['a 201-character title', [{ ...liveness(), title: 't'.repeat(201) }]],
    ['a bad step_id', [{ step_id: 'Bad Id', type: 'liveness' }]],
    ['an unknown step type', [{ step_id: 'x', type: 'fingerprint' }]],
    ['an unknown step field', [{ ...liveness(), colour: 'red' }]],
    ['an unknown config field', [{ step_id: 'x', type: 'liveness', config: { speed: 'fast' } }]],
    ['a document step without document_id', [{ step_id: 'x', type: 'document' }]],
    ['a questionnaire without questions', [{ step_id: 'x', type: 'questionnaire', config: { questions: [] } }]],
    [
      'a choice question without options',
      [{ step_id: 'x', type: 'questionnaire', config: { questions: [{ question_id: 'a', prompt: 'A?', type: 'single_choice' }] } }],
    ],
    ['bad id_capture sides', [{ step_id: 'x', type: 'id_capture', config: { sides: 'three' } }]],
    ['an unknown built-in id type', [{ step_id: 'x', type: 'id_capture', config: { accepted_id_types: ['library_card'] } }]],
    [
      'a custom id type named like a built-in',
      [{ step_id: 'x', type: 'id_capture', config: { custom_id_types: [{ id: 'passport', label: 'P' }] } }],
    ],
    [
      'a custom id type named unknown',
      [{ step_id: 'x', type: 'id_capture', config: { custom_id_types: [{ id: 'unknown', label: 'U' }] } }],
    ],
    ['a non-boolean required', [{ ...liveness(), required: 'yes' }]],
    ['consent not first', [liveness(), { step_id: 'c', type: 'consent' }]],
  ])('%s → 400 schema_validation_failed (workflow and session)', async (_name, steps) => {
    const workflow = await idv(platform, tenant).post('/workflows', { name: 'Steps', steps });
    expect(workflow.status).toBe(400);
    expect(workflow.body.error.code).toBe('schema_validation_failed');
    const session = await idv(platform, tenant).post('/sessions', { profile_id: profileId, steps });
    expect(session.status).toBe(400);
    expect(session.body.error.code).toBe('schema_validation_failed');
  });

  it('[idv.steps.shape] accepts ten steps with five documents, a 200-character title and required false', async () => {
    const steps = [
      { step_id: 'consent', type: 'consent' },
      { ...liveness(), title: 't'.repeat(200) },
      idCapture(),
      ...[1, 2, 3, 4, 5].map((n) => ({ ...documentStep(n), required: n !== 5 })),
      { step_id: 'q1', type: 'questionnaire', config: { questions: [{ question_id: 'a', prompt: 'A?', type: 'boolean' }] } },
      {
        step_id: 'q2',
        type: 'questionnaire',
        config: { questions: [{ question_id: 'a', prompt: 'A?', type: 'multi_choice', options: ['x', 'y'] }] },
      },
    ];
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, steps });
    expect(response.status).toBe(201);
    const data = response.body.data;
    expect(data.capture_manifest.workflow).toBe('custom');
    expect(data.step_manifest.steps.map((s: { step_id: string }) => s.step_id)).toEqual(steps.map((s) => s.step_id));
    expect(data.capture_manifest.documents).toHaveLength(5);
    expect(data.capture_manifest.documents[4]).toEqual({ step_id: 'doc5', document_id: 'doc_5', required: false });
    expect(data.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back', 'document']);
  });
});

describe('sessions from workflows (rules 3 and 4)', () => {
  it('[idv.sessions.create.r3, idv.errors.idv_workflow_not_found] 404 idv_workflow_not_found for a missing or out-of-scope workflow_id (indistinguishable)', async () => {
    const sibling = await createSiblingWorkspace(platform, tenant);
    const foreignWorkflow = await createWorkflow(sibling, { name: 'Foreign', status: 'active' });
    const foreign = await idv(platform, tenant).post('/sessions', { profile_id: profileId, workflow_id: foreignWorkflow.id });
    const absent = await idv(platform, tenant).post('/sessions', { profile_id: profileId, workflow_id: 'idvw_doesnotexist' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('idv_workflow_not_found');
    expect(foreign.body).toEqual(absent.body);
  });

  it.each(['draft', 'archived'])(
    '[idv.sessions.create.r3, idv.errors.idv_workflow_not_active] 409 idv_workflow_not_active for a %s workflow',
    async (status) => {
      const workflow = await createWorkflow(tenant, { name: `Not active ${status}` });
      if (status === 'archived') await idv(platform, tenant).post(`/workflows/${workflow.id}/archive`);
      const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, workflow_id: workflow.id });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('idv_workflow_not_active');
    },
  );

  it('[idv.sessions.copy-at-create] copies an active workflow (steps, settings, workflow_ref); later edits never change the session', async () => {
    const workflow = await createWorkflow(tenant, {
      name: 'Copied',
      status: 'active',
      steps: customSteps,
      profile_update_enabled: true,
      flag_settings: { face_mismatch: 'review' },
      privacy_contact_email: 'dpo@example.com',
    });
    const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId, workflow_id: workflow.id });
    expect(response.status).toBe(201);
    const session = response.body.data;
    expect(session.workflow_ref).toMatchObject({ workflow_id: workflow.id, name: 'Copied', revision: 1, source: 'workflow_id' });
    expect(session.profile_update_enabled).toBe(true);
    expect(session.flag_settings).toEqual({ face_mismatch: 'review' });
    expect(session.privacy_contact_email).toBe('dpo@example.com');
    expect(session.step_manifest.steps).toEqual(workflow.steps);
    expect(session.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back']);
    expect(session.capture_manifest.optional_kinds).toEqual(['document']);

    const edit = await idv(platform, tenant).patch(`/workflows/${workflow.id}`, {
      name: 'Changed',
      preset: 'liveness_only',
      profile_update_enabled: false,
      privacy_contact_email: '',
    });
    expect(edit.status).toBe(200);
    await idv(platform, tenant).post(`/workflows/${workflow.id}/archive`);
    const read = await idv(platform, tenant).get(`/sessions/${session.id}`);
    expect(read.body.data.step_manifest).toEqual(session.step_manifest);
    expect(read.body.data.capture_manifest).toEqual(session.capture_manifest);
    expect(read.body.data.workflow_ref).toEqual(session.workflow_ref);
    expect(read.body.data.profile_update_enabled).toBe(true);
    expect(read.body.data.privacy_contact_email).toBe('dpo@example.com');
  });

  it('[idv.sessions.create.r4] without workflow, steps or workflow_id: the liveness_and_id preset, then the active scope default', async () => {
    const own = await newTenant(platform);
    const ownProfile = await createProfile(platform, own, 'Default Person');
    const before = await idv(platform, own).post('/sessions', { profile_id: ownProfile });
    expect(before.body.data.capture_manifest.workflow).toBe('liveness_and_id');
    expect(before.body.data).not.toHaveProperty('workflow_ref');

    const draft = await createWorkflow(own, { name: 'Draft default', preset: 'id_only' });
    const notActive = await idv(platform, own).post(`/workflows/${draft.id}/default`);
    expect(notActive.status).toBe(409);
    expect(notActive.body.error.code).toBe('idv_workflow_not_active');

    const first = await createWorkflow(own, { name: 'Default one', preset: 'id_only', status: 'active' });
    const made = await idv(platform, own).post(`/workflows/${first.id}/default`);
    expect(made.status).toBe(200);
    expect(made.body.data.is_default).toBe(true);
    const withDefault = await idv(platform, own).post('/sessions', { profile_id: ownProfile });
    expect(withDefault.body.data.capture_manifest.workflow).toBe('id_only');
    expect(withDefault.body.data.workflow_ref).toMatchObject({ workflow_id: first.id, source: 'default_workflow' });

    const second = await createWorkflow(own, { name: 'Default two', preset: 'liveness_only', status: 'active' });
    await idv(platform, own).post(`/workflows/${second.id}/default`);
    expect((await idv(platform, own).get(`/workflows/${first.id}`)).body.data.is_default).toBe(false);
    const switched = await idv(platform, own).post('/sessions', { profile_id: ownProfile });
    expect(switched.body.data.capture_manifest.workflow).toBe('liveness_only');

    // An explicit preset wins over the default.
    const explicit = await idv(platform, own).post('/sessions', { profile_id: ownProfile, workflow: 'liveness_and_id' });
    expect(explicit.body.data.capture_manifest.workflow).toBe('liveness_and_id');

    // Archiving the default falls back to the preset.
    await idv(platform, own).post(`/workflows/${second.id}/archive`);
    const fallback = await idv(platform, own).post('/sessions', { profile_id: ownProfile });
    expect(fallback.body.data.capture_manifest.workflow).toBe('liveness_and_id');
    expect(fallback.body.data).not.toHaveProperty('workflow_ref');
  });
});
