// Edge cases: the OpenAPI document covers the profile routes, hostile text and ids never reach
// PostgreSQL as errors, concurrent writes respect the combined limit, and GraphQL callers get the
// same rules as REST callers.
import { auth, createTestTenant, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  platform = await startProfilesPlatform();
  tenant = await createTestTenant(platform);
  api = client(platform, tenant);
});
afterAll(async () => {
  await platform?.close();
});

test('[psr.versioning.prefixes] the OpenAPI document lists every profiles route', async () => {
  const response = await request(platform.restUrl, 'GET', '/openapi.json');
  expect(response.status).toBe(200);
  const paths = response.body.paths;
  expect(Object.keys(paths)).toEqual(
    expect.arrayContaining([
      '/clm/v1/profiles',
      '/clm/v1/profiles/{profileId}',
      '/clm/v1/profiles/{profileId}/comments',
      '/clm/v1/profiles/{profileId}/comments/{commentId}',
      '/clm/v1/profiles/{profileId}/erasure',
      '/tenant-config/v1/profile-groups',
      '/tenant-config/v1/profile-groups/{profileGroupId}',
      '/tenant-config/v1/profile-custom-fields',
      '/tenant-config/v1/profile-custom-fields/{key}',
      '/tenant-config/v1/profile-custom-fields/{key}/archive',
      '/tenant-config/v1/profile-custom-fields/{key}/restore',
    ]),
  );
  expect(Object.keys(paths['/clm/v1/profiles/{profileId}'])).toEqual(expect.arrayContaining(['get', 'patch']));
  expect(Object.keys(paths['/tenant-config/v1/profile-groups/{profileGroupId}'])).toEqual(
    expect.arrayContaining(['get', 'patch', 'delete']),
  );
});

