// Profile comments: POST (201 result.comment), list, edit with _v.
import { createTestTenant, createDashboardToken, auth, request, TestPlatform, TestTenant } from '../helpers/test-platform';
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

test('[clm.comments.create, clm.comments.fields] POST comment: 201 result.comment with every field; createdBy/updatedBy from the caller', async () => {
  const profile = await api.createProfile();
  const response = await api.call('POST', `/clm/v1/profiles/${profile.id}/comments`, { text: 'Looks fine', kind: 'profile' });
  expect(response.status).toBe(201);
  expect(response.body).toMatchObject({ msg: 'success', status: 201 });
  const comment = response.body.result.comment;
  expect(Object.keys(comment)).toEqual([
    '_v',
    'id',
    'createdAt',
    'updatedAt',
    'text',
    'kind',
    'matchId',
    'profileId',
    'createdBy',
    'updatedBy',
  ]);
  expect(comment).toMatchObject({
    _v: 0,
    text: 'Looks fine',
    kind: 'profile',
    matchId: null,
    profileId: profile.id,
    createdBy: tenant.applicationId,
    updatedBy: tenant.applicationId,
  });
  const match = await api.call('POST', `/clm/v1/profiles/${profile.id}/comments`, {
    text: 'False positive: different DOB',
    kind: 'match',
    matchId: 'm_123',
  });
  expect(match.status).toBe(201);
  expect(match.body.result.comment).toMatchObject({ kind: 'match', matchId: 'm_123' });
});

test('validation: text required and non-empty, kind profile|match, matchId not blank and forbidden for profile', async () => {
  const profile = await api.createProfile();
  const path = `/clm/v1/profiles/${profile.id}/comments`;
  for (const body of [
    { kind: 'profile' },
    { text: '', kind: 'profile' },
    { text: 'x' },
    { text: 'x', kind: 'other' },
    { text: 'x', kind: 'profile', extra: 1 },
  ]) {
    const response = await api.call('POST', path, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  }
  const blank = await api.call('POST', path, { text: '   ', kind: 'profile' });
  expect(blank.body.error).toMatchObject({ code: 'comment_validation_failed' });
  const blankMatch = await api.call('POST', path, { text: 'x', kind: 'match', matchId: '  ' });
  expect(blankMatch.status).toBe(400);
  expect(blankMatch.body.error).toEqual({
    code: 'comment_validation_failed',
    message: 'matchId: must not be blank (omit it when the comment is not about one match)',
  });
  const stray = await api.call('POST', path, { text: 'x', kind: 'profile', matchId: 'm_1' });
  expect(stray.status).toBe(400);
  expect(stray.body.error.message).toContain('matchId');
  expect((await api.call('GET', path)).body.result.comments).toEqual([]);
});

test('[clm.comments.create.match-id-optional] kind match without matchId → 201 with matchId null', async () => {
  const profile = await api.createProfile();
  const path = `/clm/v1/profiles/${profile.id}/comments`;
  const response = await api.call('POST', path, { text: 'None of the matches is our customer', kind: 'match' });
  expect(response.status).toBe(201);
  expect(response.body.result.comment).toMatchObject({ kind: 'match', matchId: null, text: 'None of the matches is our customer' });
  const explicitNull = await api.call('POST', path, { text: 'Reviewed all', kind: 'match', matchId: null });
  expect(explicitNull.status).toBe(201);
  expect((await api.call('GET', path)).body.result.comments.map((comment: { matchId: unknown }) => comment.matchId)).toEqual([null, null]);
});

test('unknown profile → 404 profile_not_found', async () => {
  const response = await api.call('POST', '/clm/v1/profiles/prf_missing/comments', { text: 'x', kind: 'profile' });
  expect(response.status).toBe(404);
  expect(response.body.error.code).toBe('profile_not_found');
});

test('list (oldest first, paginated) and edit: _v incremented, updatedBy from the editor, stale _v → 409', async () => {
  const profile = await api.createProfile();
  const path = `/clm/v1/profiles/${profile.id}/comments`;
  const first = (await api.call('POST', path, { text: 'one', kind: 'profile' })).body.result.comment;
  await api.call('POST', path, { text: 'two', kind: 'profile' });
  await api.call('POST', path, { text: 'three', kind: 'profile' });
  const list = await api.call('GET', `${path}?perPage=2`);
  expect(list.body.result.comments.map((c: { text: string }) => c.text)).toEqual(['one', 'two']);
  expect(list.body.result.meta).toEqual({ page: 1, perPage: 2, total: 3 });

  const { token, userId } = await createDashboardToken(platform, tenant);
  const edited = await request(platform.restUrl, 'PATCH', `${path}/${first.id}`, {
    headers: auth.bearer(token),
    body: { text: 'one (edited)' },
  });
  expect(edited.status).toBe(200);
  expect(edited.body.result.comment).toMatchObject({
    _v: 1,
    text: 'one (edited)',
    createdBy: tenant.applicationId,
    updatedBy: userId,
    createdAt: first.createdAt,
  });
  const again = await api.call('PATCH', `${path}/${first.id}`, { text: 'one (again)', _v: 1 });
  expect(again.body.result.comment).toMatchObject({ _v: 2, updatedBy: tenant.applicationId });
  const stale = await api.call('PATCH', `${path}/${first.id}`, { text: 'lost update', _v: 1 });
  expect(stale.status).toBe(409);
  expect(stale.body.error.code).toBe('comment_version_conflict');
  const missing = await api.call('PATCH', `${path}/pcm_missing`, { text: 'x' });
  expect(missing.status).toBe(404);
  expect(missing.body.error.code).toBe('comment_not_found');
  const empty = await api.call('PATCH', `${path}/${first.id}`, { text: '' });
  expect(empty.status).toBe(400);
  // A comment id of another profile is not found under this one.
  const otherProfile = await api.createProfile();
  const crossed = await api.call('PATCH', `/clm/v1/profiles/${otherProfile.id}/comments/${first.id}`, { text: 'x' });
  expect(crossed.status).toBe(404);
  expect(crossed.body.error.code).toBe('comment_not_found');
});
