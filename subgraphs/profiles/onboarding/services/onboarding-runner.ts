// The onboarding run worker (job profiles.onboarding-run). A run is leased by one worker at a
// time; every step writes its outcome before the next starts, so a worker that dies mid-run leaves
// a run another worker resumes once the lease runs out (the dispatcher re-queues it):
//   screening: screen the profile (the search is stored in history with the profile id), then in
//              one transaction complete the task, record the outcome and settle the status;
//   idv:       start the verification session (IDV's idempotency key makes a repeated start return
//              the same session), then wait: the IDV outcome handler moves the task on.
// A step that keeps failing (the screening index or IDV unavailable) is retried with backoff and,
// after maxAttempts, marked failed so the run still reaches a decision.
import { Db, type DbClient, type Scope } from '../../../../platform/db/prisma';
import { logger } from '../../../../platform/logging/logger';
import { Principal, PrincipalKind } from '../../../../platform/principal/principal';
import { findRunById, leaseRun, lockRun, OnboardingRunRow, OnboardingTaskRow, updateRun, updateTask } from '../data/onboarding-store';
import { findProfile } from '../../data/profile-store';
import { lockProfileStatus } from '../../data/status-store';
import { OnboardingGateways } from './onboarding-gateways';
import { completeIfDone, recordOnboardingCompleted, runnableTasks } from './onboarding-progress';
import { recordScreeningOutcome, settleStatus } from '../../services/profile-status-service';

export const ONBOARDING_RUN_QUEUE = 'profiles.onboarding-run';

/** Profile kinds the screening query understands as an entity type (ScreeningQueryType); other
 * kinds (each bank names its own) screen without a type preference. */
const SCREENING_TYPES = ['individual', 'person', 'entity', 'organization', 'organisation', 'company', 'vessel', 'aircraft'];

export interface OnboardingRunnerDeps {
  db: Db;
  gateways: OnboardingGateways;
  now(): Date;
  /** How long a worker holds a run per step before another may take it over. */
  leaseMs: number;
  /** Failed attempts of a step before the step is marked failed. */
  maxAttempts: number;
}

const log = logger.child({ area: 'profiles.onboarding' });

function actorOf(run: OnboardingRunRow): Principal {
  return {
    tenantId: run.tenantId,
    workspaceId: run.workspaceId,
    actorId: run.actorId,
    kind: run.actorKind as PrincipalKind,
    entitlements: {},
  };
}

const scopeOf = (run: OnboardingRunRow): Scope => ({ tenantId: run.tenantId, workspaceId: run.workspaceId });

/** Runs what can run of one onboarding run; returns quietly when another worker holds it. */
export async function runOnboarding(deps: OnboardingRunnerDeps, runId: string): Promise<void> {
  const leased = await leaseRun(deps.db, runId, deps.now(), new Date(deps.now().getTime() + deps.leaseMs));
  if (!leased) return;
  let run = (await findRunById(deps.db, runId))!;
  try {
    for (let tasks = runnableTasks(run); tasks.length > 0; tasks = runnableTasks(run)) {
      for (const task of tasks) await runTask(deps, run, task);
      run = (await findRunById(deps.db, runId))!;
      if (run.status !== 'running') return;
      // A step succeeded: the next one gets its own attempts (1, as this lease counts for it).
      await updateRun(deps.db, runId, { leaseUntil: new Date(deps.now().getTime() + deps.leaseMs), lastError: null, attempts: 1 });
    }
    await releaseIdle(deps.db, runId);
  } catch (error) {
    await stepFailed(deps, run, error as Error);
  }
}

/** Nothing to run now: the run waits for an IDV outcome. Decided under the run's row lock, so an
 * outcome handled meanwhile (which sets needsWork) is not overwritten. */
async function releaseIdle(db: Db, runId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockRun(tx, runId);
    const run = (await findRunById(tx, runId))!;
    await updateRun(tx, runId, { needsWork: run.status === 'running' && runnableTasks(run).length > 0, leaseUntil: null, attempts: 0 });
  });
}

