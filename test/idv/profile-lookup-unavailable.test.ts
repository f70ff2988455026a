// Rule 1, last part: when the profiles service cannot answer, POST /sessions fails closed with
// 503 idv_profile_lookup_unavailable and creates nothing. The platform runs without the profiles
// service and the idv service points at a dead port.
import { TestPlatform, TestTenant } from '../helpers/test-platform';
import { idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startIdvPlatform({ services: ['idv', 'gateway', 'rest-adapter'], profilesUrl: 'http://127.0.0.1:1/graphql' });
  tenant = await newTenant(platform);
});
afterAll(() => platform.close());

it('[idv.sessions.create.r1, idv.errors.idv_profile_lookup_unavailable] 503 idv_profile_lookup_unavailable, no session created', async () => {
  const response = await idv(platform, tenant).post('/sessions', { profile_id: 'prf_any', idempotency_key: 'down-1' });
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.body).toEqual({ error: { code: 'idv_profile_lookup_unavailable', message: expect.any(String) } });
  expect(await platform.db.idvSession.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
  expect(await platform.db.idempotencyRecord.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
});

it('fails closed even for a profile that exists in the database', async () => {
  const row = await platform.db.profile.create({
    data: {
      id: `prf_down_${Date.now()}`,
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      name: 'Existing',
      kind: 'individual',
    },
  });
  const response = await idv(platform, tenant).post('/sessions', { profile_id: row.id });
  expect(response.status).toBe(503);
  expect(response.body.error.code).toBe('idv_profile_lookup_unavailable');
});

it('validation still answers first (400 before any lookup)', async () => {
  const response = await idv(platform, tenant).post('/sessions', {});
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('idv_profile_id_required');
});
