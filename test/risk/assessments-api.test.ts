// The /risk-assessments/v2 surface without a worker: beta gate, credentials, create (both subject
// shapes), list, reads, run control commands and every state move that needs no agent, tasks,
// canvas compare-and-set, catalogues, and workspace isolation.
import crypto from 'node:crypto';
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { BASE, organization, riskClient } from './risk-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof riskClient>;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { riskAssessments: true });
  api = riskClient(platform, tenant.apiKey);
});
afterAll(() => platform.close());

async function draft(body: Record<string, unknown> = {}): Promise<string> {
  const created = await api.create(body);
  expect(created.status).toBe(201);
  return created.body.result.assessment.assessment_id;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body: untyped JSON whose shape the test asserts
function expectError(response: { status: number; body: any }, status: number, code: string) {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
  expect(response.body).toEqual({ status, msg: expect.any(String), error: { code, message: response.body.msg } });
}

describe('access', () => {
  it('[risk.auth] answers 403 risk_beta_not_enabled to an application without the beta, on REST and GraphQL', async () => {
    const plain = await createTestTenant(platform);
    expectError(
      await request(platform.restUrl, 'GET', `${BASE}/assessments`, { headers: auth.apiKey(plain.apiKey) }),
      403,
      'risk_beta_not_enabled',
    );
    expectError(await riskClient(platform, plain.apiKey).create({}), 403, 'risk_beta_not_enabled');
    const viaGraphql = await graphql(platform, auth.apiKey(plain.apiKey), '{ riskWorkflows { id } }');
    expect(viaGraphql.body.errors[0].extensions.code).toBe('risk_beta_not_enabled');
  });

  it('[risk.auth] [risk.assessments.get] accepts Authorization: Api-Key and the legacy X-Api-Key; refuses a missing or unknown key', async () => {
    const id = await draft();
    expect((await riskClient(platform, tenant.apiKey, auth.xApiKey).get(id)).status).toBe(200);
    expectError(await request(platform.restUrl, 'GET', `${BASE}/assessments/${id}`), 401, 'missing_authentication');
    expectError(await riskClient(platform, 'vgl_nope').get(id), 401, 'unauthorized');
  });

  it('hides assessments of another workspace exactly like absent ones', async () => {
    const id = await draft();
    const sibling = await createSiblingWorkspace(platform, tenant);
    await platform.db.application.update({ where: { id: sibling.applicationId }, data: { entitlements: { riskAssessments: true } } });
    const other = riskClient(platform, sibling.apiKey);
    const foreign = await other.get(id);
    const absent = await other.get('ra_doesnotexist');
    expectError(foreign, 404, 'assessment_not_found');
    expect(foreign.body).toEqual(absent.body);
    for (const path of ['summary', 'tasks', 'trajectory', 'canvas'])
      expectError(await other.call('GET', `/assessments/${id}/${path}`), 404, 'assessment_not_found');
    expectError(await other.start(id), 404, 'assessment_not_found');
    expectError(await other.command(id, { type: 'cancel' }), 404, 'assessment_not_found');
    expect((await other.call('GET', '/assessments')).body.result.assessments).toEqual([]);
  });
});

describe('create', () => {
  it('[risk.assessments.create] [risk.assessments.resources] creates a draft from registration_id + jurisdiction, with subject ids, tasks and an empty canvas', async () => {
    const created = await api.create({
      title: 'KYB one',
      purpose: 'onboarding',
      context: { purpose: 'onboarding', description: 'new merchant' },
      subjects: [organization({ persons: [{ name: 'Jane Roe', role: 'director' }] })],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 201, msg: 'success' });
    const assessment = created.body.result.assessment;
    expect(assessment).toMatchObject({
      assessment_id: expect.stringMatching(/^ra_/),
      title: 'KYB one',
      workflow_id: 'kyb_standard',
      status: 'draft',
      risks: [],
      canvas_version: 0,
      latest_run: null,
      context: { purpose: 'onboarding', description: 'new merchant' },
    });
    expect(assessment.subjects[0]).toMatchObject({
      subject_id: expect.stringMatching(/^subj_/),
      type: 'organization',
      registration_id: 'HRB 123456',
      jurisdiction: { country: 'DE' },
      persons: [{ person_id: expect.any(String), name: 'Jane Roe', role: 'director' }],
    });
    expect(assessment.task_status_counts).toEqual({ pending: 5, in_progress: 0, complete: 0, incomplete: 0, requires_review: 0 });
  });

  it('[risk.assessments.create] [risk.assessments.resources] creates from locations[] + registrations[], and an individual with the KYC workflow by default', async () => {
    const nested = await api.create({
      subjects: [
        {
          type: 'organization',
          name: 'Nested Ltd',
          locations: [{ type: 'registered_office', country: 'gb' }],
          registrations: [
            { registration_id: '0123', registry_name: 'Companies House', jurisdiction: { level: 'national', country: 'GB' } },
          ],
        },
      ],
    });
    expect(nested.status).toBe(201);
    expect(nested.body.result.assessment.subjects[0]).toMatchObject({
      locations: [{ type: 'registered_office', country: 'GB' }],
      registrations: [{ registration_id: '0123', registry_name: 'Companies House', jurisdiction: { level: 'national', country: 'GB' } }],
    });
    const person = await api.create({
      subjects: [{ type: 'individual', name: 'Ada Lovelace', date_of_birth: '1815-12-10', nationality: 'GB' }],
    });
    expect(person.body.result.assessment.workflow_id).toBe('kyc_standard');
  });

  it.each([
    [
      'both subject shapes',
      {
        subjects: [
          organization({
            locations: [{ type: 'office', country: 'DE' }],
            registrations: [{ registration_id: '1', jurisdiction: { country: 'DE' } }],
          }),
        ],
      },
      'subjects[0]',
    ],
    ['neither subject shape', { subjects: [{ type: 'organization', name: 'Bare GmbH' }] }, 'subjects[0]'],
    ['registration_id without jurisdiction', { subjects: [{ type: 'organization', name: 'X', registration_id: '1' }] }, 'jurisdiction'],
    ['no subjects', { subjects: [] }, 'subjects'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a bad country', { subjects: [organization({ jurisdiction: { country: 'Germany' } })] }, 'country'],
    ['an empty title', { title: '' }, 'title'],
  ])('refuses %s with 400 schema_validation_failed naming the field', async (_name, body, field) => {
    const response = await api.create(body);
    expectError(response, 400, 'schema_validation_failed');
    expect(response.body.msg).toContain(field);
  });

  it('[risk.assessments.create] refuses an unknown workflow with 404 risk_workflow_not_found', async () => {
    expectError(await api.create({ workflow_id: 'nope' }), 404, 'risk_workflow_not_found');
  });

  it('keeps subjects sealed at rest', async () => {
    const id = await draft({ subjects: [organization({ name: 'Very Secret Holdings' })] });
    const row = await platform.db.riskAssessment.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row.subjects)).not.toContain('Very Secret');
  });
});

