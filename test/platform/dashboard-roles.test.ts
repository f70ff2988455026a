// Dashboard roles through the public surfaces: the GraphQL gateway and the REST adapter refuse what a
// role may not do (403 insufficient_role in each area's envelope) and leave the state untouched;
// the next role up may do it; application keys keep full access. The table itself is checked in
// role-policy.test.ts.
import { DashboardRole } from '../../platform/principal/roles';
import { PRINCIPAL_HEADER, signPrincipal } from '../../platform/principal/principal';
import {
  ApiResponse,
  auth,
  createDashboardToken,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { createProfile, createSession, driveTo, idv, newTenant } from '../idv/idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;
const tokens = {} as Record<DashboardRole, { token: string; userId: string }>;

beforeAll(async () => {
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'gateway', 'rest-adapter'] });
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant, 'Role Subject');
  for (const role of ['viewer', 'analyst', 'reviewer', 'admin'] as const)
    tokens[role] = await createDashboardToken(platform, tenant, `${role}@example.com`, role);
});
afterAll(() => platform.close());

const as = (role: DashboardRole) => auth.bearer(tokens[role].token);
const key = () => auth.apiKey(tenant.apiKey);

async function sessionInReview(): Promise<string> {
  const { id } = await createSession(platform, tenant, { profile_id: profileId });
  await driveTo(platform, tenant, id, 'requires_review');
  return id;
}
const readSession = async (id: string) => (await idv(platform, tenant).get(`/sessions/${id}`)).body.data;
const profileCount = async () => (await graphql(platform, key(), '{ profiles { totalCount } }')).body.data.profiles.totalCount as number;

const REVIEW = `mutation ($id: ID!, $input: ReviewVerificationSessionInput!) {
  reviewVerificationSession(id: $id, input: $input) { id reviewStatus }
}`;
const CREATE_PROFILE = `mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id } }`;
const CREATE_WORKFLOW = `mutation ($input: CreateIdvWorkflowInput!) { createIdvWorkflow(input: $input) { id } }`;

/** A GraphQL refusal: HTTP 403, no data, the code and a message naming the role needed. */
function expectRefused(response: ApiResponse, field: string, needed: DashboardRole): void {
  expect(response.status).toBe(403);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0].extensions).toMatchObject({
    code: 'insufficient_role',
    http: { status: 403 },
    details: { rootField: field, requiredRole: needed },
  });
  expect(response.body.errors[0].message).toContain(`needs the ${needed} role`);
}

describe('IDV review decisions need a reviewer', () => {
  it('an analyst is refused through GraphQL and REST, and the session stays unchanged', async () => {
    const id = await sessionInReview();
    const before = await readSession(id);

    const viaGraphql = await graphql(platform, as('analyst'), REVIEW, { id, input: { status: 'accepted', note: 'looks fine' } });
    expectRefused(viaGraphql, 'reviewVerificationSession', 'reviewer');

    const viaRest = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/review`, {
      headers: as('analyst'),
      body: { status: 'rejected' },
    });
    expect(viaRest.status).toBe(403);
    expect(viaRest.headers.get('cache-control')).toBe('no-store');
    expect(viaRest.body).toEqual({
      error: {
        code: 'insufficient_role',
        message: 'reviewVerificationSession needs the reviewer role or higher; your role in this workspace is analyst',
      },
    });

    const after = await readSession(id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ review_status: 'requires_review', review_history: [] });
  });

  it('a viewer is refused too', async () => {
    const id = await sessionInReview();
    expectRefused(
      await graphql(platform, as('viewer'), REVIEW, { id, input: { status: 'accepted' } }),
      'reviewVerificationSession',
      'reviewer',
    );
  });

  it('a reviewer decides through GraphQL, an admin through REST', async () => {
    const first = await sessionInReview();
    const decided = await graphql(platform, as('reviewer'), REVIEW, { id: first, input: { status: 'accepted', note: 'ok' } });
    expect(decided.body.errors).toBeUndefined();
    expect(decided.body.data.reviewVerificationSession).toEqual({ id: first, reviewStatus: 'accepted' });

    const second = await sessionInReview();
    const viaRest = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${second}/review`, {
      headers: as('admin'),
      body: { status: 'escalation' },
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.data.review_history[0]).toMatchObject({
      status: 'escalation',
      actor: { kind: 'dashboard_user', id: tokens.admin.userId },
    });
  });

  it('an analyst still does the day-to-day work: assigns and cancels sessions', async () => {
    const id = await sessionInReview();
    const assigned = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/assign`, {
      headers: as('analyst'),
      body: { assignee: tokens.reviewer.userId },
    });
    expect(assigned.status).toBe(200);
    const { id: fresh } = await createSession(platform, tenant, { profile_id: profileId });
    expect((await request(platform.restUrl, 'POST', `/idv/v1/sessions/${fresh}/cancel`, { headers: as('analyst'), body: {} })).status).toBe(
      200,
    );
  });

  it('the IDV subgraph refuses on its own, whoever calls it', async () => {
    const id = await sessionInReview();
    const principal = {
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      actorId: tokens.analyst.userId,
      kind: 'dashboard_user' as const,
      entitlements: {},
      role: 'analyst' as const,
    };
    const response = await request(platform.urls.idv!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
      headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.config.internalSecret) },
      body: { query: REVIEW, variables: { id, input: { status: 'accepted' } } },
    });
    // A refusal is a result the gateway passes on with its code (a 4xx of a subgraph would not be).
    expect(response.status).toBe(200);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'insufficient_role', http: { status: 403 } });
    expect(await readSession(id)).toMatchObject({ review_status: 'requires_review', review_history: [] });
  });
});

describe('a viewer reads but does not write', () => {
  it('cannot create a profile through GraphQL or REST; nothing is created', async () => {
    const before = await profileCount();
    expectRefused(
      await graphql(platform, as('viewer'), CREATE_PROFILE, { input: { name: 'Nope', kind: 'individual' } }),
      'createProfile',
      'analyst',
    );
    const viaRest = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: as('viewer'),
      body: { name: 'Nope', kind: 'individual' },
    });
    expect(viaRest.status).toBe(403);
    expect(viaRest.body).toEqual({
      msg: 'createProfile needs the analyst role or higher; your role in this workspace is viewer',
      status: 403,
      result: null,
      error: {
        code: 'insufficient_role',
        message: 'createProfile needs the analyst role or higher; your role in this workspace is viewer',
      },
    });
    expect(await profileCount()).toBe(before);
  });

  it('reads profiles and sessions', async () => {
    const profile = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: as('viewer') });
    expect(profile.status).toBe(200);
    expect(profile.body.result.profile.id).toBe(profileId);
    const sessions = await graphql(platform, as('viewer'), '{ verificationSessions { totalCount } idvReviewQueue { totalCount } }');
    expect(sessions.body.errors).toBeUndefined();
  });

  it('does not read decrypted session data (analyst and up)', async () => {
    const id = await sessionInReview();
    const response = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/data`, { headers: as('viewer') });
    expect([response.status, response.body.error.code]).toEqual([403, 'insufficient_role']);
  });

  it('an analyst creates a profile', async () => {
    const created = await graphql(platform, as('analyst'), CREATE_PROFILE, { input: { name: 'Analyst Made', kind: 'individual' } });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createProfile.id).toEqual(expect.any(String));
  });
});

