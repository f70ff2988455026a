// Every background job of every domain, registered with the workers. A domain adds its jobs here.
import { VigilConfig } from '../config';
import { Db } from '../db/prisma';
import { JobDefinition } from '../jobs/job-queue';
import { screeningJobs } from '../../subgraphs/screening/jobs/import-job';
import { idvAssessmentJobs } from '../../subgraphs/idv/assessment/assessment-job';

export interface JobDependencies {
  db: Db;
  config: VigilConfig;
}

export function allJobs(deps: JobDependencies): JobDefinition<any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  return [...screeningJobs(deps), ...idvAssessmentJobs(deps)];
}
