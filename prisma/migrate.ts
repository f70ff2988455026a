// Database migrations.
//   npm run db:migrate                          apply committed migrations to DATABASE_URL
//   npm run db:migration -- <file> <name>       write a new migration for prisma/schema/<file>.prisma
//
// A new migration is the difference between the domain's schema file as of its latest migration
// (a copy is kept beside each migration's SQL) and prisma/schema/<domain>.prisma now, restricted
// to that domain's Postgres schema, so engineers working on different domains never capture each
// other's unfinished models. (Prisma 6 cannot diff against a live database when the CLI runs on a
// driver adapter, which it must do offline.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, MIGRATIONS_DIR } from '../platform/db/migrations';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { envValue } from '../platform/config/env';

const SCHEMA_DIR = path.resolve(__dirname, 'schema');

async function deploy(): Promise<void> {
  const url = envValue('DATABASE_URL');
  if (!url) throw new Error('DATABASE_URL is not set (npm start migrates the embedded database by itself)');
  const applied = await applyMigrations(url, console.log);
  console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
}

async function newMigration(domain: string, name: string): Promise<void> {
  const schemaFile = path.join(SCHEMA_DIR, `${domain}.prisma`);
  if (!/^[a-z0-9-]+$/.test(domain ?? '') || domain === 'base' || !fs.existsSync(schemaFile))
    throw new Error(`no schema file prisma/schema/${domain}.prisma`);
  if (!/^[a-z0-9_]+$/.test(name ?? '')) throw new Error('name must match [a-z0-9_]+');
  // The CLI needs a live adapter connection even to diff two datamodels; the same throwaway
  // database then proves the new SQL applies on top of the committed migrations.
  const database = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-migrate-${process.pid}`), ephemeral: true });
  const fromDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-schema-from-'));
  const toDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-schema-to-'));
  try {
    // The Postgres schemas this file's models live in (a domain may split its models over files).
    const ownSchemas = [...new Set([...fs.readFileSync(schemaFile, 'utf8').matchAll(/@@schema\("([a-z_]+)"\)/g)].map((m) => m[1]))];
    const schemas = [...new Set(['platform', ...ownSchemas])];
    const base = fs
      .readFileSync(path.join(SCHEMA_DIR, 'base.prisma'), 'utf8')
      .replace(/schemas\s*=\s*\[[^\]]*\]/, `schemas = [${schemas.map((s) => `"${s}"`).join(', ')}]`);
    for (const dir of [fromDir, toDir]) fs.writeFileSync(path.join(dir, 'base.prisma'), base);
    // Platform models are the same on both sides unless the platform itself is migrated.
    const platformSnapshot = latestSnapshot('platform');
    if (domain !== 'platform') {
      writeIfPresent(path.join(fromDir, 'platform.prisma'), platformSnapshot);
      writeIfPresent(path.join(toDir, 'platform.prisma'), platformSnapshot);
    }
    const previous = latestSnapshot(domain);
    writeIfPresent(path.join(fromDir, `${domain}.prisma`), previous);
    const current = fs.readFileSync(path.join(SCHEMA_DIR, `${domain}.prisma`), 'utf8');
    fs.writeFileSync(path.join(toDir, `${domain}.prisma`), current);

    const diff = execFileSync(
      process.execPath,
      [
        require.resolve('prisma/build/index.js'),
        'migrate',
        'diff',
        '--from-schema-datamodel',
        fromDir,
        '--to-schema-datamodel',
        toDir,
        '--script',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: database.url, NODE_OPTIONS: `-r ${path.join(__dirname, 'cli-preload.cjs')}` },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    // A datamodel diff does not create the Postgres schema itself.
    const createSchemas = ownSchemas.map((schema) => `CREATE SCHEMA IF NOT EXISTS "${schema}";\n`).join('');
    const sql = previous === undefined ? `${createSchemas}\n${diff}` : diff;
    if (!/^\s*(CREATE|ALTER|DROP)/im.test(diff)) {
      console.log(`no changes in ${domain}`);
      return;
    }
    const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const folder = path.join(MIGRATIONS_DIR, `${stamp}_${domain}_${name}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'migration.sql'), sql);
    fs.writeFileSync(path.join(folder, `${domain}.prisma`), current);
    try {
      await applyMigrations(database.url);
    } catch (error) {
      fs.rmSync(folder, { recursive: true, force: true });
      throw error;
    }
    console.log(`wrote ${path.relative(process.cwd(), folder)}/migration.sql (applies cleanly)`);
  } finally {
    for (const dir of [fromDir, toDir]) fs.rmSync(dir, { recursive: true, force: true });
    await database.stop();
  }
}

/** The domain's schema file as of its latest migration (kept beside that migration's SQL). */
function latestSnapshot(domain: string): string | undefined {
  const folders = fs.existsSync(MIGRATIONS_DIR) ? fs.readdirSync(MIGRATIONS_DIR).sort().reverse() : [];
  for (const folder of folders) {
    const snapshot = path.join(MIGRATIONS_DIR, folder, `${domain}.prisma`);
    if (fs.existsSync(snapshot)) return fs.readFileSync(snapshot, 'utf8');
  }
  return undefined;
}

function writeIfPresent(file: string, content: string | undefined): void {
  if (content !== undefined) fs.writeFileSync(file, content);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'deploy') return deploy();
  if (command === 'regenerate' || command === 'new') return newMigration(args[0], args[1]);
  throw new Error('usage: migrate.ts deploy | new <domain> <name>');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
