// The review desk through the gateway (docs/idv.md "Review desk"): the queue's filters, the case view
// (document beside profile with mismatches marked, scores beside thresholds, reason codes in words,
// history, artifacts with same-origin URLs), claim, the decision with a required note, and the
// console's file route for artifacts (dashboard bearer token now; the session cookie once sign-in lands).
import { createDashboardUser, issueDashboardToken } from '../../platform/tenancy/tenancy-store';
import { createSiblingWorkspace, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { completeDefaultCapture, testImage } from './capture-helpers';
import { createProfile, createSession, driveTo, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;
let profileId: string;
let reviewer: { token: string; userId: string };
let colleague: { token: string; userId: string };
let outsider: { token: string; userId: string };

async function dashboardUser(t: TestTenant, email: string, role = 'reviewer') {
  const user = await createDashboardUser(platform.db, { workspaceId: t.workspaceId, email, name: `User ${email}`, role });
  const { token } = await issueDashboardToken(platform.db, user.id);
  return { token, userId: user.id };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const RESULTS = {
  document: { type: 'passport', issuing_country: 'GBR', issuing_subdivision: null, confidence: 0.95 },
  ocr_fields: [
    { field: 'surname', value: 'KING', confidence: 0.95, source: 'mrz' },
    { field: 'given_names', value: 'AUGUSTA', confidence: 0.95, source: 'mrz' },
    { field: 'date_of_birth', value: '1815-12-10', confidence: 0.95, source: 'mrz' },
    { field: 'document_number', value: 'X1234567', confidence: 0.95, source: 'mrz' },
  ],
  questionnaire_answers: [],
  mismatches: [],
  checks: [
    { check: 'face_match', outcome: 'fail', reason_code: 'face_mismatch', category: 'idv', score: 0.31 },
    { check: 'liveness', outcome: 'pass', reason_code: 'liveness_face_present', category: 'idv' },
    { check: 'mrz', outcome: 'pass', reason_code: 'mrz_valid', category: 'document' },
    { check: 'name', outcome: 'fail', reason_code: 'name_mismatch', category: 'idv', score: 0.42 },
    { check: 'date_of_birth', outcome: 'info', reason_code: 'date_of_birth_not_on_profile', category: 'idv' },
  ],
};

/** A session with real captured artifacts, assessed into requires_review with RESULTS. */
async function reviewableSession(body: Record<string, unknown> = {}) {
  const session = await createSession(platform, tenant, { profile_id: profileId, ...body });
  const selfie = await testImage(320, 240, 'jpeg');
  await completeDefaultCapture(platform, session.id, session.token, { selfie });
  await driveTo(platform, tenant, session.id, 'requires_review', {
    results: RESULTS as never,
    flagCategories: ['idv'],
  });
  return { id: session.id, selfie };
}

const CASE = `query ($id: ID!) {
  idvReviewCase(id: $id) {
    session { id reviewStatus assignee profile { id } }
    resultsAvailable
    documentFields { field value source }
    comparisons { field source documentValue profileValue outcome mismatch score threshold }
    mismatchCount
    faceMatch { outcome reasonCode explanation score threshold }
    liveness { outcome reasonCode explanation score threshold }
    reasons { code check outcome category explanation }
    history { kind at actor { kind id } fromReviewStatus toReviewStatus note assignee }
    artifacts { artifactId kind stepId frame contentType filePath }
  }
}`;

const QUEUE = `query ($reasonCodes: [String!], $workflowIds: [ID!], $assignedToMe: Boolean, $first: Int, $after: String) {
  idvReviewQueue(reasonCodes: $reasonCodes, workflowIds: $workflowIds, assignedToMe: $assignedToMe, first: $first, after: $after) {
    nodes { id }
    pageInfo { hasNextPage endCursor }
  }
}`;

const queueIds = async (token: string, variables: Record<string, unknown>) => {
  const response = await graphql(platform, bearer(token), QUEUE, variables);
  expect(response.body.errors).toBeUndefined();
  return (response.body.data.idvReviewQueue.nodes as { id: string }[]).map((n) => n.id);
};

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
  reviewer = await dashboardUser(tenant, 'reviewer@example.com');
  colleague = await dashboardUser(tenant, 'colleague@example.com');
  outsider = await dashboardUser(sibling, 'outsider@example.com');
}, 120_000);
afterAll(() => platform.close());

describe('the case view', () => {
  it('shows the document beside the profile with the name mismatch marked, scores beside thresholds, reasons in words', async () => {
    const { id } = await reviewableSession();
    const response = await graphql(platform, bearer(reviewer.token), CASE, { id });
    expect(response.body.errors).toBeUndefined();
    const view = response.body.data.idvReviewCase;
    expect(view.session).toMatchObject({ id, reviewStatus: 'requires_review', profile: { id: profileId } });
    expect(view.resultsAvailable).toBe(true);
    expect(view.documentFields).toContainEqual({ field: 'document_number', value: 'X1234567', source: 'mrz' });
    const name = view.comparisons.find((c: { field: string }) => c.field === 'name');
    expect(name).toMatchObject({
      source: 'mrz',
      documentValue: 'AUGUSTA KING',
      profileValue: 'Ada Lovelace',
      outcome: 'mismatch',
      mismatch: true,
      threshold: 0.8,
    });
    expect(name.score).toBeLessThan(0.8);
    // No date of birth on the profile: compared, never a mismatch.
    expect(view.comparisons.find((c: { field: string }) => c.field === 'date_of_birth')).toMatchObject({
      documentValue: '1815-12-10',
      profileValue: null,
      outcome: 'not_on_profile',
      mismatch: false,
    });
    expect(view.mismatchCount).toBe(1);
    expect(view.faceMatch).toMatchObject({ outcome: 'fail', reasonCode: 'face_mismatch', score: 0.31, threshold: 0.405 });
    expect(view.faceMatch.explanation).toMatch(/different people/);
    expect(view.liveness).toMatchObject({ outcome: 'pass', reasonCode: 'liveness_face_present', threshold: 0.405, score: null });
    expect(view.reasons.map((r: { code: string }) => r.code)).toEqual([
      'face_mismatch',
      'name_mismatch',
      'date_of_birth_not_on_profile',
      'liveness_face_present',
      'mrz_valid',
    ]);
    for (const reason of view.reasons) expect(reason.explanation.length).toBeGreaterThan(20);
    expect(view.history.map((e: { kind: string }) => e.kind)).toEqual(['created', 'consent_recorded', 'submitted', 'assessed']);
    expect(view.history[3]).toMatchObject({ fromReviewStatus: 'pending', toReviewStatus: 'requires_review' });
    expect(view.artifacts.map((a: { kind: string }) => a.kind).sort()).toEqual(['id_back', 'id_front', 'selfie']);
    for (const artifact of view.artifacts)
      expect(artifact.filePath).toBe(`/console/files/idv/sessions/${id}/artifacts/${artifact.artifactId as string}`);
    const audit = await platform.db.auditLogEntry.findMany({ where: { resourceId: id, action: 'idv.session.review_case.read' } });
    expect(audit).toEqual([expect.objectContaining({ actorKind: 'dashboard_user', actorId: reviewer.userId, outcome: 'allowed' })]);
  });

  it('an out-of-scope or absent session reads as null (the same answer), audited as denied', async () => {
    const { id } = await reviewableSession();
    const foreign = await graphql(platform, bearer(outsider.token), CASE, { id });
    const absent = await graphql(platform, bearer(reviewer.token), CASE, { id: 'idvs_doesnotexist' });
    expect(foreign.body).toEqual({ data: { idvReviewCase: null } });
    expect(absent.body).toEqual({ data: { idvReviewCase: null } });
    const denied = await platform.db.auditLogEntry.findMany({ where: { resourceId: id, outcome: 'denied' } });
    expect(denied).toHaveLength(1);
  });

  it('every check of the audited data carries its explanation', async () => {
    const { id } = await reviewableSession();
    const response = await graphql(
      platform,
      bearer(reviewer.token),
      `
        query ($id: ID!) {
          verificationSessionData(id: $id) {
            checks {
              reasonCode
              explanation
            }
          }
        }
      `,
      {
        id,
      },
    );
    expect(response.body.data.verificationSessionData.checks[0]).toMatchObject({ reasonCode: 'face_mismatch' });
    expect(response.body.data.verificationSessionData.checks[0].explanation).toContain('0.405');
  });
});

describe('the queue', () => {
  it('filters by reason code and by workflow, oldest first', async () => {
    const first = await reviewableSession();
    const workflow = await idv(platform, tenant).post('/workflows', { name: 'Desk workflow' });
    await idv(platform, tenant).post(`/workflows/${workflow.body.data.id as string}/activate`);
    const second = await reviewableSession({ workflow_id: workflow.body.data.id });
    const byCode = await queueIds(reviewer.token, { reasonCodes: ['face_mismatch'], first: 100 });
    expect(byCode.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(byCode.indexOf(first.id)).toBeLessThan(byCode.indexOf(second.id));
    expect(await queueIds(reviewer.token, { reasonCodes: ['document_expired'] })).toEqual([]);
    expect(await queueIds(reviewer.token, { workflowIds: [workflow.body.data.id] })).toEqual([second.id]);
    expect(await queueIds(outsider.token, { reasonCodes: ['face_mismatch'] })).toEqual([]);
  });

  it('pages with a stable cursor', async () => {
    const all = await queueIds(reviewer.token, { first: 100 });
    expect(all.length).toBeGreaterThanOrEqual(2);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const response = await graphql(platform, bearer(reviewer.token), QUEUE, { first: 1, after });
      const page = response.body.data.idvReviewQueue;
      seen.push(...(page.nodes as { id: string }[]).map((n) => n.id));
      after = page.pageInfo.endCursor as string | null;
    } while (after);
    expect(seen).toEqual(all);
  });
});

describe('claim and decide', () => {
  const CLAIM = `mutation ($id: ID!) { claimVerificationSession(id: $id) { id assignee } }`;
  const DECIDE = `mutation ($id: ID!, $input: DecideVerificationSessionInput!) { decideVerificationSession(id: $id, input: $input) { id reviewStatus reviewHistory { note status } } }`;

  it('claims for the signed-in reviewer; another reviewer gets a conflict; assignedToMe lists it; history shows it', async () => {
    const { id } = await reviewableSession();
    const claimed = await graphql(platform, bearer(reviewer.token), CLAIM, { id });
    expect(claimed.body.data.claimVerificationSession).toEqual({ id, assignee: reviewer.userId });
    const again = await graphql(platform, bearer(reviewer.token), CLAIM, { id });
    expect(again.body.data.claimVerificationSession.assignee).toBe(reviewer.userId);
    const stolen = await graphql(platform, bearer(colleague.token), CLAIM, { id });
    expect(stolen.body.errors[0].extensions.code).toBe('idv_state_conflict');
    expect(await queueIds(reviewer.token, { assignedToMe: true })).toContain(id);
    expect(await queueIds(colleague.token, { assignedToMe: true })).not.toContain(id);
    const view = await graphql(platform, bearer(reviewer.token), CASE, { id });
    expect(view.body.data.idvReviewCase.history).toContainEqual(
      expect.objectContaining({ kind: 'assigned', assignee: reviewer.userId, actor: { kind: 'dashboard_user', id: reviewer.userId } }),
    );
  });

  it('claim is for dashboard reviewers: an analyst or an API key is forbidden; an out-of-scope session is not found', async () => {
    const { id } = await reviewableSession();
    const analyst = await dashboardUser(tenant, 'analyst-desk@example.com', 'analyst');
    expect((await graphql(platform, bearer(analyst.token), CLAIM, { id })).body.errors[0].extensions.code).toBe('insufficient_role');
    const key = await graphql(platform, { Authorization: `Api-Key ${tenant.apiKey}` }, CLAIM, { id });
    expect(key.body.errors[0].extensions.code).toBe('forbidden');
    const foreign = await graphql(platform, bearer(outsider.token), CLAIM, { id });
    expect(foreign.body.errors[0].extensions.code).toBe('idv_session_not_found');
  });

  it('a decision needs a note; with one it lands in the history', async () => {
    const { id } = await reviewableSession();
    const blank = await graphql(platform, bearer(reviewer.token), DECIDE, { id, input: { status: 'accepted', note: '   ' } });
    expect(blank.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'input.note' });
    const decided = await graphql(platform, bearer(reviewer.token), DECIDE, {
      id,
      input: { status: 'rejected', note: 'Portrait does not match the selfie.' },
    });
    expect(decided.body.data.decideVerificationSession).toMatchObject({
      reviewStatus: 'rejected',
      reviewHistory: [{ note: 'Portrait does not match the selfie.', status: 'rejected' }],
    });
    const view = await graphql(platform, bearer(reviewer.token), CASE, { id });
    expect(view.body.data.idvReviewCase.history.at(-1)).toMatchObject({
      kind: 'review_decision',
      fromReviewStatus: 'requires_review',
      toReviewStatus: 'rejected',
      note: 'Portrait does not match the selfie.',
      actor: { kind: 'dashboard_user', id: reviewer.userId },
    });
    // The documented REST review keeps its optional note.
    const other = await reviewableSession();
    expect((await idv(platform, tenant).post(`/sessions/${other.id}/review`, { status: 'accepted' })).status).toBe(200);
  });
});

