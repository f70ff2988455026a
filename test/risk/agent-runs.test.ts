// The built-in agent on a real worker: a clean business reaches ready_for_review without
// questions; a business registered in a FATF call-for-action country gets a critical
// jurisdiction risk with its FATF source, waits for an answer given as payload.answer; risks then
// move along the risk table; an individual with missing data gets a data-quality risk (KYC).
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { typedClient } from '../typed-client/dashboard-client';
import { AssessmentEvidenceDocument, AssessmentTrajectoryDocument } from '../typed-client/dashboard-types.generated';
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

async function startNew(body: Record<string, unknown>): Promise<string> {
  const id = (await api.create(body)).body.result.assessment.assessment_id;
  expect((await api.start(id)).status).toBe(200);
  return id;
}

it('[risk.assessments.states] takes a clean business to ready_for_review with a low rating and every task complete', async () => {
  const id = await startNew({ subjects: [organization({ name: 'Qzxv Plorbt Bakery GmbH' })] });
  const ready = await api.waitFor(id, ['ready_for_review']);
  expect(ready.body.result.summary).toMatchObject({
    task_status_counts: { complete: 5 },
    client_risk_rating_counts: { low: 1 },
    latest_run: { status: 'completed', steps_completed: expect.any(Number) },
  });
  const tasks = await api.tasks(id);
  expect(tasks.body.result.questions).toEqual([]);
  expect(tasks.body.result.client_risk_ratings[0]).toMatchObject({
    rating: 'low',
    score: 0,
    explanation: expect.stringContaining('no active risks'),
  });
  const screening = tasks.body.result.tasks.find((t: { template_key: string }) => t.template_key === 'screening');
  expect(screening.evidence_ids).toHaveLength(1);
  const types = (await api.trajectory(id)).body.result.events.map((e: { type: string }) => e.type);
  expect(types).toEqual(
    expect.arrayContaining([
      'task_started',
      'registration_checked',
      'screened',
      'jurisdictions_checked',
      'no_questions',
      'client_rated',
      'run_completed',
    ]),
  );
  const sequences = await allSequences(api, id, 5);
  expect(sequences).toEqual(sequences.map((_, index) => index + 1));
}, 90_000);

it('[risk.assessments.get] [risk.assessments.commands] [risk.assessments.states] [risk.assessments.resources] raises a FATF jurisdiction risk, waits for the answer, and moves risks along the risk table', async () => {
  const id = await startNew({ subjects: [organization({ name: 'Qzxv Tehran Trading', jurisdiction: { country: 'IR' } })] });
  await api.waitFor(id, ['waiting_for_user']);
  const document = (await api.get(id)).body.result.assessment;
  const risk = document.risks.find((r: { category: string }) => r.category === 'jurisdiction');
  expect(risk).toMatchObject({
    severity: 'critical',
    status: 'active',
    subject_ids: [document.subjects[0].subject_id],
    source_urls: [expect.stringContaining('fatf-gafi.org')],
  });
  expect(risk.summary).toContain('2025-10-24');

  const answered = await api.command(id, { type: 'user_input', payload: { answer: 'Branch office only; licence OFSI-123 on file.' } });
  expect(answered.body.result.status).toBe('running');
  await api.waitFor(id, ['ready_for_review']);
  const tasks = (await api.tasks(id)).body.result;
  expect(tasks.questions[0]).toMatchObject({ answered: true, answer: 'Branch office only; licence OFSI-123 on file.' });
  expect(tasks.client_risk_ratings[0].rating).toBe('high');

  const path = `/assessments/${id}/risks/${risk.risk_id}`;
  const accepted = await api.call('PATCH', path, { status: 'accepted', note: 'licence verified' });
  expect(accepted.body.result.risk).toMatchObject({ status: 'accepted', note: 'licence verified' });
  const blocked = await api.call('PATCH', path, { status: 'resolved' });
  expect({ status: blocked.status, code: blocked.body.error.code }).toEqual({ status: 409, code: 'risk_invalid_transition' });
  expect((await api.call('PATCH', path, { status: 'active' })).body.result.risk.status).toBe('active');
  expect((await api.call('PATCH', path, { status: 'false_positive' })).body.result.risk.status).toBe('false_positive');
  const bad = await api.call('PATCH', path, { status: 'gone' });
  expect(bad.status).toBe(400);

  expect((await api.call('POST', `/assessments/${id}/conclude`, { decision: 'approved' })).body.result.assessment.status).toBe('concluded');
  const closed = await api.call('PATCH', path, { status: 'active' });
  expect({ status: closed.status, code: closed.body.error.code }).toEqual({ status: 409, code: 'assessment_invalid_transition' });
}, 90_000);

