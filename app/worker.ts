import { VigilConfig } from '../platform/config';
import { Db } from '../platform/db/prisma';
import { startOutboxRelay } from '../platform/events/outbox';
import { JobQueue } from '../platform/jobs/job-queue';
import { allJobs, allOutboxRoutes } from './job-registry';
import { startIdvDeliveryTicker } from '../subgraphs/idv/jobs/delivery-jobs';
import { startAssessmentDispatcher } from '../subgraphs/idv/assessment/assessment-job';
import { startOnboardingDispatcher } from '../subgraphs/profiles/jobs/profile-jobs';
import { startMonitoringTriggers } from '../subgraphs/screening/monitoring/jobs/monitoring-jobs';
import { createServiceApp, listen, RunningServer } from '../platform/http/service-app';

export interface RunningWorker {
  queue: JobQueue;
  close(): Promise<void>;
}

/** Background workers: the outbox relay and every domain's job handlers. */
export async function startWorker(db: Db, config: VigilConfig): Promise<RunningWorker> {
  const queue = await JobQueue.start(config.databaseUrl);
  const jobs = allJobs({ db, config, queue });
  for (const job of jobs) await queue.work(job);
  const relay = startOutboxRelay(db, queue, 1000, allOutboxRoutes());
  const deliveryTicker = startIdvDeliveryTicker({ db, config });
  // IDV: submitted sessions (and assessments stalled by a crash) go to the assessment queue.
  const assessments = startAssessmentDispatcher(db, queue);
  // Profiles: onboarding runs with work to do (new, woken by an IDV outcome, or left by a dead worker).
  const onboarding = startOnboardingDispatcher(db, queue);
  // Screening: ongoing monitoring sweeps on a schedule and on every watchlist version.
  const monitoring = await startMonitoringTriggers(queue, config);
  return {
    queue,
    async close() {
      assessments.stop();
      onboarding.stop();
      await monitoring.stop();
      relay.stop();
      await deliveryTicker.stop();
      await queue.stop();
      for (const job of jobs) await job.close?.();
    },
  };
}

/**
 * The worker's probe endpoints (VIGIL_WORKER_PORT): the worker has no API of its own, but an
 * orchestrator needs /healthz (the process and its event loop answer) and /readyz (its database
 * answers: pg-boss and the dispatchers work on it) to restart a stuck worker and to pace a rolling
 * update; /metrics carries its database timings and Node's process metrics like every other service's.
 */
export function startWorkerHealth(db: Db, port: number, host: string): Promise<RunningServer> {
  const app = createServiceApp('worker', async () => {
    await db.$queryRaw`SELECT 1`;
  });
  return listen(app, port, host);
}
