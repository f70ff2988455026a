// Custom field definition history and rollback under /tenant-config/v1/profile-custom-fields.
import { auth, createTestTenant, graphql, TestPlatform } from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startProfilesPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const BASE = '/tenant-config/v1/profile-custom-fields';

test('[clm.custom-fields.definitions.history] every change appends a revision, newest first, with who and what changed', async () => {
  const tenant = await createTestTenant(platform);
  const api = client(platform, tenant);
  await api.defineField({ key: 'segment', label: 'Segment', type: 'text' });
  await api.call('PATCH', `${BASE}/segment`, { label: 'Customer segment', required: true });
  await api.call('POST', `${BASE}/segment/archive`);
  await api.call('POST', `${BASE}/segment/archive`); // idempotent: no revision
  await api.call('POST', `${BASE}/segment/restore`);
  const response = await api.call('GET', `${BASE}/segment/revisions`);
  expect(response.status).toBe(200);
  const { revisions, meta } = response.body.result;
  expect(meta).toEqual({ page: 1, perPage: 20, total: 4 });
  expect(revisions.map((r: { revision: number; change: string }) => [r.revision, r.change])).toEqual([
    [4, 'restore'],
    [3, 'archive'],
    [2, 'update'],
    [1, 'create'],
  ]);
  expect(revisions[3]).toMatchObject({
    key: 'segment',
    label: 'Segment',
    required: false,
    archived: false,
    rolledBackTo: null,
    actorId: tenant.applicationId,
  });
  expect(revisions[2]).toMatchObject({ label: 'Customer segment', required: true, archived: false });
  expect(revisions[1]).toMatchObject({ archived: true });
  const second = await api.call('GET', `${BASE}/segment/revisions?page=2&perPage=3`);
  expect(second.body.result.revisions.map((r: { revision: number }) => r.revision)).toEqual([1]);
  expect(second.body.result.meta).toEqual({ page: 2, perPage: 3, total: 4 });
});

test('[clm.custom-fields.definitions.rollback] rollback copies an earlier revision back as a new revision; profiles read the restored label', async () => {
  const api = client(platform, await createTestTenant(platform));
  await api.defineField({ key: 'tier', label: 'Tier', type: 'text', priority: 5 });
  await api.call('PATCH', `${BASE}/tier`, { label: 'Risk tier', priority: 9, required: true });
  const rolled = await api.call('POST', `${BASE}/tier/rollback`, { revision: 1 });
  expect(rolled.status).toBe(200);
  expect(rolled.body.result.customField).toMatchObject({ key: 'tier', label: 'Tier', priority: 5, required: false });
  expect((await api.call('GET', `${BASE}/tier`)).body.result.customField).toMatchObject({ label: 'Tier', priority: 5, required: false });
  const profile = await api.createProfile({ profileCustomFields: { tier: 'gold' } });
  expect(profile.profileCustomFields).toEqual([{ key: 'tier', label: 'Tier', type: 'text', value: 'gold' }]);
  const latest = (await api.call('GET', `${BASE}/tier/revisions?perPage=1`)).body.result.revisions[0];
  expect(latest).toMatchObject({ revision: 3, change: 'rollback', rolledBackTo: 1, label: 'Tier' });
});

test('[clm.errors.custom-fields.rollback-omits-choice] rollback that would omit a saved Choice value → 409 custom_field_option_immutable, nothing changes', async () => {
  const api = client(platform, await createTestTenant(platform));
  await api.defineField({ key: 'risk', label: 'Risk', type: 'enum', options: [{ value: 'low', label: 'Low' }] });
  await api.call('PATCH', `${BASE}/risk`, {
    label: 'Risk level',
    options: [
      { value: 'low', label: 'Low' },
      { value: 'high', label: 'High' },
    ],
  });
  const refused = await api.call('POST', `${BASE}/risk/rollback`, { revision: 1 });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toEqual({
    code: 'custom_field_option_immutable',
    message: 'options: rolling back to revision 1 would omit the saved option value "high"',
  });
  const definition = (await api.call('GET', `${BASE}/risk`)).body.result.customField;
  expect(definition).toMatchObject({
    label: 'Risk level',
    options: [
      { value: 'low', label: 'Low' },
      { value: 'high', label: 'High' },
    ],
  });
  expect((await api.call('GET', `${BASE}/risk/revisions`)).body.result.meta.total).toBe(2);
  // A relabel keeps every value, so rolling back to it is allowed.
  await api.call('PATCH', `${BASE}/risk`, {
    options: [
      { value: 'high', label: 'HIGH' },
      { value: 'low', label: 'Low' },
    ],
  });
  const allowed = await api.call('POST', `${BASE}/risk/rollback`, { revision: 2 });
  expect(allowed.status).toBe(200);
  expect(allowed.body.result.customField.options).toEqual([
    { value: 'low', label: 'Low' },
    { value: 'high', label: 'High' },
  ]);
});

test('rollback and history: unknown key → 404, unknown revision → 404 custom_field_definition_revision_not_found, bad body → 400', async () => {
  const tenant = await createTestTenant(platform);
  const api = client(platform, tenant);
  await api.defineField({ key: 'note', label: 'Note', type: 'text' });
  expect((await api.call('GET', `${BASE}/missing/revisions`)).body.error.code).toBe('custom_field_definition_not_found');
  const missing = await api.call('POST', `${BASE}/missing/rollback`, { revision: 1 });
  expect([missing.status, missing.body.error.code]).toEqual([404, 'custom_field_definition_not_found']);
  const noRevision = await api.call('POST', `${BASE}/note/rollback`, { revision: 7 });
  expect(noRevision.status).toBe(404);
  expect(noRevision.body.error).toEqual({
    code: 'custom_field_definition_revision_not_found',
    message: 'revision: definition note has no revision 7',
  });
  for (const body of [{}, { revision: 0 }, { revision: 'one' }, { revision: 1, extra: true }]) {
    const response = await api.call('POST', `${BASE}/note/rollback`, body);
    expect([response.status, response.body.error.code]).toEqual([400, 'schema_validation_failed']);
  }
  // Another workspace's definition is indistinguishable from an absent one.
  const other = client(platform, await createTestTenant(platform));
  expect((await other.call('GET', `${BASE}/note/revisions`)).status).toBe(404);
  expect((await other.call('POST', `${BASE}/note/rollback`, { revision: 1 })).status).toBe(404);
  // GraphQL callers get the same rule and a connection.
  const headers = auth.apiKey(tenant.apiKey);
  const page = await graphql(
    platform,
    headers,
    'query { profileCustomFieldDefinitionRevisions(key: "note", first: 1) { nodes { revision change createdAt } pageInfo { hasNextPage endCursor } totalCount } }',
  );
  expect(page.body.data.profileCustomFieldDefinitionRevisions).toMatchObject({
    nodes: [{ revision: 1, change: 'create' }],
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: 1,
  });
  const invalid = await graphql(
    platform,
    headers,
    'mutation { rollbackProfileCustomFieldDefinition(key: "note", input: { revision: 0 }) { key } }',
  );
  expect(invalid.body.errors[0].extensions.code).toBe('custom_field_definition_invalid');
});
