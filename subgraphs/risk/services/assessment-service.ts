// Assessments: create (draft), read, list, start (a run), conclude and reopen.
import { newId } from '../../../platform/ids/new-id';
import { decodeCursor, encodeCursor } from '../../../platform/graphql/paging';
import { Principal } from '../../../platform/principal/principal';
import {
  AssessmentRow,
  findAssessment,
  insertAssessment,
  listAssessments,
  lockAssessment,
  saveCanvasIfVersion,
  SortKey,
  updateAssessment,
} from '../data/assessment-store';
import { insertRun } from '../data/run-store';
import type { DbTx, Scope } from '../../../platform/db/prisma';
import { z } from 'zod';
import {
  approveLockedProposal,
  fingerprintOf,
  fourEyesRoute,
  pendingProposalOf,
  proposalForDecision,
  proposeDecision,
  ProposalRow,
} from '../../../platform/four-eyes/four-eyes';
import { assessmentMove } from '../domain/states';
import { createTasks } from '../data/work-store';
import { findWorkflow } from '../catalog/workflows';
import { RiskError } from '../errors';
import type { ConclusionDecision } from '../domain/states';
import type { RecordCreate } from './create-once';
import { RiskDeps } from './deps';
import { changeStatus } from './status-change';
import { normalizeSubjects, sealSubjects, Subject, SubjectInput } from './subjects';
import { agentName } from '../agent/select-agent';

export interface CreateAssessmentInput {
  title: string;
  workflowId?: string | null;
  purpose?: string | null;
  context?: { purpose?: string | null; description?: string | null } | null;
  subjects: SubjectInput[];
}

/** `record` (a keyed request) stores the idempotency key in the create's transaction (services/create-once.ts). */
export async function createAssessment(
  deps: RiskDeps,
  scope: Scope,
  input: CreateAssessmentInput,
  record?: RecordCreate,
): Promise<AssessmentRow> {
  const title = input.title.trim();
  if (!title) throw new RiskError('schema_validation_failed', 'title: must not be empty', { field: 'title' });
  const subjects = normalizeSubjects(input.subjects);
  const workflow = findWorkflow(input.workflowId ?? (subjects[0].type === 'individual' ? 'kyc_standard' : 'kyb_standard'));
  const id = newId('ra');
  const profileIds = [...new Set(subjects.map((subject) => subject.profileId).filter((p): p is string => Boolean(p)))];
  await assertProfileLinks(deps, scope, subjects);
  const context = { purpose: input.context?.purpose ?? input.purpose ?? null, description: input.context?.description ?? null };
  return deps.db.$transaction(async (tx) => {
    const row = await insertAssessment(tx, scope, {
      id,
      title,
      workflowId: workflow.id,
      purpose: input.purpose ?? context.purpose,
      context,
      subjects: sealSubjects(deps.keys, id, subjects),
      profileIds,
    });
    await createTasks(
      tx,
      scope,
      id,
      workflow.tasks.map((task) => ({ templateKey: task.key, title: task.title, required: task.required, tags: task.tags })),
    );
    await record?.(tx, id);
    return row;
  });
}

/** A subject links a profile of the caller's workspace only: an id of another workspace gets the
 * answer of an id that does not exist (same code and message, nothing stored). Fail closed: when
 * the profiles service cannot answer, nothing is created (503). */
async function assertProfileLinks(deps: RiskDeps, scope: Scope, subjects: Subject[]): Promise<void> {
  const linked = subjects.flatMap((subject, index) => (subject.profileId ? [{ profileId: subject.profileId, index }] : []));
  if (!linked.length) return;
  let known: Set<string>;
  try {
    known = await deps.profileLinks(
      scope,
      linked.map((link) => link.profileId),
    );
  } catch {
    throw new RiskError(
      'service_unavailable',
      'The profiles service is unavailable; the profile could not be checked, nothing was created',
    );
  }
  const unknown = linked.find((link) => !known.has(link.profileId));
  if (unknown) {
    const field = `subjects[${unknown.index}].profile_id`;
    throw new RiskError('profile_not_found', `${field}: no such profile in this workspace`, { field });
  }
}

export async function getAssessment(deps: RiskDeps, scope: Scope, id: string): Promise<AssessmentRow> {
  const row = await findAssessment(deps.db, scope, id);
  if (!row) throw new RiskError('assessment_not_found', 'Assessment not found');
  return row;
}

export interface ListInput {
  statuses?: string[] | null;
  taskStatuses?: string[] | null;
  profileId?: string | null;
  sortBy?: SortKey | null;
  sortDirection?: 'asc' | 'desc' | null;
  first?: number | null;
  after?: string | null;
}

export const LIST_DEFAULT = 20;
export const LIST_MAX = 100;

export async function listAssessmentPage(deps: RiskDeps, scope: Scope, input: ListInput) {
  const limit = input.first ?? LIST_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX)
    throw new RiskError('schema_validation_failed', `limit: must be an integer from 1 to ${LIST_MAX}`, { field: 'limit' });
  const cursor = decodeCursor<{ o?: number }>(input.after);
  if (input.after && (typeof cursor?.o !== 'number' || cursor.o < 0))
    throw new RiskError('schema_validation_failed', 'cursor: not a cursor this API issued', { field: 'cursor' });
  const offset = cursor?.o ?? 0;
  const { rows, total } = await listAssessments(deps.db, scope, {
    statuses: input.statuses ?? undefined,
    taskStatuses: input.taskStatuses ?? undefined,
    profileId: input.profileId ?? undefined,
    sortBy: input.sortBy ?? 'updated_at',
    direction: input.sortDirection ?? 'desc',
    offset,
    limit,
  });
  const nodes = rows.slice(0, limit);
  const hasNextPage = rows.length > limit;
  return {
    nodes,
    totalCount: total,
    pageInfo: { hasNextPage, endCursor: hasNextPage ? encodeCursor({ o: offset + nodes.length }) : null },
  };
}

