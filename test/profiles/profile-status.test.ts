// The profile status worker and onboarding crash-resume, against the real platform: outcome jobs
// sent on the real queue (as the screening/monitoring domain sends them), IDV decisions reaching
// the profile through the outbox relay, a worker that dies mid-run, and the events delivered to a
// real HTTP receiver.
import { JobQueue } from '../../platform/jobs/job-queue';
import { RunningWorker, startWorker } from '../../app/worker';
import { leaseRun, updateTask } from '../../subgraphs/profiles/onboarding/data/onboarding-store';
import { SCREENING_OUTCOME_QUEUE, screeningOutcomeKey } from '../../contracts/profile-outcome-queues';
import { subgraphOnboardingGateways } from '../../subgraphs/profiles/onboarding/services/onboarding-gateways';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startWebhookReceiver, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';
import { createSession, driveTo, idv } from '../idv/idv-helpers';
import { defaultIdvWorkflow, onboard, profileEvents, taskOf, waitForOnboarding } from './onboarding-helpers';

let platform: TestPlatform;
let receiver: WebhookReceiver;
let queue: JobQueue;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // No worker at first: the crash test plays the dead worker itself, then starts a real one.
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'gateway', 'rest-adapter'],
    isolatedDatabase: true,
    config: { delivery: { webhookAllowPrivateNetworks: true, webhookTimeScale: 0.0001, webhookTimeoutMs: 2000 } },
  });
  queue = await JobQueue.start(platform.config.databaseUrl);
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await queue?.stop();
  await platform?.close();
  await receiver?.close();
});

async function ensureWorker(): Promise<void> {
  worker ??= await startWorker(platform.db, platform.config);
}

async function tenantWithWebhook(): Promise<TestTenant> {
  const tenant = await createTestTenant(platform);
  expect((await idv(platform, tenant).post('/webhooks', { url: receiver.url })).status).toBe(201);
  return tenant;
}

async function statusOf(tenant: TestTenant, profileId: string): Promise<string> {
  const response = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.xApiKey(tenant.apiKey) });
  return response.body.result.profile.status;
}

async function waitForStatus(tenant: TestTenant, profileId: string, status: string): Promise<void> {
  await waitFor(async () => (await statusOf(tenant, profileId)) === status, 20_000, `profile status ${status}`);
}

async function plainProfile(tenant: TestTenant, email?: string): Promise<string> {
  const response = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Status Subject', kind: 'individual', ...(email ? { email } : {}) },
  });
  expect(response.body.result.profile.status).toBe('not_screened');
  return response.body.result.profile.id;
}

describe('crash mid-run', () => {
  it('[clm.onboarding.endpoint] a worker that dies after starting the IDV session but before recording it: the next worker resumes once the lease ends and finds the same session', async () => {
    const tenant = await createTestTenant(platform);
    // The run keeps the workspace's default workflow, as the dead worker's session request did.
    const workflowId = await defaultIdvWorkflow(platform, tenant);
    const response = await onboard(platform, tenant, {
      name: 'Crash Subject',
      kind: 'individual',
      email: 'crash@example.com',
      onboarding: { screening: { enabled: false }, idv: { enabled: true } },
    });
    expect(response.status).toBe(201);
    const profileId = response.body.result.profile.id;
    const runId = response.body.result.onboarding.id;
    const taskId = response.body.result.tasks[0].task_id;

    // The dead worker: leased the run, marked the task running, started the session, then died.
    const now = new Date();
    expect(await leaseRun(platform.db, runId, now, new Date(now.getTime() + 2_000))).toBe(true);
    await updateTask(platform.db, taskId, { status: 'running', startedAt: now });
    const principal = {
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      actorId: tenant.applicationId,
      kind: 'application' as const,
      entitlements: {},
    };
    const { sessionId } = await subgraphOnboardingGateways(platform.config).startSession(principal, {
      profileId,
      workflowId,
      idempotencyKey: `onboarding.${runId}`,
    });

    await ensureWorker();
    const resumed = await waitForOnboarding(platform, tenant, profileId, (view) => !!taskOf(view, 'idv').session_id);
    expect(taskOf(resumed, 'idv')).toMatchObject({ status: 'running', session_id: sessionId });
    const sessions = await idv(platform, tenant).get(`/sessions?profile_id=${profileId}`);
    expect(sessions.status).toBe(200);
    expect(await platform.db.idvSession.count({ where: { tenantId: tenant.tenantId, profileId } })).toBe(1);
    expect(resumed.profile.status).toBe('pending');

    await driveTo(platform, tenant, sessionId, 'automatic_pass');
    const done = await waitForOnboarding(platform, tenant, profileId);
    expect(done.profile.status).toBe('clear');
    expect(taskOf(done, 'idv').status).toBe('completed');
  }, 60_000);
});

