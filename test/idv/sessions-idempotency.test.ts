// Rule 6 of POST /sessions: idempotent replays, conflicts, and one session under concurrency.
import { createSiblingWorkspace, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;
let otherProfileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform, { sessionOverrides: true, returnUrlPrefixes: ['https://app.example.com/done'] });
  profileId = await createProfile(platform, tenant);
  otherProfileId = await createProfile(platform, tenant, 'Other Person');
});
afterAll(() => platform.close());

const count = (key: string) => platform.db.idempotencyRecord.count({ where: { tenantId: tenant.tenantId, key } });

it('[idv.sessions.create.r6, idv.sessions.create.token-once] a replay returns the original session with session_token ""', async () => {
  const body = { profile_id: profileId, workflow: 'liveness_only', idempotency_key: 'replay-1', subject_reference: 'ref-1' };
  const first = await idv(platform, tenant).post('/sessions', body);
  expect(first.status).toBe(201);
  expect(first.body.session_token).not.toBe('');
  expect(first.text).not.toContain('replay-1');
  const second = await idv(platform, tenant).post('/sessions', body);
  expect(second.status).toBe(201);
  expect(second.body.session_token).toBe('');
  expect(second.body.data.id).toBe(first.body.data.id);
  expect(second.body.token_expires_at).toBe(first.body.token_expires_at);
  expect(second.body.data).toEqual(first.body.data);
  expect(second.text).not.toContain('replay-1');
  expect(await count('replay-1')).toBe(1);
});

it('normalization: key order, defaults and ignored tenant fields do not change the fingerprint', async () => {
  const steps = [{ step_id: 'selfie', type: 'liveness' }];
  const first = await idv(platform, tenant).post('/sessions', { profile_id: profileId, steps, idempotency_key: 'normalized-1' });
  const second = await idv(platform, tenant).post('/sessions', {
    idempotency_key: 'normalized-1',
    tenant_id: 'ignored',
    workspace_id: 'ignored',
    steps: [{ type: 'liveness', required: true, step_id: 'selfie' }],
    profile_id: profileId,
  });
  expect(second.status).toBe(201);
  expect(second.body.data.id).toBe(first.body.data.id);
  expect(second.body.session_token).toBe('');
});

it('a replay still answers after the profile was erasure-claimed', async () => {
  const erased = await createProfile(platform, tenant, 'Later Erased');
  const first = await idv(platform, tenant).post('/sessions', { profile_id: erased, idempotency_key: 'erased-later' });
  await platform.db.profile.update({ where: { id: erased }, data: { erasureClaimedAt: new Date() } });
  const second = await idv(platform, tenant).post('/sessions', { profile_id: erased, idempotency_key: 'erased-later' });
  expect(second.status).toBe(201);
  expect(second.body.data.id).toBe(first.body.data.id);
});

it.each([
  ['another profile', () => ({ profile_id: otherProfileId })],
  ['another workflow preset', () => ({ workflow: 'id_only' })],
  ['steps instead of a preset', () => ({ workflow: undefined, steps: [{ step_id: 'selfie', type: 'liveness' }] })],
  ['another subject_reference', () => ({ subject_reference: 'different' })],
  ['session_overrides', () => ({ session_overrides: { version: 1, completion: { action: 'close_tab' } } })],
])(
  '[idv.sessions.create.r6, idv.errors.idv_session_idempotency_conflict] the same key with %s → 409 idv_session_idempotency_conflict',
  async (name, change) => {
    const key = `conflict-${name.replace(/\W/g, '-')}`;
    const first = await idv(platform, tenant).post('/sessions', { profile_id: profileId, workflow: 'liveness_only', idempotency_key: key });
    expect(first.status).toBe(201);
    const second = await idv(platform, tenant).post('/sessions', {
      profile_id: profileId,
      workflow: 'liveness_only',
      idempotency_key: key,
      ...change(),
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: { code: 'idv_session_idempotency_conflict', message: expect.any(String) } });
    expect(
      await platform.db.idvSession.count({
        where: { tenantId: tenant.tenantId, profileId: otherProfileId, createdAt: { gte: new Date(first.body.data.created_at) } },
      }),
    ).toBe(0);
  },
);

it('keys are unique per workspace: the same key in another workspace creates its own session', async () => {
  const sibling = await createSiblingWorkspace(platform, tenant);
  const siblingProfile = await createProfile(platform, sibling, 'Sibling Person');
  const mine = await idv(platform, tenant).post('/sessions', { profile_id: profileId, idempotency_key: 'shared-key' });
  const theirs = await idv(platform, sibling).post('/sessions', { profile_id: siblingProfile, idempotency_key: 'shared-key' });
  expect(mine.status).toBe(201);
  expect(theirs.status).toBe(201);
  expect(theirs.body.data.id).not.toBe(mine.body.data.id);
  expect(theirs.body.session_token).not.toBe('');
});

it('50 concurrent creates with one key yield exactly one session, one token and no 5xx', async () => {
  const body = { profile_id: profileId, workflow: 'liveness_and_id', idempotency_key: 'concurrent-50' };
  const responses = await Promise.all(Array.from({ length: 50 }, () => idv(platform, tenant).post('/sessions', body)));
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(new Set(statuses)).toEqual(new Set([201]));
  const ids = new Set(responses.map((response) => response.body.data.id));
  expect(ids.size).toBe(1);
  const tokens = responses.map((response) => response.body.session_token).filter((token) => token !== '');
  expect(tokens).toHaveLength(1);
  const [id] = [...ids];
  expect(await count('concurrent-50')).toBe(1);
  expect(await platform.db.idvSession.count({ where: { tenantId: tenant.tenantId, id } })).toBe(1);
  const created = await platform.db.idempotencyRecord.findFirstOrThrow({ where: { tenantId: tenant.tenantId, key: 'concurrent-50' } });
  expect(created.resourceId).toBe(id);
  // The losers left no orphan session behind.
  const since = new Date(responses[0].body.data.created_at);
  expect(await platform.db.idvSession.count({ where: { tenantId: tenant.tenantId, profileId, createdAt: { gte: since } } })).toBe(1);
});

it('50 concurrent creates with one key and two different bodies: one wins, the others replay or conflict', async () => {
  const a = { profile_id: profileId, workflow: 'liveness_only', idempotency_key: 'concurrent-mixed' };
  const b = { profile_id: profileId, workflow: 'id_only', idempotency_key: 'concurrent-mixed' };
  const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => idv(platform, tenant).post('/sessions', i % 2 ? a : b)));
  expect(responses.filter((response) => response.status >= 500)).toEqual([]);
  const created = responses.filter((response) => response.status === 201);
  const conflicts = responses.filter((response) => response.status === 409);
  expect(created.length + conflicts.length).toBe(50);
  expect(new Set(created.map((response) => response.body.data.id)).size).toBe(1);
  expect(conflicts.every((response) => response.body.error.code === 'idv_session_idempotency_conflict')).toBe(true);
  expect(await count('concurrent-mixed')).toBe(1);
});
