// GraphQL: sessions cross into profiles (Profile.verificationSessions, batched), the reviewer
// queue for the dashboard, and the principal rules on the GraphQL surface.
import { metricsRegistry } from '../../platform/http/metrics';
import { PRINCIPAL_HEADER, signPrincipal } from '../../platform/principal/principal';
import { auth, createDashboardToken, createSiblingWorkspace, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, createSession, driveTo, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
});
afterAll(() => platform.close());

it('profile(id) { name verificationSessions { id status } } crosses the profiles and idv subgraphs', async () => {
  const profileId = await createProfile(platform, tenant, 'Grace Hopper');
  const a = await createSession(platform, tenant, { profile_id: profileId });
  const b = await createSession(platform, tenant, { profile_id: profileId, workflow: 'id_only' });
  await driveTo(platform, tenant, b.id, 'requires_review');
  const response = await graphql(platform, auth.apiKey(tenant.apiKey), `query($id: ID!) { profile(id: $id) { name verificationSessions { id status reviewStatus profile { name } } } }`, { id: profileId });
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.profile).toEqual({
    name: 'Grace Hopper',
    verificationSessions: [
      { id: b.id, status: 'assessed', reviewStatus: 'requires_review', profile: { name: 'Grace Hopper' } },
      { id: a.id, status: 'collecting_artifacts', reviewStatus: 'request_sent', profile: { name: 'Grace Hopper' } },
    ],
  });
});

it('loads the sessions of many profiles with one query', async () => {
  const own = await newTenant(platform);
  const ids: string[] = [];
  for (const name of ['P1', 'P2', 'P3', 'P4']) {
    const id = await createProfile(platform, own, name);
    ids.push(id);
    await createSession(platform, own, { profile_id: id });
  }
  const before = await sessionFindManyCount();
  // The gateway resolves a list of Profile references with one _entities call to the idv subgraph.
  const principal = { tenantId: own.tenantId, workspaceId: own.workspaceId, actorId: own.applicationId, kind: 'application' as const, entitlements: {} };
  const response = await request(platform.urls.idv!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
    headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.config.internalSecret) },
    body: {
      query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { verificationSessions { id } } } }',
      variables: { r: [...ids, 'prf_absent'].map((id) => ({ __typename: 'Profile', id })) },
    },
  });
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data._entities.map((p: { verificationSessions: unknown[] }) => p.verificationSessions.length)).toEqual([1, 1, 1, 1, 0]);
  expect((await sessionFindManyCount()) - before).toBe(1);
});

it('another workspace sees none of the sessions', async () => {
  const profileId = await createProfile(platform, tenant, 'Hidden');
  const { id } = await createSession(platform, tenant, { profile_id: profileId });
  const sibling = await createSiblingWorkspace(platform, tenant);
  const response = await graphql(platform, auth.apiKey(sibling.apiKey), `query($id: ID!) { verificationSession(id: $id) { id } verificationSessions { nodes { id } } }`, { id });
  expect(response.body.data.verificationSession).toBeNull();
  expect(response.body.data.verificationSessions.nodes).toEqual([]);
});

it('the reviewer queue: open reviews oldest first, by assignee', async () => {
  const own = await newTenant(platform);
  const profileId = await createProfile(platform, own, 'Queue');
  const reviewer = await createDashboardToken(platform, own, 'gq-reviewer@example.com');
  const first = await createSession(platform, own, { profile_id: profileId });
  const second = await createSession(platform, own, { profile_id: profileId });
  const passed = await createSession(platform, own, { profile_id: profileId });
  await driveTo(platform, own, first.id, 'requires_review');
  await driveTo(platform, own, second.id, 'requires_review');
  await driveTo(platform, own, passed.id, 'automatic_pass');
  const headers = auth.bearer(reviewer.token);
  const assign = await graphql(platform, headers, `mutation($id: ID!, $input: AssignVerificationSessionInput!) { assignVerificationSession(id: $id, input: $input) { id assignee } }`, {
    id: second.id,
    input: { assignee: reviewer.userId },
  });
  expect(assign.body.data.assignVerificationSession).toEqual({ id: second.id, assignee: reviewer.userId });
  const queue = await graphql(platform, headers, `{ idvReviewQueue { nodes { id reviewStatus assignee } pageInfo { hasNextPage endCursor } } }`);
  expect(queue.body.data.idvReviewQueue).toEqual({
    nodes: [
      { id: first.id, reviewStatus: 'requires_review', assignee: null },
      { id: second.id, reviewStatus: 'requires_review', assignee: reviewer.userId },
    ],
    pageInfo: { hasNextPage: false, endCursor: null },
  });
  const mine = await graphql(platform, headers, `query($a: String) { idvReviewQueue(assignee: $a) { nodes { id } } }`, { a: reviewer.userId });
  expect(mine.body.data.idvReviewQueue.nodes).toEqual([{ id: second.id }]);
  const review = await graphql(platform, headers, `mutation($id: ID!, $input: ReviewVerificationSessionInput!) { reviewVerificationSession(id: $id, input: $input) { reviewStatus reviewedAt } }`, {
    id: second.id,
    input: { status: 'escalation', note: 'second opinion' },
  });
  expect(review.body.data.reviewVerificationSession.reviewStatus).toBe('escalation');
  const escalated = await graphql(platform, headers, `{ idvReviewQueue(reviewStatuses: [escalation]) { nodes { id } } }`);
  expect(escalated.body.data.idvReviewQueue.nodes).toEqual([{ id: second.id }]);
});

