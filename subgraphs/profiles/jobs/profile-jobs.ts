// The profiles domain's jobs in the workers: onboarding runs (profiles.onboarding-run) and the
// outcome queues other domains send to (profiles.screening-outcome, profiles.idv-outcome), plus
// the dispatcher that queues every run with work to do and no live worker (new runs, runs an IDV
// outcome woke up, runs whose worker died or whose step waits out a backoff).
import { VigilConfig } from '../../../platform/config';
import { Db } from '../../../platform/db/prisma';
import { DispatchTicker, startDispatchTicker } from '../../../platform/jobs/dispatch-ticker';
import { JobDefinition, JobQueue } from '../../../platform/jobs/job-queue';
import { logger } from '../../../platform/logging/logger';
import { findRunsToDispatch } from '../onboarding/data/onboarding-store';
import { subgraphOnboardingGateways } from '../onboarding/services/onboarding-gateways';
import { ONBOARDING_RUN_QUEUE, OnboardingRunnerDeps, runOnboarding } from '../onboarding/services/onboarding-runner';
import { applyIdvOutcome, applyScreeningOutcome } from '../services/profile-outcome-service';
import { IDV_OUTCOME_QUEUE, idvOutcomeJob, SCREENING_OUTCOME_QUEUE, screeningOutcomeJob } from '../../../contracts/profile-outcome-queues';
import { envValue } from '../../../platform/config/env';

const log = logger.child({ service: 'worker', area: 'profiles' });

export function onboardingRunnerDeps(db: Db, config: VigilConfig, overrides: Partial<OnboardingRunnerDeps> = {}): OnboardingRunnerDeps {
  return {
    db,
    gateways: subgraphOnboardingGateways(config),
    now: () => new Date(),
    leaseMs: envValue('VIGIL_ONBOARDING_LEASE_MS'),
    maxAttempts: envValue('VIGIL_ONBOARDING_MAX_ATTEMPTS'),
    ...overrides,
  };
}

/** A malformed outcome cannot succeed on a retry: it is logged (ids only) and dropped. */
function parsed<T>(
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } } },
  queue: string,
  data: unknown,
): T | null {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  log.error({ queue, problem: result.error.message }, 'malformed profile outcome job dropped');
  return null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list of jobs whose payload types differ; each definition's handler matches its own payload
export function profileJobs(deps: { db: Db; config: VigilConfig }): JobDefinition<any>[] {
  const runner = onboardingRunnerDeps(deps.db, deps.config);
  return [
    // Retries are the dispatcher's: the run row says what is left to do.
    {
      queue: ONBOARDING_RUN_QUEUE,
      retryLimit: 0,
      onePerKey: true,
      concurrency: 2,
      handler: (data: { runId: string }) => runOnboarding(runner, data.runId),
    },
    {
      queue: SCREENING_OUTCOME_QUEUE,
      retryLimit: 10,
      handler: async (data: unknown) => {
        const job = parsed(screeningOutcomeJob, SCREENING_OUTCOME_QUEUE, data);
        if (job) await applyScreeningOutcome(deps.db, job);
      },
    },
    {
      queue: IDV_OUTCOME_QUEUE,
      retryLimit: 10,
      handler: async (data: unknown) => {
        const job = parsed(idvOutcomeJob, IDV_OUTCOME_QUEUE, data);
        if (job) await applyIdvOutcome(deps.db, job);
      },
    },
  ];
}

/** Queues runs with work to do every intervalMs (the singleton key keeps one queued job per run). */
export function startOnboardingDispatcher(db: Db, queue: JobQueue, intervalMs = 1000): DispatchTicker {
  return startDispatchTicker({
    name: 'onboarding',
    queue,
    jobQueue: ONBOARDING_RUN_QUEUE,
    intervalMs,
    due: () => findRunsToDispatch(db, new Date()),
    job: (run) => ({ data: { runId: run.id }, singletonKey: run.id }),
  });
}