describe('list', () => {
  it('[risk.assessments.list] filters by status and task_status comma lists, sorts, and pages with a cursor', async () => {
    const own = await createTestTenant(platform, { riskAssessments: true });
    const client = riskClient(platform, own.apiKey);
    const ids: string[] = [];
    for (const title of ['c', 'a', 'b']) ids.push((await client.create({ title })).body.result.assessment.assessment_id);
    await client.start(ids[0]);
    await client.call('PATCH', `/assessments/${ids[1]}/tasks/${(await client.tasks(ids[1])).body.result.tasks[0].task_id}`, {
      status: 'in_progress',
    });

    const running = await client.call('GET', '/assessments?status=running');
    expect(running.body.result.assessments.map((a: { assessment_id: string }) => a.assessment_id)).toEqual([ids[0]]);
    const both = await client.call('GET', '/assessments?status=running,draft&sort_by=title&sort_direction=asc');
    expect(both.body.result.assessments.map((a: { title: string }) => a.title)).toEqual(['a', 'b', 'c']);
    const inProgress = await client.call('GET', '/assessments?task_status=in_progress');
    expect(inProgress.body.result.assessments.map((a: { assessment_id: string }) => a.assessment_id)).toEqual([ids[1]]);
    expect((await client.call('GET', '/assessments?task_status=in_progress,complete&status=running')).body.result.assessments).toEqual([]);

    const first = await client.call('GET', '/assessments?sort_by=title&sort_direction=desc&limit=2');
    expect(first.body.result).toMatchObject({ has_more: true, total_count: 3 });
    expect(first.body.result.assessments.map((a: { title: string }) => a.title)).toEqual(['c', 'b']);
    const second = await client.call(
      'GET',
      `/assessments?sort_by=title&sort_direction=desc&limit=2&cursor=${first.body.result.next_cursor}`,
    );
    expect(second.body.result).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.body.result.assessments.map((a: { title: string }) => a.title)).toEqual(['a']);
  });

  it.each([
    ['status=nope'],
    ['task_status=done'],
    ['sort_by=colour'],
    ['sort_direction=up'],
    ['limit=0'],
    ['limit=101'],
    ['cursor=garbage'],
  ])('refuses %s with 400', async (query) => {
    expectError(await api.call('GET', `/assessments?${query}`), 400, 'schema_validation_failed');
  });
});

