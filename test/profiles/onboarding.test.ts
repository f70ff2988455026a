// Create-and-screen onboarding through REST and GraphQL against the whole platform: real
// screening on the UN list, real IDV sessions, the real worker (onboarding runs, outcome jobs,
// outbox relay) and webhook delivery to a real HTTP receiver.
import { verifySignature } from '../../subgraphs/idv/webhooks/services/signing';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startWebhookReceiver, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';
import { driveTo, idv } from '../idv/idv-helpers';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';
import { defaultIdvWorkflow, onboard, profileEvents, readOnboarding, taskOf, waitForOnboarding } from './onboarding-helpers';

const LISTED = 'Barzan Ibrahim Hassan al-Tikriti';
const UNLISTED = 'Quillfeather Abernathy Zzyzx';

let platform: TestPlatform;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
    config: { delivery: { webhookAllowPrivateNetworks: true, webhookTimeScale: 0.0001, webhookTimeoutMs: 2000 } },
  });
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un), 60_000);
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await receiver?.close();
});

/** A tenant whose webhook destination posts to the receiver. */
async function tenantWithWebhook(): Promise<{ tenant: TestTenant; secret: string }> {
  const tenant = await createTestTenant(platform);
  const created = await idv(platform, tenant).post('/webhooks', { url: receiver.url });
  expect(created.status).toBe(201);
  await defaultIdvWorkflow(platform, tenant);
  return { tenant, secret: created.body.signing_secret };
}

async function profileCount(tenant: TestTenant): Promise<number> {
  return platform.db.profile.count({ where: { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId } });
}

