// Enrollment reads the profiles screened since its watermark a page at a time. More profiles than a
// page, screened in an order other than their ids' (a batch of profile screenings, a worker back
// from an outage), must all be enrolled: the pages follow the search instants the watermark
// follows, so no page moves the watermark past profiles it has not read.
import crypto from 'node:crypto';
import { LocalKeyProvider } from '../../platform/crypto/envelope';
import { enrollScreenedProfiles } from '../../subgraphs/screening/monitoring/services/enrollment';
import { createTestTenant, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  // Its own database: no other test's searches, and no worker sweeping the same watermark.
  platform = await startTestPlatform({ services: ['screening'], isolatedDatabase: true });
  tenant = await createTestTenant(platform);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

it('enrolls every screened profile when they span several pages, whatever the order of their ids', async () => {
  const profiles = Array.from({ length: 7 }, (_, index) => `prf_enroll_${index}`);
  // The profile with the smallest id was screened last: ordered by profile, the first page would end
  // at the latest instant. Profile 3 is screened twice; its latest search is the one enrolled.
  await platform.db.$executeRawUnsafe(
    `WITH requests AS (
       INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, config, entities, profile_id, created_at, updated_at)
       SELECT 'req_enroll_' || k, $1, $2, 'application', 'app_test', '{"threshold": 0.7, "limit": 10}'::jsonb,
              jsonb_build_array(jsonb_build_object('type', 'individual', 'name', 'Person ' || p)), p,
              timestamp '2026-11-20 12:00' - make_interval(mins => k::int), timestamp '2026-11-20 12:00' - make_interval(mins => k::int)
         FROM unnest($3::text[]) WITH ORDINALITY AS t(p, k)
       RETURNING id, entities->0->>'name' AS name)
     INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, match_count)
     SELECT id || '_0', id, 0, $1, $2, 'individual', name, 0 FROM requests`,
    tenant.tenantId,
    tenant.workspaceId,
    [...profiles, profiles[3]],
  );
  const keys = new LocalKeyProvider(crypto.randomBytes(32));
  await enrollScreenedProfiles(platform.db, keys, 2);
  const enrolled = await platform.db.$queryRawUnsafe<{ profile_id: string; last_search_id: string }[]>(
    `SELECT profile_id, last_search_id FROM screening.monitored_subjects WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY profile_id`,
    tenant.tenantId,
    tenant.workspaceId,
  );
  expect(enrolled.map((row) => row.profile_id)).toEqual(profiles);
  // profile 3 was screened at k = 4 and, earlier, at k = 8
  expect(enrolled[3].last_search_id).toBe('req_enroll_4');
});
