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
  const response = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        profile(id: $id) {
          name
          verificationSessions {
            id
            status
            reviewStatus
            profile {
              name
            }
          }
        }
      }
    `,
    { id: profileId },
  );
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
  const principal = {
    tenantId: own.tenantId,
    workspaceId: own.workspaceId,
    actorId: own.applicationId,
    kind: 'application' as const,
    entitlements: {},
  };
  const response = await request(platform.urls.idv!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
    headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.config.internalSecret) },
    body: {
      query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { verificationSessions { id } } } }',
      variables: { r: [...ids, 'prf_absent'].map((id) => ({ __typename: 'Profile', id })) },
    },
  });
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data._entities.map((p: { verificationSessions: unknown[] }) => p.verificationSessions.length)).toEqual([
    1, 1, 1, 1, 0,
  ]);
  expect((await sessionFindManyCount()) - before).toBe(1);
});

it('another workspace sees none of the sessions', async () => {
  const profileId = await createProfile(platform, tenant, 'Hidden');
  const { id } = await createSession(platform, tenant, { profile_id: profileId });
  const sibling = await createSiblingWorkspace(platform, tenant);
  const response = await graphql(
    platform,
    auth.apiKey(sibling.apiKey),
    `
      query ($id: ID!) {
        verificationSession(id: $id) {
          id
        }
        verificationSessions {
          nodes {
            id
          }
        }
      }
    `,
    { id },
  );
  expect(response.body.data.verificationSession).toBeNull();
  expect(response.body.data.verificationSessions.nodes).toEqual([]);
});

it('the reviewer queue: open reviews oldest first, by assignee', async () => {
  const own = await newTenant(platform);
  const profileId = await createProfile(platform, own, 'Queue');
  const reviewer = await createDashboardToken(platform, own, 'gq-reviewer@example.com', 'reviewer');
  const first = await createSession(platform, own, { profile_id: profileId });
  const second = await createSession(platform, own, { profile_id: profileId });
  const passed = await createSession(platform, own, { profile_id: profileId });
  await driveTo(platform, own, first.id, 'requires_review');
  await driveTo(platform, own, second.id, 'requires_review');
  await driveTo(platform, own, passed.id, 'automatic_pass');
  const headers = auth.bearer(reviewer.token);
  const assign = await graphql(
    platform,
    headers,
    `
      mutation ($id: ID!, $input: AssignVerificationSessionInput!) {
        assignVerificationSession(id: $id, input: $input) {
          id
          assignee
        }
      }
    `,
    {
      id: second.id,
      input: { assignee: reviewer.userId },
    },
  );
  expect(assign.body.data.assignVerificationSession).toEqual({ id: second.id, assignee: reviewer.userId });
  const queue = await graphql(
    platform,
    headers,
    `
      {
        idvReviewQueue {
          nodes {
            id
            reviewStatus
            assignee
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    `,
  );
  expect(queue.body.data.idvReviewQueue).toEqual({
    nodes: [
      { id: first.id, reviewStatus: 'requires_review', assignee: null },
      { id: second.id, reviewStatus: 'requires_review', assignee: reviewer.userId },
    ],
    pageInfo: { hasNextPage: false, endCursor: null },
  });
  const mine = await graphql(
    platform,
    headers,
    `
      query ($a: String) {
        idvReviewQueue(assignee: $a) {
          nodes {
            id
          }
        }
      }
    `,
    { a: reviewer.userId },
  );
  expect(mine.body.data.idvReviewQueue.nodes).toEqual([{ id: second.id }]);
  const review = await graphql(
    platform,
    headers,
    `
      mutation ($id: ID!, $input: ReviewVerificationSessionInput!) {
        reviewVerificationSession(id: $id, input: $input) {
          reviewStatus
          reviewedAt
        }
      }
    `,
    {
      id: second.id,
      input: { status: 'escalation', note: 'second opinion' },
    },
  );
  expect(review.body.data.reviewVerificationSession.reviewStatus).toBe('escalation');
  const escalated = await graphql(
    platform,
    headers,
    `
      {
        idvReviewQueue(reviewStatuses: [escalation]) {
          nodes {
            id
          }
        }
      }
    `,
  );
  expect(escalated.body.data.idvReviewQueue.nodes).toEqual([{ id: second.id }]);
});

it('domain errors carry their code and status over GraphQL', async () => {
  const response = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      mutation {
        createVerificationSession(input: {}) {
          sessionToken
        }
      }
    `,
  );
  expect(response.body.errors[0].extensions).toMatchObject({ code: 'idv_profile_id_required', http: { status: 400 } });
});

