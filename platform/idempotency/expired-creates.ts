// Retention of the subgraphs' idempotent-create records: a record older than CREATE_KEY_TTL_MS is
// ignored by every lookup (create-once.ts), so it only takes space. A scheduled job deletes them
// from each domain's `idempotent_creates` table, in bounded batches so it never holds long locks.
import { Db } from '../db/prisma';
import { JobDefinition } from '../jobs/job-queue';
import { logger } from '../logging/logger';
import { CREATE_KEY_TTL_MS } from './create-once';
import { envValue } from '../config/env';

export const EXPIRED_CREATES_QUEUE = 'platform.idempotent-creates.sweep';
/** The domains' tables (each `created_at`-indexed). */
const TABLES = ['profiles.idempotent_creates', 'screening.idempotent_creates', 'risk.idempotent_creates'] as const;
const BATCH = 5_000;

/** Deletes every record past its 24 h; returns how many went, per table. */
export async function deleteExpiredCreates(db: Db, now = new Date()): Promise<Record<string, number>> {
  const before = new Date(now.getTime() - CREATE_KEY_TTL_MS);
  const deleted: Record<string, number> = {};
  for (const table of TABLES) {
    deleted[table] = 0;
    for (;;) {
      const count = await db.$executeRawUnsafe(
        `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE created_at < $1 LIMIT ${BATCH})`,
        before,
      );
      deleted[table] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}

export function expiredCreatesJobs(deps: { db: Db }): JobDefinition<object>[] {
  return [
    {
      queue: EXPIRED_CREATES_QUEUE,
      retryLimit: 3,
      cron: envValue('VIGIL_IDEMPOTENT_CREATES_SWEEP_CRON'),
      handler: async () => {
        const deleted = await deleteExpiredCreates(deps.db);
        if (Object.values(deleted).some((n) => n > 0)) logger.info({ deleted }, 'expired idempotent-create records deleted');
      },
    },
  ];
}
