// Four-eyes (maker-checker) decisions through the public surfaces (docs/audit.md, "Four-eyes"): the
// policy set by an admin over GraphQL; a dashboard user's covered decision becomes a proposal that a
// second reviewer approves (applied exactly once) or rejects; the proposer's own approval, a stale
// object, an expired or already decided proposal are refused and leave the object unchanged;
// application keys apply (audited as the application) unless the workspace refuses them (REST).
import {
  auth,
  createDashboardToken,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { completeDefaultCapture, testImage } from '../idv/capture-helpers';
import { createProfile, createSession, driveTo } from '../idv/idv-helpers';
import { riskClient } from '../risk/risk-helpers';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;
let admin: string;
let proposer: { token: string; userId: string };
let approver: { token: string; userId: string };
let third: { token: string; userId: string };
let analyst: string;

const bearer = (token: string) => auth.bearer(token);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers: untyped JSON whose shape the tests assert
async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await graphql(platform, bearer(token), query, variables);
  return response.body;
}

function errorOf(body: { errors?: { extensions?: { code?: string; http?: { status?: number } } }[] }) {
  const error = body.errors?.[0];
  return { code: error?.extensions?.code, status: error?.extensions?.http?.status };
}

const PROPOSAL =
  'id kind status objectType objectId decision { reviewStatus matchReviewStatus conclusion enabled confidenceThreshold } note proposedBy decidedBy decisionNote viewerMayApprove';

async function setPolicy(kinds: string[], extra: Record<string, unknown> = {}) {
  const body = await gql(
    admin,
    'mutation ($input: UpdateFourEyesPolicyInput!) { updateFourEyesPolicy(input: $input) { kinds proposalExpiryHours refuseApplicationDecisions } }',
    { input: { kinds, ...extra } },
  );
  expect(body.errors).toBeUndefined();
  return body.data.updateFourEyesPolicy;
}

const approve = (token: string, id: string, note = 'agreed, second look') =>
  gql(token, `mutation ($id: ID!, $note: String!) { approveFourEyesProposal(id: $id, input: { note: $note }) { ${PROPOSAL} } }`, {
    id,
    note,
  });

const reject = (token: string, id: string, note = 'not convinced') =>
  gql(token, `mutation ($id: ID!, $note: String!) { rejectFourEyesProposal(id: $id, input: { note: $note }) { ${PROPOSAL} } }`, {
    id,
    note,
  });

/** A session with captured artifacts, assessed into requires_review. */
async function reviewableSession(): Promise<string> {
  const session = await createSession(platform, tenant, { profile_id: profileId });
  await completeDefaultCapture(platform, session.id, session.token, { selfie: await testImage(320, 240, 'jpeg') });
  await driveTo(platform, tenant, session.id, 'requires_review');
  return session.id;
}

const DECIDE = `mutation ($id: ID!, $status: IdvReviewStatus!, $note: String!) {
  decideVerificationSession(id: $id, input: { status: $status, note: $note }) { id reviewStatus fourEyesProposal { ${PROPOSAL} } }
}`;

async function sessionState(id: string) {
  const body = await gql(approver.token, 'query ($id: ID!) { verificationSession(id: $id) { reviewStatus reviewHistory { status } } }', {
    id,
  });
  expect(body.errors).toBeUndefined();
  return body.data.verificationSession as { reviewStatus: string; reviewHistory: { status: string }[] };
}

async function auditActions(resourceId: string) {
  const rows = await platform.db.auditLogEntry.findMany({
    where: { workspaceId: tenant.workspaceId, resourceId },
    orderBy: { seq: 'asc' },
  });
  return rows.map((row) => row.action);
}

async function proposeSessionDecision(status = 'accepted'): Promise<{ sessionId: string; proposalId: string }> {
  const sessionId = await reviewableSession();
  const body = await gql(proposer.token, DECIDE, { id: sessionId, status, note: 'documents match the profile' });
  expect(body.errors).toBeUndefined();
  expect(body.data.decideVerificationSession.reviewStatus).toBe('requires_review');
  return { sessionId, proposalId: body.data.decideVerificationSession.fourEyesProposal.id };
}

beforeAll(async () => {
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'access', 'gateway', 'rest-adapter'] });
  tenant = await createTestTenant(platform, { riskAssessments: true });
  profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
  admin = (await createDashboardToken(platform, tenant, 'admin@example.com', 'admin')).token;
  proposer = await createDashboardToken(platform, tenant, 'proposer@example.com', 'reviewer');
  approver = await createDashboardToken(platform, tenant, 'approver@example.com', 'reviewer');
  third = await createDashboardToken(platform, tenant, 'third@example.com', 'reviewer');
  analyst = (await createDashboardToken(platform, tenant, 'analyst@example.com', 'analyst')).token;
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}, 180_000);
afterAll(() => platform.close());

