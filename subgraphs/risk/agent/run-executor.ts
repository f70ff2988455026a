// Drives one run: holds its lease, executes the agent's steps one by one and commits each step
// (effects + trajectory events + step pointer) in one transaction under the assessment row lock.
// Crash safety: a watchdog job is scheduled past the lease; if the worker died, the watchdog finds
// the lease expired and continues from the last committed step. Writes of a step carry dedupe
// keys and events carry step keys, so re-executing an uncommitted step never duplicates anything.
import os from 'node:os';
import { Db } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';
import { logger } from '../../../platform/logging/logger';
import { VigilConfig } from '../../../platform/config';
import { KeyProvider } from '../../../platform/crypto/envelope';
import { findWorkflow } from '../catalog/workflows';
import { findAssessment, lockAssessment, updateAssessment } from '../data/assessment-store';
import { claimRunLease, findRun, releaseRunLease, RunRow, updateRun } from '../data/run-store';
import { appendEvents, readAllEvents } from '../data/trajectory-store';
import {
  findQuestions,
  findRisks,
  findTasks,
  TaskChange,
  updateTask,
  upsertEvidence,
  upsertQuestion,
  upsertRisk,
} from '../data/work-store';
import { assertTaskMove } from '../domain/states';
import { withStep } from '../domain/trajectory-details';
import { RunWaker } from '../services/deps';
import { changeStatus } from '../services/status-change';
import { openSubjects } from '../services/subjects';
import { AgentStep, RiskAgent, StepEffects } from './agent';
import { screeningPort } from './screening-client';
import { envValue } from '../../../platform/config/env';
import { evidenceDataColumn } from '../data/json-columns';

export interface ExecutorDeps {
  db: Db;
  config: VigilConfig;
  keys: KeyProvider;
  agent: RiskAgent;
  waker: RunWaker;
  leaseMs: number;
}

export const MAX_STEP_FAILURES = 3;
const OWNER = `${os.hostname()}:${process.pid}:${newId('w', 8)}`;

export function leaseMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return envValue('VIGIL_RISK_LEASE_MS', env);
}

/** Advances the run as far as it goes (until it waits, completes, stops or fails). */
export async function advanceRun(deps: ExecutorDeps, runId: string): Promise<void> {
  const run = await findRun(deps.db, runId);
  if (!run || run.status !== 'running') return;
  if (!(await claimRunLease(deps.db, runId, OWNER, deps.leaseMs))) {
    // Another worker holds the lease: look again once it would have expired.
    const current = await findRun(deps.db, runId);
    if (current?.status === 'running' && current.leaseUntil) await deps.waker.wake(runId, secondsUntil(current.leaseUntil) + 1);
    return;
  }
  await deps.waker.wake(runId, Math.ceil((deps.leaseMs * 2) / 1000)); // the watchdog
  const log = logger.child({ runId, assessmentId: run.assessmentId });
  try {
    for (;;) {
      const fresh = await findRun(deps.db, runId);
      if (!fresh || fresh.status !== 'running') return;
      const next = await runOneStep(deps, fresh, log);
      if (!next) return;
      if (!(await claimRunLease(deps.db, runId, OWNER, deps.leaseMs))) return;
    }
  } finally {
    await releaseRunLease(deps.db, runId, OWNER).catch(() => undefined);
  }
}

async function runOneStep(deps: ExecutorDeps, run: RunRow, log: typeof logger): Promise<boolean> {
  const scope = { tenantId: run.tenantId, workspaceId: run.workspaceId };
  const assessment = await findAssessment(deps.db, scope, run.assessmentId);
  if (!assessment || assessment.status !== 'running' || assessment.latestRunId !== run.id) return false;
  const workflow = findWorkflow(assessment.workflowId);
  const subjects = openSubjects(deps.keys, assessment.id, assessment.subjects);
  const plan = deps.agent.plan(workflow, subjects);
  const step = plan[run.step];
  if (!step) return false;
  const [tasks, risks, questions, steeringEvents] = await Promise.all([
    findTasks(deps.db, scope, [assessment.id]),
    findRisks(deps.db, scope, [assessment.id]),
    findQuestions(deps.db, scope, [assessment.id]),
    readAllEvents(deps.db, assessment.id, ['steering']),
  ]);
  let effects: StepEffects;
  try {
    effects = await deps.agent.execute(step, {
      assessment,
      subjects,
      workflow,
      runId: run.id,
      tasks,
      risks,
      questions,
      steering: steeringEvents.filter((event) => event.runId === run.id).map((event) => event.message),
      screening: screeningPort(deps.config, scope),
      now: new Date(),
    });
  } catch (error) {
    await recordStepFailure(deps, run, step, error as Error);
    log.warn({ err: error, step: step.key }, 'agent step failed');
    return false;
  }
  return commitStep(deps, run, step, effects);
}

