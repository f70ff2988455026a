// The importWatchlist mutation (entitlement watchlistAdmin) queues a pg-boss job run by the worker;
// watchlistImport(id) follows it. The job is idempotent when pg-boss retries it.
import path from 'node:path';
import { SERVICE_NAMES } from '../../app/start-platform';
import { screeningJobs } from '../../subgraphs/screening/jobs/import-job';
import { ScreeningIndexHolder } from '../../subgraphs/screening/services/index-holder';
import { screen } from '../../subgraphs/screening/services/search-service';
import { logger } from '../../platform/logging/logger';
import { auth, createTestTenant, graphql, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { WATCHLISTS } from './screening-helpers';

const EU_CSV = path.join(WATCHLISTS, 'eu_fsf_csv_2018_sample/EUSanctionsShort.csv');
const IMPORT =
  'mutation($format: String!, $path: String!) { importWatchlist(input: { format: $format, path: $path }) { id status format path origin } }';
const STATUS =
  'query($id: ID!) { watchlistImport(id: $id) { id status error attempts finishedAt sources { source outcome versionId entities names added changed removed } } }';

let platform: TestPlatform;
let admin: TestTenant;
let plain: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform({ services: SERVICE_NAMES });
  admin = await createTestTenant(platform, { watchlistAdmin: true });
  plain = await createTestTenant(platform);
});
afterAll(() => platform.close());

async function waitForImport(
  id: string,
): Promise<{ status: string; sources: { outcome: string; entities: number; versionId: string }[]; error: string | null }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await graphql(platform, auth.apiKey(admin.apiKey), STATUS, { id });
    const row = response.body.data.watchlistImport;
    if (row.status === 'completed' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('queues an import for admins and reports its status and counts', async () => {
  const queued = await graphql(platform, auth.apiKey(admin.apiKey), IMPORT, { format: 'eu_fsf_csv', path: EU_CSV });
  expect(queued.body.errors).toBeUndefined();
  expect(queued.body.data.importWatchlist).toMatchObject({ status: 'queued', format: 'eu_fsf_csv', path: EU_CSV, origin: 'api' });
  const done = await waitForImport(queued.body.data.importWatchlist.id);
  expect(done.error).toBeNull();
  expect(done.status).toBe('completed');
  expect(done.sources).toHaveLength(1);
  expect(done.sources[0]).toMatchObject({ source: 'eu_fsf', entities: 93 });
  expect(['imported', 'unchanged']).toContain(done.sources[0].outcome);

  const again = await graphql(platform, auth.apiKey(admin.apiKey), IMPORT, { format: 'eu_fsf_csv', path: EU_CSV });
  const second = await waitForImport(again.body.data.importWatchlist.id);
  expect(second.sources[0]).toMatchObject({ outcome: 'unchanged', versionId: done.sources[0].versionId });
});

it('refuses imports without the watchlistAdmin entitlement, and bad formats or paths', async () => {
  const refused = await graphql(platform, auth.apiKey(plain.apiKey), IMPORT, { format: 'eu_fsf_csv', path: EU_CSV });
  expect(refused.body.errors[0].extensions.code).toBe('forbidden');
  const status = await graphql(platform, auth.apiKey(plain.apiKey), STATUS, { id: '0'.repeat(24) });
  expect(status.body.errors[0].extensions.code).toBe('forbidden');
  const format = await graphql(platform, auth.apiKey(admin.apiKey), IMPORT, { format: 'csv-ish', path: EU_CSV });
  expect(format.body.errors[0].extensions).toMatchObject({ code: 'watchlist_format_invalid', http: { status: 400 } });
  const unknown = await graphql(platform, auth.apiKey(admin.apiKey), STATUS, { id: '0'.repeat(24) });
  expect(unknown.body.errors[0].extensions).toMatchObject({ code: 'watchlist_import_not_found', http: { status: 404 } });
  const missing = await graphql(platform, auth.apiKey(admin.apiKey), IMPORT, { format: 'un_xml', path: '/nonexistent/UN.xml' });
  expect(missing.body.errors[0].extensions.code).toBe('watchlist_format_invalid');
  process.env.VIGIL_WATCHLIST_IMPORT_ROOTS = '/srv/lists:/opt/lists';
  try {
    const outside = await graphql(platform, auth.apiKey(admin.apiKey), IMPORT, { format: 'eu_fsf_csv', path: EU_CSV });
    expect(outside.body.errors[0]).toMatchObject({
      message: expect.stringContaining('VIGIL_WATCHLIST_IMPORT_ROOTS'),
      extensions: { code: 'watchlist_format_invalid' },
    });
  } finally {
    delete process.env.VIGIL_WATCHLIST_IMPORT_ROOTS;
  }
});

it('is idempotent when a job is delivered again (crash and retry)', async () => {
  const queued = await graphql(platform, auth.apiKey(admin.apiKey), IMPORT, { format: 'eu_fsf_csv', path: EU_CSV });
  const id = queued.body.data.importWatchlist.id;
  const first = await waitForImport(id);
  const [job] = screeningJobs({ db: platform.db });
  // A redelivery of a completed job is skipped; a job that crashed mid-way (status running) re-runs to a no-op.
  await job.handler({ importId: id, format: 'eu_fsf_csv', path: EU_CSV }, { id: 'redelivered' });
  await platform.db.watchlistImport.update({ where: { id }, data: { status: 'running' } });
  await job.handler({ importId: id, format: 'eu_fsf_csv', path: EU_CSV }, { id: 'retried' });
  const after = await graphql(platform, auth.apiKey(admin.apiKey), STATUS, { id });
  expect(after.body.data.watchlistImport).toMatchObject({ status: 'completed' });
  expect(after.body.data.watchlistImport.sources[0]).toMatchObject({ outcome: 'unchanged', versionId: first.sources[0].versionId });
});

it('answers screening_index_unavailable until the index is built', async () => {
  // These searches link no profile: the profiles domain is never asked.
  const noProfiles = () => Promise.resolve(new Set<string>());
  const holder = new ScreeningIndexHolder({ databaseUrl: platform.config.databaseUrl, log: logger });
  const principal = {
    tenantId: admin.tenantId,
    workspaceId: admin.workspaceId,
    actorId: admin.applicationId,
    kind: 'application' as const,
    entitlements: {},
  };
  await expect(screen({ db: platform.db, holder, profileLinks: noProfiles }, principal, { name: 'Anyone' })).rejects.toMatchObject({
    code: 'screening_index_unavailable',
    status: 503,
  });
  await holder.refresh();
  await expect(screen({ db: platform.db, holder, profileLinks: noProfiles }, principal, { name: 'Anyone' })).resolves.toMatchObject({
    searchId: expect.any(String),
  });
  await holder.close();
  const ready = await fetch(platform.urls.screening!.replace(/\/graphql$/, '/readyz'));
  expect(ready.status).toBe(200);
});
