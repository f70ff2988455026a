// The REST wire of the IDV core survives the typed GraphQL objects: a documented object turned into
// the typed view (what the IDV subgraph serves) and mapped back by the REST adapter is the same
// object, key for key; REST bodies become the typed inputs, after their wire shape is checked.
import { dataView, sessionView, workflowView } from '../../subgraphs/idv/resolvers/idv-views';
import { SessionData } from '../../subgraphs/idv/services/data-service';
import { WorkflowView } from '../../subgraphs/idv/services/workflow-service';
import { ApiError } from '../../rest-adapter/http/api-error';
import { checkCreateSessionBody, checkCreateWorkflowBody } from '../../rest-adapter/routes/idv-bodies';
import { toRestData, toRestSession, toRestWorkflow, typedInputOf } from '../../rest-adapter/routes/idv-mapping';
import type { DataFieldsFragment, SessionFieldsFragment, WorkflowFieldsFragment } from '../../rest-adapter/operations/operations.generated';

// The subgraph's views type enum values as plain strings and JSON columns as unknown; the gateway
// serves them as the schema's types, which is what the REST mapping reads (the generated fragments).

const steps = [
  { step_id: 'consent', type: 'consent', required: true, config: { text: 'I agree', policy_version: 'v2' } },
  { step_id: 'liveness', type: 'liveness', required: true, config: { mode: 'active' } },
  {
    step_id: 'id',
    type: 'id_capture',
    required: true,
    title: 'Your ID',
    config: { sides: 'auto', accepted_id_types: ['passport'], custom_id_types: [{ id: 'staff', label: 'Staff card', sides: 'two' }] },
  },
  { step_id: 'poa', type: 'document', required: false, config: { document_id: 'poa', label: 'Proof', accepted_formats: ['pdf', 'png'] } },
  {
    step_id: 'q',
    type: 'questionnaire',
    required: true,
    config: {
      questions: [
        { question_id: 'job', prompt: 'Job?', type: 'single_choice', options: ['a', 'b'] },
        { question_id: 'age', prompt: 'Age?', type: 'number', required: false },
      ],
    },
  },
];

const session = {
  id: 'idvs_1',
  tenant_id: 'ten_1',
  workspace_id: 'wsp_1',
  creator_application_id: 'app_1',
  profile_id: 'prf_1',
  status: 'assessed',
  review_status: 'rejected',
  flag_categories: ['idv'],
  profile_update_enabled: true,
  flag_settings: { face_mismatch: 'review', mrz_unreadable: 'ignore' },
  privacy_contact_email: 'privacy@example.com',
  consent_evidence: {
    accepted: true,
    step_id: 'consent',
    policy_version: 'v2',
    text_sha256: 'ab'.repeat(32),
    recorded_at: '2026-01-02T03:04:05.006Z',
    ip_address: '10.0.0.1',
    user_agent: 'UA',
    credential: 'capture',
  },
  review_history: [
    {
      from: 'requires_review',
      status: 'escalation',
      note: '',
      actor: { kind: 'dashboard_user', id: 'usr_1', name: 'Ada' },
      at: '2026-01-03T00:00:00.000Z',
    },
    { from: 'escalation', status: 'rejected', note: 'no', actor: { kind: 'application', id: 'app_1' }, at: '2026-01-04T00:00:00.000Z' },
  ],
  assignee: 'usr_1',
  submitted_at: '2026-01-02T04:00:00.000Z',
  reviewed_at: '2026-01-04T00:00:00.000Z',
  legal_hold: false,
  artifacts: [{ artifact_id: 'idvart_1', kind: 'id_front', step_id: 'id', state: 'stored', captured_at: '2026-01-02T03:30:00.000Z' }],
  capture_manifest: {
    workflow: 'custom',
    required_kinds: ['selfie', 'id_front'],
    optional_kinds: ['document'],
    id_capture: {
      step_id: 'id',
      sides: 'auto',
      accepted_id_types: ['passport', 'staff'],
      custom_id_types: [{ id: 'staff', label: 'Staff card', sides: 'two' }],
      preselected_id_type: 'passport',
      capture_sides: 'one',
    },
    documents: [{ step_id: 'poa', document_id: 'poa', required: false }],
    completion: { action: 'return_link', return_url: 'https://app.example.com/a/../done' },
  },
  step_manifest: { version: 1, steps },
  workflow_ref: {
    workflow_id: 'idvw_1',
    name: 'W',
    revision: 3,
    preset: null,
    source: 'workflow_id',
    copied_at: '2026-01-01T00:00:00.000Z',
  },
  theme_ref: { source: 'theme', theme_id: 'thm_1', revision: 2, name: 'Bank' },
  retention_policy_id: 'keep-5y',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-04T00:00:00.000Z',
  delete_after: '2027-01-01T00:00:00.000Z',
};