async function recordStepFailure(deps: ExecutorDeps, run: RunRow, step: AgentStep, error: Error): Promise<void> {
  const scope = { tenantId: run.tenantId, workspaceId: run.workspaceId };
  const failures = run.stepFailures + 1;
  if (failures < MAX_STEP_FAILURES) {
    await updateRun(deps.db, run.id, { stepFailures: failures, error: `step ${step.key}: ${error.message}` });
    await deps.waker.wake(run.id, 2 * failures);
    return;
  }
  await deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, run.assessmentId);
    const fresh = await findRun(tx, run.id);
    if (!assessment || !fresh || fresh.status !== 'running' || fresh.step !== run.step || assessment.status !== 'running') return;
    await updateRun(tx, run.id, {
      status: 'failed',
      stepFailures: failures,
      error: `step ${step.key}: ${error.message}`,
      finishedAt: new Date(),
    });
    await changeStatus(tx, scope, assessment, {
      trigger: 'agent_fails',
      stepKey: `${run.id}:${run.step}:failed`,
      actor: 'agent',
      runId: run.id,
      message: `Run failed at ${step.key} after ${failures} attempts`,
      data: { step: step.key },
    });
  });
}

/** Commits a step's effects; false when the run moved on meanwhile (stop, cancel, another worker). */
async function commitStep(deps: ExecutorDeps, run: RunRow, step: AgentStep, effects: StepEffects): Promise<boolean> {
  const scope = { tenantId: run.tenantId, workspaceId: run.workspaceId };
  const actor = `agent:${deps.agent.name}`;
  return deps.db.$transaction(
    async (tx) => {
      const assessment = await lockAssessment(tx, scope, run.assessmentId);
      const fresh = await findRun(tx, run.id);
      if (
        !assessment ||
        !fresh ||
        fresh.status !== 'running' ||
        fresh.step !== run.step ||
        assessment.status !== 'running' ||
        assessment.latestRunId !== run.id
      )
        return false;

      const evidenceIds = new Map<string, string>();
      for (const item of effects.evidence ?? []) {
        const row = await upsertEvidence(tx, scope, {
          assessmentId: assessment.id,
          dedupeKey: `${run.id}:${item.key}`,
          kind: item.kind,
          title: item.title,
          data: evidenceDataColumn.write(item.kind, item.data),
          createdBy: actor,
        });
        evidenceIds.set(item.key, row.id);
      }
      const task = effects.task
        ? (await findTasks(tx, scope, [assessment.id])).find((row) => row.templateKey === effects.task!.templateKey)
        : undefined;
      const riskIds: string[] = [];
      for (const risk of effects.risks ?? []) {
        const { key, evidenceKeys, ...fields } = risk;
        const row = await upsertRisk(tx, scope, {
          assessmentId: assessment.id,
          dedupeKey: key,
          ...fields,
          evidenceIds: evidenceKeys.map((k) => evidenceIds.get(k)).filter((id): id is string => Boolean(id)),
          taskIds: task ? [task.id] : [],
        });
        riskIds.push(row.id);
      }
      if (task && effects.task) {
        const data: TaskChange = {
          evidenceIds: [...new Set([...task.evidenceIds, ...evidenceIds.values()])],
          riskIds: [...new Set([...task.riskIds, ...riskIds])],
        };
        if (effects.task.context) data.context = { ...(task.context as object), ...effects.task.context };
        const status = effects.task.status;
        if (status && status !== task.status) {
          assertTaskMove(task.status, status);
          data.status = status;
          if (status === 'complete') data.completedAt = new Date();
          if (status === 'incomplete') data.incompleteAt = new Date();
          if (status === 'requires_review') data.requiresReviewAt = new Date();
        }
        await updateTask(tx, task.id, data);
      }
      if (effects.question)
        await upsertQuestion(tx, scope, {
          assessmentId: assessment.id,
          runId: run.id,
          taskId: task?.id ?? null,
          dedupeKey: effects.question.key,
          prompt: effects.question.prompt,
        });
      if (effects.ratings) await updateAssessment(tx, scope, assessment.id, { clientRiskRatings: effects.ratings });
      await appendEvents(
        tx,
        assessment.id,
        run.id,
        effects.events.map((event, index) => ({
          stepKey: `${run.id}:${run.step}:${index}`,
          message: event.message,
          ...withStep(event, step.key),
          actor,
        })),
      );
      await updateRun(tx, run.id, { step: run.step + 1, stepFailures: 0, error: null });
      if (effects.outcome === 'wait') {
        await changeStatus(tx, scope, assessment, {
          trigger: 'agent_asks',
          stepKey: `${run.id}:${run.step}:wait`,
          actor,
          runId: run.id,
          message: 'Waiting for user input',
        });
        await updateRun(tx, run.id, { status: 'waiting_for_user' });
        return false;
      }
      if (effects.outcome === 'complete') {
        await changeStatus(tx, scope, assessment, {
          trigger: 'agent_completes',
          stepKey: `${run.id}:${run.step}:ready`,
          actor,
          runId: run.id,
          message: 'Ready for review',
          extra: { readyAt: new Date() },
        });
        await updateRun(tx, run.id, { status: 'completed', finishedAt: new Date() });
        return false;
      }
      return true;
    },
    { timeout: 20_000 },
  );
}

function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
}