/** draft or reopened → running: creates a run and wakes a worker for it. */
export async function startAssessment(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  id: string,
  reason: string | null,
): Promise<AssessmentRow> {
  const runId = await deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, id);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    const run = await insertRun(tx, scope, { assessmentId: id, agent: agentName(), reason });
    await changeStatus(tx, scope, assessment, {
      trigger: 'start',
      stepKey: `start:${run.id}`,
      actor: principal.actorId,
      runId: run.id,
      message: reason ? `Run started: ${reason}` : 'Run started',
      data: { reason },
      extra: { latestRunId: run.id, readyAt: null },
    });
    return run.id;
  });
  await deps.runs.wake(runId);
  return getAssessment(deps, scope, id);
}

export interface ConcludeInput {
  decision: ConclusionDecision;
  note?: string | null;
}

export async function concludeAssessment(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  id: string,
  input: ConcludeInput,
): Promise<AssessmentRow> {
  // Four eyes (docs/audit.md): with RISK_CONCLUSION covered, a dashboard user's conclusion becomes
  // a proposal and the assessment stays as it is until a second reviewer approves it.
  const route = await fourEyesRoute(deps.db, principal, ['RISK_CONCLUSION']);
  await deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, id);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    if (route.action === 'propose') {
      // Refuses a conclusion the assessment's status does not admit now, as the direct one would.
      assessmentMove(assessment.status, 'conclude');
      await proposeDecision(
        tx,
        principal,
        {
          kind: route.kind,
          objectType: 'risk.assessment',
          objectId: id,
          decision: { decision: input.decision },
          note: input.note ?? null,
          fingerprint: assessmentFingerprint(assessment),
        },
        new Date(),
      );
      return;
    }
    await applyConclusion(tx, scope, principal, assessment, input);
  });
  return getAssessment(deps, scope, id);
}

/** What a conclusion proposal pins: the assessment's status and last change. */
function assessmentFingerprint(assessment: AssessmentRow): string {
  return fingerprintOf({ status: assessment.status, updatedAt: assessment.updatedAt });
}

async function applyConclusion(
  tx: DbTx,
  scope: Scope,
  principal: Principal,
  assessment: AssessmentRow,
  input: ConcludeInput,
  proposal?: ProposalRow,
) {
  const now = new Date();
  await changeStatus(tx, scope, assessment, {
    trigger: 'conclude',
    stepKey: `conclude:${newId('c', 12)}`,
    actor: principal.actorId,
    runId: assessment.latestRunId,
    message: `Concluded: ${input.decision}`,
    data: {
      decision: input.decision,
      note: input.note ?? null,
      ...(proposal ? { four_eyes_proposal_id: proposal.id, proposed_by: proposal.proposedBy } : {}),
    },
    extra: {
      concludedAt: now,
      conclusion: { decision: input.decision, note: input.note ?? null, concludedBy: principal.actorId, concludedAt: now.toISOString() },
    },
  });
}

const proposedConclusion = z.object({ decision: z.enum(['approved', 'rejected']) });

/**
 * A second reviewer approves a conclusion proposal: under the assessment's lock the proposal is
 * checked (decided, expired, self-approval, assessment changed since) and the conclusion applied in
 * the same transaction, once, as the approver's, with the proposer's note.
 */
export async function approveConclusionProposal(
  deps: RiskDeps,
  principal: Principal,
  proposalId: string,
  note: string,
  requestId?: string,
) {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const now = new Date();
  const proposal = await proposalForDecision(deps.db, principal, proposalId, now, ['RISK_CONCLUSION'], requestId);
  const { decision } = proposedConclusion.parse(proposal.decision);
  await deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, proposal.objectId);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    await approveLockedProposal(tx, principal, proposalId, { note, currentFingerprint: assessmentFingerprint(assessment), now, requestId });
    await applyConclusion(tx, scope, principal, assessment, { decision, note: proposal.note }, proposal);
  });
  return proposal.id;
}

/** The conclusion waiting for a second reviewer, if any. */
export async function pendingConclusionProposal(deps: RiskDeps, scope: Scope, id: string): Promise<ProposalRow | null> {
  return pendingProposalOf(deps.db, scope, 'risk.assessment', id, new Date());
}

export async function reopenAssessment(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  id: string,
  reason: string,
): Promise<AssessmentRow> {
  if (!reason.trim()) throw new RiskError('schema_validation_failed', 'reason: must not be empty', { field: 'reason' });
  await deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, id);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    await changeStatus(tx, scope, assessment, {
      trigger: 'reopen',
      stepKey: `reopen:${newId('c', 12)}`,
      actor: principal.actorId,
      runId: assessment.latestRunId,
      message: `Reopened: ${reason}`,
      data: { reason },
      extra: { concludedAt: null },
    });
  });
  return getAssessment(deps, scope, id);
}

export async function saveCanvas(
  deps: RiskDeps,
  scope: Scope,
  id: string,
  input: { state: Record<string, unknown>; expectedVersion: number },
): Promise<AssessmentRow> {
  // Compare-and-set in one statement: only the writer that read the current version wins.
  const saved = await saveCanvasIfVersion(deps.db, scope, id, input.state, input.expectedVersion);
  const row = await getAssessment(deps, scope, id);
  if (!saved) {
    throw new RiskError(
      'canvas_version_conflict',
      `Canvas version is ${row.canvasVersion}, not ${input.expectedVersion}; read the canvas again and retry`,
      { field: 'expected_version', currentVersion: row.canvasVersion },
    );
  }
  return row;
}

export { updateAssessment };
