// A profile link is checked with the profiles service; when it cannot answer, the search, batch or
// assessment fails closed (503 service_unavailable) and nothing is stored. The platform runs without
// the profiles service and screening and risk point at a dead port.
import { auth, createTestTenant, request, startTestPlatform, testConfig, TestPlatform, TestTenant } from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['screening', 'risk', 'gateway', 'rest-adapter'],
    config: { subgraphUrls: { ...testConfig().subgraphUrls, profiles: 'http://127.0.0.1:1/graphql' } },
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform, { riskAssessments: true });
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}, 120_000);
afterAll(() => platform.close());

const post = (path: string, body: unknown) => request(platform.restUrl, 'POST', path, { headers: auth.apiKey(tenant.apiKey), body });
const scoped = () => ({ where: { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId } });

it('[screening.links.profile-in-scope] [risk.subjects.profile-in-scope] fails closed with 503 when the profiles service cannot answer; nothing stored', async () => {
  const search = await post('/v1/search-sync', { name: 'Ada Lovelace', profile_id: 'prf_any' });
  expect([search.status, search.body.error.code]).toEqual([503, 'service_unavailable']);
  const batch = await post('/v1/search', { feeds: ['Sanctions'], requests: [{ name: 'Ada Lovelace', profile_id: 'prf_any' }] });
  expect([batch.status, batch.body.error.code]).toEqual([503, 'service_unavailable']);
  expect(await platform.db.searchRequest.count(scoped())).toBe(0);
  const assessment = await post('/risk-assessments/v2/assessments', {
    title: 'Linked review',
    subjects: [{ type: 'individual', name: 'Ada Lovelace', profile_id: 'prf_any' }],
  });
  expect([assessment.status, assessment.body.error.code]).toEqual([503, 'service_unavailable']);
  expect(await platform.db.riskAssessment.count(scoped())).toBe(0);

  // Without a profile link nothing is asked of the profiles service.
  expect((await post('/v1/search-sync', { name: 'Ada Lovelace' })).status).toBe(200);
});
