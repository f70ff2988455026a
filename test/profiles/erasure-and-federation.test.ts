// GDPR erasure (claim first, then erase) and the federation contract other subgraphs rely on:
// Profile @key(id) resolved through _entities with a signed service principal, scoped to the
// caller's workspace (out-of-scope or absent ids resolve to null).
import { servicePrincipal, signPrincipal, PRINCIPAL_HEADER } from '../../platform/principal/principal';
import { auth, createSiblingWorkspace, createTestTenant, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  platform = await startProfilesPlatform();
  tenant = await createTestTenant(platform);
  api = client(platform, tenant);
  await api.defineField({ key: 'passport', label: 'Passport', type: 'text' });
});
afterAll(async () => {
  await platform?.close();
});

/** What the IDV subgraph does: ask the profiles subgraph directly, as a service in the caller's scope. */
async function entities(scope: TestTenant, ids: string[]) {
  const header = signPrincipal(servicePrincipal('idv', scope), platform.config.internalSecret);
  const response = await request(platform.urls.profiles!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
    headers: { [PRINCIPAL_HEADER]: header },
    body: {
      query:
        'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Profile { id name email erasureClaimed erasedAt } } }',
      variables: { representations: ids.map((id) => ({ __typename: 'Profile', id })) },
    },
  });
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data._entities as ({
    id: string;
    name: string;
    email: string | null;
    erasureClaimed: boolean;
    erasedAt: string | null;
  } | null)[];
}

test('erasure: claim, then name → placeholder, email and custom values removed, comments redacted; id, groups and audit trail kept', async () => {
  const group = await api.createGroup({ name: 'Erasure group' });
  const profile = await api.createProfile({
    name: 'Jane Doe',
    email: 'jane@example.com',
    profileCustomFields: { passport: 'X1234567' },
    profileGroupIds: [group.id],
  });
  const comment = (
    await api.call('POST', `/clm/v1/profiles/${profile.id}/comments`, { text: 'Jane called about her passport', kind: 'profile' })
  ).body.result.comment;

  const response = await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`, { reason: 'GDPR art. 17 request #42' });
  expect(response.status).toBe(200);
  const { erasure, profile: erased } = response.body.result;
  expect(erasure).toMatchObject({ profileId: profile.id, status: 'completed' });
  expect(new Date(erasure.erasedAt) >= new Date(erasure.claimedAt)).toBe(true);
  expect(erased).toMatchObject({
    id: profile.id,
    name: '[erased]',
    email: null,
    kind: 'individual',
    status: 'not_screened',
    profileGroupIds: [group.id],
  });
  expect(erased).not.toHaveProperty('profileCustomFields');
  expect(erased.erasureClaimedAt).toBe(erasure.claimedAt);
  expect(erased.erasedAt).toBe(erasure.erasedAt);

  const read = await api.call('GET', `/clm/v1/profiles/${profile.id}`);
  expect(read.body.result.profile).toEqual(erased);
  const comments = await api.call('GET', `/clm/v1/profiles/${profile.id}/comments`);
  expect(comments.body.result.comments).toEqual([
    expect.objectContaining({ id: comment.id, text: '[erased]', createdBy: comment.createdBy }),
  ]);

  // Nothing personal stays in the database; the audit trail does.
  expect(await platform.db.profileCustomFieldValue.count({ where: { profileId: profile.id } })).toBe(0);
  const audit = await platform.db.auditLogEntry.findMany({
    where: { resourceType: 'profile', resourceId: profile.id },
    orderBy: { id: 'asc' },
  });
  expect(audit.map((entry) => entry.action)).toEqual(['profile.erasure.claimed', 'profile.erasure.completed']);
  expect(audit[0]).toMatchObject({
    tenantId: tenant.tenantId,
    workspaceId: tenant.workspaceId,
    actorId: tenant.applicationId,
    actorKind: 'application',
    outcome: 'allowed',
  });
  const events = await platform.db.outboxEvent.findMany({
    where: { aggregateType: 'profile', aggregateId: profile.id },
    orderBy: { createdAt: 'asc' },
  });
  expect(events.map((event) => event.type)).toEqual(['profile.erasure_claimed', 'profile.erased']);
  expect(JSON.stringify(events.map((event) => event.payload))).not.toContain('Jane');

  // Later writes → 409 profile_erased.
  for (const [method, path, body] of [
    ['PATCH', `/clm/v1/profiles/${profile.id}`, { name: 'Jane again' }],
    ['PATCH', `/clm/v1/profiles/${profile.id}`, { profileCustomFields: { passport: 'Y' } }],
    ['POST', `/clm/v1/profiles/${profile.id}/comments`, { text: 'x', kind: 'profile' }],
    ['PATCH', `/clm/v1/profiles/${profile.id}/comments/${comment.id}`, { text: 'x' }],
  ] as const) {
    const write = await api.call(method, path, body);
    expect(write.status).toBe(409);
    expect(write.body.error.code).toBe('profile_erased');
  }

  // Repeating the request is safe and returns the same erasure.
  const again = await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`);
  expect(again.status).toBe(200);
  expect(again.body.result.erasure).toEqual(erasure);

  // The supergraph exposes the claim.
  const gql = await graphql(
    platform,
    auth.xApiKey(tenant.apiKey),
    'query ($id: ID!) { profile(id: $id) { id name erasureClaimed erasureClaimedAt erasedAt } }',
    { id: profile.id },
  );
  expect(gql.body.data.profile).toEqual({
    id: profile.id,
    name: '[erased]',
    erasureClaimed: true,
    erasureClaimedAt: erasure.claimedAt,
    erasedAt: erasure.erasedAt,
  });
});

