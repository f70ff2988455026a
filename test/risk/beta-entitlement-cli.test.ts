// Beta enablement through the admin CLI (a real process): an application is refused with 403
// until `set-entitlement --name riskAssessments --value true`, and again after `--value false`.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestTenant, startTestPlatform, TestPlatform } from '../helpers/test-platform';
import { riskClient } from './risk-helpers';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'] });
});
afterAll(() => platform.close());

async function cli(...args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(root, 'app/cli/main.ts'), ...args], {
    env: process.env,
    cwd: root,
  });
  return JSON.parse(stdout);
}

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
