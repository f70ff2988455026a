// The console's home page in one query through the gateway: every subgraph's counts on the
// WorkQueues entity (profiles awaiting review, IDV sessions awaiting review and assigned to me,
// unresolved screening matches, open monitoring alerts, risk assessments waiting for a person) and
// the workspace's recent activity; all of the caller's workspace only.
import { createDashboardUser, issueDashboardToken } from '../../platform/tenancy/tenancy-store';
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
import { createSession, driveTo } from '../idv/idv-helpers';
import { importList, UN_XML, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

const HOME = `query {
  workQueues {
    workspaceId
    profilesAwaitingReview
    idvAwaitingReview
    idvAssignedToMe
    idvUnassigned
    unresolvedScreeningMatches
    openMonitoringAlerts
    riskAssessmentsWaitingForUser
  }
  workspaceActivity(first: 5) { id type subjectType subjectId profileId occurredAt }
}`;

beforeAll(async () => {
  // With the worker (profile statuses follow searches and sessions through the outbox), which scans
  // every tenant's queue: an isolated database.
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}, 300_000);
afterAll(() => platform.close());

it('answers every count of the caller in one query, and the latest events', async () => {
  const user = await createDashboardUser(platform.db, {
    workspaceId: tenant.workspaceId,
    email: 'home@example.com',
    name: 'Home',
    role: 'reviewer',
  });
  const { token } = await issueDashboardToken(platform.db, user.id);
  const headers = { Authorization: `Bearer ${token}` };
  const before = await graphql(platform, headers, HOME);
  expect(before.body.errors).toBeUndefined();
  expect(before.body.data.workQueues).toEqual({
    workspaceId: tenant.workspaceId,
    profilesAwaitingReview: 0,
    idvAwaitingReview: 0,
    idvAssignedToMe: 0,
    idvUnassigned: 0,
    unresolvedScreeningMatches: 0,
    openMonitoringAlerts: 0,
    riskAssessmentsWaitingForUser: 0,
  });

  // A screening with matches for a profile (unresolved matches; the profile becomes potential_match).
  const profile = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Ibrahim Hassan al-Tikriti', kind: 'individual', email: 'ibrahim@example.com' },
  });
  const profileId = profile.body.result.profile.id as string;
  const searched = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { type: 'individual', name: 'Ibrahim Hassan al-Tikriti', profile_id: profileId, threshold: 0.5 },
  });
  const matches = (searched.body.result.results as unknown[]).length;
  expect(matches).toBeGreaterThanOrEqual(1);
  // Two IDV sessions awaiting review, one claimed by the user.
  const claimed = await createSession(platform, tenant, { profile_id: profileId });
  const open = await createSession(platform, tenant, { profile_id: profileId });
  await driveTo(platform, tenant, claimed.id, 'requires_review');
  await driveTo(platform, tenant, open.id, 'requires_review');
  const claim = await graphql(
    platform,
    headers,
    `
      mutation ($id: ID!) {
        claimVerificationSession(id: $id) {
          assignee
        }
      }
    `,
    { id: claimed.id },
  );
  expect(claim.body.data.claimVerificationSession.assignee).toBe(user.id);

  const after = await graphql(platform, headers, HOME);
  expect(after.body.errors).toBeUndefined();
  expect(after.body.data.workQueues).toMatchObject({
    idvAwaitingReview: 2,
    idvAssignedToMe: 1,
    idvUnassigned: 1,
    unresolvedScreeningMatches: matches,
    openMonitoringAlerts: 0,
  });
  // Reviewing a match takes it off the count (the maintained counter moves with the review status).
  const reviewed = await graphql(
    platform,
    headers,
    'mutation($id: ID!, $input: ReviewScreeningMatchInput!) { reviewScreeningMatch(id: $id, input: $input) { reviewStatus } }',
    { id: (searched.body.result.results as { id: string }[])[0].id, input: { reviewStatus: 'false_positive', note: 'another person' } },
  );
  expect(reviewed.body.errors).toBeUndefined();
  expect((await graphql(platform, headers, HOME)).body.data.workQueues.unresolvedScreeningMatches).toBe(matches - 1);
  // The profile's status follows the search and the sessions through the outbox (a job): wait for it.
  let awaiting = after.body.data.workQueues.profilesAwaitingReview as number;
  for (let i = 0; i < 120 && awaiting === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    awaiting = (await graphql(platform, headers, HOME)).body.data.workQueues.profilesAwaitingReview as number;
  }
  expect(awaiting).toBe(1);
  const activity = after.body.data.workspaceActivity as { type: string; subjectId: string; profileId: string | null; occurredAt: string }[];
  expect(activity).toHaveLength(5);
  expect(activity.map((e) => e.occurredAt)).toEqual([...activity.map((e) => e.occurredAt)].sort().reverse());
  expect(activity).toContainEqual(expect.objectContaining({ type: 'idv.session.requires_review', subjectId: open.id, profileId }));
  expect(JSON.stringify(activity)).not.toContain('Ibrahim');

  // Another workspace sees none of it.
  const theirs = await graphql(platform, auth.apiKey(sibling.apiKey), HOME.replace('riskAssessmentsWaitingForUser', ''));
  expect(theirs.body.data.workQueues).toMatchObject({
    workspaceId: sibling.workspaceId,
    idvAwaitingReview: 0,
    unresolvedScreeningMatches: 0,
  });
  expect(theirs.body.data.workspaceActivity).toEqual([]);
  // An application key without the risk beta gets null for the risk count, not an error.
  const key = await graphql(platform, auth.apiKey(tenant.apiKey), HOME);
  expect(key.body.errors).toBeUndefined();
  expect(key.body.data.workQueues.riskAssessmentsWaitingForUser).toBeNull();
  expect(key.body.data.workQueues.idvAssignedToMe).toBe(0);
}, 120_000);