describe('the policy', () => {
  it('is off by default, set by an admin only, and its changes are audited', async () => {
    const initial = await gql(analyst, '{ fourEyesPolicy { kinds proposalExpiryHours refuseApplicationDecisions updatedAt } }');
    expect(initial.data.fourEyesPolicy).toEqual({ kinds: [], proposalExpiryHours: 72, refuseApplicationDecisions: false, updatedAt: null });
    const refused = await gql(proposer.token, 'mutation { updateFourEyesPolicy(input: { kinds: [MATCH_REVIEW] }) { kinds } }');
    expect(errorOf(refused)).toEqual({ code: 'insufficient_role', status: 403 });
    const invalid = await gql(
      admin,
      'mutation { updateFourEyesPolicy(input: { kinds: [MATCH_REVIEW], proposalExpiryHours: 0 }) { kinds } }',
    );
    expect(errorOf(invalid)).toEqual({ code: 'schema_validation_failed', status: 400 });
    expect(await setPolicy(['IDV_REVIEW_DECISION'], { proposalExpiryHours: 24 })).toEqual({
      kinds: ['IDV_REVIEW_DECISION'],
      proposalExpiryHours: 24,
      refuseApplicationDecisions: false,
    });
    const entry = await platform.db.auditLogEntry.findFirst({
      where: { workspaceId: tenant.workspaceId, action: 'four_eyes.policy.update' },
      orderBy: { seq: 'desc' },
    });
    expect(entry?.detail).toMatchObject({ from: { kinds: [] }, to: { kinds: ['IDV_REVIEW_DECISION'], proposal_expiry_hours: 24 } });
    await setPolicy([]);
  });

  it('off: a dashboard decision applies directly, as before', async () => {
    const sessionId = await reviewableSession();
    const body = await gql(proposer.token, DECIDE, { id: sessionId, status: 'accepted', note: 'fine' });
    expect(body.errors).toBeUndefined();
    expect(body.data.decideVerificationSession).toMatchObject({ reviewStatus: 'accepted', fourEyesProposal: null });
  });
});