describe('run control without an agent', () => {
  it('[risk.assessments.start] [risk.assessments.commands] [risk.assessments.states] walks start, steer, stop, resume, cancel, reopen and start again, refusing inadmissible moves with 409', async () => {
    const id = await draft();
    expectError(await api.command(id, { type: 'stop' }), 409, 'assessment_invalid_transition');
    expectError(await api.call('POST', `/assessments/${id}/conclude`, { decision: 'approved' }), 409, 'assessment_invalid_transition');
    expectError(await api.call('POST', `/assessments/${id}/reopen`, { reason: 'x' }), 409, 'assessment_invalid_transition');

    const started = await api.start(id, 'first');
    expect(started.status).toBe(200);
    expect(started.body.result.assessment.status).toBe('running');
    const run = started.body.result.run;
    expect(run).toMatchObject({
      run_id: expect.stringMatching(/^run_/),
      status: 'running',
      reason: 'first',
      agent: 'vigil-deterministic-v1',
    });
    expectError(await api.start(id), 409, 'assessment_invalid_transition');

    expectError(await api.command(id, { type: 'input', message: 'hello' }), 409, 'assessment_invalid_transition');
    expectError(await api.command(id, { type: 'input' }), 400, 'schema_validation_failed');
    expectError(await api.command(id, { type: 'steer', run_id: 'run_other' }), 409, 'assessment_run_mismatch');
    expectError(await api.command(id, { type: 'jump' }), 400, 'schema_validation_failed');

    const steer = await api.command(id, {
      type: 'steering',
      run_id: run.run_id,
      message: 'focus on the directors',
      artifact_refs: [{ kind: 'note', id: 'n1' }],
    });
    expect(steer.status).toBe(202);
    expect(steer.body.result).toMatchObject({
      command: { command_id: expect.stringMatching(/^cmd_/), type: 'steering', run_id: run.run_id },
      status: 'running',
    });

    const stopped = await api.command(id, { type: 'stop', reason: 'waiting for documents' });
    expect(stopped.body.result).toMatchObject({ status: 'interrupted', latest_run: { status: 'interrupted' } });
    expectError(await api.command(id, { type: 'stop' }), 409, 'assessment_invalid_transition');
    expectError(await api.command(id, { type: 'steer' }), 400, 'schema_validation_failed');
    expect((await api.command(id, { type: 'steer', prompt: 'still there?' })).status).toBe(202);
    expect((await api.command(id, { type: 'resume' })).body.result.status).toBe('running');
    expect((await api.command(id, { type: 'cancel', reason: 'client withdrew' })).body.result).toMatchObject({
      status: 'cancelled',
      latest_run: { status: 'cancelled' },
    });
    expectError(await api.command(id, { type: 'resume' }), 409, 'assessment_invalid_transition');
    expectError(await api.command(id, { type: 'cancel' }), 409, 'assessment_invalid_transition');
    expectError(await api.command(id, { type: 'steer', message: 'x' }), 409, 'assessment_invalid_transition');

    expectError(await api.call('POST', `/assessments/${id}/reopen`, {}), 400, 'schema_validation_failed');
    expect((await api.call('POST', `/assessments/${id}/reopen`, { reason: 'client is back' })).body.result.assessment.status).toBe(
      'reopened',
    );
    const again = await api.start(id, 'second');
    expect(again.body.result.run.run_id).not.toBe(run.run_id);
    expectError(await api.command(id, { type: 'stop', run_id: run.run_id }), 409, 'assessment_run_mismatch');

    const trajectory = await api.trajectory(id);
    const moves = trajectory.body.result.events
      .filter((e: { type: string }) => e.type === 'status_changed')
      .map((e: { data: { from: string; to: string } }) => `${e.data.from}>${e.data.to}`);
    expect(moves).toEqual([
      'draft>running',
      'running>interrupted',
      'interrupted>running',
      'running>cancelled',
      'cancelled>reopened',
      'reopened>running',
    ]);
    expect(
      trajectory.body.result.events.filter((e: { type: string }) => e.type === 'steering').map((e: { message: string }) => e.message),
    ).toEqual(['focus on the directors', 'still there?']);
  });

  it('cancels a draft; a cancelled assessment cannot be concluded', async () => {
    const id = await draft();
    expect((await api.command(id, { type: 'cancel' })).body.result).toMatchObject({ status: 'cancelled', latest_run: null });
    expectError(await api.call('POST', `/assessments/${id}/conclude`, { decision: 'approved' }), 409, 'assessment_invalid_transition');
  });

  it('[risk.assessments.states] concludes a reopened assessment and validates the decision', async () => {
    const id = await draft();
    await api.command(id, { type: 'cancel' });
    await api.call('POST', `/assessments/${id}/reopen`, { reason: 'review anyway' });
    expectError(await api.call('POST', `/assessments/${id}/conclude`, { decision: 'maybe' }), 400, 'schema_validation_failed');
    const concluded = await api.call('POST', `/assessments/${id}/conclude`, { decision: 'approved', note: 'fine' });
    expect(concluded.body.result.assessment).toMatchObject({
      status: 'concluded',
      concluded_at: expect.any(String),
      conclusion: { decision: 'approved', note: 'fine', concluded_by: tenant.applicationId },
    });
  });
});

