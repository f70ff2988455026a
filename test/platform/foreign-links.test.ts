// Links to another object by id (a profile linked by a search, a batch row, a risk subject or an
// IDV session; a workflow or profile group named by an onboarding) are refused when the object is
// not in the caller's workspace, with exactly the answer of an id that does not exist, and nothing
// is stored. Each case runs with two tenants: B presents A's id, and B's answer must equal (byte
// for byte) its answer for an absent id, through REST and GraphQL alike.
import {
  auth,
  ApiResponse,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';

let platform: TestPlatform;
let a: TestTenant;
let b: TestTenant;
let profileOfA: string;
let profileOfB: string;

const ABSENT_PROFILE = 'prf_doesnotexist0000000';

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'],
    isolatedDatabase: true,
  });
  a = await createTestTenant(platform, { riskAssessments: true });
  b = await createTestTenant(platform, { riskAssessments: true });
  profileOfA = await createProfile(a, 'Ada Lovelace');
  profileOfB = await createProfile(b, 'Grace Hopper');
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}, 120_000);
afterAll(() => platform.close());

async function createProfile(tenant: TestTenant, name: string): Promise<string> {
  const created = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name, kind: 'individual', email: 'someone@example.com' },
  });
  expect(created.status).toBe(201);
  return created.body.result.profile.id as string;
}

const rest = (tenant: TestTenant, method: string, path: string, body?: unknown) =>
  request(platform.restUrl, method, path, { headers: auth.apiKey(tenant.apiKey), body });
const gql = (tenant: TestTenant, query: string, variables: Record<string, unknown>) =>
  graphql(platform, auth.apiKey(tenant.apiKey), query, variables);

/** The foreign answer is the absent answer: same status, same bytes (an answer that echoes the id
 * it was given is compared with each id in the same place). */
function sameAnswer(foreign: ApiResponse, absent: ApiResponse, status: number, code: string, ids?: [string, string]): void {
  expect([foreign.status, absent.status]).toEqual([status, status]);
  expect(foreign.text).toContain(code);
  expect(ids ? foreign.text.split(ids[0]).join('<id>') : foreign.text).toBe(ids ? absent.text.split(ids[1]).join('<id>') : absent.text);
}

/** GraphQL: the same error (message, code, status, field) for the foreign id as for the absent one. */
function sameError(foreign: ApiResponse, absent: ApiResponse, code: string): void {
  expect(foreign.body.errors?.[0]?.extensions?.code).toBe(code);
  expect(foreign.body.data ?? null).toEqual(absent.body.data ?? null);
  expect(JSON.stringify(foreign.body.errors)).toBe(JSON.stringify(absent.body.errors));
}

async function searchCount(tenant: TestTenant): Promise<number> {
  return platform.db.searchRequest.count({ where: { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId } });
}

describe('[screening.links.profile-in-scope] searches link only profiles of their workspace', () => {
  it('search-sync (POST, GET and GraphQL screen) answers a foreign profile_id as an absent one, storing nothing', async () => {
    const before = await searchCount(b);
    const body = (profileId: string) => ({ name: 'Ada Lovelace', type: 'individual', profile_id: profileId });
    sameAnswer(
      await rest(b, 'POST', '/v1/search-sync', body(profileOfA)),
      await rest(b, 'POST', '/v1/search-sync', body(ABSENT_PROFILE)),
      404,
      'profile_not_found',
    );
    const legacy = (profileId: string) => rest(b, 'GET', `/v1/search-sync?name=Ada%20Lovelace&profile_id=${profileId}`);
    sameAnswer(await legacy(profileOfA), await legacy(ABSENT_PROFILE), 404, 'profile_not_found');
    const screen = 'mutation($input: ScreenInput!) { screen(input: $input) { id profileId } }';
    sameError(
      await gql(b, screen, { input: { name: 'Ada Lovelace', profileId: profileOfA } }),
      await gql(b, screen, { input: { name: 'Ada Lovelace', profileId: ABSENT_PROFILE } }),
      'profile_not_found',
    );
    expect(await searchCount(b)).toBe(before);
    // A's profile was not linked to anything of B's.
    const history = await gql(a, 'query($id: ID!) { profile(id: $id) { screening { searchCount } } }', { id: profileOfA });
    expect(history.body.data.profile.screening?.searchCount ?? 0).toBe(0);

    // The caller's own profile still links.
    const own = await rest(b, 'POST', '/v1/search-sync', body(profileOfB));
    expect(own.status).toBe(200);
    expect(await searchCount(b)).toBe(before + 1);
  });

  it('batch submissions (POST /v1/search and GraphQL) refuse a row with a foreign profile_id like an absent one; no job is stored', async () => {
    const before = await platform.db.batchJob.count();
    const searches = await searchCount(b);
    const body = (profileId: string) => ({
      feeds: ['Sanctions'],
      requests: [
        { name: 'Grace Hopper', profile_id: profileOfB },
        { name: 'Ada Lovelace', profile_id: profileId },
      ],
    });
    const foreign = await rest(b, 'POST', '/v1/search', body(profileOfA));
    sameAnswer(foreign, await rest(b, 'POST', '/v1/search', body(ABSENT_PROFILE)), 404, 'profile_not_found');
    expect(foreign.body.error.message).toContain('requests[1].profile_id');
    const submit = 'mutation($input: SubmitScreeningBatchInput!) { submitScreeningBatch(input: $input) { id } }';
    const input = (profileId: string) => ({ feeds: ['Sanctions'], requests: [{ name: 'Ada Lovelace', profileId }] });
    sameError(
      await gql(b, submit, { input: input(profileOfA) }),
      await gql(b, submit, { input: input(ABSENT_PROFILE) }),
      'profile_not_found',
    );
    expect(await platform.db.batchJob.count()).toBe(before);
    expect(await searchCount(b)).toBe(searches);
  });
});