describe('profiles.screening-outcome', () => {
  const send = (
    tenant: TestTenant,
    profileId: string,
    outcome: { searchId: string; unresolvedMatches: number; truePositiveMatches: number; at?: string; origin?: string },
  ) => {
    const data = {
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      profileId,
      origin: 'monitoring',
      at: new Date().toISOString(),
      ...outcome,
    };
    return queue.send(SCREENING_OUTCOME_QUEUE, data, { singletonKey: screeningOutcomeKey(data) });
  };

  it('monitoring outcomes move the status: not_screened → potential_match → confirmed_match; a repeat or an older outcome changes nothing; events only on a change', async () => {
    await ensureWorker();
    const tenant = await tenantWithWebhook();
    const profileId = await plainProfile(tenant);
    const first = new Date();
    await send(tenant, profileId, { searchId: 'a'.repeat(24), unresolvedMatches: 2, truePositiveMatches: 0, at: first.toISOString() });
    await waitForStatus(tenant, profileId, 'potential_match');
    await send(tenant, profileId, { searchId: 'b'.repeat(24), unresolvedMatches: 1, truePositiveMatches: 1 });
    await waitForStatus(tenant, profileId, 'confirmed_match');
    // An outcome older than the one on record, and a malformed job: both leave the status alone.
    await send(tenant, profileId, {
      searchId: 'c'.repeat(24),
      unresolvedMatches: 0,
      truePositiveMatches: 0,
      at: new Date(first.getTime() - 60_000).toISOString(),
    });
    await queue.send(SCREENING_OUTCOME_QUEUE, { tenantId: tenant.tenantId, profileId, origin: 'gossip' });
    await send(tenant, profileId, { searchId: 'b'.repeat(24), unresolvedMatches: 1, truePositiveMatches: 1, origin: 'search' });
    await waitFor(
      async () =>
        (
          await platform.db.$queryRaw<
            { n: bigint }[]
          >`SELECT count(*) AS n FROM pgboss.job WHERE name = ${SCREENING_OUTCOME_QUEUE} AND state NOT IN ('completed', 'failed')`
        )[0].n === 0n,
      20_000,
      'outcome jobs handled',
    );
    expect(await statusOf(tenant, profileId)).toBe('confirmed_match');

    await waitFor(() => profileEvents(receiver, profileId).length >= 2, 20_000, 'status events');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = profileEvents(receiver, profileId).map((e) => e.json.data);
    expect(events).toEqual([
      {
        profile_id: profileId,
        previous_status: 'not_screened',
        new_status: 'potential_match',
        origin: 'monitoring',
        search_id: 'a'.repeat(24),
      },
      {
        profile_id: profileId,
        previous_status: 'potential_match',
        new_status: 'confirmed_match',
        origin: 'monitoring',
        search_id: 'b'.repeat(24),
      },
    ]);
    const stored = await platform.db.outboxEvent.count({ where: { aggregateId: profileId, type: 'profile_status_updated' } });
    expect(stored).toBe(2);
  }, 60_000);

  it('an outcome for a profile of another workspace (or none) changes nothing', async () => {
    await ensureWorker();
    const tenant = await createTestTenant(platform);
    const stranger = await createTestTenant(platform);
    const profileId = await plainProfile(tenant);
    await send(stranger, profileId, { searchId: 'd'.repeat(24), unresolvedMatches: 3, truePositiveMatches: 0 });
    await waitFor(
      async () =>
        (
          await platform.db.$queryRaw<
            { n: bigint }[]
          >`SELECT count(*) AS n FROM pgboss.job WHERE name = ${SCREENING_OUTCOME_QUEUE} AND state NOT IN ('completed', 'failed')`
        )[0].n === 0n,
      20_000,
      'outcome jobs handled',
    );
    expect(await statusOf(tenant, profileId)).toBe('not_screened');
  }, 30_000);
});

describe('profiles.idv-outcome', () => {
  it("[idv.events.profile-status-updated] IDV decisions of a profile's session reach its status through the outbox: requires_review → in_review, rejected → rejected", async () => {
    await ensureWorker();
    const tenant = await tenantWithWebhook();
    const profileId = await plainProfile(tenant, 'idv-subject@example.com');
    const session = await createSession(platform, tenant, { profile_id: profileId });
    await driveTo(platform, tenant, session.id, 'requires_review');
    await waitForStatus(tenant, profileId, 'in_review');
    expect((await idv(platform, tenant).post(`/sessions/${session.id}/review`, { status: 'escalation' })).status).toBe(200);
    // A review decision fires its profile_status_updated also when the status stays in_review.
    await waitFor(() => profileEvents(receiver, profileId).length >= 2, 20_000, 'the escalation event');
    expect((await idv(platform, tenant).post(`/sessions/${session.id}/review`, { status: 'rejected' })).status).toBe(200);
    await waitForStatus(tenant, profileId, 'rejected');
    await waitFor(() => profileEvents(receiver, profileId).length >= 3, 20_000, 'status events');
    expect(profileEvents(receiver, profileId).map((e) => e.json.data)).toEqual([
      { profile_id: profileId, previous_status: 'not_screened', new_status: 'in_review', origin: 'idv', session_id: session.id },
      {
        profile_id: profileId,
        previous_status: 'in_review',
        new_status: 'in_review',
        origin: 'idv',
        session_id: session.id,
        review_status: 'escalation',
      },
      {
        profile_id: profileId,
        previous_status: 'in_review',
        new_status: 'rejected',
        origin: 'idv',
        session_id: session.id,
        review_status: 'rejected',
      },
    ]);
    // A profile without an onboarding run never gets profile_onboarding.completed.
    expect(
      receiver.acknowledged().some((r) => r.json.type === 'profile_onboarding.completed' && r.json.data.profile_id === profileId),
    ).toBe(false);
  }, 60_000);
});
