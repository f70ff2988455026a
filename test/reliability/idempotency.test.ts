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
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => post('/clm/v1/profiles', { name: 'Concurrent', kind: 'individual' }, 'concurrent-1')),
  );
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

describe('the idempotencyKey argument of GraphQL create/start mutations', () => {
  const createProfile =
    'mutation ($input: CreateProfileInput!, $key: String) { createProfile(input: $input, idempotencyKey: $key) { id name } }';
  const headers = () => auth.apiKey(tenant.apiKey);

  it('runs a mutation once per key given as an argument (literal or variable)', async () => {
    const before = await profileCount();
    const first = await graphql(platform, headers(), createProfile, {
      input: { name: 'Argument Key', kind: 'individual' },
      key: 'arg-key-1',
    });
    const replay = await graphql(platform, headers(), createProfile, {
      input: { name: 'Argument Key', kind: 'individual' },
      key: 'arg-key-1',
    });
    expect(first.body.errors).toBeUndefined();
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const literal = 'mutation { createProfileGroup(input: { name: "Argument Group" }, idempotencyKey: "arg-group-1") { id } }';
    const group = await graphql(platform, headers(), literal);
    const groupAgain = await graphql(platform, headers(), literal);
    expect(group.body.errors).toBeUndefined();
    expect(groupAgain.body.data.createProfileGroup.id).toBe(group.body.data.createProfileGroup.id);
    expect(await profileCount()).toBe(before + 1);
  });

  it('is the same key as the header: header and argument with the same value replay each other', async () => {
    const variables = { input: { name: 'Header Or Argument', kind: 'individual' }, key: 'both-1' };
    const viaArgument = await graphql(platform, headers(), createProfile, variables);
    const viaBoth = await graphql(platform, { ...headers(), 'Idempotency-Key': 'both-1' }, createProfile, variables);
    expect(viaBoth.body).toEqual(viaArgument.body);
    expect(viaBoth.headers.get('idempotent-replayed')).toBe('true');
    const reused = await graphql(platform, headers(), createProfile, { ...variables, input: { name: 'Another Name', kind: 'individual' } });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0].extensions.code).toBe('idempotency_key_reused');
  });

  it('refuses a header and an argument that differ: 400 idempotency_key_mismatch, nothing created', async () => {
    const before = await profileCount();
    const response = await graphql(platform, { ...headers(), 'Idempotency-Key': 'header-key' }, createProfile, {
      input: { name: 'Mismatch', kind: 'individual' },
      key: 'argument-key',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions).toEqual({ code: 'idempotency_key_mismatch', http: { status: 400 } });
    expect(response.body.data).toBeUndefined();
    expect(await profileCount()).toBe(before);
  });

  it('refuses two mutations of one request naming different keys, and a malformed argument key', async () => {
    const before = await profileCount();
    const twoKeys = await graphql(
      platform,
      headers(),
      'mutation { a: createProfile(input: { name: "A", kind: "individual" }, idempotencyKey: "a-1") { id } b: createProfile(input: { name: "B", kind: "individual" }, idempotencyKey: "b-1") { id } }',
    );
    expect(twoKeys.status).toBe(400);
    expect(twoKeys.body.errors[0].extensions.code).toBe('idempotency_key_mismatch');
    const malformed = await graphql(platform, headers(), createProfile, {
      input: { name: 'Bad Argument', kind: 'individual' },
      key: 'x'.repeat(300),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe('schema_validation_failed');
    expect(await profileCount()).toBe(before);
  });

  it('reads the argument through named fragments on the mutation root', async () => {
    const document =
      'mutation { ...Create } fragment Create on Mutation { createProfile(input: { name: "Fragment", kind: "individual" }, idempotencyKey: "fragment-1") { id } }';
    const first = await graphql(platform, headers(), document);
    const again = await graphql(platform, headers(), document);
    expect(first.body.errors).toBeUndefined();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.createProfile.id).toBe(first.body.data.createProfile.id);
  });
});