describe('reads', () => {
  it('[risk.assessments.summary] [risk.assessments.tasks] [risk.assessments.trajectory] serves summary, tasks and a trajectory paged by after_sequence in both directions', async () => {
    const id = await draft();
    await api.start(id);
    await api.command(id, { type: 'stop' });
    await api.command(id, { type: 'resume' });
    const summary = await api.summary(id);
    expect(summary.body.result.summary).toMatchObject({
      assessment_id: id,
      status: 'running',
      task_status_counts: { pending: 5 },
      client_risk_rating_counts: { low: 0, medium: 0, high: 0, prohibited: 0 },
      latest_run: { status: 'running' },
      ready_at: null,
      concluded_at: null,
    });
    const tasks = await api.tasks(id);
    expect(tasks.body.result).toMatchObject({
      task_status_counts: { pending: 5 },
      questions: [],
      confirmations: [],
      client_risk_ratings: [],
    });
    expect(tasks.body.result.tasks.map((t: { template_key: string }) => t.template_key)).toEqual([
      'registration',
      'screening',
      'jurisdictions',
      'questions',
      'rating',
    ]);

    const all = await api.trajectory(id);
    expect(all.body.result).toMatchObject({ has_more: false, last_sequence: 3 });
    expect(all.body.result.events.map((e: { sequence: number }) => e.sequence)).toEqual([1, 2, 3]);
    const page = await api.trajectory(id, '?after_sequence=1&limit=1');
    expect(page.body.result).toMatchObject({
      has_more: true,
      events: [{ sequence: 2, type: 'status_changed', actor: tenant.applicationId }],
    });
    const desc = await api.trajectory(id, '?sort_direction=desc');
    expect(desc.body.result.events.map((e: { sequence: number }) => e.sequence)).toEqual([3, 2, 1]);
    expectError(await api.trajectory(id, '?limit=501'), 400, 'schema_validation_failed');
    expectError(await api.trajectory(id, '?after_sequence=-1'), 400, 'schema_validation_failed');
  });
});

