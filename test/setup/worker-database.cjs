// Runs first in every test file: points DATABASE_URL at this jest worker's own copy of the
// migrated test database (made by global-setup.mjs), so files in parallel workers are isolated.
// A recycled worker (workerIdleMemoryLimit) keeps its id and so its database.
const workers = Number(process.env.VIGIL_TEST_WORKER_DATABASES ?? 0);
const workerId = Number(process.env.JEST_WORKER_ID ?? 1);
if (workers > 0 && process.env.DATABASE_URL && !process.env.VIGIL_TEST_TEMPLATE_DATABASE_URL) {
  if (workerId > workers) throw new Error(`jest worker ${workerId} has no test database (made ${workers})`);
  const url = new URL(process.env.DATABASE_URL);
  process.env.VIGIL_TEST_TEMPLATE_DATABASE_URL = url.toString();
  url.pathname = `${url.pathname}_w${workerId}`;
  process.env.DATABASE_URL = url.toString();
}
// Platforms started by tests keep no screening index snapshot on disk (they would overwrite each
// other's in the shared temp folder); test/screening/index-snapshot.test.ts gives its own folder.
process.env.VIGIL_SCREENING_SNAPSHOT_DIR ??= 'off';
