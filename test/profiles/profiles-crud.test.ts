// Profiles under /clm/v1: create, read, PATCH semantics, list with pagination and group filter,
// envelope, credentials and workspace isolation.
import { auth, createSiblingWorkspace, createTestTenant, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { client, fieldValue, startProfilesPlatform } from './profiles-helpers';

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

describe('POST /clm/v1/profiles', () => {
  test('[clm.profiles.create, clm.profiles.envelope] creates a profile: 201, envelope {msg, status, result.profile}, status not_screened, timestamps', async () => {
    const response = await api.call('POST', '/clm/v1/profiles', { name: 'Grace Hopper', kind: 'individual', email: 'grace@example.com' });
    expect(response.status).toBe(201);
    expect(response.body.msg).toBe('success');
    expect(response.body.status).toBe(201);
    const profile = response.body.result.profile;
    expect(profile).toMatchObject({
      name: 'Grace Hopper',
      kind: 'individual',
      email: 'grace@example.com',
      status: 'not_screened',
      profileGroupIds: [],
    });
    expect(profile.id).toMatch(/^prf_/);
    expect(profile).not.toHaveProperty('profileCustomFields');
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);
    expect(profile.updatedAt).toBe(profile.createdAt);
  });

  test('[psr.auth.x-api-key] accepts x-api-key and Authorization: Api-Key; refuses a missing or wrong key', async () => {
    const viaApiKey = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.apiKey(tenant.apiKey),
      body: { name: 'A', kind: 'individual' },
    });
    expect(viaApiKey.status).toBe(201);
    const missing = await request(platform.restUrl, 'GET', '/clm/v1/profiles', {});
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('missing_authentication');
    const wrong = await request(platform.restUrl, 'GET', '/clm/v1/profiles', { headers: auth.xApiKey('vgl_not_a_key') });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, result: null, error: { code: 'unauthorized' } });
  });

  test('400 schema_validation_failed naming the field: missing name, unknown field, bad email, status not writable', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'individual' }, 'body.name'],
      [{ name: 'X', kind: 'individual', nickname: 'x' }, 'body.nickname'],
      [{ name: 'X', kind: 'individual', email: 'not-an-email' }, 'body.email'],
      [{ name: 'X', kind: 'individual', status: 'screened' }, 'body.status'],
      [{ name: 'X', kind: 'individual', profileCustomFields: [] }, 'body.profileCustomFields'],
    ];
    for (const [body, field] of cases) {
      const response = await api.call('POST', '/clm/v1/profiles', body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('schema_validation_failed');
      expect(response.body.error.message).toContain(field);
    }
  });

  test('400 for a whitespace-only name (service rule)', async () => {
    const response = await api.call('POST', '/clm/v1/profiles', { name: '   ', kind: 'individual' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'profile_validation_failed' });
    expect(response.body.error.message).toContain('name');
  });

  test('400 for malformed JSON', async () => {
    const response = await api.raw('POST', '/clm/v1/profiles', '{"name": "A", "kind": ');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
});