it("[risk.assessments.trajectory] keeps every event's details: REST data exactly as stored, GraphQL details typed per event type", async () => {
  const id = await startNew({ subjects: [organization({ name: 'Qzxv Caspian Freight', jurisdiction: { country: 'IR' } })] });
  await api.waitFor(id, ['waiting_for_user']);
  expect(
    (
      await api.command(id, {
        type: 'steer',
        message: 'look at the directors',
        payload: { source: 'analyst' },
        artifact_refs: [{ kind: 'note', ref: 'n1' }],
      })
    ).status,
  ).toBe(202);
  expect((await api.command(id, { type: 'input', message: 'Branch office only.' })).status).toBe(202);
  await api.waitFor(id, ['ready_for_review']);
  const task = (await api.tasks(id)).body.result.tasks[0];
  expect((await api.call('PATCH', `/assessments/${id}/tasks/${task.task_id}`, { status: 'requires_review' })).status).toBe(200);
  const bytes = Buffer.from('registry extract');
  const uploaded = await request(platform.restUrl, 'POST', `${BASE}/assessments/${id}/uploads?task_id=${task.task_id}`, {
    headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'text/plain', 'x-file-name': 'extract.txt' },
    rawBody: bytes,
  });
  const risk = (await api.get(id)).body.result.assessment.risks.find((r: { category: string }) => r.category === 'jurisdiction');
  expect(
    (await api.call('PATCH', `/assessments/${id}/risks/${risk.risk_id}`, { status: 'accepted', note: 'licence verified' })).status,
  ).toBe(200);
  expect((await api.call('POST', `/assessments/${id}/conclude`, { decision: 'approved', note: 'all clear' })).status).toBe(200);
  expect((await api.call('POST', `/assessments/${id}/reopen`, { reason: 'new filing' })).status).toBe(200);

  // REST: the same data the platform stored, key for key, for every event.
  const stored = await platform.db.riskTrajectoryEvent.findMany({ where: { assessmentId: id }, orderBy: { sequence: 'asc' } });
  const served = (await api.trajectory(id, '?limit=500')).body.result.events as { sequence: number; type: string; data: unknown }[];
  expect(served.map((e) => [e.sequence, e.type, e.data])).toEqual(stored.map((e) => [e.sequence, e.type, e.data]));

  // GraphQL: each event type answers with its member of TrajectoryEventDetails.
  const run = typedClient(platform.gatewayUrl, auth.apiKey(tenant.apiKey));
  const events = (await run(AssessmentTrajectoryDocument, { id, first: 500 })).riskAssessment!.trajectory.events;
  expect(Object.fromEntries(events.map((e) => [e.type, e.details.__typename]))).toEqual({
    status_changed: 'StatusChangeDetails',
    task_started: 'AgentTaskDetails',
    task_finished: 'AgentTaskDetails',
    registration_checked: 'RegistrationCheckDetails',
    screened: 'ScreeningStepDetails',
    jurisdictions_checked: 'JurisdictionCheckDetails',
    question_asked: 'AgentStepDetails',
    steering: 'CommandDetails',
    answer_recorded: 'AnswersRecordedDetails',
    client_rated: 'ClientRatingDetails',
    run_completed: 'AgentStepDetails',
    task_updated: 'TaskUpdateDetails',
    evidence_uploaded: 'EvidenceUploadDetails',
    risk_updated: 'RiskUpdateDetails',
  });
  const details = events.map((e) => e.details);
  const moves = details.filter((d) => d.__typename === 'StatusChangeDetails');
  expect(moves).toEqual([
    expect.objectContaining({ statusFrom: 'draft', statusTo: 'running', trigger: 'start', reason: 'onboarding', command: null }),
    expect.objectContaining({ statusFrom: 'running', statusTo: 'waiting_for_user', trigger: 'agent_asks', reason: null }),
    expect.objectContaining({
      statusFrom: 'waiting_for_user',
      statusTo: 'running',
      trigger: 'input',
      reason: null,
      command: expect.objectContaining({ type: 'input', payload: {}, artifactRefs: [] }),
    }),
    expect.objectContaining({ statusFrom: 'running', statusTo: 'ready_for_review', trigger: 'agent_completes' }),
    expect.objectContaining({
      statusFrom: 'ready_for_review',
      statusTo: 'concluded',
      trigger: 'conclude',
      decision: 'approved',
      note: 'all clear',
    }),
    expect.objectContaining({ statusFrom: 'concluded', statusTo: 'reopened', trigger: 'reopen', reason: 'new filing' }),
  ]);
  expect(details).toContainEqual({
    __typename: 'CommandDetails',
    commandId: expect.stringMatching(/^cmd_/),
    type: 'steer',
    reason: null,
    payload: { source: 'analyst' },
    artifactRefs: [{ kind: 'note', ref: 'n1' }],
  });
  expect(details).toContainEqual({
    __typename: 'TaskUpdateDetails',
    updatedTaskId: task.task_id,
    taskFrom: 'complete',
    taskTo: 'requires_review',
  });
  expect(details).toContainEqual({
    __typename: 'EvidenceUploadDetails',
    evidenceId: uploaded.body.result.evidence.evidence_id,
    taskId: task.task_id,
    size: bytes.length,
  });
  expect(details).toContainEqual({
    __typename: 'RiskUpdateDetails',
    riskId: risk.risk_id,
    riskFrom: 'active',
    riskTo: 'accepted',
    note: 'licence verified',
  });
  expect(details).toContainEqual({
    __typename: 'JurisdictionCheckDetails',
    step: expect.any(String),
    tablePublishedOn: '2025-10-24',
    checked: [expect.objectContaining({ country: 'IR', list: 'call_for_action' })],
  });
  expect(details).toContainEqual(
    expect.objectContaining({ __typename: 'ScreeningStepDetails', personId: null, matchCount: expect.any(Number), strongMatchCount: 0 }),
  );
  expect(details).toContainEqual(expect.objectContaining({ __typename: 'ClientRatingDetails', rating: 'high' }));
  expect(details).toContainEqual(expect.objectContaining({ __typename: 'AgentTaskDetails', taskStatus: null }));
  expect(details).toContainEqual(expect.objectContaining({ __typename: 'AgentTaskDetails', taskStatus: 'complete' }));
}, 90_000);

