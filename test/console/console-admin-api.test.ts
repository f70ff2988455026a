// The API the console's admin and review-desk screens use, through the gateway: the users list's
// status and last sign-in, the invitation's one-time link, the workspace's reviewers, handing a
// session to another reviewer (assignVerificationSessionToReviewer: role refusals and
// idv_assignee_not_reviewer), the sessions list's status filters with keyset paging, and the
// totalCount of the sessions list and of the review queue under their filters.
import { ConsoleClient, createConsoleUser, signInToConsole } from '../helpers/console';
import { auth, graphql, startTestPlatform, tenantEmail, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createDashboardUser, issueDashboardToken } from '../../platform/tenancy/tenancy-store';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';

jest.setTimeout(120_000);

let platform: TestPlatform;
let tenant: TestTenant;
let admin: ConsoleClient;

async function tokenUser(role: 'viewer' | 'analyst' | 'reviewer' | 'admin', email: string, t: TestTenant = tenant) {
  const user = await createDashboardUser(platform.db, {
    workspaceId: t.workspaceId,
    email: tenantEmail(t, email),
    name: `Ms ${role} ${email}`,
    role,
  });
  const { token } = await issueDashboardToken(platform.db, user.id, undefined, t.workspaceId);
  return { userId: user.id, headers: auth.bearer(token) };
}

beforeAll(async () => {
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'access', 'gateway', 'rest-adapter'] });
  tenant = await newTenant(platform);
  admin = await signInToConsole(
    platform,
    await createConsoleUser(platform, tenant, { email: 'admin@example.com', role: 'admin', name: 'Ada Admin' }),
  );
});
afterAll(async () => {
  await platform?.close();
});