it('typed inputs and outputs: create a session from custom steps, read the typed projection', async () => {
  const profileId = await createProfile(platform, tenant, 'Typed Input');
  const headers = auth.apiKey(tenant.apiKey);
  const steps = [
    { stepId: 'consent', type: 'consent' },
    {
      stepId: 'id',
      type: 'id_capture',
      config: { sides: 'auto', acceptedIdTypes: ['passport'], customIdTypes: [{ id: 'staff_card', label: 'Staff card' }] },
    },
    {
      stepId: 'proof',
      type: 'document',
      required: false,
      title: 'Proof of address',
      config: { documentId: 'poa', acceptedFormats: ['pdf'] },
    },
  ];
  const created = await graphql(
    platform,
    headers,
    `
      mutation ($input: CreateVerificationSessionInput!) {
        createVerificationSession(input: $input) {
          session {
            id
            status
            reviewStatus
            profileId
            flagSettings {
              code
              action
            }
            privacyContactEmail
            consentEvidence {
              accepted
            }
            submittedAt
            themeRef {
              source
              themeId
            }
            captureManifest {
              workflow
              requiredKinds
              optionalKinds
              idCapture {
                acceptedIdTypes
                captureSides
                customIdTypes {
                  id
                  label
                  sides
                }
              }
              documents {
                documentId
                required
              }
              completion {
                action
                returnUrl
              }
            }
            stepManifest {
              version
              steps {
                stepId
                type
                required
                title
                config {
                  mode
                  sides
                  acceptedIdTypes
                  documentId
                  acceptedFormats
                }
              }
            }
          }
          sessionToken
        }
      }
    `,
    { input: { profileId, steps } },
  );
  expect(created.body.errors).toBeUndefined();
  const { session, sessionToken } = created.body.data.createVerificationSession;
  expect(sessionToken).toMatch(/^idvct_/);
  expect(session).toMatchObject({
    status: 'collecting_artifacts',
    reviewStatus: 'request_sent',
    profileId,
    flagSettings: [],
    privacyContactEmail: null,
    consentEvidence: null,
    submittedAt: null,
    themeRef: { source: 'default', themeId: null },
  });
  expect(session.captureManifest).toEqual({
    workflow: 'custom',
    requiredKinds: ['id_front', 'id_back'],
    optionalKinds: ['document'],
    idCapture: {
      acceptedIdTypes: ['passport', 'staff_card'],
      captureSides: 'auto',
      customIdTypes: [{ id: 'staff_card', label: 'Staff card', sides: 'two' }],
    },
    documents: [{ documentId: 'poa', required: false }],
    completion: { action: 'close_tab', returnUrl: null },
  });
  expect(session.stepManifest.steps[2]).toEqual({
    stepId: 'proof',
    type: 'document',
    required: false,
    title: 'Proof of address',
    config: { mode: null, sides: null, acceptedIdTypes: null, documentId: 'poa', acceptedFormats: ['pdf'] },
  });
  // Written inline, as a playground user would: enum values, not strings.
  const inline = await graphql(
    platform,
    headers,
    `mutation { createVerificationSession(input: {profileId: "${profileId}", workflow: liveness_only}) { session { captureManifest { workflow } } } }`,
  );
  expect(inline.body.errors).toBeUndefined();
  expect(inline.body.data.createVerificationSession.session.captureManifest.workflow).toBe('liveness_only');
});