it('a session with every optional field round-trips to the same REST object', () => {
  expect(toRestSession(sessionView(session) as SessionFieldsFragment)).toEqual(session);
});

it('a fresh session (no consent, review, assignee, workflow, theme or retention policy) round-trips too', () => {
  const { creator_application_id: _app, assignee: _assignee, workflow_ref: _workflow, retention_policy_id: _retention, ...rest } = session;
  const fresh = {
    ...rest,
    status: 'collecting_artifacts',
    review_status: 'request_sent',
    flag_settings: {},
    privacy_contact_email: '',
    consent_evidence: {},
    review_history: [],
    submitted_at: '',
    reviewed_at: '',
    artifacts: [],
    capture_manifest: { ...session.capture_manifest, id_capture: null, completion: { action: 'close_tab' } },
    theme_ref: { source: 'default', theme_id: null, revision: null },
  };
  const view = sessionView(fresh);
  expect(view).toMatchObject({
    consentEvidence: null,
    submittedAt: null,
    privacyContactEmail: null,
    assignee: null,
    workflowRef: null,
    flagSettings: [],
  });
  expect(toRestSession(view as SessionFieldsFragment)).toEqual(fresh);
});

it('a workflow round-trips, flag settings as a list in GraphQL', () => {
  const workflow: WorkflowView = {
    id: 'idvw_1',
    tenant_id: 'ten_1',
    workspace_id: 'wsp_1',
    name: 'W',
    description: '',
    status: 'active',
    is_default: true,
    preset: null,
    steps: steps as WorkflowView['steps'],
    profile_update_enabled: false,
    flag_settings: { face_mismatch: 'ignore' },
    privacy_contact_email: '',
    retention_days: 30,
    revision: 2,
    activated_at: '2026-01-01T00:00:00.000Z',
    archived_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  const view = workflowView(workflow);
  expect(view).toMatchObject({ flagSettings: [{ code: 'face_mismatch', action: 'ignore' }], privacyContactEmail: null });
  expect(toRestWorkflow(view as WorkflowFieldsFragment)).toEqual(workflow);
});

it('the audited data round-trips, each answer in the field of its type', () => {
  const data: SessionData = {
    session_id: 'idvs_1',
    profile_id: 'prf_1',
    status: 'assessed',
    review_status: 'requires_review',
    results_available: true,
    assessed_at: '2026-01-02T05:00:00.000Z',
    document: { type: 'unknown', issuing_country: 'UTO', issuing_subdivision: null, confidence: 0.5 },
    ocr_fields: [{ field: 'surname', value: 'ERIKSSON', confidence: 0.5 }],
    questionnaire_answers: [
      { step_id: 'q', question_id: 'job', question: 'Job?', answer: 'a' },
      { step_id: 'q', question_id: 'age', question: 'Age?', answer: 0 },
      { step_id: 'q', question_id: 'pep', question: 'PEP?', answer: false },
      { step_id: 'q', question_id: 'langs', question: 'Languages?', answer: ['en', 'fr'] },
    ],
    mismatches: [
      { field: 'name', profile_value: 'A', document_value: 'B', detail: 'name similarity 0.2' },
      { field: 'face', profile_value: null, document_value: null },
    ],
    checks: [
      { check: 'mrz', outcome: 'pass', reason_code: 'mrz_valid', category: 'document' },
      { check: 'face_match', outcome: 'fail', reason_code: 'face_mismatch', category: 'idv', score: 0.3 },
    ],
  };
  const view = dataView(data);
  expect((view.questionnaireAnswers as unknown[])[1]).toEqual({
    stepId: 'q',
    questionId: 'age',
    question: 'Age?',
    text: null,
    number: 0,
    boolean: null,
    choices: null,
  });
  expect(toRestData(view as DataFieldsFragment)).toEqual(data);
  expect(toRestData(dataView({ ...data, assessed_at: '', results_available: false, document: null }) as DataFieldsFragment)).toMatchObject({
    assessed_at: '',
    document: null,
  });
});

it('a REST create body becomes the typed input (tenant and workspace ids dropped)', () => {
  const body = {
    profile_id: 'prf_1',
    tenant_id: 'ignored',
    steps: steps.map(({ required: _required, ...step }) => step),
    idempotency_key: 'k-1',
    session_overrides: { version: 1, completion: { action: 'return_link', return_url: 'https://app.example.com/done' } },
  };
  const input = typedInputOf(body, checkCreateSessionBody);
  expect(input).not.toHaveProperty('tenantId');
  expect(input).toEqual({
    profileId: 'prf_1',
    steps: [
      { stepId: 'consent', type: 'consent', config: { text: 'I agree', policyVersion: 'v2' } },
      { stepId: 'liveness', type: 'liveness', config: { mode: 'active' } },
      {
        stepId: 'id',
        type: 'id_capture',
        title: 'Your ID',
        config: { sides: 'auto', acceptedIdTypes: ['passport'], customIdTypes: [{ id: 'staff', label: 'Staff card', sides: 'two' }] },
      },
      { stepId: 'poa', type: 'document', config: { documentId: 'poa', label: 'Proof', acceptedFormats: ['pdf', 'png'] } },
      {
        stepId: 'q',
        type: 'questionnaire',
        config: {
          questions: [
            { questionId: 'job', prompt: 'Job?', type: 'single_choice', options: ['a', 'b'] },
            { questionId: 'age', prompt: 'Age?', type: 'number', required: false },
          ],
        },
      },
    ],
    idempotencyKey: 'k-1',
    sessionOverrides: { version: 1, completion: { action: 'return_link', returnUrl: 'https://app.example.com/done' } },
  });
});

it('a workflow body maps flag settings to a list and the empty privacy contact to null', () => {
  const body = { name: 'W', flag_settings: { a: 'review', b: 'ignore' }, privacy_contact_email: '' };
  const input = typedInputOf(body, checkCreateWorkflowBody);
  expect(input).toEqual({
    name: 'W',
    flagSettings: [
      { code: 'a', action: 'review' },
      { code: 'b', action: 'ignore' },
    ],
    privacyContactEmail: null,
  });
});

it('a body refused at the edge keeps the code and message of the interface', () => {
  const refuse = (body: unknown) => typedInputOf(body, checkCreateSessionBody);
  expect(() => refuse({ profile_id: 123 })).toThrow(expect.objectContaining({ code: 'idv_profile_id_invalid' }));
  expect(() => refuse({})).toThrow(expect.objectContaining({ code: 'idv_profile_id_required', message: 'profile_id is required' }));
  expect(() => refuse([1])).toThrow(ApiError);
  expect(() => refuse({ profile_id: 'prf_1', colour: 'blue' })).toThrow(
    expect.objectContaining({ code: 'schema_validation_failed', message: 'body.colour: unknown field' }),
  );
  expect(() => refuse({ steps: 'x' })).toThrow(expect.objectContaining({ code: 'idv_profile_id_required' }));
  const config = (extra: Record<string, unknown>) =>
    refuse({ profile_id: 'prf_1', steps: [{ step_id: 'l', type: 'liveness', config: { mode: 'active', ...extra } }] });
  expect(() => config({ colour: 'blue' })).toThrow(
    expect.objectContaining({ code: 'schema_validation_failed', message: 'body.steps.0.config: unknown field colour' }),
  );
  expect(() => config({ text: 5 })).toThrow(
    expect.objectContaining({ code: 'schema_validation_failed', message: expect.stringContaining('body.steps.0.config.text: ') }),
  );
});
