// Without the operator setting, destinations on private, loopback, link-local and metadata
// addresses are refused (400 idv_webhook_url_forbidden) on create and update.
import { TestPlatform } from '../helpers/test-platform';
import { idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startIdvPlatform({ config: { delivery: { webhookAllowPrivateNetworks: false } } });
});
afterAll(() => platform.close());

it.each([
  'http://127.0.0.1:8080/hooks',
  'http://10.0.0.5/hooks',
  'http://169.254.169.254/latest/meta-data',
  'http://[::1]/x',
  'http://localhost:3000/x',
  'http://metadata.google.internal/',
])('refuses %s', async (url) => {
  const tenant = await newTenant(platform);
  const response = await idv(platform, tenant).post('/webhooks', { url });
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('idv_webhook_url_forbidden');
  expect(await platform.db.webhookDestination.count({ where: { workspaceId: tenant.workspaceId } })).toBe(0);
});

it('accepts a public https URL, and refuses moving it to a private address', async () => {
  const tenant = await newTenant(platform);
  const created = await idv(platform, tenant).post('/webhooks', { url: 'https://hooks.bank.example/vigil' });
  expect(created.status).toBe(201);
  const moved = await idv(platform, tenant).patch(`/webhooks/${created.body.data.id}`, { url: 'http://192.168.0.10/hooks' });
  expect(moved.status).toBe(400);
  expect(moved.body.error.code).toBe('idv_webhook_url_forbidden');
  expect((await idv(platform, tenant).get(`/webhooks/${created.body.data.id}`)).body.data.url).toBe('https://hooks.bank.example/vigil');
});