it('typed inputs are checked: unknown fields and bad enums by the schema, the spec rules by the service', async () => {
  const profileId = await createProfile(platform, tenant, 'Typed Rules');
  const headers = auth.apiKey(tenant.apiKey);
  const unknownField = await graphql(
    platform,
    headers,
    `mutation { createVerificationSession(input: {profileId: "${profileId}", colour: "blue"}) { sessionToken } }`,
  );
  expect(unknownField.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed' });
  const badPreset = await graphql(
    platform,
    headers,
    `
      mutation ($input: CreateVerificationSessionInput!) {
        createVerificationSession(input: $input) {
          sessionToken
        }
      }
    `,
    { input: { profileId, workflow: 'everything' } },
  );
  expect(badPreset.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'input.workflow' });
  // Rule 2 (mutually exclusive sources) and the step rules run in the service, as for REST bodies.
  const both = await graphql(
    platform,
    headers,
    `mutation { createVerificationSession(input: {profileId: "${profileId}", workflow: id_only, steps: [{stepId: "c", type: consent}]}) { sessionToken } }`,
  );
  expect(both.body.errors[0]).toMatchObject({
    message: expect.stringContaining('mutually exclusive'),
    extensions: { code: 'schema_validation_failed' },
  });
  const wrongConfig = await graphql(
    platform,
    headers,
    `mutation { createVerificationSession(input: {profileId: "${profileId}", steps: [{stepId: "l", type: liveness, config: {documentId: "x"}}]}) { sessionToken } }`,
  );
  expect(wrongConfig.body.errors[0]).toMatchObject({
    message: expect.stringContaining('document_id'),
    extensions: { code: 'schema_validation_failed' },
  });
  const badIdType = await graphql(
    platform,
    headers,
    `mutation { createVerificationSession(input: {profileId: "${profileId}", steps: [{stepId: "i", type: id_capture, config: {acceptedIdTypes: ["unknown"]}}]}) { sessionToken } }`,
  );
  expect(badIdType.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed' });
});

it('typed workflows: flag settings as a list, a null privacy contact unsets it, duplicates refused', async () => {
  const headers = auth.apiKey(tenant.apiKey);
  const fields =
    'id status preset revision privacyContactEmail flagSettings { code action } steps { stepId type config { mode } } retentionDays activatedAt';
  const created = await graphql(
    platform,
    headers,
    `mutation($input: CreateIdvWorkflowInput!) { createIdvWorkflow(input: $input) { ${fields} } }`,
    {
      input: {
        name: 'Typed',
        preset: 'liveness_only',
        flagSettings: [{ code: 'face_mismatch', action: 'ignore' }],
        privacyContactEmail: 'privacy@example.com',
        status: 'active',
      },
    },
  );
  expect(created.body.errors).toBeUndefined();
  const workflow = created.body.data.createIdvWorkflow;
  expect(workflow).toMatchObject({
    status: 'active',
    preset: 'liveness_only',
    privacyContactEmail: 'privacy@example.com',
    flagSettings: [{ code: 'face_mismatch', action: 'ignore' }],
    retentionDays: 365,
  });
  expect(workflow.steps[1]).toEqual({ stepId: 'liveness', type: 'liveness', config: { mode: 'passive' } });
  const updated = await graphql(
    platform,
    headers,
    `mutation($id: ID!, $input: UpdateIdvWorkflowInput!) { updateIdvWorkflow(id: $id, input: $input) { ${fields} } }`,
    {
      id: workflow.id,
      input: { privacyContactEmail: null, revision: workflow.revision },
    },
  );
  expect(updated.body.errors).toBeUndefined();
  expect(updated.body.data.updateIdvWorkflow).toMatchObject({
    privacyContactEmail: null,
    flagSettings: [{ code: 'face_mismatch', action: 'ignore' }],
    revision: workflow.revision + 1,
  });
  const rest = await request(platform.restUrl, 'GET', `/idv/v1/workflows/${workflow.id}`, { headers });
  expect(rest.body.data.privacy_contact_email).toBe('');
  const duplicate = await graphql(
    platform,
    headers,
    `
      mutation ($id: ID!, $input: UpdateIdvWorkflowInput!) {
        updateIdvWorkflow(id: $id, input: $input) {
          id
        }
      }
    `,
    {
      id: workflow.id,
      input: {
        flagSettings: [
          { code: 'a', action: 'review' },
          { code: 'a', action: 'ignore' },
        ],
      },
    },
  );
  expect(duplicate.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'flagSettings' });
});

async function sessionFindManyCount(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('vigil_db_operation_duration_seconds')!.get();
  return metric.values
    .filter(
      (value) =>
        (value as { metricName?: string }).metricName === 'vigil_db_operation_duration_seconds_count' &&
        // The loader's read is the raw prepared statement idv_sessions_by_profile_ids_<parts>, timed under its name.
        value.labels.model === 'raw' &&
        String(value.labels.operation).startsWith('idv_sessions_by_profile_ids_'),
    )
    .reduce((sum, value) => sum + value.value, 0);
}

it('a bad enum value or DateTime in a variable is 400 schema_validation_failed naming the field, through the gateway', async () => {
  const headers = auth.apiKey(tenant.apiKey);
  const badEnum = await graphql(
    platform,
    headers,
    `
      query ($s: [IdvReviewStatus!]) {
        idvReviewQueue(reviewStatuses: $s) {
          nodes {
            id
          }
        }
      }
    `,
    { s: ['bogus'] },
  );
  expect(badEnum.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 }, field: 's.0' });
  const badReview = await graphql(
    platform,
    headers,
    `
      mutation ($id: ID!) {
        reviewVerificationSession(id: $id, input: { status: maybe }) {
          id
        }
      }
    `,
    { id: 'idv_x' },
  );
  expect(badReview.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 } });
  const badEmail = await graphql(
    platform,
    headers,
    `
      mutation ($input: CreateProfileInput!) {
        createProfile(input: $input) {
          id
        }
      }
    `,
    { input: { name: 'E', kind: 'individual', email: 'not-an-email' } },
  );
  expect(badEmail.body.errors[0].extensions).toMatchObject({
    code: 'schema_validation_failed',
    http: { status: 400 },
    field: 'input.email',
  });
  const missing = await graphql(
    platform,
    headers,
    `
      mutation ($input: CreateProfileInput!) {
        createProfile(input: $input) {
          id
        }
      }
    `,
    { input: { kind: 'individual' } },
  );
  expect(missing.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'input.name' });
  const literal = await graphql(
    platform,
    headers,
    `
      {
        idvWorkflows(status: bogus) {
          nodes {
            id
          }
        }
      }
    `,
  );
  expect(literal.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', http: { status: 400 } });
});
