// Applies the outcome jobs other domains send (profiles.screening-outcome, profiles.idv-outcome):
// one transaction writes the outcome, moves the profile's onboarding run on (an IDV decision
// completes its IDV task), settles the status and records the events. Repeating a job changes
// nothing (the status is derived, and an event is recorded only on a change).
import { Db, type DbClient, type Scope } from '../../../platform/db/prisma';
import { findRunWaitingOnSession, lockRun, updateRun, updateTask } from '../onboarding/data/onboarding-store';
import { IdvOutcomeJob, ScreeningOutcomeJob } from '../../../contracts/profile-outcome-queues';
import { completeIfDone, recordOnboardingCompleted, runnableTasks } from '../onboarding/services/onboarding-progress';
import { DECIDED_IDV_OUTCOMES, recordIdvOutcome, recordScreeningOutcome, Settled } from './profile-status-service';

export async function applyScreeningOutcome(db: Db, job: ScreeningOutcomeJob): Promise<Settled | undefined> {
  const scope: Scope = { tenantId: job.tenantId, workspaceId: job.workspaceId };
  const fact = { searchId: job.searchId, unresolved: job.unresolvedMatches, truePositive: job.truePositiveMatches, at: new Date(job.at) };
  return db.$transaction((tx) => recordScreeningOutcome(tx, scope, job.profileId, fact, job.origin));
}

export async function applyIdvOutcome(db: Db, job: IdvOutcomeJob, now = new Date()): Promise<Settled | undefined> {
  const scope: Scope = { tenantId: job.tenantId, workspaceId: job.workspaceId };
  return db.$transaction(async (tx) => {
    let completedRunId: string | null = null;
    const settled = await recordIdvOutcome(
      tx,
      scope,
      job.profileId,
      { sessionId: job.sessionId, outcome: job.outcome, at: new Date(job.at) },
      async (inner) => {
        completedRunId = await advanceRun(inner, scope, job, now);
      },
    );
    if (settled && completedRunId) await recordOnboardingCompleted(tx, completedRunId, settled.status, now);
    return settled;
  });
}

/** A decided outcome of the run's own session settles its IDV task; a sequence waiting on it may
 * go on (needsWork). Returns the run id when this completed the run. */
async function advanceRun(tx: DbClient, scope: Scope, job: IdvOutcomeJob, now: Date): Promise<string | null> {
  if (!DECIDED_IDV_OUTCOMES.includes(job.outcome)) return null;
  const run = await findRunWaitingOnSession(tx, scope, job.profileId);
  const task = run?.tasks.find((each) => each.kind === 'idv' && each.sessionId === job.sessionId && each.status === 'running');
  if (!run || !task) return null;
  await lockRun(tx, run.id);
  await updateTask(tx, task.id, {
    status: job.outcome === 'failed' ? 'failed' : 'completed',
    completedAt: now,
    ...(job.outcome === 'failed' ? { error: 'idv_assessment_failed' } : {}),
  });
  if (await completeIfDone(tx, run.id, now)) return run.id;
  const tasks = run.tasks.map((each) => (each.id === task.id ? { ...each, status: 'completed' } : each));
  if (runnableTasks({ sequence: run.sequence, tasks }).length > 0) await updateRun(tx, run.id, { needsWork: true });
  return null;
}