async function runTask(deps: OnboardingRunnerDeps, run: OnboardingRunRow, task: OnboardingTaskRow): Promise<void> {
  const now = deps.now();
  if (task.status === 'pending') await updateTask(deps.db, task.id, { status: 'running', startedAt: now });
  if (task.kind === 'screening') await runScreening(deps, run, task);
  else await startIdv(deps, run, task);
}

async function runScreening(deps: OnboardingRunnerDeps, run: OnboardingRunRow, task: OnboardingTaskRow): Promise<void> {
  const scope = scopeOf(run);
  const profile = await findProfile(deps.db, scope, run.profileId);
  if (!profile || profile.erasureClaimedAt) return failTask(deps, run, task, 'profile_unavailable');
  const type = SCREENING_TYPES.includes(profile.kind.toLowerCase()) ? profile.kind.toLowerCase() : null;
  const result = await deps.gateways.screen(actorOf(run), {
    name: profile.name,
    type,
    feeds: run.screeningFeeds,
    profileId: run.profileId,
  });
  const at = deps.now();
  await deps.db.$transaction(async (tx) => {
    let completed = false;
    const fact = { searchId: result.searchId, unresolved: result.unresolved, truePositive: result.truePositive, at };
    const settled = await recordScreeningOutcome(tx, scope, run.profileId, fact, 'onboarding', async (inner) => {
      await updateTask(inner, task.id, { status: 'completed', searchId: result.searchId, completedAt: at, error: null });
      completed = await completeIfDone(inner, run.id, at);
    });
    if (settled && completed) await recordOnboardingCompleted(tx, run.id, settled.status, at);
  });
}

async function startIdv(deps: OnboardingRunnerDeps, run: OnboardingRunRow, task: OnboardingTaskRow): Promise<void> {
  const { sessionId } = await deps.gateways.startSession(actorOf(run), {
    profileId: run.profileId,
    workflowId: run.idvWorkflowId,
    idempotencyKey: `onboarding.${run.id}`,
  });
  await updateTask(deps.db, task.id, { sessionId, error: null });
}

/** Marks a task failed (it will not be retried), then lets the run reach its decision. */
async function failTask(deps: OnboardingRunnerDeps, run: OnboardingRunRow, task: OnboardingTaskRow, reason: string): Promise<void> {
  const scope = scopeOf(run);
  const at = deps.now();
  await deps.db.$transaction(async (tx) => {
    await updateTask(tx, task.id, { status: 'failed', error: reason, completedAt: at });
    await settleRun(tx, scope, run, at);
  });
}

/** After a task settled without an outcome of its own: complete the run if it is done and settle the status. */
async function settleRun(tx: DbClient, scope: Scope, run: OnboardingRunRow, at: Date): Promise<void> {
  const profile = await lockProfileStatus(tx, scope, run.profileId);
  const completed = await completeIfDone(tx, run.id, at);
  if (!profile) return;
  const change = await settleStatus(tx, scope, run.profileId, profile.status, { origin: 'onboarding' });
  if (completed) await recordOnboardingCompleted(tx, run.id, change?.next ?? profile.status, at);
}

async function stepFailed(deps: OnboardingRunnerDeps, run: OnboardingRunRow, error: Error): Promise<void> {
  const current = (await findRunById(deps.db, run.id))!;
  const task = runnableTasks(current)[0];
  log.warn({ runId: run.id, attempt: current.attempts, err: { message: error.message } }, 'onboarding step failed');
  if (task && current.attempts >= deps.maxAttempts) {
    await failTask(deps, current, task, task.kind === 'screening' ? 'screening_unavailable' : 'idv_session_not_started');
    await updateRun(deps.db, run.id, { leaseUntil: null, lastError: error.message.slice(0, 200) });
    return;
  }
  // The dispatcher takes the run again once this backoff passes (the lease doubles as the timer).
  const backoffMs = Math.min(60_000, 1000 * 2 ** Math.max(0, current.attempts - 1));
  await updateRun(deps.db, run.id, { leaseUntil: new Date(deps.now().getTime() + backoffMs), lastError: error.message.slice(0, 200) });
}
