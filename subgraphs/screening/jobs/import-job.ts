// pg-boss job `screening.import`: runs an import requested through the importWatchlist mutation.
// Retried by pg-boss after a crash; idempotent: a completed import is skipped, and an import whose
// transaction committed before the crash finds the same content hash active (no-op).
import { Db } from '../../../platform/db/prisma';
import { JobDefinition } from '../../../platform/jobs/job-queue';
import { logger } from '../../../platform/logging/logger';
import { findImport } from '../data/watchlist-store';
import { runImport } from '../services/import-service';

export const IMPORT_QUEUE = 'screening.import';

export interface ImportJobData {
  importId: string;
  format: string;
  path: string;
}

export function screeningJobs(deps: { db: Db }): JobDefinition<ImportJobData>[] {
  return [
    {
      queue: IMPORT_QUEUE,
      retryLimit: 3,
      handler: async (data, job) => {
        const existing = await findImport(deps.db, data.importId);
        if (existing?.status === 'completed') return;
        const log = logger.child({ job: IMPORT_QUEUE, jobId: job.id, importId: data.importId });
        log.info({ format: data.format, path: data.path }, 'watchlist import started');
        const result = await runImport(deps.db, { importId: data.importId, format: data.format, path: data.path, origin: 'api' });
        log.info(
          {
            sources: result.sources.map((s) => ({
              source: s.source,
              outcome: s.outcome,
              added: s.added,
              changed: s.changed,
              removed: s.removed,
            })),
          },
          'watchlist import completed',
        );
      },
    },
  ];
}
