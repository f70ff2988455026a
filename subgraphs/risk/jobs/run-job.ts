// pg-boss job risk.run.advance: advances one agent run. Sent when a run starts or resumes, and
// as a watchdog past each lease, so a run whose worker died is taken over (see run-executor.ts).
import { JobDefinition, JobQueue } from '../../../platform/jobs/job-queue';
import { VigilConfig } from '../../../platform/config';
import { Db } from '../../../platform/db/prisma';
import { LocalKeyProvider } from '../../../platform/crypto/envelope';
import { advanceRun, leaseMsFromEnv } from '../agent/run-executor';
import { selectAgent } from '../agent/select-agent';
import { LazyRunWaker, QueueRunWaker } from '../services/deps';
import { RUN_QUEUE, RunJobData } from './run-queue-name';
import { envValue } from '../../../platform/config/env';

export { RUN_QUEUE };

export function riskJobs(deps: { db: Db; config: VigilConfig; queue?: JobQueue }): JobDefinition<RunJobData>[] {
  const waker = deps.queue ? new QueueRunWaker(deps.queue) : new LazyRunWaker(deps.config.databaseUrl);
  const executor = {
    db: deps.db,
    config: deps.config,
    keys: new LocalKeyProvider(deps.config.masterKey),
    agent: selectAgent(),
    waker,
    leaseMs: leaseMsFromEnv(),
  };
  // Runs spend most of their time waiting on screening and Postgres: several at once per worker.
  const concurrency = envValue('VIGIL_RISK_RUN_CONCURRENCY');
  return [{ queue: RUN_QUEUE, retryLimit: 5, concurrency, handler: (data) => advanceRun(executor, data.runId) }];
}
