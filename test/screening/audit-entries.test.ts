// Screenings, match reviews and settings changes join the workspace's audit chain: a search records
// a salted hash of its input (never the name), the list versions, threshold and result ids; a review
// records the decision with its note in the erasable personal part; the chain verifies.
import { verifyAuditChains } from '../../platform/audit/verify';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
});
afterAll(() => platform.close());

test('a search, a review and a settings change are audited in the chain, without the searched name', async () => {
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  const searched = await request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { type: 'individual', name: 'Barzan Ibrahim Hassan al-Tikriti', feeds: ['Sanctions'] },
  });
  expect(searched.status).toBe(200);
  const { searchId, results } = searched.body.result;
  const match = results[0];
  const reviewed = await request(platform.restUrl, 'PATCH', `/v2/search/matches/${match.id}`, {
    headers: auth.xApiKey(tenant.apiKey),
    body: { review_status: 'true_positive', note: 'Barzan, same DOB' },
  });
  expect(reviewed.status).toBe(200);
  const settings = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'mutation { updateAutomaticDispositionSettings(input: { enabled: true, confidenceThreshold: 0.9 }) { enabled } }',
  );
  expect(settings.body.errors).toBeUndefined();

  const entries = await platform.db.auditLogEntry.findMany({ where: scope, orderBy: { seq: 'asc' } });
  expect(entries.map((entry) => [Number(entry.seq), entry.action])).toEqual([
    [1, 'screening.search'],
    [2, 'screening.match.review'],
    [3, 'screening.settings.automatic_disposition.update'],
  ]);
  const [search, review, change] = entries;
  expect(search).toMatchObject({ resourceType: 'screening.search', resourceId: searchId, actorKind: 'application', outcome: 'succeeded' });
  expect(search.clientAddress).toMatch(/127\.0\.0\.1/);
  expect(search.detail).toMatchObject({
    input_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    threshold: expect.any(Number),
    list_versions: expect.any(Object),
    match_ids: expect.arrayContaining([match.id]),
  });
  expect(JSON.stringify(search.detail)).not.toMatch(/Barzan/i);
  expect(review).toMatchObject({ resourceType: 'screening.match', resourceId: match.id, personal: { note: 'Barzan, same DOB' } });
  expect(review.detail).toMatchObject({ from: 'unresolved', to: 'true_positive', search_id: searchId });
  expect(change.detail).toMatchObject({ from: { enabled: false }, to: { enabled: true, threshold: 0.9 } });

  const [report] = await verifyAuditChains(platform.db, { workspaceId: tenant.workspaceId });
  expect(report.problems).toEqual([]);
}, 120_000);