describe('GET /clm/v1/profiles/{profileId}', () => {
  test('[clm.profiles.get] reads a profile; unknown id → 404 profile_not_found', async () => {
    const created = await api.createProfile({ name: 'Read Me' });
    const response = await api.call('GET', `/clm/v1/profiles/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body.result.profile).toEqual(created);
    const missing = await api.call('GET', '/clm/v1/profiles/prf_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, result: null, error: { code: 'profile_not_found', message: 'Profile not found' } });
  });
});

describe('PATCH /clm/v1/profiles/{profileId}', () => {
  test('[clm.profiles.update] only supplied keys change; email null clears; updatedAt moves', async () => {
    const created = await api.createProfile({ name: 'Before', email: 'before@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renamed = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { name: 'After' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result.profile).toMatchObject({
      name: 'After',
      kind: 'individual',
      email: 'before@example.com',
      status: 'not_screened',
    });
    expect(renamed.body.result.profile.updatedAt > created.updatedAt).toBe(true);
    const cleared = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { email: null });
    expect(cleared.body.result.profile).toMatchObject({ name: 'After', email: null });
    const empty = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body.result.profile.name).toBe('After');
  });

  test('[clm.custom-fields.patch-keys] profileCustomFields: supplied keys updated, null clears one key, omitted keys preserved', async () => {
    await api.defineField({ key: 'patch_a', label: 'A', type: 'text' });
    await api.defineField({ key: 'patch_b', label: 'B', type: 'text' });
    await api.defineField({ key: 'patch_c', label: 'C', type: 'text' });
    const created = await api.createProfile({ profileCustomFields: { patch_a: 'a1', patch_b: 'b1', patch_c: 'c1' } });
    const patched = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { profileCustomFields: { patch_a: 'a2', patch_b: null } });
    expect(patched.status).toBe(200);
    const profile = patched.body.result.profile;
    expect(fieldValue(profile, 'patch_a')).toBe('a2');
    expect(fieldValue(profile, 'patch_b')).toBeUndefined();
    expect(fieldValue(profile, 'patch_c')).toBe('c1');
    const read = await api.call('GET', `/clm/v1/profiles/${created.id}`);
    expect(read.body.result.profile.profileCustomFields).toEqual(profile.profileCustomFields);
  });

  test('[clm.profiles.update] profileGroupIds replaces the assignments; [] removes all; omitted keeps them', async () => {
    const g1 = await api.createGroup({ name: 'Patch group 1' });
    const g2 = await api.createGroup({ name: 'Patch group 2' });
    const created = await api.createProfile({ profileGroupIds: [g1.id] });
    expect(created.profileGroupIds).toEqual([g1.id]);
    const replaced = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { profileGroupIds: [g2.id, g1.id] });
    expect(replaced.body.result.profile.profileGroupIds).toEqual([g2.id, g1.id]);
    const kept = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { name: 'Still grouped' });
    expect(kept.body.result.profile.profileGroupIds).toEqual([g2.id, g1.id]);
    const removed = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { profileGroupIds: [] });
    expect(removed.body.result.profile.profileGroupIds).toEqual([]);
  });

  test('unknown group id on create or patch → 400 profile_group_unknown, nothing saved', async () => {
    const before = (await api.call('GET', '/clm/v1/profiles?perPage=1')).body.result.meta.total;
    const create = await api.call('POST', '/clm/v1/profiles', { name: 'X', kind: 'individual', profileGroupIds: ['pgr_unknown'] });
    expect(create.status).toBe(400);
    expect(create.body.error.code).toBe('profile_group_unknown');
    expect(create.body.error.message).toContain('profileGroupIds[0]');
    expect((await api.call('GET', '/clm/v1/profiles?perPage=1')).body.result.meta.total).toBe(before);
    const created = await api.createProfile();
    const patch = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { name: 'Changed', profileGroupIds: ['pgr_unknown'] });
    expect(patch.status).toBe(400);
    expect(patch.body.error.code).toBe('profile_group_unknown');
    expect((await api.call('GET', `/clm/v1/profiles/${created.id}`)).body.result.profile.name).toBe('Ada Lovelace');
  });

  test('unknown profile id → 404 profile_not_found', async () => {
    const response = await api.call('PATCH', '/clm/v1/profiles/prf_nope', { name: 'X' });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('profile_not_found');
  });

  test('null name is a schema error', async () => {
    const created = await api.createProfile();
    const response = await api.call('PATCH', `/clm/v1/profiles/${created.id}`, { name: null });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
});

describe('GET /clm/v1/profiles', () => {
  test('[clm.profiles.list] pagination: result.profiles and result.meta {page, perPage, total}; newest first; perPage capped at 100', async () => {
    const own = await createTestTenant(platform);
    const ownApi = client(platform, own);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await ownApi.createProfile({ name: `P${i}` })).id);
    const first = await ownApi.call('GET', '/clm/v1/profiles?page=1&perPage=2');
    expect(first.status).toBe(200);
    expect(first.body.result.meta).toEqual({ page: 1, perPage: 2, total: 5 });
    expect(first.body.result.profiles.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    const last = await ownApi.call('GET', '/clm/v1/profiles?page=3&perPage=2');
    expect(last.body.result.profiles.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const beyond = await ownApi.call('GET', '/clm/v1/profiles?page=9&perPage=2');
    expect(beyond.body.result).toEqual({ profiles: [], meta: { page: 9, perPage: 2, total: 5 } });
    const defaults = await ownApi.call('GET', '/clm/v1/profiles');
    expect(defaults.body.result.meta).toEqual({ page: 1, perPage: 20, total: 5 });
    for (const bad of ['perPage=101', 'perPage=0', 'page=0', 'page=abc']) {
      const response = await ownApi.call('GET', `/clm/v1/profiles?${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('schema_validation_failed');
    }
    expect((await ownApi.call('GET', '/clm/v1/profiles?perPage=100')).status).toBe(200);
  });

  test('[clm.profiles.list] profile_group_ids: comma-separated, matches profiles assigned to any of them', async () => {
    const own = await createTestTenant(platform);
    const ownApi = client(platform, own);
    const a = await ownApi.createGroup({ name: 'A' });
    const b = await ownApi.createGroup({ name: 'B' });
    const c = await ownApi.createGroup({ name: 'C' });
    const inA = await ownApi.createProfile({ profileGroupIds: [a.id] });
    const inB = await ownApi.createProfile({ profileGroupIds: [b.id] });
    const inAB = await ownApi.createProfile({ profileGroupIds: [a.id, b.id] });
    await ownApi.createProfile({ profileGroupIds: [c.id] });
    await ownApi.createProfile();
    const both = await ownApi.call('GET', `/clm/v1/profiles?profile_group_ids=${a.id},${b.id}`);
    expect(both.body.result.profiles.map((p: { id: string }) => p.id).sort()).toEqual([inA.id, inB.id, inAB.id].sort());
    expect(both.body.result.meta.total).toBe(3);
    const onlyB = await ownApi.call('GET', `/clm/v1/profiles?profile_group_ids=${b.id}`);
    expect(onlyB.body.result.profiles.map((p: { id: string }) => p.id).sort()).toEqual([inB.id, inAB.id].sort());
    const unknown = await ownApi.call('GET', '/clm/v1/profiles?profile_group_ids=pgr_unknown');
    expect(unknown.body.result).toEqual({ profiles: [], meta: { page: 1, perPage: 20, total: 0 } });
    const all = await ownApi.call('GET', '/clm/v1/profiles?profile_group_ids=');
    expect(all.body.result.meta.total).toBe(5);
  });
});

describe('[clm.profiles.scope] workspace isolation', () => {
  test("another workspace's key gets 404 profile_not_found on GET, PATCH, comments and erasure, exactly like an unknown id", async () => {
    const victim = await api.createProfile({ name: 'Private' });
    const sibling = await createSiblingWorkspace(platform, tenant);
    const other = client(platform, sibling);
    const unknownId = 'prf_000000000000000000000000';
    const calls: [string, (id: string) => string, unknown][] = [
      ['GET', (id) => `/clm/v1/profiles/${id}`, undefined],
      ['PATCH', (id) => `/clm/v1/profiles/${id}`, { name: 'Hijacked' }],
      ['POST', (id) => `/clm/v1/profiles/${id}/comments`, { text: 'x', kind: 'profile' }],
      ['GET', (id) => `/clm/v1/profiles/${id}/comments`, undefined],
      ['PATCH', (id) => `/clm/v1/profiles/${id}/comments/pcm_x`, { text: 'x' }],
      ['POST', (id) => `/clm/v1/profiles/${id}/erasure`, {}],
    ];
    for (const [method, path, body] of calls) {
      const foreign = await other.call(method, path(victim.id), body);
      const absent = await other.call(method, path(unknownId), body);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(absent.body);
      expect(foreign.body.error.code).toBe('profile_not_found');
    }
    const list = await other.call('GET', '/clm/v1/profiles');
    expect(list.body.result.profiles.find((p: { id: string }) => p.id === victim.id)).toBeUndefined();
    // The victim is untouched.
    const read = await api.call('GET', `/clm/v1/profiles/${victim.id}`);
    expect(read.body.result.profile.name).toBe('Private');
    expect(read.body.result.profile).not.toHaveProperty('erasureClaimedAt');
    expect((await api.call('GET', `/clm/v1/profiles/${victim.id}/comments`)).body.result.comments).toEqual([]);
  });

  test("[groups.scope] another workspace's group ids are unknown on profile writes, and its groups and definitions are invisible", async () => {
    const sibling = await createSiblingWorkspace(platform, tenant);
    const other = client(platform, sibling);
    const foreignGroup = await other.createGroup({ name: 'Foreign group' });
    const response = await api.call('POST', '/clm/v1/profiles', { name: 'X', kind: 'individual', profileGroupIds: [foreignGroup.id] });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('profile_group_unknown');
    expect((await api.call('GET', `/tenant-config/v1/profile-groups/${foreignGroup.id}`)).status).toBe(404);
    await other.defineField({ key: 'foreign_field', label: 'Foreign', type: 'text' });
    const write = await api.call('POST', '/clm/v1/profiles', {
      name: 'X',
      kind: 'individual',
      profileCustomFields: { foreign_field: 'x' },
    });
    expect(write.status).toBe(400);
    expect(write.body.error.code).toBe('custom_field_unknown');
    expect((await api.call('GET', '/tenant-config/v1/profile-custom-fields/foreign_field')).status).toBe(404);
  });
});
