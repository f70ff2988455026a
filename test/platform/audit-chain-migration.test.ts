// The migration that introduced the audit chain numbers and chains the entries written before it:
// afterwards every workspace's chain verifies, erasure reasons sit in the personal part, and new
// appends continue the chain.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { appendAudit } from '../../platform/audit/audit-trail';
import { verifyAuditChains } from '../../platform/audit/verify';
import { applyMigrations, MIGRATIONS_DIR } from '../../platform/db/migrations';
import { createDb } from '../../platform/db/prisma';

const CHAIN_MIGRATION = '20261127005755_platform_audit_chain';

test('entries written before the chain are chained by the migration and verify', async () => {
  const shared = new URL(process.env.DATABASE_URL ?? '');
  const name = `vigil_audit_migration_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: shared.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(shared.toString());
  url.pathname = `/${name}`;
  // Every migration before the chain's.
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migrations-'));
  for (const entry of fs.readdirSync(MIGRATIONS_DIR)) {
    if (entry >= CHAIN_MIGRATION) continue;
    fs.cpSync(path.join(MIGRATIONS_DIR, entry), path.join(before, entry), { recursive: true });
  }
  await applyMigrations(url.toString(), () => undefined, before);
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const [workspace, action, detail] of [
      ['wsp_a', 'idv.session.review', { from: 'requires_review', to: 'accepted' }],
      ['wsp_b', 'profile.erasure.claimed', { reason: 'Jane asked' }],
      ['wsp_a', 'idv.session.data.read', { review_status: 'accepted', nested: { z: 1, a: [1, 'x'] } }],
      ['wsp_b', 'profile.erasure.completed', { erased: ['name'] }],
    ] as const) {
      await client.query(
        `INSERT INTO platform.audit_log (tenant_id, workspace_id, actor_kind, actor_id, action, resource_type, resource_id, outcome, detail)
         VALUES ('ten_m', $1, 'application', 'app_1', $2, $3, 'obj_1', 'allowed', $4::jsonb)`,
        [workspace, action, action.startsWith('profile') ? 'profile' : 'idv.session', JSON.stringify(detail)],
      );
    }
  } finally {
    await client.end();
  }
  await applyMigrations(url.toString());
  const db = createDb(url.toString(), 2);
  try {
    const claimed = await db.auditLogEntry.findFirstOrThrow({ where: { action: 'profile.erasure.claimed' } });
    expect(claimed).toMatchObject({ seq: 1n, profileId: 'obj_1', personal: { reason: 'Jane asked' }, detail: {} });
    await appendAudit(db, {
      tenantId: 'ten_m',
      workspaceId: 'wsp_a',
      actorKind: 'service',
      actorId: 'test',
      action: 'test.after',
      resourceType: 'test',
      resourceId: 'x',
      outcome: 'succeeded',
    });
    const reports = await verifyAuditChains(db);
    expect(reports.map((report) => [report.workspaceId, report.entries, report.problems])).toEqual([
      ['wsp_a', 3, []],
      ['wsp_b', 2, []],
    ]);
  } finally {
    await db.$disconnect();
    fs.rmSync(before, { recursive: true, force: true });
    const cleanup = new Client({ connectionString: shared.toString() });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}"`);
    await cleanup.end();
  }
}, 120_000);