test('NUL characters and lone surrogates: 400 in names, texts and ids (the gateway refuses text Postgres cannot store), never 5xx', async () => {
  for (const name of ['A\u0000B', 'A\ud800B']) {
    const response = await api.call('POST', '/clm/v1/profiles', { name, kind: 'individual' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  }
  const profile = await api.createProfile();
  const comment = await api.call('POST', `/clm/v1/profiles/${profile.id}/comments`, { text: 'bad\u0000', kind: 'profile' });
  expect(comment.status).toBe(400);
  const group = await api.call('POST', '/tenant-config/v1/profile-groups', { name: 'g\u0000' });
  expect(group.status).toBe(400);
  const definition = await api.call('POST', '/tenant-config/v1/profile-custom-fields', {
    label: 'x',
    type: 'enum',
    options: [{ value: 'a\u0000', label: 'A' }],
  });
  expect(definition.status).toBe(400);
  const unknown = await api.call('GET', `/clm/v1/profiles/${'x'.repeat(300)}`);
  expect(unknown.status).toBe(404);
  expect(unknown.body.error.code).toBe('profile_not_found');
  for (const [method, path, body] of [
    ['GET', '/clm/v1/profiles/%00'],
    ['GET', '/clm/v1/profiles/%00/comments'],
    ['PATCH', '/clm/v1/profiles/%00', { name: 'x' }],
    ['POST', '/clm/v1/profiles/%00/erasure'],
    ['GET', '/tenant-config/v1/profile-groups/%00'],
    ['PATCH', '/tenant-config/v1/profile-groups/%00', { name: 'x' }],
    ['GET', '/tenant-config/v1/profile-custom-fields/%00'],
    ['PATCH', `/clm/v1/profiles/${profile.id}/comments/%00`, { text: 'x' }],
    ['GET', '/clm/v1/profiles?profile_group_ids=%00,x'],
  ] as const) {
    const response = await api.call(method, path, body);
    expect([path, response.status, response.body.error?.code]).toEqual([path, 400, 'schema_validation_failed']);
  }
  // Custom text values may hold any JSON string: stored as JSON text, read back exactly.
  await api.defineField({ key: 'free', label: 'Free', type: 'text' });
  const stored = await api.raw(
    'POST',
    '/clm/v1/profiles',
    '{"name":"N","kind":"individual","profileCustomFields":{"free":"a\\u0000b\\ud800c"}}',
  );
  expect(stored.status).toBe(201);
  expect(stored.text).toContain('"value":"a\\u0000b\\ud800c"');
});

test('concurrent PATCHes of one profile serialize: the combined 64 KB limit holds', async () => {
  const own = client(platform, await createTestTenant(platform));
  for (let i = 0; i < 6; i += 1) await own.defineField({ key: `c${i}`, label: `C${i}`, type: 'json' });
  const profile = await own.createProfile();
  const blob = ['w'.repeat(15_000)];
  const responses = await Promise.all(
    [0, 1, 2, 3, 4, 5].map((i) => own.call('PATCH', `/clm/v1/profiles/${profile.id}`, { profileCustomFields: { [`c${i}`]: blob } })),
  );
  const statuses = responses.map((response) => response.status).sort();
  expect(statuses).toEqual([200, 200, 200, 200, 409, 409]);
  const read = await own.call('GET', `/clm/v1/profiles/${profile.id}`);
  expect(read.body.result.profile.profileCustomFields).toHaveLength(4);
});

test('GraphQL callers get the same rules: custom fields as exact JSON text, validation codes, PATCH semantics', async () => {
  const headers = auth.xApiKey(tenant.apiKey);
  await api.defineField({ key: 'gql_num', label: 'Num', type: 'number' });
  await api.defineField({ key: 'gql_day', label: 'Day', type: 'date' });
  const created = await graphql(
    platform,
    headers,
    'mutation ($input: CreateProfileInput!) { createProfile(input: $input) { id status profileCustomFields { key type value } profileGroupIds } }',
    {
      input: {
        name: 'Via GraphQL',
        kind: 'individual',
        profileCustomFields: [
          { key: 'gql_num', value: '-9223372036854775808' },
          { key: 'gql_day', value: '"2024-02-29"' },
        ],
      },
    },
  );
  expect(created.body.errors).toBeUndefined();
  const profile = created.body.data.createProfile;
  expect(profile.status).toBe('not_screened');
  expect(profile.profileCustomFields).toEqual([
    { key: 'gql_day', type: 'date', value: '"2024-02-29"' },
    { key: 'gql_num', type: 'number', value: '-9223372036854775808' },
  ]);
  const invalid = await graphql(
    platform,
    headers,
    'mutation ($id: ID!) { updateProfile(id: $id, input: { profileCustomFields: [{ key: "gql_day", value: "\\"2023-02-29\\"" }] }) { id } }',
    { id: profile.id },
  );
  expect(invalid.body.errors[0].extensions).toMatchObject({ code: 'custom_field_invalid_date', http: { status: 400 } });
  expect(invalid.body.errors[0].message).toBe('profileCustomFields.gql_day: invalid date (expected an existing calendar date YYYY-MM-DD)');
  const malformed = await graphql(
    platform,
    headers,
    'mutation ($id: ID!) { updateProfile(id: $id, input: { profileCustomFields: [{ key: "gql_day", value: "{nope" }] }) { id } }',
    { id: profile.id },
  );
  expect(malformed.body.errors[0].extensions).toMatchObject({ code: 'schema_validation_failed', field: 'profileCustomFields.gql_day' });
  const cleared = await graphql(
    platform,
    headers,
    'mutation ($id: ID!) { updateProfile(id: $id, input: { profileCustomFields: [{ key: "gql_num", value: null }] }) { name profileCustomFields { key value } } }',
    { id: profile.id },
  );
  expect(cleared.body.data.updateProfile).toEqual({
    name: 'Via GraphQL',
    profileCustomFields: [{ key: 'gql_day', value: '"2024-02-29"' }],
  });
  const list = await graphql(
    platform,
    headers,
    '{ profiles(first: 1) { totalCount pageInfo { hasNextPage endCursor } nodes { id } } profileCustomFieldDefinitions { nodes { key } } profileGroups { nodes { id } } }',
  );
  expect(list.body.data.profiles.nodes).toHaveLength(1);
  expect(list.body.data.profileCustomFieldDefinitions.nodes.map((d: { key: string }) => d.key)).toEqual(
    expect.arrayContaining(['gql_num', 'gql_day']),
  );
  const badPage = await graphql(platform, headers, '{ profiles(first: 1000) { totalCount } }');
  expect(badPage.body.errors[0].extensions).toMatchObject({ code: 'profile_validation_failed', field: 'first' });
  const badCursor = await graphql(platform, headers, '{ profiles(after: "nope") { totalCount } }');
  expect(badCursor.body.errors[0].extensions).toMatchObject({ code: 'profile_validation_failed', field: 'after' });
  const badGroup = await graphql(platform, headers, 'mutation { createProfileGroup(input: { name: "x", priority: -1 }) { id } }');
  expect(badGroup.body.errors[0].extensions.code).toBe('profile_group_validation_failed');
  const badFrequency = await graphql(
    platform,
    headers,
    'mutation { createProfileGroup(input: { name: "x", monitoringFeedFrequencies: { pep: deltas } }) { id } }',
  );
  expect(badFrequency.body.errors[0].extensions.code).toBe('profile_group_validation_failed');
});

test('the OpenAPI document describes the profile result shapes', async () => {
  const response = await request(platform.restUrl, 'GET', '/openapi.json');
  const get = response.body.paths['/clm/v1/profiles/{profileId}'].get;
  const schema = get.responses['200'].content['application/json'].schema;
  expect(Object.keys(schema.properties.profile.properties)).toEqual(
    expect.arrayContaining(['id', 'name', 'kind', 'email', 'status', 'profileCustomFields', 'profileGroupIds']),
  );
  const list = response.body.paths['/clm/v1/profiles'].get;
  expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'perPage', 'profile_group_ids']));
});