it('domain errors carry their code and status over GraphQL', async () => {
  const response = await graphql(platform, auth.apiKey(tenant.apiKey), `mutation { createVerificationSession(input: {}) { sessionToken } }`);
  expect(response.body.errors[0].extensions).toMatchObject({ code: 'idv_profile_id_required', http: { status: 400 } });
});

it('rich inputs and outputs are JSON objects (scalar JSONObject): create a session, read data.status', async () => {
  const profileId = await createProfile(platform, tenant, 'Object Input');
  const headers = auth.apiKey(tenant.apiKey);
  // As a variable ...
  const created = await graphql(platform, headers, `mutation($input: JSONObject!) { createVerificationSession(input: $input) { session { id status data } sessionToken } }`, {
    input: { profile_id: profileId, workflow: 'id_only' },
  });
  expect(created.body.errors).toBeUndefined();
  const { session, sessionToken } = created.body.data.createVerificationSession;
  expect(session.data.status).toBe('collecting_artifacts');
  expect(session.data).toMatchObject({ id: session.id, profile_id: profileId, status: session.status, review_status: 'request_sent' });
  expect(session.data.capture_manifest.workflow).toBe('id_only');
  expect(sessionToken).toMatch(/^idvct_/);
  // ... and written inline, as a playground user would; the services validate it like a REST body.
  const inline = await graphql(platform, headers, `mutation { createVerificationSession(input: {profile_id: "${profileId}", workflow: "liveness_only"}) { session { data } } }`);
  expect(inline.body.errors).toBeUndefined();
  expect(inline.body.data.createVerificationSession.session.data).toMatchObject({ status: 'collecting_artifacts', capture_manifest: { workflow: 'liveness_only' } });
  const unknownField = await graphql(platform, headers, `mutation { createVerificationSession(input: {profile_id: "${profileId}", colour: "blue"}) { sessionToken } }`);
  expect(unknownField.body.errors[0]).toMatchObject({ message: 'body.colour: unknown field', extensions: { code: 'schema_validation_failed' } });
  // JSON text (the former String form) or any other non-object is refused by the service, not the transport.
  const text = await graphql(platform, headers, `mutation($input: JSONObject!) { createVerificationSession(input: $input) { sessionToken } }`, { input: JSON.stringify({ profile_id: profileId }) });
  expect(text.body.errors[0]).toMatchObject({ message: 'body: must be a JSON object', extensions: { code: 'schema_validation_failed', http: { status: 400 } } });
  const read = await graphql(platform, headers, `query($id: ID!) { verificationSession(id: $id) { data } }`, { id: session.id });
  expect(read.body.data.verificationSession.data).toEqual(session.data);
});

async function sessionFindManyCount(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('vigil_db_operation_duration_seconds')!.get();
  return metric.values
    .filter((value) => (value as { metricName?: string }).metricName === 'vigil_db_operation_duration_seconds_count' && value.labels.model === 'IdvSession' && value.labels.operation === 'findMany')
    .reduce((sum, value) => sum + value.value, 0);
}

it('a bad enum value or DateTime in a variable is 400 schema_validation_failed naming the field, through the gateway', async () => {
  const headers = auth.apiKey(tenant.apiKey);
  const badEnum = await graphql(platform, headers, `query($s: [IdvReviewStatus!]) { idvReviewQueue(reviewStatuses: $s) { nodes { id } } }`, { s: ['bogus'] });
  expect(badEnum.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 }, field: 's.0' });
  const badReview = await graphql(platform, headers, `mutation($id: ID!) { reviewVerificationSession(id: $id, input: { status: maybe }) { id } }`, { id: 'idv_x' });
  expect(badReview.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 } });
  const badEmail = await graphql(platform, headers, `mutation($input: CreateProfileInput!) { createProfile(input: $input) { id } }`, { input: { name: 'E', kind: 'individual', email: 'not-an-email' } });
  expect(badEmail.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 }, field: 'input.email' });
  const missing = await graphql(platform, headers, `mutation($input: CreateProfileInput!) { createProfile(input: $input) { id } }`, { input: { kind: 'individual' } });
  expect(missing.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'input.name' });
  const literal = await graphql(platform, headers, `{ idvWorkflows(status: bogus) { nodes { id } } }`);
  expect(literal.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 } });
});
