// The audit trail's hash chain (docs/audit.md): an untouched chain verifies; rows altered, removed
// and reordered directly in SQL are each named by `npm run cli -- audit verify` (non-zero exit);
// concurrent appends in one workspace keep a gapless, valid chain; signed checkpoints and
// retention keep the chain verifiable.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appendAudit } from '../../platform/audit/audit-trail';
import { enforceRetention, writeCheckpoints } from '../../platform/audit/audit-jobs';
import { generateSigningKeyText, signingKeyFrom } from '../../platform/audit/signing';
import { verifyAuditChains } from '../../platform/audit/verify';
import { createDb, Db } from '../../platform/db/prisma';
import { CliRun, runCliProcess } from '../helpers/cli';
import { testConfig } from '../helpers/test-platform';

let db: Db;
const keyText = generateSigningKeyText();
const key = signingKeyFrom(keyText);

beforeAll(() => {
  db = createDb(testConfig().databaseUrl, 12);
});
afterAll(async () => {
  await db?.$disconnect();
});

function newScope() {
  const suffix = crypto.randomBytes(6).toString('hex');
  return { tenantId: `ten_audit_${suffix}`, workspaceId: `wsp_audit_${suffix}` };
}

async function appendMany(scope: { tenantId: string; workspaceId: string }, count: number, at?: (i: number) => Date) {
  for (let i = 1; i <= count; i++) {
    await appendAudit(db, {
      ...scope,
      actorKind: 'dashboard_user',
      actorId: 'usr_1',
      clientAddress: '203.0.113.7',
      action: 'test.decision',
      resourceType: 'test.object',
      resourceId: `obj_${i}`,
      outcome: 'succeeded',
      detail: { n: i, nested: { b: [1, 2.5, 'x'], a: null } },
      personal: i % 2 ? { note: `note ${i}` } : null,
      at: at?.(i),
    });
  }
}

async function cli(args: string[]): Promise<CliRun> {
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-audit-cli-'));
  try {
    return await runCliProcess(args, { env: { VIGIL_LOCAL_DIR: localDir, VIGIL_AUDIT_SIGNING_KEY: keyText, NODE_ENV: 'test' } });
  } finally {
    fs.rmSync(localDir, { recursive: true, force: true });
  }
}

const seqOf = async (scope: { tenantId: string; workspaceId: string }) =>
  db.auditLogEntry.findMany({ where: scope, orderBy: { seq: 'asc' }, select: { id: true, seq: true } });

test('an untouched chain verifies; an altered, a removed and two swapped rows are each named by audit verify', async () => {
  const scope = newScope();
  await appendMany(scope, 10);
  const rows = await seqOf(scope);
  expect(rows.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  await writeCheckpoints(db, key);

  const clean = await cli(['audit', 'verify', '--workspace', scope.workspaceId]);
  expect(clean.stdout).toContain('audit verify OK');
  expect(clean.code).toBe(0);

  const id = (seq: number) => rows[seq - 1].id;
  // Altered: the outcome of seq 3. Removed: seq 5. Swapped: seq 7 and 8 trade places.
  await db.$executeRawUnsafe(`UPDATE platform.audit_log SET outcome = 'denied' WHERE id = $1`, id(3));
  await db.$executeRawUnsafe(`DELETE FROM platform.audit_log WHERE id = $1`, id(5));
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`UPDATE platform.audit_log SET seq = -7 WHERE id = $1`, id(7));
    await tx.$executeRawUnsafe(`UPDATE platform.audit_log SET seq = 7 WHERE id = $1`, id(8));
    await tx.$executeRawUnsafe(`UPDATE platform.audit_log SET seq = 8 WHERE id = $1`, id(7));
  });

  const [report] = await verifyAuditChains(db, { workspaceId: scope.workspaceId, publicKey: key.publicKey });
  const kinds = report.problems.map((p) => `${p.kind}:${p.seq}`);
  expect(kinds).toEqual(expect.arrayContaining(['altered:3', 'removed:5', 'reordered:8', 'reordered:7']));

  const tampered = await cli(['audit', 'verify', '--workspace', scope.workspaceId]);
  expect(tampered.code).not.toBe(0);
  expect(tampered.stdout).toContain(`ALTERED`);
  expect(tampered.stdout).toContain(`entry seq 3 (id ${id(3)}) does not match its hash`);
  expect(tampered.stdout).toContain('entry seq 5 was removed');
  expect(tampered.stdout).toContain(`entry id ${id(7)} carries seq 8 but was written as seq 7`);
  expect(tampered.stdout).toContain(`entry id ${id(8)} carries seq 7 but was written as seq 8`);
  expect(tampered.stdout).toContain('audit verify FAILED');
  expect(tampered.stderr).toContain(`workspace ${scope.workspaceId}: 9 entries`);
}, 60_000);

