// Where an onboarding run stands: which tasks may run now (by sequence), whether it is decided,
// and the profile_onboarding.completed event. Used by the run worker and by the IDV outcome
// handler, both inside a transaction that holds the profile's row lock.
import { recordEvent } from '../../../../platform/events/outbox';
import { findRunById, OnboardingRunRow, OnboardingTaskRow, updateRun } from '../data/onboarding-store';
import type { DbClient } from '../../../../platform/db/prisma';

export const ONBOARDING_SEQUENCES = ['screening_first', 'idv_first', 'parallel'] as const;
export type OnboardingSequence = (typeof ONBOARDING_SEQUENCES)[number];

const SETTLED = ['completed', 'failed'];

/** A task is finished once completed or failed. */
export const isSettled = (task: OnboardingTaskRow) => SETTLED.includes(task.status);

/**
 * Tasks the worker may start now. A task left running without its search or session (its worker
 * died mid-step) is started again; an IDV task with a session waits for the review outcome.
 * Sequential runs take their next unsettled task only once the one before it settled.
 */
export function runnableTasks(run: Pick<OnboardingRunRow, 'sequence' | 'tasks'>): OnboardingTaskRow[] {
  const startable = (task: OnboardingTaskRow) =>
    task.status === 'pending' || (task.status === 'running' && !task.searchId && !task.sessionId);
  if (run.sequence === 'parallel') return run.tasks.filter(startable);
  const next = run.tasks.find((task) => !isSettled(task));
  return next && startable(next) ? [next] : [];
}

/** Marks the run completed when every task settled; true when it did so now. */
export async function completeIfDone(tx: DbClient, runId: string, now: Date): Promise<boolean> {
  const run = await findRunById(tx, runId);
  if (!run || run.status !== 'running' || !run.tasks.every(isSettled)) return false;
  await updateRun(tx, runId, { status: 'completed', decidedAt: now, needsWork: false, leaseUntil: null });
  return true;
}

/** profile_onboarding.completed: ids, states and the decided profile status. */
export async function recordOnboardingCompleted(tx: DbClient, runId: string, profileStatus: string, now: Date): Promise<void> {
  const run = (await findRunById(tx, runId))!;
  const screening = run.tasks.find((task) => task.kind === 'screening');
  const idv = run.tasks.find((task) => task.kind === 'idv');
  await recordEvent(tx, {
    tenantId: run.tenantId,
    workspaceId: run.workspaceId,
    type: 'profile_onboarding.completed',
    aggregateType: 'profile',
    aggregateId: run.profileId,
    payload: {
      profile_id: run.profileId,
      onboarding_id: run.id,
      profile_status: profileStatus,
      decided_at: now.toISOString(),
      ...(screening?.searchId ? { search_id: screening.searchId } : {}),
      ...(idv?.sessionId ? { session_id: idv.sessionId } : {}),
      screening_status: screening?.status ?? null,
      idv_status: idv?.status ?? null,
    },
  });
}
