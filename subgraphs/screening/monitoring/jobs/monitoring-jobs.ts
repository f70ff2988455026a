// pg-boss jobs of ongoing monitoring, run by the workers:
//   screening.monitoring.sweep   enrollment, new delta runs, due scheduled runs, dispatch (sweep.ts);
//                                every minute (pg-boss schedule) and on every watchlist NOTIFY
//   screening.monitoring.run     one run, chunk by chunk, resumable (run-service.ts)
// The worker keeps its own screening index for confirming delta candidates and full re-screens,
// built on first need (a worker that never sees a monitored profile never loads it).
import { SCREENING_OUTCOME_QUEUE } from '../../../../contracts/profile-outcome-queues';
import { VigilConfig } from '../../../../platform/config';
import { LocalKeyProvider } from '../../../../platform/crypto/envelope';
import { PgListener } from '../../../../platform/db/pg-listener';
import { Db } from '../../../../platform/db/prisma';
import { withSessionLock } from '../../../../platform/db/session-lock';
import { JobDefinition, JobQueue } from '../../../../platform/jobs/job-queue';
import { logger } from '../../../../platform/logging/logger';
import { VERSIONS_CHANNEL } from '../../data/watchlist-store';
import type { IndexSnapshot } from '../../services/index-holder';
import { IndexHolderLease, leaseIndexHolder } from '../../services/shared-index-holder';
import { LazyQueue } from '../../services/lazy-queue';
import { processRun } from '../services/run-service';
import { sweep } from '../services/sweep';
import { envValue } from '../../../../platform/config/env';

export const MONITORING_SWEEP_QUEUE = 'screening.monitoring.sweep';
export const MONITORING_RUN_QUEUE = 'screening.monitoring.run';
const QUEUES = [
  { name: MONITORING_SWEEP_QUEUE, retryLimit: 3 },
  { name: MONITORING_RUN_QUEUE, retryLimit: 10 },
  { name: SCREENING_OUTCOME_QUEUE, retryLimit: 5 },
];

/** Seconds a run attempt holds its run without progress before the sweep re-dispatches it. */
export function monitoringLeaseSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, envValue('VIGIL_MONITORING_LEASE_SECONDS', env));
}

export function monitoringJobs(deps: { db: Db; config: VigilConfig }): JobDefinition<{ runId?: string }>[] {
  const log = logger.child({ service: 'worker', area: 'screening.monitoring' });
  const keys = new LocalKeyProvider(deps.config.masterKey);
  const queue = new LazyQueue(deps.config.databaseUrl, QUEUES);
  // The process's one index (shared with a screening subgraph of this process), leased on first use.
  let lease: IndexHolderLease | undefined;

  const snapshot = async (source?: string, versionId?: string): Promise<IndexSnapshot> => {
    lease ??= leaseIndexHolder({ databaseUrl: deps.config.databaseUrl, log });
    const holder = lease.holder;
    await holder.whenReady(10 * 60_000);
    // The run's version may have landed after this index was built: catch up first.
    if (source && versionId && holder.current()?.versions[source] !== versionId) await holder.refresh();
    const current = holder.current();
    const unavailable = holder.unavailableReason();
    if (unavailable || !current) throw new Error(`screening index unavailable: ${unavailable}`);
    return current;
  };
  const sendOutcome = (job: object, singletonKey: string) => queue.send(SCREENING_OUTCOME_QUEUE, job, { singletonKey });

  return [
    {
      queue: MONITORING_SWEEP_QUEUE,
      retryLimit: 3,
      // Sweeps come from the schedule and from every NOTIFY and may overlap: one at a time, so a
      // delta run is only created once the profiles screened before it are enrolled and resolved.
      // A sweep that waits more than 30 s for the running one skips its turn: the schedule sends
      // the next a minute later.
      handler: async () => {
        const ran = await withSessionLock(deps.config.databaseUrl, MONITORING_SWEEP_QUEUE, async () => {
          await sweep({
            db: deps.db,
            config: deps.config,
            keys,
            log,
            sendOutcome,
            sendRun: (runId) => queue.send(MONITORING_RUN_QUEUE, { runId }),
          });
          return true;
        });
        if (!ran) log.info('monitoring sweep skipped: another sweep is still running');
      },
      close: async () => {
        await lease?.release();
        await queue.close();
      },
    },
    {
      queue: MONITORING_RUN_QUEUE,
      retryLimit: 10,
      handler: async (data) => {
        if (data.runId)
          await processRun({ db: deps.db, keys, snapshot, sendOutcome, log, leaseSeconds: monitoringLeaseSeconds() }, data.runId);
      },
    },
  ];
}

/** The sweep's triggers in a worker: the pg-boss schedule (every minute), one sweep at start, and
 * one shortly after each watchlist version notification. */
export async function startMonitoringTriggers(queue: JobQueue, config: VigilConfig): Promise<{ stop(): Promise<void> }> {
  const log = logger.child({ service: 'worker', area: 'screening.monitoring' });
  await queue.schedule(MONITORING_SWEEP_QUEUE, envValue('VIGIL_MONITORING_SWEEP_CRON'));
  await queue.send(MONITORING_SWEEP_QUEUE, {});
  let debounce: NodeJS.Timeout | undefined;
  const listener = new PgListener({
    databaseUrl: config.databaseUrl,
    channels: [VERSIONS_CHANNEL],
    name: 'monitoring versions listener',
    log,
    onNotification: () => {
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = undefined;
        queue
          .send(MONITORING_SWEEP_QUEUE, {})
          .catch((error) => log.warn({ err: (error as Error).message }, 'monitoring sweep not sent; the schedule catches up'));
      }, 500);
    },
  });
  await listener.start();
  return {
    async stop() {
      if (debounce) clearTimeout(debounce);
      await listener.close();
    },
  };
}
