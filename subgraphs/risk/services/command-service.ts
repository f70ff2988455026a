// Commands act on the latest run of an assessment: input/user_input answer the agent's open
// questions, steer/steering add guidance, stop pauses, resume continues, cancel ends. Each
// command is one transaction (status move, trajectory event), then the run is woken if needed.
import { newId } from '../../../platform/ids/new-id';
import { Principal } from '../../../platform/principal/principal';
import { AssessmentRow, lockAssessment } from '../data/assessment-store';
import { findRun, updateRun } from '../data/run-store';
import type { DbTx, Scope } from '../../../platform/db/prisma';
import { appendEvents } from '../data/trajectory-store';
import { answerOpenQuestions } from '../data/work-store';
import { RiskError } from '../errors';
import { CommandType, RunStatus } from '../domain/states';
import type { CommandData } from '../domain/trajectory-data';
import { RiskDeps } from './deps';
import { getAssessment } from './assessment-service';
import { changeStatus } from './status-change';

export interface CommandInput {
  type: CommandType;
  runId?: string | null;
  prompt?: string | null;
  message?: string | null;
  reason?: string | null;
  payload?: Record<string, unknown> | null;
  artifactRefs?: Record<string, unknown>[] | null;
}

export interface CommandResult {
  commandId: string;
  type: CommandType;
  runId: string | null;
  assessment: AssessmentRow;
}

function textOf(input: CommandInput): string | undefined {
  const answer = input.payload && typeof input.payload.answer === 'string' ? input.payload.answer : undefined;
  const text = input.message ?? input.prompt ?? answer;
  return text?.trim() ? text.trim() : undefined;
}

export async function sendCommand(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  id: string,
  input: CommandInput,
): Promise<CommandResult> {
  const commandId = newId('cmd');
  const { runId, wake } = await deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, id);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    if (input.runId && input.runId !== assessment.latestRunId) {
      throw new RiskError(
        'assessment_run_mismatch',
        `run_id ${input.runId} is not the latest run of this assessment (${assessment.latestRunId ?? 'none'})`,
        { field: 'run_id' },
      );
    }
    const runId = assessment.latestRunId;
    const base: CommandData = {
      commandId,
      type: input.type,
      reason: input.reason ?? null,
      artifact_refs: input.artifactRefs ?? [],
      payload: input.payload ?? {},
    };
    const change = (trigger: Parameters<typeof changeStatus>[3]['trigger'], message: string) =>
      changeStatus(tx, scope, assessment, { trigger, stepKey: `cmd:${commandId}`, actor: principal.actorId, runId, message, data: base });
    switch (input.type) {
      case 'input':
      case 'user_input': {
        const text = textOf(input);
        if (!text)
          throw new RiskError('schema_validation_failed', 'message: an input command needs message, prompt or payload.answer', {
            field: 'message',
          });
        await change('input', `Input received: ${text}`);
        await answerOpenQuestions(tx, scope, id, text, principal.actorId);
        await setRunStatus(tx, runId, 'running');
        return { runId, wake: true };
      }
      case 'steer':
      case 'steering': {
        const text = textOf(input);
        if (!text)
          throw new RiskError('schema_validation_failed', 'message: a steering command needs message or prompt', { field: 'message' });
        if (!['running', 'waiting_for_user', 'interrupted'].includes(assessment.status)) {
          throw new RiskError(
            'assessment_invalid_transition',
            `Cannot steer an assessment that is ${assessment.status} (allowed: running, waiting_for_user, interrupted)`,
          );
        }
        await appendEvents(tx, id, runId, [
          { stepKey: `cmd:${commandId}`, type: 'steering', message: text, actor: principal.actorId, data: base },
        ]);
        return { runId, wake: false };
      }
      case 'stop':
        await change('stop', input.reason ? `Stopped: ${input.reason}` : 'Stopped');
        await setRunStatus(tx, runId, 'interrupted');
        return { runId, wake: false };
      case 'resume':
        await change('resume', input.reason ? `Resumed: ${input.reason}` : 'Resumed');
        await setRunStatus(tx, runId, 'running');
        return { runId, wake: true };
      case 'cancel':
        await change('cancel', input.reason ? `Cancelled: ${input.reason}` : 'Cancelled');
        await setRunStatus(tx, runId, 'cancelled', true);
        return { runId, wake: false };
    }
  });
  if (wake && runId) await deps.runs.wake(runId);
  return { commandId, type: input.type, runId, assessment: await getAssessment(deps, scope, id) };
}

async function setRunStatus(tx: DbTx, runId: string | null, status: RunStatus, finished = false): Promise<void> {
  if (!runId) return;
  const run = await findRun(tx, runId);
  if (!run || ['completed', 'cancelled', 'failed'].includes(run.status)) return;
  await updateRun(tx, runId, { status, ...(finished ? { finishedAt: new Date() } : {}) });
}
