import { VigilConfig } from '../config';
import { Db } from '../db/prisma';
import { startOutboxRelay } from '../events/outbox';
import { JobQueue } from '../jobs/job-queue';
import { allJobs } from './job-registry';
import { startAssessmentDispatcher } from '../../subgraphs/idv/assessment/assessment-job';

export interface RunningWorker {
  queue: JobQueue;
  close(): Promise<void>;
}

/** Background workers: the outbox relay and every domain's job handlers. */
export async function startWorker(db: Db, config: VigilConfig): Promise<RunningWorker> {
  const queue = await JobQueue.start(config.databaseUrl);
  for (const job of allJobs({ db, config })) await queue.work(job);
  const relay = startOutboxRelay(db, queue);
  // IDV: submitted sessions (and assessments stalled by a crash) go to the assessment queue.
  const assessments = startAssessmentDispatcher(db, queue);
  return {
    queue,
    async close() {
      assessments.stop();
      relay.stop();
      await queue.stop();
    },
  };
}
