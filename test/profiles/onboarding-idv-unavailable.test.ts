// IDV onboarding fails closed when the IDV service cannot say whether the workflow exists (an
// explicit one, or the workspace default): 503 profile_onboarding_unavailable, nothing created. The platform runs
// without the IDV service, and the profiles service points at a dead port for it.
import { testConfig, createTestTenant, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { onboard } from './onboarding-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'gateway', 'rest-adapter'],
    // Its accepted run stays queued (no worker here): keep it out of the shared database.
    isolatedDatabase: true,
    config: { subgraphUrls: { ...testConfig().subgraphUrls, idv: 'http://127.0.0.1:1/graphql' } },
  });
  tenant = await createTestTenant(platform);
});
afterAll(() => platform.close());

const body = (onboarding: Record<string, unknown>) => ({
  name: 'Unreachable Subject',
  kind: 'individual',
  email: 'u@example.com',
  onboarding,
});

it('503 profile_onboarding_unavailable for an explicit workflow; no profile, no run', async () => {
  const response = await onboard(platform, tenant, body({ idv: { enabled: true, workflowId: 'idvw_any' } }));
  expect(response.status).toBe(503);
  expect(response.text).toContain('profile_onboarding_unavailable');
  expect(await platform.db.profile.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
  expect(await platform.db.profileOnboardingRun.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
});

it('[clm.onboarding.idv-needs-workflow] without workflowId the default workflow must be found at request time: 503 profile_onboarding_unavailable, nothing created', async () => {
  const response = await onboard(platform, tenant, body({ screening: { enabled: false }, idv: { enabled: true } }));
  expect(response.status).toBe(503);
  expect(response.text).toContain('profile_onboarding_unavailable');
  expect(await platform.db.profile.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
});
