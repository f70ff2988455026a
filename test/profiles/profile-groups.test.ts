// Profile groups under /tenant-config/v1.
import { createTestTenant, TestPlatform } from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startProfilesPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const BASE = '/tenant-config/v1/profile-groups';

test('[groups.create] POST creates a group: 201 result.profileGroup with id and a key generated from the name', async () => {
  const api = client(platform, await createTestTenant(platform));
  const response = await api.call('POST', BASE, {
    name: 'High-Risk Customers (EU)',
    description: 'Enhanced due diligence',
    priority: 10,
    monitoringFeedFrequencies: { Sanctions: 'deltas', PEP: 'weekly', News: 'never' },
  });
  expect(response.status).toBe(201);
  expect(response.body).toMatchObject({ msg: 'success', status: 201 });
  const group = response.body.result.profileGroup;
  expect(group).toMatchObject({
    key: 'high_risk_customers_eu',
    name: 'High-Risk Customers (EU)',
    description: 'Enhanced due diligence',
    priority: 10,
    archived: false,
    monitoringFeedFrequencies: { Sanctions: 'deltas', PEP: 'weekly', News: 'never' },
  });
  expect(group.id).toMatch(/^pgr_/);
  expect(group.createdAt).toBeDefined();
  // Same label again: unique key in the workspace.
  const again = await api.createGroup({ name: 'high risk customers EU' });
  expect(again.key).toBe('high_risk_customers_eu_2');
  // Non-Latin-only names still get a key; defaults.
  const other = await api.createGroup({ name: 'Ünïcödé' });
  expect(other).toMatchObject({ key: 'unicode', priority: 0, description: null, monitoringFeedFrequencies: {} });
  const symbols = await api.createGroup({ name: '***' });
  expect(symbols.key).toBe('group');
});

test('[groups.frequencies.values, groups.priority] validation: 400 for a negative priority, unknown feed, deltas on PEP/News, key or id supplied', async () => {
  const api = client(platform, await createTestTenant(platform));
  for (const body of [
    { name: 'x', priority: -1 },
    { name: 'x', priority: 1.5 },
    { name: 'x', monitoringFeedFrequencies: { Crime: 'daily' } },
    { name: 'x', monitoringFeedFrequencies: { PEP: 'deltas' } },
    { name: 'x', monitoringFeedFrequencies: { News: 'deltas' } },
    { name: 'x', monitoringFeedFrequencies: { Sanctions: 'hourly' } },
    { name: 'x', key: 'mine' },
    { name: 'x', id: 'pgr_mine' },
    { name: '' },
    { description: 'no name' },
  ]) {
    const response = await api.call('POST', BASE, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  }
  for (const frequency of ['deltas', 'daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never']) {
    expect((await api.call('POST', BASE, { name: `S ${frequency}`, monitoringFeedFrequencies: { Sanctions: frequency } })).status).toBe(
      201,
    );
  }
  for (const frequency of ['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never']) {
    expect(
      (await api.call('POST', BASE, { name: `P ${frequency}`, monitoringFeedFrequencies: { PEP: frequency, News: frequency } })).status,
    ).toBe(201);
  }
});

test('[groups.list, groups.get, groups.patch, groups.delete-archives, groups.priority] GET one, PATCH (key read-only), list ordered by priority, DELETE archives, includeArchived', async () => {
  const api = client(platform, await createTestTenant(platform));
  const low = await api.createGroup({ name: 'Low', priority: 1 });
  const high = await api.createGroup({ name: 'High', priority: 5, monitoringFeedFrequencies: { Sanctions: 'daily' } });
  const read = await api.call('GET', `${BASE}/${high.id}`);
  expect(read.body.result.profileGroup).toEqual(high);

  const patched = await api.call('PATCH', `${BASE}/${low.id}`, {
    name: 'Renamed',
    description: 'd',
    priority: 9,
    monitoringFeedFrequencies: { PEP: 'monthly' },
  });
  expect(patched.status).toBe(200);
  expect(patched.body.result.profileGroup).toMatchObject({
    id: low.id,
    key: 'low',
    name: 'Renamed',
    description: 'd',
    priority: 9,
    monitoringFeedFrequencies: { PEP: 'monthly' },
  });
  const partial = await api.call('PATCH', `${BASE}/${low.id}`, { description: null, monitoringFeedFrequencies: null });
  expect(partial.body.result.profileGroup).toMatchObject({
    name: 'Renamed',
    description: null,
    priority: 9,
    monitoringFeedFrequencies: {},
  });
  expect((await api.call('PATCH', `${BASE}/${low.id}`, { key: 'other' })).status).toBe(400);
  expect((await api.call('PATCH', `${BASE}/${low.id}`, { priority: -3 })).status).toBe(400);

  const list = await api.call('GET', BASE);
  expect(list.body.result.profileGroups.map((g: { id: string }) => g.id)).toEqual([low.id, high.id]);

  const profile = await api.createProfile({ profileGroupIds: [high.id] });
  const deleted = await api.call('DELETE', `${BASE}/${high.id}`);
  expect(deleted.status).toBe(200);
  expect(deleted.body.result.profileGroup).toMatchObject({ id: high.id, archived: true });
  expect((await api.call('DELETE', `${BASE}/${high.id}`)).status).toBe(200); // idempotent

  const active = await api.call('GET', BASE);
  expect(active.body.result.profileGroups.map((g: { id: string }) => g.id)).toEqual([low.id]);
  const falseFlag = await api.call('GET', `${BASE}?includeArchived=false`);
  expect(falseFlag.body.result.profileGroups).toHaveLength(1);
  const all = await api.call('GET', `${BASE}?includeArchived=true`);
  expect(all.body.result.profileGroups.map((g: { id: string }) => g.id)).toEqual([low.id, high.id]);
  expect((await api.call('GET', `${BASE}?includeArchived=yes`)).status).toBe(400);

  // Archived group: fetch still works; the id stays on older profiles; filtering by it works.
  expect((await api.call('GET', `${BASE}/${high.id}`)).body.result.profileGroup.archived).toBe(true);
  expect((await api.call('GET', `/clm/v1/profiles/${profile.id}`)).body.result.profile.profileGroupIds).toEqual([high.id]);
  expect((await api.call('GET', `/clm/v1/profiles?profile_group_ids=${high.id}`)).body.result.meta.total).toBe(1);

  // New assignments of an archived group are rejected; keeping an existing one is fine.
  const create = await api.call('POST', '/clm/v1/profiles', { name: 'X', kind: 'individual', profileGroupIds: [high.id] });
  expect(create.status).toBe(400);
  expect(create.body.error.code).toBe('profile_group_archived');
  const keep = await api.call('PATCH', `/clm/v1/profiles/${profile.id}`, { profileGroupIds: [high.id, low.id] });
  expect(keep.status).toBe(200);
  expect(keep.body.result.profile.profileGroupIds).toEqual([high.id, low.id]);
});

test('unknown group id → 404 profile_group_not_found on GET, PATCH, DELETE', async () => {
  const api = client(platform, await createTestTenant(platform));
  for (const [method, body] of [
    ['GET', undefined],
    ['PATCH', { name: 'x' }],
    ['DELETE', undefined],
  ] as const) {
    const response = await api.call(method, `${BASE}/pgr_missing`, body);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 404, result: null, error: { code: 'profile_group_not_found' } });
  }
});