describe('tasks', () => {
  it('[risk.assessments.task-patch] moves a task along the task table, merges context and refuses other moves with 409', async () => {
    const id = await draft();
    const task = (await api.tasks(id)).body.result.tasks[0];
    const path = `/assessments/${id}/tasks/${task.task_id}`;
    const moved = await api.call('PATCH', path, { status: 'in_progress', context: { note: 'called the registry' } });
    expect(moved.body.result.task).toMatchObject({ status: 'in_progress', context: { note: 'called the registry' } });
    expectError(await api.call('PATCH', path, { status: 'pending' }), 409, 'task_invalid_transition');
    const review = await api.call('PATCH', path, { status: 'requires_review' });
    expect(review.body.result.task.requires_review_at).toEqual(expect.any(String));
    const done = await api.call('PATCH', path, {
      status: 'complete',
      resolution: { outcome: 'verified', note: 'registry extract matches' },
    });
    expect(done.body.result.task).toMatchObject({
      status: 'complete',
      completed_at: expect.any(String),
      resolution: { outcome: 'verified', note: 'registry extract matches', by: tenant.applicationId },
    });
    expectError(await api.call('PATCH', path, { status: 'incomplete' }), 409, 'task_invalid_transition');
    expectError(await api.call('PATCH', path, { evidence_ids: ['evd_unknown'] }), 404, 'evidence_not_found');
    expectError(await api.call('PATCH', path, { status: 'finished' }), 400, 'schema_validation_failed');
    expectError(await api.call('PATCH', `/assessments/${id}/tasks/task_nope`, { status: 'complete' }), 404, 'task_not_found');
    expectError(await api.call('PATCH', `/assessments/${id}/risks/risk_nope`, { status: 'resolved' }), 404, 'risk_not_found');

    await api.command(id, { type: 'cancel' });
    expectError(await api.call('PATCH', path, { status: 'requires_review' }), 409, 'assessment_invalid_transition');
  });
});

describe('canvas', () => {
  it('[risk.assessments.canvas] starts at version 0 and saves only with the current expected_version', async () => {
    const id = await draft();
    expect((await api.call('GET', `/assessments/${id}/canvas`)).body.result.canvas).toEqual({ state: {}, version: 0 });
    const saved = await api.call('PUT', `/assessments/${id}/canvas`, { state: { layout: ['risks'] }, expected_version: 0 });
    expect(saved.body.result.canvas).toEqual({ state: { layout: ['risks'] }, version: 1 });
    const stale = await api.call('PUT', `/assessments/${id}/canvas`, { state: { layout: [] }, expected_version: 0 });
    expectError(stale, 409, 'canvas_version_conflict');
    expect(stale.body.msg).toContain('version is 1');
    expect((await api.call('GET', `/assessments/${id}/canvas`)).body.result.canvas).toEqual({ state: { layout: ['risks'] }, version: 1 });
    expectError(await api.call('PUT', `/assessments/${id}/canvas`, { state: {} }), 400, 'schema_validation_failed');
    expect(
      (await api.call('PUT', `/assessments/${id}/canvas`, { state: { layout: [] }, expected_version: 1 })).body.result.canvas.version,
    ).toBe(2);
  });
});