describe('IDV review decisions under four eyes', () => {
  beforeAll(() => setPolicy(['IDV_REVIEW_DECISION']));

  it('a proposal approved by a second reviewer takes effect exactly once', async () => {
    const { sessionId, proposalId } = await proposeSessionDecision();
    expect((await sessionState(sessionId)).reviewStatus).toBe('requires_review');
    const queue = await gql(
      approver.token,
      `query ($objectId: ID!) { fourEyesProposals(filter: { status: pending, kind: IDV_REVIEW_DECISION, objectId: $objectId }) { nodes { ${PROPOSAL} } totalCount pageInfo { hasNextPage endCursor } } workQueues { fourEyesPending } }`,
      { objectId: sessionId },
    );
    expect(queue.errors).toBeUndefined();
    expect(queue.data.fourEyesProposals.totalCount).toBe(1);
    expect(queue.data.fourEyesProposals.nodes[0]).toMatchObject({
      id: proposalId,
      kind: 'IDV_REVIEW_DECISION',
      status: 'pending',
      objectType: 'idv_session',
      decision: { reviewStatus: 'accepted' },
      note: 'documents match the profile',
      proposedBy: proposer.userId,
      viewerMayApprove: true,
    });
    expect(queue.data.workQueues.fourEyesPending).toBeGreaterThanOrEqual(1);

    // A second decision on the same session while one waits is refused.
    const again = await gql(third.token, DECIDE, { id: sessionId, status: 'rejected', note: 'other view' });
    expect(errorOf(again)).toEqual({ code: 'four_eyes_proposal_pending', status: 409 });

    // Two reviewers approve at once: one wins, the other finds it decided.
    const [first, second] = await Promise.all([approve(approver.token, proposalId), approve(third.token, proposalId)]);
    const outcomes = [first, second].map((body) => (body.errors ? errorOf(body).code : body.data.approveFourEyesProposal.status));
    expect(outcomes.sort()).toEqual(['approved', 'four_eyes_proposal_decided']);
    const state = await sessionState(sessionId);
    expect(state.reviewStatus).toBe('accepted');
    expect(state.reviewHistory.filter((entry) => entry.status === 'accepted')).toHaveLength(1);
    expect(await auditActions(sessionId)).toEqual(['idv.session.review']);
    expect(await auditActions(proposalId)).toEqual(['four_eyes.proposal.create', 'four_eyes.proposal.approve']);
    const review = await platform.db.auditLogEntry.findFirst({ where: { workspaceId: tenant.workspaceId, resourceId: sessionId } });
    expect(review?.detail).toMatchObject({ four_eyes_proposal_id: proposalId, proposed_by: proposer.userId });

    // Decided: a later approval or rejection is refused, the session stays as approved.
    expect(errorOf(await approve(approver.token, proposalId))).toEqual({ code: 'four_eyes_proposal_decided', status: 409 });
    expect(errorOf(await reject(approver.token, proposalId))).toEqual({ code: 'four_eyes_proposal_decided', status: 409 });
    expect((await sessionState(sessionId)).reviewStatus).toBe('accepted');
  });

  it("refuses the proposer's own approval (403 four_eyes_self_approval) and an analyst's; the session is unchanged", async () => {
    const { sessionId, proposalId } = await proposeSessionDecision();
    const own = await approve(proposer.token, proposalId);
    expect(errorOf(own)).toEqual({ code: 'four_eyes_self_approval', status: 403 });
    expect(errorOf(await approve(analyst, proposalId))).toEqual({ code: 'insufficient_role', status: 403 });
    const mine = await gql(proposer.token, `query ($id: ID!) { fourEyesProposal(id: $id) { status viewerMayApprove } }`, {
      id: proposalId,
    });
    expect(mine.data.fourEyesProposal).toEqual({ status: 'pending', viewerMayApprove: false });
    expect((await sessionState(sessionId)).reviewStatus).toBe('requires_review');
    expect(await auditActions(sessionId)).toEqual([]);
    // The proposer may withdraw it by rejecting it: nothing applies.
    const withdrawn = await reject(proposer.token, proposalId, 'withdrawn');
    expect(withdrawn.data.rejectFourEyesProposal).toMatchObject({ status: 'rejected', decisionNote: 'withdrawn' });
    expect((await sessionState(sessionId)).reviewStatus).toBe('requires_review');
    expect(await auditActions(proposalId)).toEqual(['four_eyes.proposal.create', 'four_eyes.proposal.reject']);
  });

  it('refuses an approval after the session changed (409 four_eyes_proposal_stale); the session keeps the change', async () => {
    const { sessionId, proposalId } = await proposeSessionDecision();
    // An application key is automation, not a person: its decision applies (policy not refusing keys).
    const escalated = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${sessionId}/review`, {
      headers: auth.apiKey(tenant.apiKey),
      body: { status: 'escalation', note: 'automated escalation' },
    });
    expect(escalated.status).toBe(200);
    expect(escalated.body.data.review_status).toBe('escalation');
    const stale = await approve(approver.token, proposalId);
    expect(errorOf(stale)).toEqual({ code: 'four_eyes_proposal_stale', status: 409 });
    expect((await sessionState(sessionId)).reviewStatus).toBe('escalation');
    const review = await platform.db.auditLogEntry.findFirst({ where: { workspaceId: tenant.workspaceId, resourceId: sessionId } });
    expect(review).toMatchObject({ actorKind: 'application', action: 'idv.session.review' });
    const still = await gql(approver.token, `query ($id: ID!) { fourEyesProposal(id: $id) { status } }`, { id: proposalId });
    expect(still.data.fourEyesProposal.status).toBe('pending');
  });

  it('refuses an expired proposal (409 four_eyes_proposal_expired), marks and audits the expiry; the session is unchanged', async () => {
    const { sessionId, proposalId } = await proposeSessionDecision('rejected');
    // The clock of a proposal is its expires_at: move it into the past rather than wait 72 hours.
    await platform.db.fourEyesProposal.update({ where: { id: proposalId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const listed = await gql(
      approver.token,
      `query ($o: ID!) { fourEyesProposals(filter: { status: expired, objectId: $o }) { totalCount } }`,
      {
        o: sessionId,
      },
    );
    expect(listed.data.fourEyesProposals.totalCount).toBe(1);
    expect(errorOf(await approve(approver.token, proposalId))).toEqual({ code: 'four_eyes_proposal_expired', status: 409 });
    expect((await sessionState(sessionId)).reviewStatus).toBe('requires_review');
    expect(await auditActions(proposalId)).toEqual(['four_eyes.proposal.create', 'four_eyes.proposal.expire']);
    expect(errorOf(await approve(approver.token, proposalId))).toEqual({ code: 'four_eyes_proposal_expired', status: 409 });
    // A new proposal for the session may be made.
    const again = await gql(proposer.token, DECIDE, { id: sessionId, status: 'accepted', note: 'second try' });
    expect(again.data.decideVerificationSession.fourEyesProposal.status).toBe('pending');
  });

  it('needs a note to approve; an unknown proposal is 404', async () => {
    const { proposalId } = await proposeSessionDecision();
    expect(errorOf(await approve(approver.token, proposalId, '   '))).toEqual({ code: 'schema_validation_failed', status: 400 });
    expect(errorOf(await approve(approver.token, 'fep_unknown'))).toEqual({ code: 'four_eyes_proposal_not_found', status: 404 });
  });

  it('refuses application-key decisions of covered kinds when the workspace says so (REST 403)', async () => {
    await setPolicy(['IDV_REVIEW_DECISION'], { refuseApplicationDecisions: true });
    try {
      const sessionId = await reviewableSession();
      const refused = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${sessionId}/review`, {
        headers: auth.apiKey(tenant.apiKey),
        body: { status: 'accepted' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('four_eyes_application_key_refused');
      expect((await sessionState(sessionId)).reviewStatus).toBe('requires_review');
    } finally {
      await setPolicy(['IDV_REVIEW_DECISION']);
    }
  });
});

describe('screening decisions under four eyes', () => {
  async function search(body: Record<string, unknown> = {}) {
    const searched = await request(platform.restUrl, 'POST', '/v1/search-sync', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { type: 'individual', name: 'Barzan Ibrahim Hassan al-Tikriti', feeds: ['Sanctions'], ...body },
    });
    expect(searched.status).toBe(200);
    return searched.body.result.results[0].id as string;
  }

  const REVIEW = `mutation ($id: ID!, $status: MatchReviewStatus!) {
    reviewScreeningMatch(id: $id, input: { reviewStatus: $status, note: "same person" }) { id reviewStatus fourEyesProposal { ${PROPOSAL} } }
  }`;

  async function matchStatus(id: string) {
    const row = await platform.db.searchMatch.findUnique({ where: { id } });
    return row?.reviewStatus;
  }

  it('a match review proposal is applied once by a second reviewer; refusals leave the match unchanged', async () => {
    await setPolicy(['MATCH_REVIEW']);
    const matchId = await search();
    const proposed = await gql(proposer.token, REVIEW, { id: matchId, status: 'true_positive' });
    expect(proposed.errors).toBeUndefined();
    expect(proposed.data.reviewScreeningMatch).toMatchObject({
      reviewStatus: 'unresolved',
      fourEyesProposal: { kind: 'MATCH_REVIEW', objectType: 'screening_match', decision: { matchReviewStatus: 'true_positive' } },
    });
    const proposalId = proposed.data.reviewScreeningMatch.fourEyesProposal.id;
    expect(errorOf(await approve(proposer.token, proposalId))).toEqual({ code: 'four_eyes_self_approval', status: 403 });
    expect(await matchStatus(matchId)).toBe('unresolved');
    const approved = await approve(approver.token, proposalId);
    expect(approved.errors).toBeUndefined();
    expect(approved.data.approveFourEyesProposal).toMatchObject({ status: 'approved', decidedBy: approver.userId });
    expect(await matchStatus(matchId)).toBe('true_positive');
    expect(await platform.db.matchReview.count({ where: { matchId } })).toBe(1);
    expect(errorOf(await approve(third.token, proposalId))).toEqual({ code: 'four_eyes_proposal_decided', status: 409 });
    expect(await platform.db.matchReview.count({ where: { matchId } })).toBe(1);
  });

  it('a match reviewed after the proposal makes it stale; the REST answer for an application key is unchanged', async () => {
    await setPolicy(['MATCH_REVIEW']);
    const matchId = await search();
    const proposed = await gql(proposer.token, REVIEW, { id: matchId, status: 'true_positive' });
    const proposalId = proposed.data.reviewScreeningMatch.fourEyesProposal.id;
    const byKey = await request(platform.restUrl, 'PATCH', `/v2/search/matches/${matchId}`, {
      headers: auth.xApiKey(tenant.apiKey),
      body: { review_status: 'false_positive', note: 'automation' },
    });
    expect(byKey.status).toBe(200);
    expect(errorOf(await approve(approver.token, proposalId))).toEqual({ code: 'four_eyes_proposal_stale', status: 409 });
    expect(await matchStatus(matchId)).toBe('false_positive');
  });

  it("a false positive of a profile's match is a clearance (MATCH_CLEARANCE), applied on approval", async () => {
    await setPolicy(['MATCH_CLEARANCE']);
    const matchId = await search({ profile_id: profileId });
    // A true positive is no clearance: not covered, applied at once.
    const direct = await gql(proposer.token, REVIEW, { id: matchId, status: 'true_positive' });
    expect(direct.data.reviewScreeningMatch).toMatchObject({ reviewStatus: 'true_positive', fourEyesProposal: null });
    const proposed = await gql(proposer.token, REVIEW, { id: matchId, status: 'false_positive' });
    expect(proposed.data.reviewScreeningMatch.fourEyesProposal).toMatchObject({ kind: 'MATCH_CLEARANCE' });
    expect(await platform.db.matchClearance.count({ where: { matchId } })).toBe(0);
    const approved = await approve(approver.token, proposed.data.reviewScreeningMatch.fourEyesProposal.id);
    expect(approved.errors).toBeUndefined();
    expect(await matchStatus(matchId)).toBe('false_positive');
    expect(await platform.db.matchClearance.count({ where: { matchId } })).toBe(1);
  });

  it('a settings change (threshold) is proposed by an admin and applied by another on approval', async () => {
    await setPolicy(['SCREENING_SETTINGS']);
    const proposed = await gql(
      admin,
      `mutation { updateAutomaticDispositionSettings(input: { enabled: true, confidenceThreshold: 0.95 }) { enabled confidenceThreshold fourEyesProposal { ${PROPOSAL} } } }`,
    );
    expect(proposed.errors).toBeUndefined();
    expect(proposed.data.updateAutomaticDispositionSettings).toMatchObject({
      enabled: false,
      confidenceThreshold: 0.85,
      fourEyesProposal: {
        kind: 'SCREENING_SETTINGS',
        objectType: 'screening_settings',
        decision: { enabled: true, confidenceThreshold: 0.95 },
      },
    });
    const proposalId = proposed.data.updateAutomaticDispositionSettings.fourEyesProposal.id;
    expect(errorOf(await approve(admin, proposalId))).toEqual({ code: 'four_eyes_self_approval', status: 403 });
    const approved = await approve(approver.token, proposalId);
    expect(approved.errors).toBeUndefined();
    const settings = await gql(approver.token, '{ automaticDispositionSettings { enabled confidenceThreshold fourEyesProposal { id } } }');
    expect(settings.data.automaticDispositionSettings).toEqual({ enabled: true, confidenceThreshold: 0.95, fourEyesProposal: null });
  });
});