it('flags missing identity data of an individual (KYC workflow) as a medium data-quality risk', async () => {
  const id = await startNew({ subjects: [{ type: 'individual', name: 'Qzxv Plorbtann', nationality: 'FR' }] });
  await api.waitFor(id, ['ready_for_review']);
  const document = (await api.get(id)).body.result.assessment;
  expect(document.workflow_id).toBe('kyc_standard');
  expect(document.risks).toEqual([
    expect.objectContaining({ category: 'data_quality', severity: 'medium', summary: 'date of birth missing' }),
  ]);
  const identity = (await api.tasks(id)).body.result.tasks.find((t: { template_key: string }) => t.template_key === 'identity');
  expect(identity).toMatchObject({ status: 'incomplete', incomplete_at: expect.any(String) });
  expect(document.client_risk_ratings[0]).toMatchObject({ rating: 'low', score: 8 });
}, 90_000);

it('[risk.assessments.resources] [risk.limits.polling] serves risk tags and task_ids, every trajectory event field, and typed evidence per kind to the typed client', async () => {
  const id = await startNew({
    subjects: [
      organization({
        name: 'Qzxv Evidence Holdings',
        jurisdiction: { country: 'IR' },
        persons: [{ name: UN_LISTED_PERSON, role: 'director' }],
      }),
    ],
  });
  await api.waitFor(id, ['waiting_for_user']);
  const document = (await api.get(id)).body.result.assessment;
  const subject = document.subjects[0];
  const tasks = (await api.tasks(id)).body.result.tasks as { template_key: string; task_id: string }[];
  const taskOf = (key: string) => tasks.find((task) => task.template_key === key)!.task_id;
  expect(document.risks.find((r: { category: string }) => r.category === 'sanctions')).toMatchObject({
    severity: 'critical',
    tags: ['screening', 'sanctions'],
    task_ids: [taskOf('screening')],
    subject_ids: [subject.subject_id],
  });
  expect(document.risks.find((r: { category: string }) => r.category === 'jurisdiction')).toMatchObject({
    tags: ['fatf', 'call_for_action'],
    task_ids: [taskOf('jurisdictions')],
  });

  // Every field of every trajectory event, with its documented type.
  const runId = document.latest_run.run_id;
  const events = (await api.trajectory(id)).body.result.events as Record<string, unknown>[];
  for (const event of events) {
    expect(Object.keys(event).sort()).toEqual(['actor', 'created_at', 'data', 'message', 'run_id', 'sequence', 'type']);
    expect(event).toEqual({
      sequence: expect.any(Number),
      type: expect.any(String),
      message: expect.any(String),
      run_id: runId,
      actor: expect.any(String),
      data: expect.any(Object),
      created_at: expect.any(String),
    });
    expect(new Date(event.created_at as string).toISOString()).toBe(event.created_at);
  }
  expect(events[0]).toMatchObject({
    sequence: 1,
    type: 'status_changed',
    actor: tenant.applicationId,
    data: { from: 'draft', to: 'running' },
  });
  const person = subject.persons[0].person_id;
  const screened = events.find((e) => e.type === 'screened' && (e.data as { person_id: string }).person_id === person);
  expect(screened).toMatchObject({
    actor: 'agent:vigil-deterministic-v1',
    data: { subject_id: subject.subject_id, strong: expect.any(Number) },
  });
  expect((screened!.data as { strong: number }).strong).toBeGreaterThan(0);

  // The upload's REST data stays empty: its file fields sit on the evidence itself.
  const bytes = Buffer.from('registry extract');
  const uploaded = await request(platform.restUrl, 'POST', `${BASE}/assessments/${id}/uploads`, {
    headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'text/plain', 'x-file-name': 'extract.txt' },
    rawBody: bytes,
  });
  expect(uploaded.body.result.evidence).toMatchObject({ kind: 'upload', data: {}, file_name: 'extract.txt', size: bytes.length });

  const run = typedClient(platform.gatewayUrl, auth.apiKey(tenant.apiKey));
  const typed = (await run(AssessmentEvidenceDocument, { id })).riskAssessment!;
  expect(typed.summary).toEqual({ status: 'waiting_for_user', recommendedPollIntervalSeconds: 30 });
  const details = (kind: string) => typed.evidence.filter((e) => e.kind === kind).map((e) => e.details);
  expect(details('registration_check')).toEqual([
    { __typename: 'RegistrationCheckEvidence', subjectId: subject.subject_id, consistent: true, problems: [] },
  ]);
  const searches = details('screening_search');
  expect(searches).toHaveLength(2);
  expect(searches).toContainEqual(
    expect.objectContaining({ __typename: 'ScreeningSearchEvidence', subjectId: subject.subject_id, personId: null }),
  );
  const personSearch = searches.find((d) => d.__typename === 'ScreeningSearchEvidence' && d.personId === person);
  expect(personSearch).toMatchObject({ searchId: expect.any(String), matchCount: expect.any(Number) });
  if (personSearch?.__typename !== 'ScreeningSearchEvidence') throw new Error('no search of the named person');
  expect(personSearch.matches[0]).toMatchObject({
    matchId: expect.any(String),
    listedName: expect.stringContaining('TIKRITI'),
    feeds: ['Sanctions'],
    programs: expect.any(Array),
  });
  expect(personSearch.matches[0].score).toBeGreaterThan(0.9);
  expect(details('jurisdiction_check')).toEqual([
    {
      __typename: 'JurisdictionCheckEvidence',
      publisher: expect.any(String),
      publishedOn: '2025-10-24',
      checked: [{ subjectId: subject.subject_id, country: 'IR', list: 'call_for_action' }],
    },
  ]);
  expect(details('upload')).toEqual([
    {
      __typename: 'UploadEvidence',
      fileName: 'extract.txt',
      contentType: 'text/plain',
      size: bytes.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    },
  ]);

  // Waiting for a person: poll every 30 s (above); once final (here cancelled): stop polling, no hint, no Retry-After.
  await api.command(id, { type: 'cancel', reason: 'test over' });
  const cancelled = await api.summary(id);
  expect(cancelled.body.result.summary).toMatchObject({ status: 'cancelled', recommended_poll_interval_seconds: null });
  expect(cancelled.headers.get('retry-after')).toBeNull();
}, 90_000);