describe('users: status, last sign-in, the invitation link', () => {
  const USERS = '{ dashboardUsers(first: 200) { nodes { id email role status lastSignInAt deactivatedAt } totalCount } }';

  it('an invitation answers its one-time link; the user is invited until they sign in, then active; deactivated after', async () => {
    const email = tenantEmail(tenant, 'invitee@example.com');
    const invited = await admin.graphql(
      `mutation ($input: InviteDashboardUserInput!) {
        inviteDashboardUser(input: $input) { emailDelivery signInLink signInLinkExpiresAt user { id status lastSignInAt } }
      }`,
      { input: { email, name: 'Ivy Invitee', role: 'analyst' } },
    );
    const payload = invited.body.data.inviteDashboardUser;
    // No mail relay in this platform: the admin hands the link over.
    expect(payload).toMatchObject({ emailDelivery: 'not_configured', user: { status: 'invited', lastSignInAt: null } });
    expect(payload.signInLink).toMatch(new RegExp(`^${platform.restUrl}/console/auth/link\\?token=vgll_`));
    expect(Date.parse(payload.signInLinkExpiresAt)).toBeGreaterThan(Date.now());
    const listed = (await admin.graphql(USERS)).body.data.dashboardUsers;
    expect(listed.nodes.find((node: { id: string }) => node.id === payload.user.id)).toMatchObject({ status: 'invited', role: 'analyst' });
    expect(listed.nodes[0]).toMatchObject({ email: tenantEmail(tenant, 'admin@example.com'), status: 'active' });
    expect(Date.parse(listed.nodes[0].lastSignInAt)).toBeGreaterThan(Date.now() - 120_000);

    // The link signs the invitee in: active from then on.
    const followed = await fetch(payload.signInLink, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const after = (await admin.graphql(USERS)).body.data.dashboardUsers.nodes.find((node: { id: string }) => node.id === payload.user.id);
    expect(after.status).toBe('active');
    expect(after.lastSignInAt).not.toBeNull();

    const off = await admin.graphql(
      'mutation ($input: DeactivateDashboardUserInput!) { deactivateDashboardUser(input: $input) { id status } }',
      {
        input: { userId: payload.user.id },
      },
    );
    expect(off.body.data.deactivateDashboardUser).toEqual({ id: payload.user.id, status: 'deactivated' });
  });

  it('an analyst may not list the users (403 insufficient_role)', async () => {
    const analyst = await tokenUser('analyst', 'analyst-users@example.com');
    const refused = await graphql(platform, analyst.headers, USERS);
    expect([refused.status, refused.body.errors[0].extensions.code]).toEqual([403, 'insufficient_role']);
  });
});

describe('handing a session to another reviewer', () => {
  const ASSIGN = `mutation ($id: ID!, $input: AssignVerificationSessionToReviewerInput!) {
    assignVerificationSessionToReviewer(id: $id, input: $input) { id assignee }
  }`;
  const REVIEWERS = '{ workspaceReviewers { id name email role } }';
  let own: TestTenant;
  let rita: Awaited<ReturnType<typeof tokenUser>>;
  let rob: Awaited<ReturnType<typeof tokenUser>>;
  let boss: Awaited<ReturnType<typeof tokenUser>>;
  let analyst: Awaited<ReturnType<typeof tokenUser>>;
  let viewer: Awaited<ReturnType<typeof tokenUser>>;
  let sessionId: string;

  beforeAll(async () => {
    own = await newTenant(platform);
    rita = await tokenUser('reviewer', 'rita@example.com', own);
    rob = await tokenUser('reviewer', 'rob@example.com', own);
    boss = await tokenUser('admin', 'boss@example.com', own);
    analyst = await tokenUser('analyst', 'andy@example.com', own);
    viewer = await tokenUser('viewer', 'vera@example.com', own);
    const ownProfile = await createProfile(platform, own, 'Assign Person');
    sessionId = (await createSession(platform, own, { profile_id: ownProfile })).id;
    await driveTo(platform, own, sessionId, 'requires_review');
  });

  it('workspaceReviewers lists the active reviewers and admins by name; an analyst may not read it', async () => {
    const listed = await graphql(platform, rita.headers, REVIEWERS);
    const ids = listed.body.data.workspaceReviewers.map((entry: { id: string }) => entry.id);
    expect(ids.sort()).toEqual([rita.userId, rob.userId, boss.userId].sort());
    expect(listed.body.data.workspaceReviewers.find((entry: { id: string }) => entry.id === boss.userId).role).toBe('admin');
    const refused = await graphql(platform, analyst.headers, REVIEWERS);
    expect([refused.status, refused.body.errors[0].extensions.code]).toEqual([403, 'insufficient_role']);
  });

  it('a reviewer assigns a session to another reviewer, also over an assignment; the history names it', async () => {
    const claimed = await graphql(platform, rita.headers, 'mutation ($id: ID!) { claimVerificationSession(id: $id) { assignee } }', {
      id: sessionId,
    });
    expect(claimed.body.data.claimVerificationSession.assignee).toBe(rita.userId);
    const assigned = await graphql(platform, rita.headers, ASSIGN, { id: sessionId, input: { reviewerId: rob.userId } });
    expect(assigned.body.data.assignVerificationSessionToReviewer).toEqual({ id: sessionId, assignee: rob.userId });
    const toAdmin = await graphql(platform, rob.headers, ASSIGN, { id: sessionId, input: { reviewerId: boss.userId } });
    expect(toAdmin.body.data.assignVerificationSessionToReviewer.assignee).toBe(boss.userId);
    const history = await graphql(
      platform,
      rita.headers,
      'query ($id: ID!) { idvReviewCase(id: $id) { history { kind assignee actor { id } } } }',
      {
        id: sessionId,
      },
    );
    expect(history.body.data.idvReviewCase.history.filter((entry: { kind: string }) => entry.kind === 'assigned')).toEqual([
      { kind: 'assigned', assignee: rita.userId, actor: { id: rita.userId } },
      { kind: 'assigned', assignee: rob.userId, actor: { id: rita.userId } },
      { kind: 'assigned', assignee: boss.userId, actor: { id: rob.userId } },
    ]);
  });

  it('an analyst cannot assign (403 insufficient_role), nor can an application key (403 forbidden)', async () => {
    const refused = await graphql(platform, analyst.headers, ASSIGN, { id: sessionId, input: { reviewerId: rob.userId } });
    expect([refused.status, refused.body.errors[0].extensions.code]).toEqual([403, 'insufficient_role']);
    const app = await graphql(platform, auth.apiKey(own.apiKey), ASSIGN, { id: sessionId, input: { reviewerId: rob.userId } });
    expect(app.body.errors[0].extensions.code).toBe('forbidden');
  });

  it('assigning to a viewer, an analyst or a deactivated reviewer: 422 idv_assignee_not_reviewer; to a stranger: 400', async () => {
    for (const target of [viewer, analyst]) {
      const refused = await graphql(platform, rita.headers, ASSIGN, { id: sessionId, input: { reviewerId: target.userId } });
      expect([refused.status, refused.body.errors[0].extensions.code, refused.body.errors[0].extensions.field]).toEqual([
        422,
        'idv_assignee_not_reviewer',
        'reviewerId',
      ]);
    }
    const gone = await tokenUser('reviewer', 'gone@example.com', own);
    await platform.db.dashboardUser.update({ where: { id: gone.userId }, data: { deactivatedAt: new Date() } });
    const deactivated = await graphql(platform, rita.headers, ASSIGN, { id: sessionId, input: { reviewerId: gone.userId } });
    expect(deactivated.body.errors[0].extensions.code).toBe('idv_assignee_not_reviewer');
    const stranger = await tokenUser('reviewer', 'stranger@example.com');
    const unknown = await graphql(platform, rita.headers, ASSIGN, { id: sessionId, input: { reviewerId: stranger.userId } });
    expect([unknown.status, unknown.body.errors[0].extensions.code]).toEqual([400, 'schema_validation_failed']);
    // Nothing of that moved the assignment.
    const read = await graphql(platform, rita.headers, 'query ($id: ID!) { verificationSession(id: $id) { assignee } }', { id: sessionId });
    expect(read.body.data.verificationSession.assignee).toBe(boss.userId);
  });
});

interface SessionPage {
  nodes: { id: string; status: string; reviewStatus: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

describe('the sessions list by status, and the counts', () => {
  let own: TestTenant;
  let reviewer: Awaited<ReturnType<typeof tokenUser>>;
  const review: string[] = [];
  const passed: string[] = [];
  const failed: string[] = [];

  beforeAll(async () => {
    own = await newTenant(platform);
    reviewer = await tokenUser('reviewer', 'counter@example.com', own);
    const ownProfile = await createProfile(platform, own, 'Counted Person');
    for (let index = 0; index < 5; index++) {
      const id = (await createSession(platform, own, { profile_id: ownProfile })).id;
      await driveTo(platform, own, id, 'requires_review');
      review.push(id);
    }
    for (let index = 0; index < 2; index++) {
      const id = (await createSession(platform, own, { profile_id: ownProfile })).id;
      await driveTo(platform, own, id, 'automatic_pass');
      passed.push(id);
    }
    const id = (await createSession(platform, own, { profile_id: ownProfile })).id;
    await driveTo(platform, own, id, 'failed');
    failed.push(id);
    // One still collecting (no filter match below but the unfiltered list).
    await createSession(platform, own, { profile_id: ownProfile });
  });

  const SESSIONS = `query ($statuses: [IdvFlowStatus!], $reviewStatuses: [IdvReviewStatus!], $after: String, $first: Int) {
    verificationSessions(statuses: $statuses, reviewStatuses: $reviewStatuses, first: $first, after: $after) {
      nodes { id status reviewStatus } pageInfo { hasNextPage endCursor } totalCount
    }
  }`;

  it('filters by review status on the server and pages by cursor within the filter, newest first', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: { body: { data: { verificationSessions: SessionPage } } } = await graphql(platform, reviewer.headers, SESSIONS, {
        reviewStatuses: ['requires_review'],
        first: 2,
        after,
      });
      const connection = page.body.data.verificationSessions;
      expect(connection.totalCount).toBe(5);
      expect(connection.nodes.every((node: { reviewStatus: string }) => node.reviewStatus === 'requires_review')).toBe(true);
      seen.push(...connection.nodes.map((node: { id: string }) => node.id));
      after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual([...review].reverse());
  });

  it('filters by flow status, both lists combine, any value of a list matches; no filter counts everything', async () => {
    const failedOnly = await graphql(platform, reviewer.headers, SESSIONS, { statuses: ['failed'] });
    expect(failedOnly.body.data.verificationSessions.nodes.map((node: { id: string }) => node.id)).toEqual(failed);
    expect(failedOnly.body.data.verificationSessions.totalCount).toBe(1);
    const assessedPassed = await graphql(platform, reviewer.headers, SESSIONS, {
      statuses: ['assessed'],
      reviewStatuses: ['automatic_pass', 'accepted'],
    });
    expect(assessedPassed.body.data.verificationSessions.nodes.map((node: { id: string }) => node.id)).toEqual([...passed].reverse());
    expect(assessedPassed.body.data.verificationSessions.totalCount).toBe(2);
    const all = await graphql(platform, reviewer.headers, SESSIONS, { statuses: [], first: 3 });
    expect(all.body.data.verificationSessions.totalCount).toBe(9);
    expect(all.body.data.verificationSessions.nodes).toHaveLength(3);
    const bad = await graphql(platform, reviewer.headers, SESSIONS, { statuses: ['nonsense'] });
    expect(bad.status).toBe(400);
  });

  it('idvReviewQueue.totalCount counts the queue under the same filters, over all pages', async () => {
    const QUEUE = `query ($mine: Boolean, $unassigned: Boolean, $reasons: [String!]) {
      idvReviewQueue(first: 2, assignedToMe: $mine, unassigned: $unassigned, reasonCodes: $reasons) { nodes { id } totalCount }
    }`;
    const everything = await graphql(platform, reviewer.headers, QUEUE, {});
    expect(everything.body.data.idvReviewQueue).toMatchObject({ totalCount: 5 });
    expect(everything.body.data.idvReviewQueue.nodes).toHaveLength(2);
    await graphql(platform, reviewer.headers, 'mutation ($id: ID!) { claimVerificationSession(id: $id) { id } }', { id: review[0] });
    await graphql(platform, reviewer.headers, 'mutation ($id: ID!) { claimVerificationSession(id: $id) { id } }', { id: review[1] });
    expect((await graphql(platform, reviewer.headers, QUEUE, { mine: true })).body.data.idvReviewQueue.totalCount).toBe(2);
    expect((await graphql(platform, reviewer.headers, QUEUE, { unassigned: true })).body.data.idvReviewQueue.totalCount).toBe(3);
    expect((await graphql(platform, reviewer.headers, QUEUE, { reasons: ['no_such_reason'] })).body.data.idvReviewQueue).toEqual({
      nodes: [],
      totalCount: 0,
    });
    // The home page counts the same.
    const home = await graphql(platform, reviewer.headers, '{ workQueues { idvAwaitingReview idvAssignedToMe idvUnassigned } }');
    expect(home.body.data.workQueues).toEqual({ idvAwaitingReview: 5, idvAssignedToMe: 2, idvUnassigned: 3 });
  });
});