describe('screening-only onboarding', () => {
  it('[clm.onboarding.endpoint] [psr.events.profile] a listed name: 201 pending with a pending screening task, then potential_match; the search is in history with the profile id; both events delivered and signed', async () => {
    const { tenant, secret } = await tenantWithWebhook();
    const response = await onboard(platform, tenant, {
      name: LISTED,
      kind: 'individual',
      onboarding: { screening: { enabled: true, feeds: ['Sanctions'] } },
    });
    expect(response.status).toBe(201);
    const { profile, tasks, onboarding } = response.body.result;
    expect(profile).toMatchObject({ name: LISTED, kind: 'individual', status: 'pending' });
    expect(tasks).toEqual([{ task_id: expect.stringMatching(/^obt_/), kind: 'screening', status: 'pending' }]);
    expect(onboarding).toMatchObject({
      id: expect.stringMatching(/^onb_/),
      status: 'running',
      sequence: 'screening_first',
      decided_at: null,
    });

    const done = await waitForOnboarding(platform, tenant, profile.id);
    expect(done.profile.status).toBe('potential_match');
    const task = taskOf(done, 'screening');
    expect(task).toMatchObject({
      status: 'completed',
      search_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      started_at: expect.any(String),
      completed_at: expect.any(String),
    });
    const stored = await platform.db.searchRequest.findFirst({ where: { id: task.search_id, tenantId: tenant.tenantId } });
    expect(stored?.profileId).toBe(profile.id);
    expect(
      (await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profile.id}`, { headers: auth.xApiKey(tenant.apiKey) })).body.result
        .profile.status,
    ).toBe('potential_match');

    await waitFor(() => profileEvents(receiver, profile.id).length >= 2, 20_000, 'profile events');
    const events = profileEvents(receiver, profile.id);
    expect(events.map((e) => e.json.type)).toEqual(['profile_status_updated', 'profile_onboarding.completed']);
    expect(events[0].json).toMatchObject({
      kind: 'profile',
      data: {
        profile_id: profile.id,
        previous_status: 'pending',
        new_status: 'potential_match',
        origin: 'onboarding',
        search_id: task.search_id,
      },
      meta: { origin: 'onboarding', new_status: 'potential_match' },
    });
    expect(events[1].json.data).toMatchObject({
      profile_id: profile.id,
      onboarding_id: onboarding.id,
      profile_status: 'potential_match',
      search_id: task.search_id,
      screening_status: 'completed',
    });
    for (const event of events) {
      const { headers, body } = event;
      expect(
        verifySignature(
          secret,
          {
            id: String(headers['webhook-id']),
            timestamp: String(headers['webhook-timestamp']),
            signature: String(headers['webhook-signature']),
          },
          body,
        ),
      ).toBe(true);
      expect(body).not.toContain(LISTED);
    }
  }, 60_000);

  it('[clm.onboarding.endpoint] an unlisted name with default feeds ends clear', async () => {
    const { tenant } = await tenantWithWebhook();
    const response = await onboard(platform, tenant, { name: UNLISTED, kind: 'individual', onboarding: {} });
    expect(response.status).toBe(201);
    const done = await waitForOnboarding(platform, tenant, response.body.result.profile.id);
    expect(done.profile.status).toBe('clear');
    await waitFor(() => profileEvents(receiver, done.profile.id).length >= 2, 20_000, 'profile events');
    expect(profileEvents(receiver, done.profile.id)[0].json.data).toMatchObject({ previous_status: 'pending', new_status: 'clear' });
  }, 60_000);
});

describe('match reviews move the profile status', () => {
  it('[psr.events.profile] a true_positive review → confirmed_match; every match false_positive → clear; each change (and only a change) is one profile_status_updated (origin search)', async () => {
    const { tenant } = await tenantWithWebhook();
    const response = await onboard(platform, tenant, {
      name: LISTED,
      kind: 'individual',
      onboarding: { screening: { enabled: true, feeds: ['Sanctions'] } },
    });
    const profileId = response.body.result.profile.id;
    const done = await waitForOnboarding(platform, tenant, profileId);
    expect(done.profile.status).toBe('potential_match');
    const searchId = taskOf(done, 'screening').search_id!;
    const matches = await platform.db.searchMatch.findMany({ where: { requestId: searchId }, orderBy: { rank: 'asc' } });
    expect(matches.length).toBeGreaterThan(0);
    const review = (id: string, reviewStatus: string) =>
      graphql(
        platform,
        auth.apiKey(tenant.apiKey),
        'mutation($id: ID!, $input: ReviewScreeningMatchInput!) { reviewScreeningMatch(id: $id, input: $input) { id reviewStatus } }',
        { id, input: { reviewStatus } },
      );
    const status = async () =>
      (await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.xApiKey(tenant.apiKey) })).body.result
        .profile.status;

    expect((await review(matches[0].id, 'true_positive')).body.errors).toBeUndefined();
    await waitFor(async () => (await status()) === 'confirmed_match', 20_000, 'confirmed_match');
    for (const match of matches) expect((await review(match.id, 'false_positive')).body.errors).toBeUndefined();
    await waitFor(async () => (await status()) === 'clear', 20_000, 'clear');

    // Reviews one at a time: clearing the true positive first leaves the other matches unresolved.
    const expected = [
      ['potential_match', 'confirmed_match', searchId],
      ...(matches.length > 1
        ? [
            ['confirmed_match', 'potential_match', searchId],
            ['potential_match', 'clear', searchId],
          ]
        : [['confirmed_match', 'clear', searchId]]),
    ];
    await waitFor(
      () => profileEvents(receiver, profileId).filter((e) => e.json.data.origin === 'search').length >= expected.length,
      20_000,
      'review events',
    );
    const byReview = profileEvents(receiver, profileId)
      .filter((e) => e.json.data.origin === 'search')
      .map((e) => [e.json.data.previous_status, e.json.data.new_status, e.json.data.search_id]);
    expect(byReview).toEqual(expected);
  }, 60_000);
});

describe('onboarding rules', () => {
  it('[clm.onboarding.idv-needs-email] IDV without an email: 400 profile_validation_failed naming email; nothing created', async () => {
    const tenant = await createTestTenant(platform);
    const response = await onboard(platform, tenant, { name: UNLISTED, kind: 'individual', onboarding: { idv: { enabled: true } } });
    expect(response.status).toBe(400);
    expect(response.body.error?.code ?? response.body.code).toBeDefined();
    expect(JSON.stringify(response.body)).toContain('profile_validation_failed');
    expect(JSON.stringify(response.body)).toContain('email');
    expect(await profileCount(tenant)).toBe(0);
  });

  it("[clm.onboarding.idv-needs-email] unknown workflow: 404 idv_workflow_not_found; draft workflow: 409 idv_workflow_not_active; another workspace's workflow reads as unknown; nothing created", async () => {
    const tenant = await createTestTenant(platform);
    const stranger = await createTestTenant(platform);
    const body = (workflowId: string) => ({
      name: UNLISTED,
      kind: 'individual',
      email: 'q@example.com',
      onboarding: { idv: { enabled: true, workflowId } },
    });
    const unknown = await onboard(platform, tenant, body('idvw_doesnotexist'));
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('idv_workflow_not_found');
    const draft = await idv(platform, tenant).post('/workflows', { name: 'Draft flow' });
    expect(draft.status).toBe(201);
    const notActive = await onboard(platform, tenant, body(draft.body.data.id));
    expect(notActive.status).toBe(409);
    expect(notActive.text).toContain('idv_workflow_not_active');
    const foreign = await onboard(platform, stranger, body(draft.body.data.id));
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain('idv_workflow_not_found');
    expect(await profileCount(tenant)).toBe(0);
    expect(await profileCount(stranger)).toBe(0);
  });

  it('[clm.onboarding.idv-needs-workflow] IDV without workflowId in a workspace without a default workflow: 404 idv_workflow_not_found naming onboarding.idv.workflowId (REST and GraphQL); nothing created; no preset fallback', async () => {
    const tenant = await createTestTenant(platform);
    const body = { name: UNLISTED, kind: 'individual', email: 'w@example.com', onboarding: { idv: { enabled: true } } };
    const rest = await onboard(platform, tenant, body);
    expect(rest.status).toBe(404);
    expect(rest.text).toContain('idv_workflow_not_found');
    expect(rest.text).toContain('onboarding.idv.workflowId');
    const mutation = `mutation($input: OnboardProfileInput!) { onboardProfile(input: $input) { profile { id } } }`;
    const gql = await graphql(platform, auth.apiKey(tenant.apiKey), mutation, { input: body });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'idv_workflow_not_found', field: 'onboarding.idv.workflowId' });
    // An archived default is no default either.
    const workflowId = await defaultIdvWorkflow(platform, tenant);
    expect((await idv(platform, tenant).post(`/workflows/${workflowId}/archive`)).status).toBe(200);
    expect((await onboard(platform, tenant, body)).status).toBe(404);
    expect(await profileCount(tenant)).toBe(0);
    // With a default workflow the run keeps it and its session is made from it.
    const current = await defaultIdvWorkflow(platform, tenant);
    const accepted = await onboard(platform, tenant, { ...body, onboarding: { screening: { enabled: false }, idv: { enabled: true } } });
    expect(accepted.status).toBe(201);
    const profileId = accepted.body.result.profile.id;
    const started = await waitForOnboarding(platform, tenant, profileId, (view) => !!taskOf(view, 'idv').session_id);
    const session = await idv(platform, tenant).get(`/sessions/${taskOf(started, 'idv').session_id}`);
    expect(session.body.data.workflow_ref).toMatchObject({ workflow_id: current });
  }, 60_000);

  it('[clm.onboarding.endpoint] bad onboarding blocks: 400 (unknown feed, unknown field, nothing enabled); profile rules apply (custom field unknown)', async () => {
    const tenant = await createTestTenant(platform);
    const cases: [Record<string, unknown>, string][] = [
      [{ screening: { enabled: true, feeds: ['Horoscopes'] } }, 'schema_validation_failed'],
      [{ screening: { enabled: true }, surprise: 1 }, 'schema_validation_failed'],
      [{ sequence: 'sideways' }, 'schema_validation_failed'],
      [{ screening: { enabled: false } }, 'profile_validation_failed'],
    ];
    for (const [onboarding, code] of cases) {
      const response = await onboard(platform, tenant, { name: UNLISTED, kind: 'individual', onboarding });
      expect(response.status).toBe(400);
      expect(response.text).toContain(code);
    }
    const missing = await request(platform.restUrl, 'POST', '/clm/v1/onboarding/profiles', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: UNLISTED, kind: 'individual' },
    });
    expect(missing.status).toBe(400);
    const custom = await onboard(platform, tenant, {
      name: UNLISTED,
      kind: 'individual',
      profileCustomFields: { nope: 1 },
      onboarding: {},
    });
    expect(custom.status).toBe(400);
    expect(custom.text).toContain('custom_field_unknown');
    expect(await profileCount(tenant)).toBe(0);
  });

  it('[clm.onboarding.endpoint] Idempotency-Key: a retried request answers the same profile and run, and onboards once', async () => {
    const tenant = await createTestTenant(platform);
    const body = { name: UNLISTED, kind: 'individual', onboarding: {} };
    const first = await onboard(platform, tenant, body, { 'Idempotency-Key': 'onboard-1' });
    const again = await onboard(platform, tenant, body, { 'Idempotency-Key': 'onboard-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.result.profile.id).toBe(first.body.result.profile.id);
    expect(await profileCount(tenant)).toBe(1);
    expect(await platform.db.profileOnboardingRun.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
  });

  it('GET /clm/v1/onboarding/profiles/{id}: 404 profile_not_found for a profile without onboarding and for another workspace', async () => {
    const tenant = await createTestTenant(platform);
    const stranger = await createTestTenant(platform);
    const plain = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: UNLISTED, kind: 'individual' },
    });
    expect((await readOnboarding(platform, tenant, plain.body.result.profile.id)).status).toBe(404);
    const onboarded = await onboard(platform, tenant, { name: UNLISTED, kind: 'individual', onboarding: {} });
    const foreign = await readOnboarding(platform, stranger, onboarded.body.result.profile.id);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain('profile_not_found');
  });
});

describe('onboarding with IDV', () => {
  const withIdv = (sequence: string, name = UNLISTED) => ({
    name,
    kind: 'individual',
    email: 'customer@example.com',
    onboarding: { screening: { enabled: true, feeds: ['Sanctions'] }, idv: { enabled: true }, sequence },
  });

  it('[idv.states.onboarding-completed] [idv.events.onboarding-completed] screening_first: screens, then starts the session; requires_review → in_review; accepted → clear and profile_onboarding.completed', async () => {
    const { tenant } = await tenantWithWebhook();
    const response = await onboard(platform, tenant, withIdv('screening_first'));
    expect(response.status).toBe(201);
    expect(response.body.result.tasks.map((t: { kind: string }) => t.kind)).toEqual(['screening', 'idv']);
    const profileId = response.body.result.profile.id;
    const started = await waitForOnboarding(platform, tenant, profileId, (view) => !!taskOf(view, 'idv').session_id);
    expect(taskOf(started, 'screening').status).toBe('completed');
    expect(new Date(taskOf(started, 'idv').started_at!).getTime()).toBeGreaterThanOrEqual(
      new Date(taskOf(started, 'screening').completed_at!).getTime(),
    );
    expect(started.profile.status).toBe('pending');
    expect(started.onboarding.status).toBe('running');
    const sessionId = taskOf(started, 'idv').session_id!;
    const session = await idv(platform, tenant).get(`/sessions/${sessionId}`);
    expect(session.body.data.profile_id).toBe(profileId);

    await driveTo(platform, tenant, sessionId, 'requires_review');
    const inReview = await waitForOnboarding(platform, tenant, profileId, (view) => view.profile.status === 'in_review');
    expect(inReview.onboarding.status).toBe('running');
    expect(taskOf(inReview, 'idv').status).toBe('running');

    const reviewed = await idv(platform, tenant).post(`/sessions/${sessionId}/review`, { status: 'accepted' });
    expect(reviewed.status).toBe(200);
    const done = await waitForOnboarding(platform, tenant, profileId);
    expect(done.profile.status).toBe('clear');
    expect(taskOf(done, 'idv').status).toBe('completed');

    await waitFor(
      () => profileEvents(receiver, profileId).some((e) => e.json.type === 'profile_onboarding.completed'),
      20_000,
      'completion event',
    );
    const events = profileEvents(receiver, profileId);
    expect(events.map((e) => [e.json.type, e.json.data.new_status ?? e.json.data.profile_status])).toEqual([
      ['profile_status_updated', 'in_review'],
      ['profile_status_updated', 'clear'],
      ['profile_onboarding.completed', 'clear'],
    ]);
    expect(events[0].json.data).toMatchObject({ previous_status: 'pending', origin: 'idv', session_id: sessionId });
    expect(events[2].json.data).toMatchObject({ session_id: sessionId, idv_status: 'completed', screening_status: 'completed' });
  }, 60_000);

  it('[clm.onboarding.endpoint] idv_first: screening waits for the IDV outcome (automatic_pass), then runs; a listed name ends potential_match', async () => {
    const { tenant } = await tenantWithWebhook();
    const response = await onboard(platform, tenant, withIdv('idv_first', LISTED));
    expect(response.body.result.tasks.map((t: { kind: string }) => t.kind)).toEqual(['idv', 'screening']);
    const profileId = response.body.result.profile.id;
    const started = await waitForOnboarding(platform, tenant, profileId, (view) => !!taskOf(view, 'idv').session_id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = (await readOnboarding(platform, tenant, profileId)).body.result;
    expect(taskOf(waiting, 'screening').status).toBe('pending');
    expect(waiting.profile.status).toBe('pending');

    await driveTo(platform, tenant, taskOf(started, 'idv').session_id!, 'automatic_pass');
    const done = await waitForOnboarding(platform, tenant, profileId);
    expect(taskOf(done, 'idv').status).toBe('completed');
    expect(taskOf(done, 'screening')).toMatchObject({ status: 'completed', search_id: expect.any(String) });
    expect(done.profile.status).toBe('potential_match');
    await waitFor(
      () => profileEvents(receiver, profileId).some((e) => e.json.type === 'profile_onboarding.completed'),
      20_000,
      'completion event',
    );
    expect(profileEvents(receiver, profileId).map((e) => e.json.data.new_status ?? e.json.data.profile_status)).toEqual([
      'potential_match',
      'potential_match',
    ]);
  }, 60_000);

  it('[clm.onboarding.endpoint] parallel: screening and the session start at once; a rejected session makes the profile rejected', async () => {
    const { tenant } = await tenantWithWebhook();
    const response = await onboard(platform, tenant, withIdv('parallel'));
    const profileId = response.body.result.profile.id;
    const started = await waitForOnboarding(
      platform,
      tenant,
      profileId,
      (view) => !!taskOf(view, 'idv').session_id && taskOf(view, 'screening').status === 'completed',
    );
    expect(started.profile.status).toBe('pending');
    const sessionId = taskOf(started, 'idv').session_id!;
    await driveTo(platform, tenant, sessionId, 'requires_review');
    await waitForOnboarding(platform, tenant, profileId, (view) => view.profile.status === 'in_review');
    expect((await idv(platform, tenant).post(`/sessions/${sessionId}/review`, { status: 'rejected' })).status).toBe(200);
    const done = await waitForOnboarding(platform, tenant, profileId);
    expect(done.profile.status).toBe('rejected');
    await waitFor(
      () => profileEvents(receiver, profileId).some((e) => e.json.type === 'profile_onboarding.completed'),
      20_000,
      'completion event',
    );
    expect(profileEvents(receiver, profileId).map((e) => e.json.data.new_status ?? e.json.data.profile_status)).toEqual([
      'in_review',
      'rejected',
      'rejected',
    ]);
  }, 60_000);

  it('[clm.onboarding.endpoint] GraphQL onboardProfile and Profile.onboarding', async () => {
    const tenant = await createTestTenant(platform);
    await defaultIdvWorkflow(platform, tenant);
    const mutation = `mutation($input: OnboardProfileInput!) { onboardProfile(input: $input) {
      profile { id status } onboarding { id status sequence } tasks { taskId kind status searchId sessionId } } }`;
    const input = {
      name: UNLISTED,
      kind: 'individual',
      email: 'gql@example.com',
      onboarding: { screening: { enabled: true, feeds: ['Sanctions', 'PEP'] }, idv: { enabled: true }, sequence: 'parallel' },
    };
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), mutation, { input });
    expect(response.body.errors).toBeUndefined();
    const result = response.body.data.onboardProfile;
    expect(result.profile.status).toBe('pending');
    expect(result.onboarding).toMatchObject({ status: 'running', sequence: 'parallel' });
    expect(result.tasks.map((t: { kind: string }) => t.kind)).toEqual(['screening', 'idv']);
    const query = `query($id: ID!) { profile(id: $id) { status onboarding { status tasks { kind status sessionId } } } }`;
    await waitFor(
      async () => {
        const read = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id: result.profile.id });
        return read.body.data.profile.onboarding.tasks.every(
          (t: { status: string; sessionId: string | null }) => t.status === 'completed' || t.sessionId,
        );
      },
      20_000,
      'tasks started',
    );

    const noEmail = await graphql(platform, auth.apiKey(tenant.apiKey), mutation, { input: { ...input, email: null } });
    expect(noEmail.body.errors[0].extensions).toMatchObject({ code: 'profile_validation_failed', field: 'email' });
  }, 60_000);
});
