// Beta enablement through the admin CLI (a real process): an application is refused with 403
// until `set-entitlement --name riskAssessments --value true`, and again after `--value false`.
import { runCli } from '../helpers/cli';
import { createTestTenant, startTestPlatform, TestPlatform } from '../helpers/test-platform';
import { riskClient } from './risk-helpers';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'] });
});
afterAll(() => platform.close());

const cli = (...args: string[]) => runCli(args);

// The gateway caches a resolved API key for up to 30 s, so each check uses a key it has not seen.
it('[risk.auth] switches the risk beta on and off per application', async () => {
  const tenant = await createTestTenant(platform);
  expect((await riskClient(platform, tenant.apiKey).call('GET', '/workflows')).status).toBe(403);
  const on = await cli('set-entitlement', '--application', tenant.applicationId, '--name', 'riskAssessments', '--value', 'true');
  expect(on.entitlements).toEqual({ riskAssessments: true });
  const enabledKey = (await cli('create-api-key', '--application', tenant.applicationId)).apiKey;
  expect((await riskClient(platform, enabledKey).call('GET', '/workflows')).status).toBe(200);
  await cli('set-entitlement', '--application', tenant.applicationId, '--name', 'riskAssessments', '--value', 'false');
  const disabledKey = (await cli('create-api-key', '--application', tenant.applicationId)).apiKey;
  const off = await riskClient(platform, disabledKey).call('GET', '/workflows');
  expect({ status: off.status, code: off.body.error.code }).toEqual({ status: 403, code: 'risk_beta_not_enabled' });
  await expect(cli('set-entitlement', '--application', tenant.applicationId, '--name', 'everything', '--value', 'true')).rejects.toThrow();
}, 240_000);