it('the console file route serves a screening report PDF to a dashboard token of its workspace only', async () => {
  const searched = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { type: 'individual', name: 'Ibrahim Hassan al-Tikriti', threshold: 0.5 },
  });
  const created = await request(platform.restUrl, 'POST', '/v1/reports', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { searchResultId: searched.body.result.searchId },
  });
  expect(created.status).toBe(200);
  const reportId = /\/v1\/reports\/([0-9a-f]{24})/.exec(created.body.reports[0] as string)![1];
  const own = await createDashboardUser(platform.db, { workspaceId: tenant.workspaceId, email: 'pdf@example.com', name: 'Pdf' });
  const other = await createDashboardUser(platform.db, { workspaceId: sibling.workspaceId, email: 'pdf-other@example.com', name: 'Other' });
  const path = `/console/files/screening/reports/${reportId}`;
  await expectPdfForItsWorkspaceOnly(path, { Authorization: `Bearer ${(await issueDashboardToken(platform.db, own.id)).token}` }, other.id);
  expect((await request(platform.restUrl, 'GET', path)).status).toBe(401);
});

it('the console file route serves a risk assessment report PDF to a dashboard token of its workspace only', async () => {
  const own = await createDashboardUser(platform.db, { workspaceId: tenant.workspaceId, email: 'risk-pdf@example.com', name: 'Risk' });
  const other = await createDashboardUser(platform.db, { workspaceId: sibling.workspaceId, email: 'risk-other@example.com', name: 'O' });
  const ownHeaders = { Authorization: `Bearer ${(await issueDashboardToken(platform.db, own.id)).token}` };
  const created = await graphql(
    platform,
    ownHeaders,
    `
      mutation ($input: CreateRiskAssessmentInput!) {
        createRiskAssessment(input: $input) {
          id
        }
      }
    `,
    {
      input: {
        title: 'Console report',
        subjects: [
          { type: 'organization', name: 'Harbour Lights Trading GmbH', registrationId: 'HRB 123456', jurisdiction: { country: 'DE' } },
        ],
      },
    },
  );
  expect(created.body.errors).toBeUndefined();
  const path = `/console/files/risk/assessments/${created.body.data.createRiskAssessment.id as string}/report`;
  await expectPdfForItsWorkspaceOnly(path, ownHeaders, other.id);
});

/** A console file route's PDF: served, private and not stored, to its workspace; the same 404 as an
 * absent file to a dashboard user of another workspace. */
async function expectPdfForItsWorkspaceOnly(path: string, ownHeaders: Record<string, string>, otherUserId: string) {
  const pdf = await fetch(`${platform.restUrl}${path}`, { headers: ownHeaders });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.headers.get('cache-control')).toBe('private, no-store');
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const foreign = await request(platform.restUrl, 'GET', path, {
    headers: { Authorization: `Bearer ${(await issueDashboardToken(platform.db, otherUserId)).token}` },
  });
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual({ error: { code: 'not_found', message: 'File not found' } });
}
