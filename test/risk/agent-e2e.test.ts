// End to end: a named person on the shipped UN list is found by the agent, which raises a
// critical risk, asks a question, waits, takes the answer, reaches ready_for_review; the
// assessment is concluded, then reopened.
import { createTestTenant, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { request } from '../helpers/test-platform';
import { pdfText } from './pdf-text';
import { allSequences, BASE, loadUnList, organization, riskClient, UN_LISTED_PERSON } from './risk-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof riskClient>;

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform, { riskAssessments: true });
  api = riskClient(platform, tenant.apiKey);
  await loadUnList(platform);
}, 120_000);
afterAll(() => platform.close());

it('[risk.assessments.commands] finds the sanctioned director, asks, waits, takes the answer, and is concluded then reopened', async () => {
  const created = await api.create({
    title: 'KYB Harbour Lights',
    subjects: [organization({ persons: [{ name: UN_LISTED_PERSON, role: 'director' }] })],
  });
  expect(created.status).toBe(201);
  const id = created.body.result.assessment.assessment_id;
  expect(created.body.result.assessment.status).toBe('draft');

  const started = await api.start(id, 'new client');
  expect(started.status).toBe(200);
  expect(started.body.result.assessment.status).toBe('running');
  const runId = started.body.result.run.run_id;

  await api.waitFor(id, ['waiting_for_user']);
  const document = await api.get(id);
  const critical = document.body.result.assessment.risks.find(
    (risk: { severity: string; category: string }) => risk.severity === 'critical' && risk.category === 'sanctions',
  );
  expect(critical).toBeDefined();
  expect(critical.title).toContain(UN_LISTED_PERSON);
  expect(critical.evidence_ids.length).toBe(1);
  const tasks = await api.tasks(id);
  const question = tasks.body.result.questions[0];
  expect(question).toMatchObject({ run_id: runId, answered: false });
  expect(question.prompt).toContain('critical');
  const screening = tasks.body.result.tasks.find((task: { template_key: string }) => task.template_key === 'screening');
  expect(screening.status).toBe('requires_review');
  expect(screening.evidence_ids).toContain(critical.evidence_ids[0]);
  expect(tasks.body.result.confirmations.map((c: { task_id: string }) => c.task_id)).toContain(screening.task_id);

  const answered = await api.command(id, {
    type: 'input',
    run_id: runId,
    message: 'Same name only; our director was born in 1980 in Hamburg.',
  });
  expect(answered.status).toBe(202);
  expect(answered.body.result.status).toBe('running');

  const ready = await api.waitFor(id, ['ready_for_review']);
  expect(ready.body.result.summary.ready_at).toEqual(expect.any(String));
  expect(ready.body.result.summary.client_risk_rating_counts.prohibited).toBe(1);
  const after = await api.tasks(id);
  expect(after.body.result.questions[0]).toMatchObject({ answered: true, answer: expect.stringContaining('Hamburg') });
  expect(after.body.result.client_risk_ratings[0]).toMatchObject({
    rating: 'prohibited',
    explanation: expect.stringContaining('sanctions'),
  });

  const concluded = await api.call('POST', `/assessments/${id}/conclude`, { decision: 'rejected', note: 'confirmed match' });
  expect(concluded.status).toBe(200);
  expect(concluded.body.result.assessment).toMatchObject({
    status: 'concluded',
    conclusion: { decision: 'rejected', note: 'confirmed match' },
  });
  const report = await fetch(`${platform.restUrl}${BASE}/assessments/${id}/report`, {
    headers: { Authorization: `Api-Key ${tenant.apiKey}` },
  });
  expect(report.status).toBe(200);
  expect(report.headers.get('content-type')).toBe('application/pdf');
  const text = pdfText(Buffer.from(await report.arrayBuffer()));
  expect(text).toContain('KYB Harbour Lights');
  expect(text).toContain('PROHIBITED');
  expect(text).toContain(`Sanctions match: ${UN_LISTED_PERSON}`);
  expect(text).toContain('rejected');
  expect(
    (
      await request(platform.restUrl, 'GET', `${BASE}/assessments/ra_nope/report`, {
        headers: { Authorization: `Api-Key ${tenant.apiKey}` },
      })
    ).body.error.code,
  ).toBe('assessment_not_found');

  const reopened = await api.call('POST', `/assessments/${id}/reopen`, { reason: 'new documents arrived' });
  expect(reopened.status).toBe(200);
  expect(reopened.body.result.assessment.status).toBe('reopened');

  const sequences = await allSequences(api, id);
  expect(sequences).toEqual(sequences.map((_, index) => index + 1));
}, 120_000);
