// The console access migration keeps every existing dashboard user and token: per-workspace users
// become memberships, tokens name their workspace, same-email users of one tenant merge into the
// oldest (with the higher role), and a same-email user of another tenant is kept, deactivated.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, MIGRATIONS_DIR } from '../../platform/db/migrations';

const MIGRATION = '20261127005828_platform_console_access';
let url: string;
let client: Client;

beforeAll(async () => {
  // An empty database migrated up to the migration before this one.
  const shared = new URL(process.env.DATABASE_URL ?? '');
  const name = `vigil_access_migration_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: shared.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  shared.pathname = `/${name}`;
  url = shared.toString();
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migrations-'));
  for (const folder of fs.readdirSync(MIGRATIONS_DIR).filter((folder) => folder < MIGRATION)) {
    fs.cpSync(path.join(MIGRATIONS_DIR, folder), path.join(before, folder), { recursive: true });
  }
  await applyMigrations(url, () => undefined, before);
  fs.rmSync(before, { recursive: true, force: true });
  client = new Client({ connectionString: url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}"`);
  await admin.end();
});

it('keeps users and tokens: memberships, token workspaces, same-email merges', async () => {
  const q = (sql: string) => client.query(sql);
  await q(`INSERT INTO platform.tenants (id, name) VALUES ('ten_a', 'A'), ('ten_b', 'B')`);
  await q(
    `INSERT INTO platform.workspaces (id, tenant_id, name) VALUES ('wsp_a1', 'ten_a', 'A1'), ('wsp_a2', 'ten_a', 'A2'), ('wsp_b1', 'ten_b', 'B1')`,
  );
  await q(`INSERT INTO platform.dashboard_users (id, tenant_id, workspace_id, email, name, role, created_at) VALUES
    ('usr_1', 'ten_a', 'wsp_a1', 'Ana@Example.com', 'Ana', 'analyst', '2026-01-01'),
    ('usr_2', 'ten_a', 'wsp_a2', 'ana@example.com', 'Ana 2', 'admin', '2026-01-02'),
    ('usr_3', 'ten_a', 'wsp_a1', 'ana@example.com', 'Ana 3', 'reviewer', '2026-01-03'),
    ('usr_4', 'ten_b', 'wsp_b1', 'ANA@example.com', 'Ana B', 'viewer', '2026-01-04'),
    ('usr_5', 'ten_b', 'wsp_b1', 'bo@example.com', 'Bo', 'reviewer', '2026-01-05')`);
  await q(`INSERT INTO platform.dashboard_tokens (id, user_id, token_hash, expires_at) VALUES
    ('dtk_1', 'usr_1', 'h1', now() + interval '1 day'),
    ('dtk_2', 'usr_2', 'h2', now() + interval '1 day'),
    ('dtk_5', 'usr_5', 'h5', now() + interval '1 day')`);

  // This migration first, then any later one.
  expect((await applyMigrations(url))[0]).toBe(MIGRATION);

  const users = await q(
    `SELECT id, tenant_id, email, name, deactivated_at IS NOT NULL AS deactivated FROM platform.dashboard_users ORDER BY id`,
  );
  expect(users.rows).toEqual([
    { id: 'usr_1', tenant_id: 'ten_a', email: 'ana@example.com', name: 'Ana', deactivated: false },
    { id: 'usr_2', tenant_id: 'ten_a', email: 'ana@example.com#usr_2', name: 'Ana 2', deactivated: true },
    { id: 'usr_3', tenant_id: 'ten_a', email: 'ana@example.com#usr_3', name: 'Ana 3', deactivated: true },
    { id: 'usr_4', tenant_id: 'ten_b', email: 'ana@example.com#usr_4', name: 'Ana B', deactivated: true },
    { id: 'usr_5', tenant_id: 'ten_b', email: 'bo@example.com', name: 'Bo', deactivated: false },
  ]);
  const memberships = await q(`SELECT user_id, workspace_id, role FROM platform.dashboard_memberships ORDER BY user_id, workspace_id`);
  expect(memberships.rows).toEqual([
    // usr_3 (reviewer in A1) merged into usr_1 (analyst in A1): the higher role wins.
    { user_id: 'usr_1', workspace_id: 'wsp_a1', role: 'reviewer' },
    { user_id: 'usr_1', workspace_id: 'wsp_a2', role: 'admin' },
    // Another tenant's same email cannot merge: kept with its membership, deactivated.
    { user_id: 'usr_4', workspace_id: 'wsp_b1', role: 'viewer' },
    { user_id: 'usr_5', workspace_id: 'wsp_b1', role: 'reviewer' },
  ]);
  const tokens = await q(`SELECT id, user_id, workspace_id FROM platform.dashboard_tokens ORDER BY id`);
  expect(tokens.rows).toEqual([
    { id: 'dtk_1', user_id: 'usr_1', workspace_id: 'wsp_a1' },
    { id: 'dtk_2', user_id: 'usr_1', workspace_id: 'wsp_a2' },
    { id: 'dtk_5', user_id: 'usr_5', workspace_id: 'wsp_b1' },
  ]);
});