describe('risk conclusions under four eyes', () => {
  it('a conclusion proposal is applied by a second reviewer; a rejected one applies nothing', async () => {
    await setPolicy(['RISK_CONCLUSION']);
    const api = riskClient(platform, tenant.apiKey);
    const reopened = async () => {
      const created = await api.create({});
      const id = created.body.result.assessment.assessment_id as string;
      await api.command(id, { type: 'cancel' });
      expect((await api.call('POST', `/assessments/${id}/reopen`, { reason: 'review anyway' })).status).toBe(200);
      return id;
    };
    const CONCLUDE = `mutation ($id: ID!, $decision: ConclusionDecision!) {
      concludeRiskAssessment(id: $id, input: { decision: $decision, note: "all clear" }) { status fourEyesProposal { ${PROPOSAL} } }
    }`;
    const id = await reopened();
    const proposed = await gql(proposer.token, CONCLUDE, { id, decision: 'approved' });
    expect(proposed.errors).toBeUndefined();
    expect(proposed.data.concludeRiskAssessment).toMatchObject({
      status: 'reopened',
      fourEyesProposal: { kind: 'RISK_CONCLUSION', decision: { conclusion: 'approved' } },
    });
    const approved = await approve(approver.token, proposed.data.concludeRiskAssessment.fourEyesProposal.id);
    expect(approved.errors).toBeUndefined();
    expect((await api.get(id)).body.result.assessment.status).toBe('concluded');

    const other = await reopened();
    const second = await gql(proposer.token, CONCLUDE, { id: other, decision: 'rejected' });
    const rejected = await reject(approver.token, second.data.concludeRiskAssessment.fourEyesProposal.id);
    expect(rejected.data.rejectFourEyesProposal.status).toBe('rejected');
    expect((await api.get(other)).body.result.assessment.status).toBe('reopened');
  });
});