describe('uploads', () => {
  const upload = (id: string, body: Buffer, contentType: string, query = '') =>
    request(platform.restUrl, 'POST', `${BASE}/assessments/${id}/uploads${query}`, {
      headers: { ...auth.apiKey(tenant.apiKey), 'content-type': contentType, 'x-file-name': 'extract.pdf' },
      rawBody: body,
    });

  it('[risk.assessments.task-patch] stores an evidence file, attaches it to a task, and serves the same bytes back', async () => {
    const id = await draft();
    const task = (await api.tasks(id)).body.result.tasks[0];
    const bytes = Buffer.from('%PDF-1.4 registry extract');
    const stored = await upload(id, bytes, 'application/pdf', `?task_id=${task.task_id}`);
    expect(stored.status).toBe(201);
    const evidence = stored.body.result.evidence;
    expect(evidence).toMatchObject({
      evidence_id: expect.stringMatching(/^evd_/),
      kind: 'upload',
      file_name: 'extract.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    });
    expect((await api.tasks(id)).body.result.tasks[0].evidence_ids).toEqual([evidence.evidence_id]);
    const back = await fetch(`${platform.restUrl}${BASE}/assessments/${id}/uploads/${evidence.evidence_id}`, {
      headers: auth.apiKey(tenant.apiKey),
    });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer())).toEqual(bytes);
    const other = await draft();
    const patched = await api.call('PATCH', `/assessments/${id}/tasks/${(await api.tasks(id)).body.result.tasks[1].task_id}`, {
      evidence_ids: [evidence.evidence_id],
    });
    expect(patched.body.result.task.evidence_ids).toEqual([evidence.evidence_id]);
    expectError(
      await api.call('PATCH', `/assessments/${other}/tasks/${(await api.tasks(other)).body.result.tasks[0].task_id}`, {
        evidence_ids: [evidence.evidence_id],
      }),
      404,
      'evidence_not_found',
    );
    expectError(
      await request(platform.restUrl, 'GET', `${BASE}/assessments/${other}/uploads/${evidence.evidence_id}`, {
        headers: auth.apiKey(tenant.apiKey),
      }),
      404,
      'evidence_not_found',
    );
  });

  it('refuses other content types (415), empty bodies (400), unknown tasks and assessments (404)', async () => {
    const id = await draft();
    expectError(await upload(id, Buffer.from('MZ'), 'application/x-msdownload'), 415, 'evidence_type_unsupported');
    expectError(await upload(id, Buffer.alloc(0), 'application/pdf'), 400, 'schema_validation_failed');
    expectError(await upload(id, Buffer.from('x'), 'text/plain', '?task_id=task_nope'), 404, 'task_not_found');
    expectError(await upload('ra_nope', Buffer.from('x'), 'text/plain'), 404, 'assessment_not_found');
    expect((await platform.db.riskEvidence.findMany({ where: { assessmentId: id } })).length).toBe(0);
  });
});

describe('catalogues', () => {
  it('lists workflows and scorecards and serves the dated FATF table', async () => {
    const workflows = await api.call('GET', '/workflows');
    expect(workflows.body.result.workflows.map((w: { workflow_id: string }) => w.workflow_id)).toEqual(['kyb_standard', 'kyc_standard']);
    expect((await api.call('GET', '/workflows/kyc_standard')).body.result.workflow).toMatchObject({
      subject_type: 'individual',
      scorecard_id: 'standard_v1',
    });
    expectError(await api.call('GET', '/workflows/nope'), 404, 'risk_workflow_not_found');
    const scorecard = await api.call('GET', '/scorecards/standard_v1');
    expect(scorecard.body.result.scorecard).toMatchObject({
      severity_points: { critical: 70 },
      category_weights: { sanctions: 1.5 },
      critical_sanctions_prohibits: true,
    });
    expect((await api.call('GET', '/scorecards')).body.result.scorecards).toHaveLength(1);
    expectError(await api.call('GET', '/scorecards/nope'), 404, 'risk_scorecard_not_found');
    const table = await api.call('GET', '/jurisdiction-risk-table');
    expect(table.body.result).toMatchObject({ publisher: expect.stringContaining('FATF'), published_on: '2025-10-24' });
    expect(table.body.result.lists.find((l: { key: string }) => l.key === 'call_for_action').countries).toEqual(['KP', 'IR', 'MM']);
  });
});