describe('[risk.subjects.profile-in-scope] risk subjects link only profiles of their workspace', () => {
  it('POST /assessments and GraphQL createRiskAssessment answer a foreign subject profile_id as an absent one; nothing is created', async () => {
    const count = () => platform.db.riskAssessment.count({ where: { tenantId: b.tenantId } });
    const before = await count();
    const body = (profileId: string) => ({
      title: 'Linked review',
      subjects: [{ type: 'individual', name: 'Ada Lovelace', profile_id: profileId }],
    });
    const foreign = await rest(b, 'POST', '/risk-assessments/v2/assessments', body(profileOfA));
    sameAnswer(foreign, await rest(b, 'POST', '/risk-assessments/v2/assessments', body(ABSENT_PROFILE)), 404, 'profile_not_found');
    expect(foreign.body).toMatchObject({ status: 404, error: { code: 'profile_not_found' } });
    const create = 'mutation($input: CreateRiskAssessmentInput!) { createRiskAssessment(input: $input) { id } }';
    const input = (profileId: string) => ({ title: 'Linked review', subjects: [{ type: 'individual', name: 'Ada Lovelace', profileId }] });
    sameError(
      await gql(b, create, { input: input(profileOfA) }),
      await gql(b, create, { input: input(ABSENT_PROFILE) }),
      'profile_not_found',
    );
    expect(await count()).toBe(before);
    const riskOfA = await gql(a, 'query($id: ID!) { profile(id: $id) { riskAssessments { id } } }', { id: profileOfA });
    expect(riskOfA.body.data.profile.riskAssessments).toEqual([]);

    const own = await rest(b, 'POST', '/risk-assessments/v2/assessments', body(profileOfB));
    expect(own.status).toBe(201);
  });
});

describe('IDV sessions and onboarding name only objects of their workspace', () => {
  it('[idv.sessions.create.r1] POST /idv/v1/sessions and GraphQL createVerificationSession answer a foreign profile_id as an absent one; no session is stored', async () => {
    const count = () => platform.db.idvSession.count({ where: { tenantId: b.tenantId } });
    const before = await count();
    sameAnswer(
      await rest(b, 'POST', '/idv/v1/sessions', { profile_id: profileOfA }),
      await rest(b, 'POST', '/idv/v1/sessions', { profile_id: ABSENT_PROFILE }),
      400,
      'idv_profile_not_found',
    );
    const create = 'mutation($input: CreateVerificationSessionInput!) { createVerificationSession(input: $input) { session { id } } }';
    sameError(
      await gql(b, create, { input: { profileId: profileOfA } }),
      await gql(b, create, { input: { profileId: ABSENT_PROFILE } }),
      'idv_profile_not_found',
    );
    expect(await count()).toBe(before);
  });

  it("[clm.onboarding.links-in-scope] onboarding answers another workspace's workflow or profile group as absent ones; no profile is created", async () => {
    const profiles = () => platform.db.profile.count({ where: { tenantId: b.tenantId } });
    const before = await profiles();
    const workflow = await rest(a, 'POST', '/idv/v1/workflows', { name: 'Active flow', status: 'active' });
    expect(workflow.status).toBe(201);
    const group = await rest(a, 'POST', '/tenant-config/v1/profile-groups', { name: 'High value', priority: 1 });
    expect(group.status).toBe(201);
    const groupOfA = group.body.result.profileGroup.id as string;
    const withWorkflow = (workflowId: string) => ({
      name: 'Quentin Unlisted',
      kind: 'individual',
      email: 'q@example.com',
      onboarding: { screening: { enabled: false }, idv: { enabled: true, workflowId } },
    });
    sameAnswer(
      await rest(b, 'POST', '/clm/v1/onboarding/profiles', withWorkflow(workflow.body.data.id)),
      await rest(b, 'POST', '/clm/v1/onboarding/profiles', withWorkflow('idvw_doesnotexist')),
      404,
      'idv_workflow_not_found',
    );
    const withGroup = (groupId: string) => ({ name: 'Quentin Unlisted', kind: 'individual', profileGroupIds: [groupId], onboarding: {} });
    const absentGroup = `${groupOfA.slice(0, -4)}zzzz`;
    sameAnswer(
      await rest(b, 'POST', '/clm/v1/onboarding/profiles', withGroup(groupOfA)),
      await rest(b, 'POST', '/clm/v1/onboarding/profiles', withGroup(absentGroup)),
      400,
      'profile_group_unknown',
      [groupOfA, absentGroup],
    );
    const onboard = 'mutation($input: OnboardProfileInput!) { onboardProfile(input: $input) { profile { id } } }';
    const input = (workflowId: string) => ({
      name: 'Quentin Unlisted',
      kind: 'individual',
      email: 'q@example.com',
      onboarding: { screening: { enabled: false }, idv: { enabled: true, workflowId } },
    });
    sameError(
      await gql(b, onboard, { input: input(workflow.body.data.id) }),
      await gql(b, onboard, { input: input('idvw_doesnotexist') }),
      'idv_workflow_not_found',
    );
    expect(await profiles()).toBe(before);
  });
});