describe('console file route for artifacts', () => {
  const fileUrl = (path: string) => `${platform.restUrl}${path}`;

  it('serves the artifact bytes to an in-scope dashboard token, private and not stored', async () => {
    const { id, selfie } = await reviewableSession();
    const view = await graphql(platform, bearer(reviewer.token), CASE, { id });
    const artifact = view.body.data.idvReviewCase.artifacts.find((a: { kind: string }) => a.kind === 'selfie');
    const response = await fetch(fileUrl(artifact.filePath), { headers: bearer(reviewer.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(selfie)).toBe(true);
    const audit = await platform.db.auditLogEntry.findMany({ where: { resourceId: id, action: 'idv.session.artifact.read' } });
    expect(audit).toEqual([expect.objectContaining({ actorId: reviewer.userId, outcome: 'allowed' })]);
  });

  it("404 for another workspace's artifact, an absent one and a malformed id (the same answer); 401 without credentials", async () => {
    const { id } = await reviewableSession();
    const view = await graphql(platform, bearer(reviewer.token), CASE, { id });
    const artifact = view.body.data.idvReviewCase.artifacts[0] as { filePath: string; artifactId: string };
    const foreign = await request(platform.restUrl, 'GET', artifact.filePath, { headers: bearer(outsider.token) });
    const absent = await request(
      platform.restUrl,
      'GET',
      artifact.filePath.replace(artifact.artifactId, 'idvart_000000000000000000000000'),
      {
        headers: bearer(reviewer.token),
      },
    );
    const malformed = await request(platform.restUrl, 'GET', `/console/files/idv/sessions/${id}/artifacts/nope`, {
      headers: bearer(reviewer.token),
    });
    for (const response of [foreign, absent, malformed]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: 'File not found' } });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    const anonymous = await request(platform.restUrl, 'GET', artifact.filePath);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    // API keys are not a browser credential.
    expect(
      (await request(platform.restUrl, 'GET', artifact.filePath, { headers: { Authorization: `Api-Key ${tenant.apiKey}` } })).status,
    ).toBe(401);
    // A session cookie the gateway does not know is refused the same way.
    const cookie = await request(platform.restUrl, 'GET', artifact.filePath, { headers: { Cookie: 'vigil_session=not-a-session' } });
    expect(cookie.status).toBe(401);
  });
});
