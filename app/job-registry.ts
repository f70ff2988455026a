// Every background job of every domain, registered with the workers. A domain adds its jobs here.
import { VigilConfig } from '../platform/config';
import { Db } from '../platform/db/prisma';
import { JobDefinition, JobQueue } from '../platform/jobs/job-queue';
import { screeningJobs } from '../subgraphs/screening/jobs/import-job';
import { batchJobs } from '../subgraphs/screening/jobs/batch-job';
import { riskJobs } from '../subgraphs/risk/jobs/run-job';
import { idvDeliveryJobs } from '../subgraphs/idv/jobs/delivery-jobs';
import { idvAssessmentJobs } from '../subgraphs/idv/assessment/assessment-job';
import { profileJobs } from '../subgraphs/profiles/jobs/profile-jobs';
import { OutboxRoute } from '../platform/events/outbox';
import { idvProfileOutcomeRoute } from '../subgraphs/idv/jobs/profile-outcome-route';
import { idvProfileUpdateJobs, idvProfileUpdateRoute } from '../subgraphs/idv/jobs/profile-update-job';
import { screeningProfileOutcomeRoute } from '../subgraphs/screening/jobs/profile-outcome-route';
import { monitoringJobs } from '../subgraphs/screening/monitoring/jobs/monitoring-jobs';
import { expiredCreatesJobs } from '../platform/idempotency/expired-creates';
import { auditJobs } from '../platform/audit/audit-jobs';

export interface JobDependencies {
  db: Db;
  config: VigilConfig;
  /** The worker's own queue, for jobs that schedule follow-up jobs. */
  queue?: JobQueue;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list of jobs whose payload types differ; each definition's handler matches its own payload
export function allJobs(deps: JobDependencies): JobDefinition<any>[] {
  return [
    ...screeningJobs(deps),
    ...batchJobs(deps),
    ...riskJobs(deps),
    ...idvDeliveryJobs(deps),
    ...idvAssessmentJobs(deps),
    ...idvProfileUpdateJobs(deps),
    ...profileJobs(deps),
    ...monitoringJobs(deps),
    ...expiredCreatesJobs(deps),
    ...auditJobs(deps),
  ];
}

/** Jobs domains want for outbox events (sent by the outbox relay with the event's delivery job). */
export function allOutboxRoutes(): OutboxRoute[] {
  return [idvProfileOutcomeRoute, idvProfileUpdateRoute, screeningProfileOutcomeRoute];
}
