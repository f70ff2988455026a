// A subgraph that is down answers 503 service_unavailable wherever the gateway needs it, also for
// fields it adds to another subgraph's entity (Profile.riskAssessments, Profile.screening reached
// from a verification session or a profile): the caller can tell "retry later" from a bug (500).
import {
  auth,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  testConfig,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { createSession } from '../idv/idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;
let sessionId: string;

beforeAll(async () => {
  const base = testConfig();
  const dead = 'http://127.0.0.1:1/graphql';
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'gateway', 'rest-adapter'],
    config: { subgraphUrls: { ...base.subgraphUrls, risk: dead, screening: dead } },
  });
  tenant = await createTestTenant(platform);
  const created = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Ada Lovelace', kind: 'individual' },
  });
  expect(created.status).toBe(201);
  profileId = created.body.result.profile.id;
  sessionId = (await createSession(platform, tenant, { profile_id: profileId })).id;
});
afterAll(() => platform?.close());

it.each([
  ['Profile.riskAssessments', `query($id: ID!) { profile(id: $id) { id riskAssessments { id } } }`, () => profileId],
  ['Profile.screening', `query($id: ID!) { profile(id: $id) { id screening { __typename } } }`, () => profileId],
  [
    'VerificationSession.profile.riskAssessments',
    `query($id: ID!) { verificationSession(id: $id) { id profile { id riskAssessments { id } } } }`,
    () => sessionId,
  ],
  [
    'VerificationSession.profile.screening',
    `query($id: ID!) { verificationSession(id: $id) { id profile { id screening { __typename } } } }`,
    () => sessionId,
  ],
])('%s with its subgraph down: service_unavailable (503), never internal_error', async (_, query, id) => {
  const response = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id: id() });
  expect(response.body.errors?.length).toBeGreaterThan(0);
  for (const error of response.body.errors) expect(error.extensions).toMatchObject({ code: 'service_unavailable', http: { status: 503 } });
});

it('the parts that do not need the missing subgraph still answer', async () => {
  const response = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        verificationSession(id: $id) {
          id
          profile {
            id
            name
          }
        }
      }
    `,
    { id: sessionId },
  );
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.verificationSession).toEqual({ id: sessionId, profile: { id: profileId, name: 'Ada Lovelace' } });
});
