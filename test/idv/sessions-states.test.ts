// Both state axes: the moves the interface states (create, submit, assessment outcomes, failure,
// review decisions, cancel) with their side effects (timestamps, history, events in the outbox,
// token and invite consumption) and their errors (409 idv_state_conflict, idv_review_terminal,
// idv_review_invalid_transition).
import { hashSecret } from '../../platform/crypto/hash';
import { auth, createDashboardToken, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { capture, createProfile, createSession, driveTo, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

const events = (sessionId: string) =>
  platform.db.outboxEvent.findMany({ where: { aggregateId: sessionId }, orderBy: { createdAt: 'asc' } });
const read = async (id: string) => (await idv(platform, tenant).get(`/sessions/${id}`)).body.data;
type Target = 'queued' | 'assessing' | 'automatic_pass' | 'requires_review' | 'failed';

async function sessionIn(state: Target | 'created' | 'canceled' | 'escalation' | 'accepted' | 'rejected') {
  const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
  if (state === 'created') return { id, token };
  if (state === 'canceled') {
    await idv(platform, tenant).post(`/sessions/${id}/cancel`, {});
    return { id, token };
  }
  if (state === 'escalation' || state === 'accepted' || state === 'rejected') {
    await driveTo(platform, tenant, id, 'requires_review');
    const response = await idv(platform, tenant).post(`/sessions/${id}/review`, { status: state, note: 'setup' });
    expect(response.status).toBe(200);
    return { id, token };
  }
  await driveTo(platform, tenant, id, state);
  return { id, token };
}

describe('[idv.states.flow-values, idv.states.review-values] flow and assessment moves', () => {
  it('[idv.states.create] create → collecting_artifacts / request_sent', async () => {
    const { id } = await sessionIn('created');
    expect(await read(id)).toMatchObject({ status: 'collecting_artifacts', review_status: 'request_sent', submitted_at: '' });
  });

  it('[idv.states.submit] submit → queued / pending, submitted_at set', async () => {
    const { id } = await sessionIn('queued');
    const data = await read(id);
    expect(data).toMatchObject({ status: 'queued', review_status: 'pending' });
    expect(data.submitted_at).not.toBe('');
  });

  it('[idv.states.clean-pass] clean pass → assessed / automatic_pass, empty flags, idv.session.approved', async () => {
    const { id } = await sessionIn('automatic_pass');
    expect(await read(id)).toMatchObject({ status: 'assessed', review_status: 'automatic_pass', flag_categories: [] });
    const types = (await events(id)).map((event) => event.type);
    expect(types).toEqual(['idv.session.completed', 'idv.session.approved']);
    const completed = (await events(id))[0];
    expect(completed.payload).toMatchObject({ session_id: id, profile_id: profileId, outcome: 'automatic_pass' });
    expect(completed.tenantId).toBe(tenant.tenantId);
  });

  it('[idv.states.requires-review] no auto-decision → assessed / requires_review with flag categories, idv.session.requires_review', async () => {
    const { id } = await sessionIn('requires_review');
    expect(await read(id)).toMatchObject({ status: 'assessed', review_status: 'requires_review', flag_categories: ['document'] });
    expect((await events(id)).map((event) => event.type)).toEqual(['idv.session.completed', 'idv.session.requires_review']);
  });

  it('[idv.states.failed] assessment cannot complete → failed, idv.session.failed (from queued and from assessing)', async () => {
    const { id } = await sessionIn('failed');
    expect((await read(id)).status).toBe('failed');
    expect((await events(id)).map((event) => event.type)).toEqual(['idv.session.failed']);
    const { id: queued } = await sessionIn('queued');
    const { failAssessment } = await import('../../subgraphs/idv/services/lifecycle-service');
    const { idvDeps } = await import('./idv-helpers');
    await failAssessment(idvDeps(platform), tenant, queued, 'queue lost');
    expect((await read(queued)).status).toBe('failed');
  });
});

describe('[idv.sessions.cancel] POST /sessions/{id}/cancel', () => {
  it.each(['created', 'queued'] as const)(
    '[idv.states.cancel] cancels a %s session: token and invites consumed, irreversible',
    async (state) => {
      const { id, token } = await sessionIn(state);
      await platform.db.idvInvite.create({
        data: {
          id: `inv_${id}`,
          tenantId: tenant.tenantId,
          workspaceId: tenant.workspaceId,
          sessionId: id,
          delivery: 'email',
          codeHash: hashSecret(`code-${id}`),
          deliveryState: 'sent',
          expiresAt: new Date(Date.now() + 3600_000),
        },
      });
      expect((await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: capture(token) })).status).toBe(200);
      const response = await idv(platform, tenant).post(`/sessions/${id}/cancel`, { reason: 'customer asked' });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body.data).toMatchObject({ id, status: 'canceled' });
      expect(response.text).not.toContain('customer asked');
      expect((await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: capture(token) })).status).toBe(401);
      expect(
        (await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: { Authorization: `Invite code-${id}` } }))
          .status,
      ).toBe(401);
      const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id } });
      expect(row.cancelReason).toBe('customer asked');
      expect(row.tokenConsumedAt).not.toBeNull();
      expect((await platform.db.idvInvite.findUniqueOrThrow({ where: { id: `inv_${id}` } })).consumedAt).not.toBeNull();
    },
  );

  it('cancels from ready_for_assessment', async () => {
    const { id } = await sessionIn('created');
    const { markReadyForAssessment } = await import('../../subgraphs/idv/services/lifecycle-service');
    const { idvDeps } = await import('./idv-helpers');
    await markReadyForAssessment(idvDeps(platform), tenant, id);
    expect((await read(id)).status).toBe('ready_for_assessment');
    const response = await idv(platform, tenant).post(`/sessions/${id}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe('canceled');
  });

  it('[idv.states.cancel-again] cancel again is a no-op, not an error', async () => {
    const { id } = await sessionIn('canceled');
    const before = await read(id);
    const response = await idv(platform, tenant).post(`/sessions/${id}/cancel`, { reason: 'again' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(before);
  });

  it('[idv.states.cancel-assessing, idv.errors.idv_state_conflict] while assessing → 409 idv_state_conflict, unchanged', async () => {
    const { id } = await sessionIn('assessing');
    const response = await idv(platform, tenant).post(`/sessions/${id}/cancel`, {});
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'idv_state_conflict', message: expect.any(String) } });
    expect((await read(id)).status).toBe('assessing');
  });

  it.each(['automatic_pass', 'failed'] as const)('after the flow ended (%s) → 409 idv_state_conflict', async (state) => {
    const { id } = await sessionIn(state);
    const response = await idv(platform, tenant).post(`/sessions/${id}/cancel`, {});
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('idv_state_conflict');
  });

  it('a canceled session cannot be submitted or assessed', async () => {
    const { id } = await sessionIn('canceled');
    const { submitSession } = await import('../../subgraphs/idv/services/lifecycle-service');
    const { idvDeps } = await import('./idv-helpers');
    await expect(submitSession(idvDeps(platform), tenant, id)).rejects.toMatchObject({ code: 'idv_state_conflict' });
  });

  it('rejects an off-schema body', async () => {
    const { id } = await sessionIn('created');
    const response = await idv(platform, tenant).post(`/sessions/${id}/cancel`, { reason: 5 });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
});

describe('[idv.sessions.review] POST /sessions/{id}/review', () => {
  it.each(['escalation', 'accepted', 'rejected'])(
    '[idv.states.review-decision] requires_review → %s: reviewed_at, history, one internal idv.session.reviewed for the profiles domain',
    async (status) => {
      const { id } = await sessionIn('requires_review');
      const response = await idv(platform, tenant).post(`/sessions/${id}/review`, { status, note: 'looked at it' });
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data.review_status).toBe(status);
      expect(data.status).toBe('assessed');
      expect(data.reviewed_at).not.toBe('');
      expect(data.review_history).toEqual([
        {
          from: 'requires_review',
          status,
          note: 'looked at it',
          actor: { kind: 'application', id: tenant.applicationId },
          at: data.reviewed_at,
        },
      ]);
      // IDV records no profile_status_updated of its own: the profiles domain records the one
      // documented event (profile statuses) when it applies this decision.
      expect((await events(id)).filter((event) => event.type === 'profile_status_updated')).toEqual([]);
      const reviewed = (await events(id)).filter((event) => event.type === 'idv.session.reviewed');
      expect(reviewed).toHaveLength(1);
      expect(reviewed[0].payload).toMatchObject({
        session_id: id,
        profile_id: profileId,
        review_status: status,
        previous_review_status: 'requires_review',
      });
      const audit = await platform.db.auditLogEntry.findMany({ where: { resourceId: id, action: 'idv.session.review' } });
      expect(audit).toHaveLength(1);
    },
  );

  it.each(['accepted', 'rejected'])('escalation → %s, history appended in order', async (status) => {
    const { id } = await sessionIn('escalation');
    const { token } = await createDashboardToken(platform, tenant, 'reviewer@example.com', 'reviewer');
    const response = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/review`, {
      headers: auth.bearer(token),
      body: { status, note: 'final' },
    });
    expect(response.status).toBe(200);
    const history = response.body.data.review_history;
    expect(history.map((entry: { status: string }) => entry.status)).toEqual(['escalation', status]);
    expect(history[1]).toMatchObject({ from: 'escalation', actor: { kind: 'dashboard_user', name: 'Test Analyst' } });
    expect((await events(id)).filter((event) => event.type === 'idv.session.reviewed')).toHaveLength(2);
  });

  it.each(['accepted', 'rejected'])(
    '[idv.states.review-terminal, idv.errors.idv_review_terminal] a decision on a %s session → 409 idv_review_terminal, unchanged',
    async (state) => {
      const { id } = await sessionIn(state as 'accepted' | 'rejected');
      const before = await read(id);
      for (const status of ['accepted', 'rejected', 'escalation', 'requires_review']) {
        const response = await idv(platform, tenant).post(`/sessions/${id}/review`, { status });
        expect([status, response.status, response.body.error.code]).toEqual([status, 409, 'idv_review_terminal']);
      }
      expect(await read(id)).toEqual(before);
    },
  );

  it.each([
    ['created', 'accepted'],
    ['created', 'escalation'],
    ['queued', 'accepted'],
    ['queued', 'rejected'],
    ['automatic_pass', 'accepted'],
    ['automatic_pass', 'rejected'],
    ['automatic_pass', 'escalation'],
    ['requires_review', 'requires_review'],
    ['requires_review', 'pending'],
    ['requires_review', 'automatic_pass'],
    ['escalation', 'escalation'],
    ['escalation', 'requires_review'],
    ['failed', 'accepted'],
    ['canceled', 'accepted'],
  ] as const)(
    '[idv.states.review-invalid, idv.errors.idv_review_invalid_transition] %s → %s: 409 idv_review_invalid_transition, unchanged',
    async (state, status) => {
      const { id } = await sessionIn(state);
      const before = await read(id);
      const response = await idv(platform, tenant).post(`/sessions/${id}/review`, { status, note: 'x' });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('idv_review_invalid_transition');
      expect(await read(id)).toEqual(before);
    },
  );

  it.each([
    ['no status', { note: 'x' }],
    ['an unknown status', { status: 'approved' }],
    ['a non-string note', { status: 'accepted', note: 5 }],
    ['an unknown field', { status: 'accepted', score: 1 }],
  ])('%s → 400 schema_validation_failed', async (_name, body) => {
    const { id } = await sessionIn('requires_review');
    const response = await idv(platform, tenant).post(`/sessions/${id}/review`, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it('concurrent decisions: exactly one wins', async () => {
    const { id } = await sessionIn('requires_review');
    const responses = await Promise.all(
      ['accepted', 'rejected', 'accepted', 'rejected', 'escalation'].map((status) =>
        idv(platform, tenant).post(`/sessions/${id}/review`, { status }),
      ),
    );
    const ok = responses.filter((response) => response.status === 200);
    expect(responses.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const data = await read(id);
    expect(data.review_history.length).toBe(ok.length);
  });
});

describe('POST /sessions/{id}/assign and the reviewer queue', () => {
  it('assigns a dashboard user, lists by assignee, clears', async () => {
    const own = await newTenant(platform);
    const ownProfile = await createProfile(platform, own, 'Queue Person');
    const reviewer = await createDashboardToken(platform, own, 'queue-reviewer@example.com');
    const a = await createSession(platform, own, { profile_id: ownProfile });
    const b = await createSession(platform, own, { profile_id: ownProfile });
    const c = await createSession(platform, own, { profile_id: ownProfile });
    await driveTo(platform, own, a.id, 'requires_review');
    await driveTo(platform, own, b.id, 'requires_review');
    await driveTo(platform, own, c.id, 'automatic_pass');

    const queue = await idv(platform, own).get('/review-queue');
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((s: { id: string }) => s.id)).toEqual([a.id, b.id]);

    const assigned = await idv(platform, own).post(`/sessions/${a.id}/assign`, { assignee: reviewer.userId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.assignee).toBe(reviewer.userId);
    const mine = await idv(platform, own).get(`/review-queue?assignee=${reviewer.userId}`);
    expect(mine.body.data.map((s: { id: string }) => s.id)).toEqual([a.id]);
    const unassigned = await idv(platform, own).get('/review-queue?unassigned=true');
    expect(unassigned.body.data.map((s: { id: string }) => s.id)).toEqual([b.id]);

    const unknownUser = await idv(platform, own).post(`/sessions/${b.id}/assign`, { assignee: 'usr_nobody' });
    expect(unknownUser.status).toBe(400);
    const cleared = await idv(platform, own).post(`/sessions/${a.id}/assign`, { assignee: null });
    expect(cleared.body.data).not.toHaveProperty('assignee');

    await idv(platform, own).post(`/sessions/${b.id}/review`, { status: 'escalation' });
    const escalated = await idv(platform, own).get('/review-queue?review_status=escalation');
    expect(escalated.body.data.map((s: { id: string }) => s.id)).toEqual([b.id]);
    await idv(platform, own).post(`/sessions/${b.id}/review`, { status: 'accepted' });
    const terminal = await idv(platform, own).post(`/sessions/${b.id}/assign`, { assignee: reviewer.userId });
    expect(terminal.status).toBe(409);
    expect(terminal.body.error.code).toBe('idv_review_terminal');
    expect((await idv(platform, own).get('/review-queue?review_status=bogus')).status).toBe(400);
  });
});
