// Idempotency-Key on creates, for every domain at once (gateway/idempotency-plugin.ts): REST POSTs
// and GraphQL mutations sent with the header run once per principal and key.
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
});
afterAll(() => platform.close());

const post = (path: string, body: unknown, key: string, credential = tenant.apiKey) =>
  request(platform.restUrl, 'POST', path, { headers: { ...auth.apiKey(credential), 'Idempotency-Key': key }, body });

async function profileCount(): Promise<number> {
  return platform.db.profile.count({ where: { tenantId: tenant.tenantId } });
}

it('replays POST /clm/v1/profiles under the same key: one profile, the same answer', async () => {
  const before = await profileCount();
  const first = await post('/clm/v1/profiles', { name: 'Ada Lovelace', kind: 'individual' }, 'create-ada-1');
  const second = await post('/clm/v1/profiles', { name: 'Ada Lovelace', kind: 'individual' }, 'create-ada-1');
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(second.body).toEqual(first.body);
  expect(await profileCount()).toBe(before + 1);
  // Without a key (or with another one) a POST creates again.
  const other = await post('/clm/v1/profiles', { name: 'Ada Lovelace', kind: 'individual' }, 'create-ada-2');
  expect(other.body.result.profile.id).not.toBe(first.body.result.profile.id);
});

it('refuses the same key with a different body: 422 idempotency_key_reused in the area envelope', async () => {
  await post('/clm/v1/profiles', { name: 'Grace Hopper', kind: 'individual' }, 'grace-key');
  const before = await profileCount();
  const reused = await post('/clm/v1/profiles', { name: 'Grace Brewster', kind: 'individual' }, 'grace-key');
  expect(reused.status).toBe(422);
  expect(reused.body).toMatchObject({ status: 422, result: null, error: { code: 'idempotency_key_reused' } });
  expect(await profileCount()).toBe(before);
});

it('makes one object from concurrent requests with the same key', async () => {
  const before = await profileCount();
  const answers = await Promise.all(Array.from({ length: 6 }, () => post('/clm/v1/profiles', { name: 'Concurrent', kind: 'individual' }, 'concurrent-1')));
  expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
  expect(new Set(answers.map((answer) => answer.body.result.profile.id)).size).toBe(1);
  expect(await profileCount()).toBe(before + 1);
});

it('keys belong to their principal: another tenant using the same key creates its own object', async () => {
  const other = await createTestTenant(platform);
  const mine = await post('/clm/v1/profiles', { name: 'Shared Key', kind: 'individual' }, 'shared-key');
  const theirs = await post('/clm/v1/profiles', { name: 'Shared Key', kind: 'individual' }, 'shared-key', other.apiKey);
  expect(theirs.status).toBe(201);
  expect(theirs.body.result.profile.id).not.toBe(mine.body.result.profile.id);
});

it('does not keep failed requests: the same key with a corrected body runs', async () => {
  const headers = { ...auth.apiKey(tenant.apiKey), 'Idempotency-Key': 'fix-and-retry' };
  const mutation = 'mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id name } }';
  const refused = await graphql(platform, headers, mutation, { input: { name: '', kind: 'individual' } });
  expect(refused.body.errors[0].extensions.code).toBe('profile_validation_failed');
  const corrected = await graphql(platform, headers, mutation, { input: { name: 'Fixed', kind: 'individual' } });
  expect(corrected.body.errors).toBeUndefined();
  expect(corrected.body.data.createProfile.name).toBe('Fixed');
  const group = await post('/tenant-config/v1/profile-groups', { name: 'Retail' }, 'group-key');
  const again = await post('/tenant-config/v1/profile-groups', { name: 'Retail' }, 'group-key');
  expect(group.status).toBe(201);
  expect(again.body).toEqual(group.body);
});

it('applies to GraphQL mutations sent with the header; stores the response sealed', async () => {
  const headers = { ...auth.apiKey(tenant.apiKey), 'Idempotency-Key': 'gql-create-1' };
  const mutation = 'mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id name } }';
  const first = await graphql(platform, headers, mutation, { input: { name: 'Via GraphQL', kind: 'individual' } });
  const replay = await graphql(platform, headers, mutation, { input: { name: 'Via GraphQL', kind: 'individual' } });
  expect(first.body.errors).toBeUndefined();
  expect(replay.body).toEqual(first.body);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  const changed = await graphql(platform, headers, mutation, { input: { name: 'Other', kind: 'individual' } });
  expect(changed.status).toBe(422);
  expect(changed.body.errors[0].extensions).toEqual({ code: 'idempotency_key_reused', http: { status: 422 } });
  const stored = await platform.db.idempotentRequest.findFirst({ where: { tenantId: tenant.tenantId, key: 'gql-create-1' } });
  expect(stored?.state).toBe('completed');
  expect(JSON.stringify(stored?.response)).not.toContain('Via GraphQL');
});

it('refuses a malformed key with 400', async () => {
  const response = await post('/clm/v1/profiles', { name: 'Bad Key', kind: 'individual' }, 'x'.repeat(300));
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('schema_validation_failed');
});