test('a claimed but unfinished erasure already blocks writes and shows through _entities; a repeated request finishes it', async () => {
  const profile = await api.createProfile({ name: 'Half Erased', email: 'half@example.com', profileCustomFields: { passport: 'P1' } });
  // Simulates a crash between the two steps: only the claim was committed.
  await platform.db.profile.update({ where: { id: profile.id }, data: { erasureClaimedAt: new Date() } });
  const [entity] = await entities(tenant, [profile.id]);
  expect(entity).toMatchObject({ id: profile.id, name: 'Half Erased', erasureClaimed: true, erasedAt: null });
  const patch = await api.call('PATCH', `/clm/v1/profiles/${profile.id}`, { email: 'new@example.com' });
  expect(patch.status).toBe(409);
  expect(patch.body.error.code).toBe('profile_erased');
  const finish = await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`);
  expect(finish.status).toBe(200);
  expect(finish.body.result.profile).toMatchObject({ name: '[erased]', email: null });
  expect(finish.body.result.profile).not.toHaveProperty('profileCustomFields');
});

test('erasure body validation and unknown profile', async () => {
  const profile = await api.createProfile();
  expect((await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`, { reason: 5 })).status).toBe(400);
  expect((await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`, { other: 'x' })).status).toBe(400);
  const missing = await api.call('POST', '/clm/v1/profiles/prf_missing/erasure');
  expect(missing.status).toBe(404);
  expect(missing.body.error.code).toBe('profile_not_found');
  // Untouched by the failed calls.
  expect((await api.call('GET', `/clm/v1/profiles/${profile.id}`)).body.result.profile).not.toHaveProperty('erasureClaimedAt');
});

test('_entities: email and erasure claim in scope; out-of-scope and absent ids resolve to null, in order', async () => {
  const a = await api.createProfile({ name: 'A', email: 'a@example.com' });
  const b = await api.createProfile({ name: 'B' });
  const sibling = await createSiblingWorkspace(platform, tenant);
  const foreign = await client(platform, sibling).createProfile({ name: 'Foreign' });
  const result = await entities(tenant, [b.id, 'prf_absent', a.id, foreign.id]);
  expect(result).toEqual([
    { id: b.id, name: 'B', email: null, erasureClaimed: false, erasedAt: null },
    null,
    { id: a.id, name: 'A', email: 'a@example.com', erasureClaimed: false, erasedAt: null },
    null,
  ]);
  const fromSibling = await entities(sibling, [a.id, foreign.id]);
  expect(fromSibling).toEqual([null, expect.objectContaining({ id: foreign.id, name: 'Foreign' })]);
});

test('the profiles subgraph refuses calls without a signed principal', async () => {
  const response = await request(platform.urls.profiles!.replace(/\/graphql$/, ''), 'POST', '/graphql', {
    body: { query: '{ _entities(representations: [{__typename: "Profile", id: "x"}]) { ... on Profile { id } } }' },
  });
  expect(response.body.errors?.[0]?.extensions?.code).toBe('unauthorized');
});
