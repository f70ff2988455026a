// A workflow's flag_settings decide the assessment (through REST, with the real worker): `ignore`
// keeps a failing reason code from holding the session for review, `review` holds it for any
// outcome of that code, and a questionnaire held for review is the flag category `questionnaire`.
// Sessions without overrides keep the default (every failing check flags). GraphQL shows the same.
import { graphql, TestPlatform, TestTenant } from '../helpers/test-platform';
import { renderPassport, specimenPerson } from '../fixtures/idv/specimen-document';
import { captureCall, uploadArtifact } from './capture-helpers';
import { createProfile, createSession, idv, IDV_SERVICES, newTenant, startIdvPlatform } from './idv-helpers';

jest.setTimeout(240_000);

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform({ services: [...IDV_SERVICES, 'worker'], isolatedDatabase: true });
  tenant = await newTenant(platform);
  // The passport says BARACK OBAMA: a name mismatch against this profile.
  profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
});
afterAll(async () => {
  await platform.close();
  const { closeTesseract } = await import('../../subgraphs/idv/assessment/tesseract-ocr');
  await closeTesseract();
});

async function workflow(body: Record<string, unknown>): Promise<string> {
  const response = await idv(platform, tenant).post('/workflows', { name: 'flags', status: 'active', ...body });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

async function assessed(id: string) {
  for (let i = 0; i < 400; i++) {
    const data = (await idv(platform, tenant).get(`/sessions/${id}`)).body.data;
    if (data.status === 'assessed' || data.status === 'failed') return data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`session ${id} was not assessed in time`);
}

/** An id_only session of the workflow, captured with the Obama specimen passport and submitted. */
async function passportSession(workflowId: string) {
  const { id, token } = await createSession(platform, tenant, { profile_id: profileId, workflow_id: workflowId });
  const calls = captureCall(platform, id, token);
  expect((await calls.consent()).status).toBe(200);
  const front = await renderPassport(specimenPerson());
  expect((await uploadArtifact(platform, id, token, { kind: 'id_front', step_id: 'id_capture', id_type: 'passport' }, front)).status).toBe(
    201,
  );
  expect((await calls.submit()).status).toBe(202);
  return { id, session: await assessed(id) };
}

const checksOf = async (id: string) =>
  (await idv(platform, tenant).get(`/sessions/${id}/data`)).body.data.checks as { reason_code: string; outcome: string }[];

describe('[idv.assessment.flag-settings] workflow review overrides', () => {
  it('without overrides a name mismatch holds the session for review', async () => {
    const { id, session } = await passportSession(await workflow({ preset: 'id_only' }));
    expect(session).toMatchObject({ review_status: 'requires_review', flag_categories: ['idv'] });
    expect(await checksOf(id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason_code: 'name_mismatch', outcome: 'fail' })]),
    );
  });

  it('name_mismatch: ignore lets the same capture pass automatically; the check is still recorded', async () => {
    const workflowId = await workflow({ preset: 'id_only', flag_settings: { name_mismatch: 'ignore' } });
    const { id, session } = await passportSession(workflowId);
    expect(session).toMatchObject({ review_status: 'automatic_pass', flag_categories: [], flag_settings: { name_mismatch: 'ignore' } });
    expect(await checksOf(id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason_code: 'name_mismatch', outcome: 'fail' })]),
    );
    const read = await graphql(
      platform,
      { Authorization: `Api-Key ${tenant.apiKey}` },
      `{ verificationSession(id: "${id}") { reviewStatus flagCategories flagSettings { code action } } }`,
    );
    expect(read.body.data.verificationSession).toEqual({
      reviewStatus: 'automatic_pass',
      flagCategories: [],
      flagSettings: [{ code: 'name_mismatch', action: 'ignore' }],
    });
  });
});

describe('[idv.assessment.flag-settings] flag codes are reason codes', () => {
  it('a code the assessment never records is 400 schema_validation_failed (REST and GraphQL), not a silent no-op', async () => {
    const rest = await idv(platform, tenant).post('/workflows', { name: 'typo', flag_settings: { name_missmatch: 'ignore' } });
    expect(rest.status).toBe(400);
    expect(rest.body.error.code).toBe('schema_validation_failed');
    expect(rest.body.error.message).toContain('name_missmatch: not an assessment reason code');
    const gql = await graphql(
      platform,
      { Authorization: `Api-Key ${tenant.apiKey}` },
      `
        mutation {
          createIdvWorkflow(input: { name: "typo", flagSettings: [{ code: "name_missmatch", action: ignore }] }) {
            id
          }
        }
      `,
    );
    expect(gql.body.errors[0].extensions.code).toBe('schema_validation_failed');
  });
});

describe('[idv.assessment.questionnaire-flag] questionnaire flags', () => {
  const steps = (required: boolean) => [
    { step_id: 'consent', type: 'consent' },
    {
      step_id: 'kyc',
      type: 'questionnaire',
      required,
      config: { questions: [{ question_id: 'source', prompt: 'Source of funds?', type: 'single_choice', options: ['salary', 'gift'] }] },
    },
  ];

  async function questionnaireSession(workflowId: string, answer: boolean) {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId, workflow_id: workflowId });
    const calls = captureCall(platform, id, token);
    expect((await calls.consent()).status).toBe(200);
    if (answer) expect((await calls.answers({ step_id: 'kyc', answers: [{ question_id: 'source', value: 'gift' }] })).status).toBe(200);
    expect((await calls.submit()).status).toBe(202);
    return { id, session: await assessed(id) };
  }

  it('answers pass by default (questionnaire_answered)', async () => {
    const { id, session } = await questionnaireSession(await workflow({ steps: steps(true) }), true);
    expect(session).toMatchObject({ review_status: 'automatic_pass', flag_categories: [] });
    expect(await checksOf(id)).toEqual([
      { check: 'questionnaire', outcome: 'pass', reason_code: 'questionnaire_answered', category: 'questionnaire' },
    ]);
  });

  it('questionnaire_answered: review holds answered sessions for a reviewer with flag category questionnaire', async () => {
    const workflowId = await workflow({ steps: steps(true), flag_settings: { questionnaire_answered: 'review' } });
    const { session } = await questionnaireSession(workflowId, true);
    expect(session).toMatchObject({ review_status: 'requires_review', flag_categories: ['questionnaire'] });
  });

  it('a skipped optional questionnaire is recorded (questionnaire_skipped) and flags only when set to review', async () => {
    const plain = await questionnaireSession(await workflow({ steps: steps(false) }), false);
    expect(plain.session).toMatchObject({ review_status: 'automatic_pass', flag_categories: [] });
    expect(await checksOf(plain.id)).toEqual([expect.objectContaining({ outcome: 'info', reason_code: 'questionnaire_skipped' })]);
    const held = await questionnaireSession(
      await workflow({ steps: steps(false), flag_settings: { questionnaire_skipped: 'review' } }),
      false,
    );
    expect(held.session).toMatchObject({ review_status: 'requires_review', flag_categories: ['questionnaire'] });
  });
});