test('a personal part changed in SQL is named; one removed (erasure) is not a failure', async () => {
  const scope = newScope();
  await appendMany(scope, 3);
  const rows = await seqOf(scope);
  await db.$executeRawUnsafe(`UPDATE platform.audit_log SET personal = '{"note": "other"}' WHERE id = $1`, rows[0].id);
  await db.$executeRawUnsafe(`UPDATE platform.audit_log SET personal = NULL WHERE id = $1`, rows[2].id);
  const [report] = await verifyAuditChains(db, { workspaceId: scope.workspaceId });
  expect(report.problems.map((p) => `${p.kind}:${p.seq}`)).toEqual(['altered:1']);
});

test('a chain cut back at the end is caught by its head and its signed checkpoint', async () => {
  const scope = newScope();
  await appendMany(scope, 4);
  await writeCheckpoints(db, key);
  const rows = await seqOf(scope);
  await db.$executeRawUnsafe(`DELETE FROM platform.audit_log WHERE id = $1`, rows[3].id);
  const [report] = await verifyAuditChains(db, { workspaceId: scope.workspaceId, publicKey: key.publicKey });
  expect(report.problems.map((p) => p.kind)).toEqual(expect.arrayContaining(['checkpoint', 'head']));
});

test('a forged checkpoint signature is refused', async () => {
  const scope = newScope();
  await appendMany(scope, 2);
  await writeCheckpoints(db, signingKeyFrom(generateSigningKeyText()));
  const [report] = await verifyAuditChains(db, { workspaceId: scope.workspaceId, publicKey: key.publicKey });
  expect(report.problems.map((p) => p.kind)).toEqual(['checkpoint']);
});

test('concurrent appends in one workspace keep a gapless, valid chain', async () => {
  const scope = newScope();
  await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      db.$transaction(async (tx) => {
        await appendAudit(tx, {
          ...scope,
          actorKind: 'application',
          actorId: `app_${i % 3}`,
          action: 'test.concurrent',
          resourceType: 'test.object',
          resourceId: `obj_${i}`,
          outcome: 'succeeded',
          detail: { i },
        });
      }),
    ),
  );
  const rows = await seqOf(scope);
  expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  // Ids follow the chain: drawn after the head is locked.
  expect([...rows].sort((a, b) => Number(a.id - b.id)).map((row) => Number(row.seq))).toEqual(rows.map((row) => Number(row.seq)));
  const [report] = await verifyAuditChains(db, { workspaceId: scope.workspaceId });
  expect(report.problems).toEqual([]);
  expect(report.entries).toBe(40);
}, 30_000);

test('retention removes expired entries and anchors the rest with a signed checkpoint', async () => {
  const scope = newScope();
  const now = new Date();
  // Entries 1-4 are ten days old, 5-6 fresh.
  await appendMany(scope, 6, (i) => new Date(now.getTime() - (i <= 4 ? 10 : 0) * 86_400_000));
  await writeCheckpoints(db, key);
  const removed = await enforceRetention(db, key, 5, now);
  expect(removed).toBeGreaterThanOrEqual(4);
  expect((await seqOf(scope)).map((row) => Number(row.seq))).toEqual([5, 6]);
  const [report] = await verifyAuditChains(db, { workspaceId: scope.workspaceId, publicKey: key.publicKey });
  expect(report.problems).toEqual([]);
  expect(report.anchorSeq).toBe(4n);
  // Without the anchor the shortened chain no longer verifies.
  await db.auditCheckpoint.deleteMany({ where: { ...scope, kind: 'retention' } });
  const [bare] = await verifyAuditChains(db, { workspaceId: scope.workspaceId, publicKey: key.publicKey });
  expect(bare.problems.map((p) => p.kind)).toContain('removed');
}, 30_000);
