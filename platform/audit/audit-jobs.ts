// The audit trail's scheduled work on the job queue: signed checkpoints of every chain that grew,
// and retention (entries older than VIGIL_AUDIT_RETENTION_DAYS go; a signed retention checkpoint at
// the last removed entry anchors what remains, so the chain still verifies). Both need the signing
// key; without one they log and do nothing.
import type { Db, Scope } from '../db/prisma';
import { envValue } from '../config/env';
import { newId } from '../ids/new-id';
import { JobDefinition } from '../jobs/job-queue';
import { logger } from '../logging/logger';
import {
  deleteCheckpointsBefore,
  deleteEntriesThrough,
  insertCheckpoint,
  lastEntryBefore,
  latestCheckpointSeq,
  listChainHeads,
} from './data/audit-store';
import { configuredSigningKey, signStatement, SigningKey } from './signing';

export const AUDIT_CHECKPOINT_QUEUE = 'platform.audit.checkpoint';
export const AUDIT_RETENTION_QUEUE = 'platform.audit.retention';

async function signCheckpoint(
  db: Parameters<typeof insertCheckpoint>[0],
  key: SigningKey,
  scope: Scope,
  seq: bigint,
  headHash: string,
  kind: string,
  now: Date,
) {
  const statement = { ...scope, seq, headHash, kind, signedAt: now };
  await insertCheckpoint(db, { id: newId('ack'), ...statement, keyId: key.keyId, signature: signStatement(key, statement) });
}

/** One checkpoint per workspace whose chain grew since its latest checkpoint; returns how many. */
export async function writeCheckpoints(db: Db, key: SigningKey, now = new Date()): Promise<number> {
  let written = 0;
  for (const head of await listChainHeads(db)) {
    const scope = { tenantId: head.tenantId, workspaceId: head.workspaceId };
    if (head.seq <= (await latestCheckpointSeq(db, scope))) continue;
    await signCheckpoint(db, key, scope, head.seq, head.headHash, 'periodic', now);
    written += 1;
  }
  return written;
}

/** Removes entries written before now - retentionDays; returns how many went. */
export async function enforceRetention(db: Db, key: SigningKey, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let removed = 0;
  for (const head of await listChainHeads(db)) {
    const scope = { tenantId: head.tenantId, workspaceId: head.workspaceId };
    const last = await lastEntryBefore(db, scope, cutoff);
    if (!last) continue;
    // The anchor and the removal commit together: the chain is never left without its start.
    removed += await db.$transaction(async (tx) => {
      await signCheckpoint(tx, key, scope, last.seq, last.entryHash, 'retention', now);
      const count = await deleteEntriesThrough(tx, scope, last.seq);
      await deleteCheckpointsBefore(tx, scope, last.seq);
      return count;
    });
  }
  return removed;
}

export function auditJobs(deps: { db: Db }): JobDefinition<object>[] {
  const withKey = async (work: (key: SigningKey) => Promise<void>) => {
    const key = configuredSigningKey();
    if (!key) return void logger.warn('VIGIL_AUDIT_SIGNING_KEY is not set: audit checkpoints and retention are not run');
    await work(key);
  };
  return [
    {
      queue: AUDIT_CHECKPOINT_QUEUE,
      retryLimit: 2,
      cron: envValue('VIGIL_AUDIT_CHECKPOINT_CRON'),
      handler: () =>
        withKey(async (key) => {
          const written = await writeCheckpoints(deps.db, key);
          if (written) logger.info({ written }, 'audit checkpoints signed');
        }),
    },
    {
      queue: AUDIT_RETENTION_QUEUE,
      retryLimit: 2,
      cron: envValue('VIGIL_AUDIT_RETENTION_CRON'),
      handler: () =>
        withKey(async (key) => {
          const removed = await enforceRetention(deps.db, key, envValue('VIGIL_AUDIT_RETENTION_DAYS'));
          if (removed) logger.info({ removed }, 'expired audit entries removed');
        }),
    },
  ];
}
