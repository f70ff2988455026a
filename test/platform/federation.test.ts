// Queries cross subgraphs through the gateway, entity references resolve in batches, and every
// read stays inside the caller's tenant and workspace.
import { metricsRegistry } from '../../platform/http/metrics';
import { PRINCIPAL_HEADER, signPrincipal } from '../../platform/principal/principal';
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

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { riskAssessments: true });
  sibling = await createSiblingWorkspace(platform, tenant);
});
afterAll(() => platform.close());

async function createProfile(key: string, name: string): Promise<string> {
  const response = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(key),
    body: { name, kind: 'individual' },
  });
  expect(response.status).toBe(201);
  return response.body.result.profile.id;
}

it('one query crosses the profiles and risk subgraphs', async () => {
  const profileId = await createProfile(tenant.apiKey, 'Grace Hopper');
  const assessment = await request(platform.restUrl, 'POST', '/risk-assessments/v2/assessments', {
    headers: auth.apiKey(tenant.apiKey),
    body: { title: 'Onboarding review', subjects: [{ type: 'individual', name: 'Grace Hopper', profile_id: profileId }] },
  });
  expect(assessment.status).toBe(201);
  const response = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        profile(id: $id) {
          name
          riskAssessments {
            title
            status
            subjects {
              profile {
                name
              }
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
    riskAssessments: [{ title: 'Onboarding review', status: 'draft', subjects: [{ profile: { name: 'Grace Hopper' } }] }],
  });
});

it('resolves many entity references with one profiles query', async () => {
  const ids = await Promise.all(['A', 'B', 'C', 'D'].map((name) => createProfile(tenant.apiKey, name)));
  const principal = {
    tenantId: tenant.tenantId,
    workspaceId: tenant.workspaceId,
    actorId: 'gateway-test',
    kind: 'service' as const,
    entitlements: {},
  };
  const statements = await countProfileSelects(async () => {
    const response = await request(platform.urls.profiles!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
      headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.config.internalSecret) },
      body: {
        query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { name } } }',
        variables: { r: [...ids, 'prf_absent'].map((id) => ({ __typename: 'Profile', id })) },
      },
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data._entities).toEqual([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }, null]);
  });
  expect(statements).toBe(1);
});

it('an id from another workspace reads exactly like an absent one', async () => {
  const profileId = await createProfile(tenant.apiKey, 'Private Person');
  const foreign = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.xApiKey(sibling.apiKey) });
  const absent = await request(platform.restUrl, 'GET', `/clm/v1/profiles/prf_doesnotexist`, { headers: auth.xApiKey(sibling.apiKey) });
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual(absent.body);
  const viaGraphql = await graphql(
    platform,
    auth.apiKey(sibling.apiKey),
    `
      query ($id: ID!) {
        profile(id: $id) {
          id
        }
      }
    `,
    { id: profileId },
  );
  expect(viaGraphql.body.data.profile).toBeNull();
});

/** Counts Profile.findMany operations issued while `work` runs, from the platform's own
 * Prometheus series (the services run in this process and share its registry). */
async function countProfileSelects(work: () => Promise<void>): Promise<number> {
  const before = await findManyCount();
  await work();
  return (await findManyCount()) - before;
}

async function findManyCount(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('vigil_db_operation_duration_seconds')!.get();
  const sample = metric.values.find(
    (v) =>
      (v as { metricName?: string }).metricName === 'vigil_db_operation_duration_seconds_count' &&
      // The profile loader's read is a raw prepared statement on the client's pool, timed under its name.
      v.labels.model === 'raw' &&
      v.labels.operation === 'profiles_by_ids',
  );
  return sample?.value ?? 0;
}
