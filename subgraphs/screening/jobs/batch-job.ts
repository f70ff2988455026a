// pg-boss jobs of batch screening, run by the workers:
//   screening.batch            screens a job's pending entities (runBatch); idempotent, resumable
//   screening.batch-watchdog   every lease period while the job is unfinished: re-queues it when
//                              its lease ran out (the worker holding it died), then re-arms itself
// The worker keeps its own copy of the screening index (built from the database like a subgraph
// replica's), so batches never load the subgraphs that answer synchronous searches.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { VigilConfig } from '../../../platform/config';
import { Db } from '../../../platform/db/prisma';
import { JobDefinition } from '../../../platform/jobs/job-queue';
import { logger } from '../../../platform/logging/logger';
import { findBatchById, leaseExpired } from '../data/batch-store';
import { runBatch } from '../services/batch-runner';
import type { IndexSnapshot } from '../services/index-holder';
import { IndexHolderLease, leaseIndexHolder } from '../services/shared-index-holder';
import { LazyQueue } from '../services/lazy-queue';
import { BATCH_QUEUE, BATCH_QUEUES, BATCH_WATCHDOG_QUEUE, BatchJobData, batchChunkSize, batchLeaseSeconds } from './batch-queues';

export function batchJobs(deps: { db: Db; config: VigilConfig }): JobDefinition<BatchJobData>[] {
  const log = logger.child({ service: 'worker', area: 'screening.batch' });
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // The process's one index (shared with a screening subgraph of this process), leased on first use.
  let lease: IndexHolderLease | undefined;
  const queue = new LazyQueue(deps.config.databaseUrl, BATCH_QUEUES);

  const snapshotOf = async (): Promise<IndexSnapshot> => {
    lease ??= leaseIndexHolder({ databaseUrl: deps.config.databaseUrl, log });
    const holder = lease.holder;
    await holder.whenReady(10 * 60_000);
    const unavailable = holder.unavailableReason();
    const snapshot = holder.current();
    // Thrown: pg-boss retries the job later (with backoff); the job itself stays queued.
    if (unavailable || !snapshot) throw new Error(`screening index unavailable: ${unavailable}`);
    return snapshot;
  };

  return [
    {
      queue: BATCH_QUEUE,
      retryLimit: 5,
      handler: async (data) => {
        await runBatch(deps.db, snapshotOf, data.batchId, { owner, leaseSeconds: batchLeaseSeconds(), chunkSize: batchChunkSize(), log });
      },
      close: async () => {
        await lease?.release();
        await queue.close();
      },
    },
    {
      queue: BATCH_WATCHDOG_QUEUE,
      retryLimit: 5,
      handler: async (data) => {
        const job = await findBatchById(deps.db, data.batchId);
        if (!job || job.status === 'completed' || job.status === 'failed') return;
        if (await leaseExpired(deps.db, job.id)) {
          log.warn({ batchId: job.id, processed: job.processed, total: job.total }, 'batch job has no live worker; re-queued');
          await queue.send(BATCH_QUEUE, { batchId: job.id });
        }
        await queue.send(BATCH_WATCHDOG_QUEUE, { batchId: job.id }, { startAfter: batchLeaseSeconds() });
      },
    },
  ];
}