describe('settings need an admin', () => {
  it('an analyst cannot create a profile group or a workflow; an admin can (REST and GraphQL)', async () => {
    const groupBody = { name: 'High risk', priority: 1 };
    const refusedGroup = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-groups', {
      headers: as('reviewer'),
      body: groupBody,
    });
    expect([refusedGroup.status, refusedGroup.body.status, refusedGroup.body.error.code]).toEqual([403, 403, 'insufficient_role']);
    expect(refusedGroup.body.error.message).toContain('createProfileGroup needs the admin role');
    const group = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-groups', { headers: as('admin'), body: groupBody });
    expect(group.status).toBe(201);

    const refusedWorkflow = await request(platform.restUrl, 'POST', '/idv/v1/workflows', {
      headers: as('analyst'),
      body: { name: 'Nope' },
    });
    expect([refusedWorkflow.status, refusedWorkflow.body.error.code]).toEqual([403, 'insufficient_role']);
    expectRefused(await graphql(platform, as('analyst'), CREATE_WORKFLOW, { input: { name: 'Nope' } }), 'createIdvWorkflow', 'admin');
    const workflow = await graphql(platform, as('admin'), CREATE_WORKFLOW, { input: { name: 'By an admin' } });
    expect(workflow.body.errors).toBeUndefined();
    const names = (await idv(platform, tenant).get('/workflows')).body.data.map((w: { name: string }) => w.name);
    expect(names).toContain('By an admin');
    expect(names).not.toContain('Nope');
  });

  it('the whole operation is refused: a field the role may run does not run beside one it may not', async () => {
    const before = await profileCount();
    const response = await graphql(
      platform,
      as('analyst'),
      `
        mutation ($profile: CreateProfileInput!, $workflow: CreateIdvWorkflowInput!) {
          createProfile(input: $profile) {
            id
          }
          createIdvWorkflow(input: $workflow) {
            id
          }
        }
      `,
      { profile: { name: 'Half', kind: 'individual' }, workflow: { name: 'Half' } },
    );
    expectRefused(response, 'createIdvWorkflow', 'admin');
    expect(await profileCount()).toBe(before);
  });

  it('webhook destinations are read by admins only', async () => {
    const refused = await graphql(platform, as('reviewer'), '{ webhookDestinations { id } }');
    expectRefused(refused, 'webhookDestinations', 'admin');
    const read = await graphql(platform, as('admin'), '{ webhookDestinations { id } }');
    expect(read.body.errors).toBeUndefined();
  });
});

describe('applications keep full access', () => {
  it('an API key decides, creates profiles, groups and workflows', async () => {
    const id = await sessionInReview();
    expect((await idv(platform, tenant).post(`/sessions/${id}/review`, { status: 'accepted' })).status).toBe(200);
    const other = await sessionInReview();
    const decided = await graphql(platform, key(), REVIEW, { id: other, input: { status: 'rejected' } });
    expect(decided.body.data.reviewVerificationSession.reviewStatus).toBe('rejected');
    expect((await graphql(platform, key(), CREATE_PROFILE, { input: { name: 'By key', kind: 'individual' } })).body.errors).toBeUndefined();
    expect((await graphql(platform, key(), CREATE_WORKFLOW, { input: { name: 'By key' } })).body.errors).toBeUndefined();
    const group = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-groups', {
      headers: key(),
      body: { name: 'By key', priority: 2 },
    });
    expect(group.status).toBe(201);
    expect((await graphql(platform, key(), '{ webhookDestinations { id } }')).body.errors).toBeUndefined();
  });
});
