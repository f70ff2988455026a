// A worker killed with SIGKILL in the middle of a 5,000-entity batch: another worker resumes the
// job (lease expiry + watchdog), it completes, and every entity has exactly one result row.
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { batchNames, BIS_DPL, importList, UN_XML, versionsOf, waitForBatch, waitForIndex } from './screening-helpers';

jest.setTimeout(300_000);

let platform: TestPlatform;
let tenant: TestTenant;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  platform = await startTestPlatform({ services: ['profiles', 'screening', 'gateway', 'rest-adapter'] });
  tenant = await createTestTenant(platform);
  const bis = await importList(platform, 'bis_dpl', BIS_DPL);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(bis, un));
});
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGTERM');
  await platform.close();
});

/** The real worker service (`npm start -- --service worker`) as its own process: node itself with
 * tsx as a loader (the tsx CLI would run it in a grandchild that SIGKILL of the child misses). */
function startWorkerProcess(): ChildProcess {
  const root = path.resolve(__dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'app/main.ts'), '--service', 'worker'], {
    cwd: root,
    env: { ...process.env, VIGIL_BATCH_LEASE_SECONDS: '2', VIGIL_BATCH_CHUNK_SIZE: '100', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

async function progressOf(id: string): Promise<{ status: string; processed: number }> {
  const job = await platform.db.batchJob.findUniqueOrThrow({ where: { id } });
  return { status: job.status, processed: job.processed };
}

it('resumes a batch after kill -9 of its worker: 5,000 results, no duplicates', async () => {
  const created = await request(platform.restUrl, 'POST', '/v1/search', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { requests: batchNames(5000), feeds: 'all' },
  });
  expect(created.status).toBe(200);
  const { id } = created.body.result;

  const first = startWorkerProcess();
  const deadline = Date.now() + 180_000;
  let progress = await progressOf(id);
  while (progress.processed < 500 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    progress = await progressOf(id);
  }
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = await progressOf(id);
  // Killed in the middle: some entities done, not all.
  expect(atKill.status).toBe('running');
  expect(atKill.processed).toBeGreaterThan(0);
  expect(atKill.processed).toBeLessThan(5000);

  startWorkerProcess();
  const done = await waitForBatch(platform.restUrl, tenant.apiKey, id, ['completed', 'failed'], 180_000);
  expect(done).toMatchObject({ status: 'completed', progress: { total: 5000, processed: 5000 } });
  const job = await platform.db.batchJob.findUniqueOrThrow({ where: { id } });
  expect(job.attempts).toBeGreaterThanOrEqual(2);
  const rows = await platform.db.$queryRawUnsafe<{ n: number; distinct_indexes: number; min: number; max: number }[]>(
    'SELECT count(*)::int AS n, count(DISTINCT entity_index)::int AS distinct_indexes, min(entity_index) AS min, max(entity_index) AS max FROM screening.search_results WHERE request_id = $1',
    job.requestId,
  );
  expect(rows[0]).toEqual({ n: 5000, distinct_indexes: 5000, min: 0, max: 4999 });
  // Matches belong only to written results, none twice per rank.
  const dup = await platform.db.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM (SELECT search_result_id, rank FROM screening.search_matches WHERE request_id = $1 GROUP BY 1, 2 HAVING count(*) > 1) d',
    job.requestId,
  );
  expect(dup[0].n).toBe(0);
});
