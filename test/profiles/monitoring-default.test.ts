// The workspace monitoring default under /tenant-config/v1/monitoring-default, inherited by groups.
import { auth, createTestTenant, graphql, TestPlatform } from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startProfilesPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const PATH = '/tenant-config/v1/monitoring-default';

test('[groups.frequencies.inherit] groups inherit the workspace frequency for every feed they omit', async () => {
  const api = client(platform, await createTestTenant(platform));
  const initial = await api.call('GET', PATH);
  expect(initial.status).toBe(200);
  expect(initial.body).toMatchObject({ msg: 'success', status: 200 });
  expect(initial.body.result.monitoringDefault).toEqual({
    monitoringFeedFrequencies: { Sanctions: 'daily', PEP: 'weekly', News: 'weekly' },
    customized: false,
    updatedAt: null,
    updatedBy: null,
  });
  const group = await api.createGroup({ name: 'EDD', monitoringFeedFrequencies: { Sanctions: 'deltas' } });
  expect(group).toMatchObject({
    monitoringFeedFrequencies: { Sanctions: 'deltas' },
    effectiveMonitoringFeedFrequencies: { Sanctions: 'deltas', PEP: 'weekly', News: 'weekly' },
    inheritedFeeds: ['PEP', 'News'],
  });
  const changed = await api.call('PATCH', PATH, { monitoringFeedFrequencies: { Sanctions: 'weekly', PEP: 'monthly' } });
  expect(changed.status).toBe(200);
  expect(changed.body.result.monitoringDefault).toMatchObject({
    monitoringFeedFrequencies: { Sanctions: 'weekly', PEP: 'monthly', News: 'weekly' },
    customized: true,
  });
  // The group's own Sanctions override wins; PEP follows the new workspace value.
  const reread = (await api.call('GET', `/tenant-config/v1/profile-groups/${group.id}`)).body.result.profileGroup;
  expect(reread.effectiveMonitoringFeedFrequencies).toEqual({ Sanctions: 'deltas', PEP: 'monthly', News: 'weekly' });
  const plain = await api.createGroup({ name: 'Retail' });
  expect(plain).toMatchObject({
    monitoringFeedFrequencies: {},
    effectiveMonitoringFeedFrequencies: { Sanctions: 'weekly', PEP: 'monthly', News: 'weekly' },
    inheritedFeeds: ['Sanctions', 'PEP', 'News'],
  });
  const listed = (await api.call('GET', '/tenant-config/v1/profile-groups')).body.result.profileGroups;
  expect(listed.map((g: { effectiveMonitoringFeedFrequencies: { PEP: string } }) => g.effectiveMonitoringFeedFrequencies.PEP)).toEqual([
    'monthly',
    'monthly',
  ]);
});

test('PATCH: omitted feeds keep their value, null returns a feed to the built-in default; the default is per workspace', async () => {
  const tenant = await createTestTenant(platform);
  const api = client(platform, tenant);
  await api.call('PATCH', PATH, { monitoringFeedFrequencies: { News: 'never', PEP: 'annually' } });
  const reset = await api.call('PATCH', PATH, { monitoringFeedFrequencies: { PEP: null } });
  expect(reset.body.result.monitoringDefault).toMatchObject({
    monitoringFeedFrequencies: { Sanctions: 'daily', PEP: 'weekly', News: 'never' },
    updatedBy: tenant.applicationId,
  });
  expect(typeof reset.body.result.monitoringDefault.updatedAt).toBe('string');
  const other = client(platform, await createTestTenant(platform));
  expect((await other.call('GET', PATH)).body.result.monitoringDefault.customized).toBe(false);
});

test('concurrent changes of different feeds all land (first save of a workspace included)', async () => {
  const api = client(platform, await createTestTenant(platform));
  const responses = await Promise.all([
    api.call('PATCH', PATH, { monitoringFeedFrequencies: { Sanctions: 'deltas' } }),
    api.call('PATCH', PATH, { monitoringFeedFrequencies: { PEP: 'monthly' } }),
    api.call('PATCH', PATH, { monitoringFeedFrequencies: { News: 'never' } }),
  ]);
  expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
  expect((await api.call('GET', PATH)).body.result.monitoringDefault.monitoringFeedFrequencies).toEqual({
    Sanctions: 'deltas',
    PEP: 'monthly',
    News: 'never',
  });
});

test('bad input: deltas outside Sanctions, unknown feeds or values → 400, nothing saved', async () => {
  const tenant = await createTestTenant(platform);
  const api = client(platform, tenant);
  for (const body of [
    { monitoringFeedFrequencies: { PEP: 'deltas' } },
    { monitoringFeedFrequencies: { Crypto: 'daily' } },
    { monitoringFeedFrequencies: { News: 'hourly' } },
    {},
    { monitoringFeedFrequencies: {}, extra: 1 },
  ]) {
    const response = await api.call('PATCH', PATH, body);
    expect([response.status, response.body.error.code]).toEqual([400, 'schema_validation_failed']);
  }
  expect((await api.call('GET', PATH)).body.result.monitoringDefault.customized).toBe(false);
  const viaGraphql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'mutation { updateWorkspaceMonitoringDefault(input: { monitoringFeedFrequencies: { news: deltas } }) { customized } }',
  );
  expect(viaGraphql.body.errors[0].extensions.code).toBe('monitoring_default_validation_failed');
  expect(viaGraphql.body.errors[0].message).toBe(
    'monitoringFeedFrequencies.News: must be one of daily, weekly, monthly, quarterly, semiannually, annually, never',
  );
  expect((await api.call('GET', PATH)).body.result.monitoringDefault.customized).toBe(false);
});
