// State moves of a session after create. Every move takes the session's row lock, checks the
// move against the state tables (model/states.ts), and records its events in the same
// transaction (outbox) together with an audit entry for human decisions.
//
// Flow axis:   collecting_artifacts → ready_for_assessment → queued → assessing → assessed | failed
//              any of collecting_artifacts, ready_for_assessment, queued → canceled (cancel)
// Review axis: request_sent → pending (submit) → automatic_pass | requires_review (assessment)
//              requires_review → escalation | accepted | rejected; escalation → accepted | rejected
import { z } from 'zod';
import { seal } from '../../../platform/crypto/envelope';
import { recordEvent } from '../../../platform/events/outbox';
import { Principal } from '../../../platform/principal/principal';
import { findWorkspaceDashboardUser } from '../../../platform/tenancy/tenancy-store';
import { isDashboardRole, roleAtLeast } from '../../../platform/principal/roles';
import { consumeInvites, findSession, lockSession, SessionRow, updateSession } from '../data/session-store';
import type { DbTx, Scope } from '../../../platform/db/prisma';
import { IdvError, sessionNotFound } from '../errors';
import { CANCELABLE_FLOW, FLOW_MOVES, FlowStatus, REVIEW_MOVES, REVIEWED_EVENT, ReviewStatus, TERMINAL_REVIEW } from '../model/states';
import { checkRule } from '../model/validation';
import type {
  AssignVerificationSessionInput,
  CancelVerificationSessionInput,
  RecordVerificationConsentInput,
  ReviewVerificationSessionInput,
} from '../resolvers/resolver-types.generated';
import { actorOf, writeAudit } from './audit';
import {
  approveLockedProposal,
  fingerprintOf,
  fourEyesRoute,
  proposalForDecision,
  proposeDecision,
} from '../../../platform/four-eyes/four-eyes';
import { IdvDeps } from './deps';
import { requireCapture, requireManagement } from './principals';
import { sealContext } from './session-service';
import { recordCaptureConsent, submitCapture } from '../capture/services/capture-service';
import { resultsColumn, reviewHistoryColumn } from '../data/json-columns';

type Tx = DbTx;

async function withLockedSession<T>(
  deps: Pick<IdvDeps, 'db'>,
  scope: Scope,
  id: string,
  work: (row: SessionRow, tx: Tx) => Promise<T>,
): Promise<T> {
  return deps.db.$transaction(
    async (tx) => {
      const row = await lockSession(tx, scope, id);
      if (!row) throw sessionNotFound();
      return work(row, tx);
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

function eventPayload(row: SessionRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: row.id,
    profile_id: row.profileId,
    status: row.status,
    review_status: row.reviewStatus,
    flag_categories: row.flagCategories,
    // Internal routing only (webhooks carry an allow-list of fields): the automatic profile write
    // follows the decisions of sessions that opted in (jobs/profile-update-job.ts).
    ...(row.profileUpdateEnabled ? { profile_update: true } : {}),
    ...extra,
  };
}

async function emit(tx: Tx, row: SessionRow, type: string, extra: Record<string, unknown> = {}) {
  await recordEvent(tx, {
    tenantId: row.tenantId,
    workspaceId: row.workspaceId,
    type,
    aggregateType: 'idv.session',
    aggregateId: row.id,
    payload: eventPayload(row, extra),
  });
}

function actorRecord(principal: Principal) {
  return { kind: principal.kind, id: principal.actorId, ...(principal.actorName ? { name: principal.actorName } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The rules of the move inputs (limits of the interface; the REST adapter checks the wire shape)

const reasonRule = z.string().max(1000);
const noteRule = z.string().max(5000);
const assigneeRule = z.string().min(1).max(128);
const policyVersionRule = z.string().min(1).max(64);

// ---------------------------------------------------------------------------------------------
// Cancel

/** Cancels a session: idempotent on canceled, 409 idv_state_conflict while assessing or after the
 * flow ended (assessed, failed). Consumes the capture token and every invite; irreversible. */
export async function cancelSession(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  input: CancelVerificationSessionInput,
  requestId?: string,
): Promise<SessionRow> {
  const scope = requireManagement(principal);
  checkRule(reasonRule, input.reason, 'body.reason');
  return withLockedSession(deps, scope, id, async (row, tx) => {
    if (row.status === 'canceled') return row;
    if (row.status === 'assessing') throw new IdvError('idv_state_conflict', 'The session is being assessed and cannot be canceled now');
    if (!(CANCELABLE_FLOW as readonly string[]).includes(row.status))
      throw new IdvError('idv_state_conflict', `A session in status ${row.status} cannot be canceled`);
    const now = deps.now();
    const updated = await updateSession(tx, scope, id, {
      status: 'canceled',
      canceledAt: now,
      canceledBy: `${principal.kind}:${principal.actorId}`,
      cancelReason: input.reason ?? null,
      tokenConsumedAt: row.tokenConsumedAt ?? now,
    });
    await consumeInvites(tx, scope, id, now);
    await writeAudit(tx, {
      ...scope,
      ...actorOf(principal),
      profileId: row.profileId,
      action: 'idv.session.cancel',
      resourceType: 'idv.session',
      resourceId: id,
      outcome: 'succeeded',
      requestId,
      detail: { from_status: row.status },
    });
    return updated;
  });
}

// ---------------------------------------------------------------------------------------------
// Review

/** A human review decision: requires_review → escalation | accepted | rejected, escalation →
 * accepted | rejected. Terminal sessions: 409 idv_review_terminal; any other move: 409
 * idv_review_invalid_transition. Sets reviewed_at, appends to review_history and records
 * idv.session.reviewed (internal: profiles answers it with profile_status_updated). */
export async function reviewSession(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  input: ReviewVerificationSessionInput,
  requestId?: string,
): Promise<SessionRow> {
  const scope = requireManagement(principal);
  const target: ReviewStatus = input.status;
  checkRule(noteRule, input.note, 'body.note');
  // Four eyes (docs/audit.md): a dashboard user's decision of a covered workspace becomes a
  // proposal; the session stays as it is until a second reviewer approves it.
  const route = await fourEyesRoute(deps.db, principal, ['IDV_REVIEW_DECISION']);
  return withLockedSession(deps, scope, id, async (row, tx) => {
    checkReviewMove(row, target);
    if (route.action === 'propose') {
      await proposeDecision(
        tx,
        principal,
        {
          kind: route.kind,
          objectType: 'idv.session',
          objectId: id,
          profileId: row.profileId,
          decision: { status: target },
          note: input.note ?? null,
          fingerprint: sessionFingerprint(row),
        },
        deps.now(),
        requestId,
      );
      return row;
    }
    return applyReview(deps, tx, scope, row, principal, { status: target, note: input.note ?? '' }, requestId);
  });
}

/** What an IDV review proposal pins: the session's flow and review state and its assessment
 * results (the evidence the proposer decided on). Assignment is left out, so claiming the session to
 * approve it does not make the proposal stale. */
function sessionFingerprint(row: SessionRow): string {
  return fingerprintOf({ status: row.status, reviewStatus: row.reviewStatus, results: row.results, reviewedAt: row.reviewedAt });
}

function checkReviewMove(row: SessionRow, target: ReviewStatus): void {
  const current = row.reviewStatus as ReviewStatus;
  if (TERMINAL_REVIEW.includes(current)) throw new IdvError('idv_review_terminal', `The review is final (${current})`);
  if (!(REVIEW_MOVES[current] ?? []).includes(target)) {
    throw new IdvError('idv_review_invalid_transition', `A review decision ${target} is not admissible from ${current}`);
  }
}

async function applyReview(
  deps: IdvDeps,
  tx: Tx,
  scope: Scope,
  row: SessionRow,
  principal: Principal,
  decision: { status: ReviewStatus; note: string },
  requestId?: string,
  proposal?: { id: string; proposedBy: string },
): Promise<SessionRow> {
  const current = row.reviewStatus as ReviewStatus;
  const target = decision.status;
  const now = deps.now();
  const entry = { from: current, status: target, note: decision.note, actor: actorRecord(principal), at: now.toISOString() };
  const history = [...((row.reviewHistory as unknown[]) ?? []), entry];
  const updated = await updateSession(tx, scope, row.id, {
    reviewStatus: target,
    reviewedAt: now,
    reviewHistory: reviewHistoryColumn.write(history),
  });
  // Internal (never delivered to webhooks): the profiles domain owns profile.status and records
  // the one documented profile_status_updated for this decision. The outbox relay turns this
  // event into a profiles.idv-outcome job, whose handler moves the status (and records
  // profile_onboarding.completed when the decision completes the profile's run).
  await emit(tx, updated, REVIEWED_EVENT, {
    previous_review_status: current,
    reviewed_at: now.toISOString(),
  });
  // Last: the append holds the workspace's chain head until commit. The reviewer's note is free
  // text about the person: it goes in the personal part, erased with the profile.
  const note = decision.note.trim();
  await writeAudit(tx, {
    ...scope,
    ...actorOf(principal),
    profileId: row.profileId,
    action: 'idv.session.review',
    resourceType: 'idv.session',
    resourceId: row.id,
    outcome: 'succeeded',
    requestId,
    detail: {
      from: current,
      to: target,
      noted: Boolean(note),
      ...(proposal ? { four_eyes_proposal_id: proposal.id, proposed_by: proposal.proposedBy } : {}),
    },
    personal: note ? { note } : null,
  });
  return updated;
}

/**
 * A second reviewer approves an IDV review proposal: under the session's lock the proposal is
 * checked (decided, expired, self-approval, stale evidence) and the decision applied in the same
 * transaction, once. The history and the audit entry name the approver as the decider and the
 * proposal (with its proposer); the decision's note is the proposer's.
 */
export async function approveReviewProposal(deps: IdvDeps, principal: Principal, proposalId: string, note: string, requestId?: string) {
  const scope = requireManagement(principal);
  const now = deps.now();
  const proposal = await proposalForDecision(deps.db, principal, proposalId, now, ['IDV_REVIEW_DECISION'], requestId);
  const decision = proposalDecision.parse(proposal.decision);
  return withLockedSession(deps, scope, proposal.objectId, async (row, tx) => {
    await approveLockedProposal(tx, principal, proposalId, { note, currentFingerprint: sessionFingerprint(row), now, requestId });
    checkReviewMove(row, decision.status);
    return applyReview(deps, tx, scope, row, principal, { status: decision.status, note: proposal.note ?? '' }, requestId, proposal);
  });
}

const proposalDecision = z.object({ status: z.enum(['escalation', 'accepted', 'rejected']) });

// ---------------------------------------------------------------------------------------------
// Assignment (reviewer queue)

/** Sets or clears the reviewer a session is assigned to (a dashboard user of the workspace). A claim
 * (the review desk's "assign to me") refuses a session another reviewer holds. `reviewerOnly` (the
 * review desk's "assign to") refuses an assignee who may not decide reviews: not active, or whose
 * role in the workspace is below reviewer (idv_assignee_not_reviewer). */
export async function assignSession(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  request: AssignVerificationSessionInput,
  requestId?: string,
  options: { claim?: boolean; reviewerOnly?: boolean; field?: string } = {},
): Promise<SessionRow> {
  const scope = requireManagement(principal);
  const field = options.field ?? 'body.assignee';
  const input = { assignee: request.assignee ?? null };
  checkRule(assigneeRule, input.assignee, field);
  if (input.assignee !== null) {
    const user = await findWorkspaceDashboardUser(deps.db, scope, input.assignee);
    if (!user) throw new IdvError('schema_validation_failed', `${field}: no such dashboard user in this workspace`, { field });
    if (options.reviewerOnly) {
      // A stored role this version does not know counts as viewer, as at the gateway.
      const role = user.memberships[0]?.role;
      if (user.deactivatedAt || !isDashboardRole(role) || !roleAtLeast(role, 'reviewer'))
        throw new IdvError('idv_assignee_not_reviewer', `${field}: the user may not review sessions (role reviewer or admin needed)`, {
          field,
        });
    }
  }
  return withLockedSession(deps, scope, id, async (row, tx) => {
    if (TERMINAL_REVIEW.includes(row.reviewStatus as ReviewStatus))
      throw new IdvError('idv_review_terminal', `The review is final (${row.reviewStatus})`);
    if (row.status === 'canceled') throw new IdvError('idv_state_conflict', 'A canceled session cannot be assigned');
    if (options.claim && row.assignee !== null && row.assignee !== input.assignee)
      throw new IdvError('idv_state_conflict', 'Another reviewer holds this session; reassign it instead');
    if (row.assignee === input.assignee) return row;
    const updated = await updateSession(tx, scope, id, { assignee: input.assignee });
    await writeAudit(tx, {
      ...scope,
      ...actorOf(principal),
      profileId: row.profileId,
      action: 'idv.session.assign',
      resourceType: 'idv.session',
      resourceId: id,
      outcome: 'succeeded',
      requestId,
      detail: { from: row.assignee, to: input.assignee },
    });
    return updated;
  });
}

// ---------------------------------------------------------------------------------------------
// Capture plane and assessment (service layer; the capture endpoints and the assessment worker
// call these)

function checkFlowMove(row: SessionRow, move: keyof typeof FLOW_MOVES): FlowStatus {
  const rule = FLOW_MOVES[move];
  if (!rule.from.includes(row.status as FlowStatus))
    throw new IdvError('idv_state_conflict', `Cannot ${move.replace('_', ' ')} a session in status ${row.status}`);
  return rule.to;
}

/** All required steps are complete: collecting_artifacts → ready_for_assessment. */
export async function markReadyForAssessment(deps: IdvDeps, scope: Scope, id: string): Promise<SessionRow> {
  return withLockedSession(deps, scope, id, async (row, tx) => updateSession(tx, scope, id, { status: checkFlowMove(row, 'mark_ready') }));
}

/** The capture-plane consent (capture or invite credential of this session): the capture plane's
 * rules (capture/services/capture-service.ts) record who consented to which text before capture begins. */
export async function consentAsCustomer(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  input: RecordVerificationConsentInput,
): Promise<SessionRow> {
  requireCapture(principal, id);
  if (input.accepted !== true)
    throw new IdvError('schema_validation_failed', 'body.accepted: must be true (consent is given explicitly)', { field: 'body.accepted' });
  checkRule(policyVersionRule, input.policyVersion, 'body.policy_version');
  return recordCaptureConsent(deps, principal, id, { accepted: input.accepted, policyVersion: input.policyVersion ?? null });
}

/** The customer submits: flow → queued, review request_sent → pending, first submit sets
 * submitted_at (internal move; the capture plane's submit adds the completeness rules). */
export async function submitSession(deps: IdvDeps, scope: Scope, id: string): Promise<SessionRow> {
  return withLockedSession(deps, scope, id, async (row, tx) => {
    const to = checkFlowMove(row, 'submit');
    if (row.reviewStatus !== 'request_sent') throw new IdvError('idv_state_conflict', 'The session was already submitted');
    return updateSession(tx, scope, id, { status: to, reviewStatus: 'pending', submittedAt: row.submittedAt ?? deps.now() });
  });
}

/** The capture-plane submit: refused until consent and every required step are done. */
export async function submitAsCustomer(deps: IdvDeps, principal: Principal, id: string): Promise<SessionRow> {
  return submitCapture(deps, principal, id);
}

export async function startAssessment(deps: IdvDeps, scope: Scope, id: string): Promise<SessionRow> {
  return withLockedSession(deps, scope, id, async (row, tx) =>
    updateSession(tx, scope, id, { status: checkFlowMove(row, 'start_assessment'), assessmentAttempts: row.assessmentAttempts + 1 }),
  );
}

/** Decrypted assessment results, as GET /sessions/{id}/data returns them. */
export interface AssessmentResults {
  document?: { type: string; issuing_country?: string | null; issuing_subdivision?: string | null; confidence: number } | null;
  /** `source`: where the value was read (mrz, or the barcode of a driving licence); absent in results stored before barcodes were read (mrz). */
  ocr_fields?: { field: string; value: string; confidence: number; source?: 'mrz' | 'barcode' }[];
  questionnaire_answers?: { step_id: string; question_id: string; question: string; answer: unknown }[];
  mismatches?: { field: string; profile_value: string | null; document_value: string | null; detail?: string }[];
  /** Every check of the assessment with its reason code (assessment/checks.ts). */
  checks?: { check: string; outcome: 'pass' | 'fail' | 'info'; reason_code: string; category: string; score?: number }[];
}

export interface AssessmentOutcome {
  /** pass: clean automatic pass; review: the assessment will not auto-decide. */
  decision: 'pass' | 'review';
  flagCategories?: ('idv' | 'document' | 'questionnaire')[];
  results?: AssessmentResults;
}

/** Assessment finished: assessing → assessed; pending → automatic_pass (idv.session.approved) or
 * requires_review (idv.session.requires_review); idv.session.completed carries the outcome. */
export async function completeAssessment(deps: IdvDeps, scope: Scope, id: string, outcome: AssessmentOutcome): Promise<SessionRow> {
  return withLockedSession(deps, scope, id, async (row, tx) => {
    const to = checkFlowMove(row, 'complete_assessment');
    if (row.reviewStatus !== 'pending')
      throw new IdvError('idv_state_conflict', `Assessment cannot complete with review status ${row.reviewStatus}`);
    const reviewStatus: ReviewStatus = outcome.decision === 'pass' ? 'automatic_pass' : 'requires_review';
    const categories = outcome.decision === 'pass' ? [] : [...new Set(outcome.flagCategories ?? [])];
    const results = outcome.results ?? {};
    const updated = await updateSession(tx, scope, id, {
      status: to,
      reviewStatus,
      flagCategories: categories,
      // The failing checks' codes in the clear (codes only) so the review queue can filter by them.
      reasonCodes: [...new Set((results.checks ?? []).filter((check) => check.outcome === 'fail').map((check) => check.reason_code))],
      assessedAt: deps.now(),
      results: resultsColumn.write(seal(deps.keyProvider, results, sealContext(id, 'results'))),
    });
    await emit(tx, updated, 'idv.session.completed', { outcome: reviewStatus });
    await emit(tx, updated, reviewStatus === 'automatic_pass' ? 'idv.session.approved' : 'idv.session.requires_review');
    return updated;
  });
}

/** The assessment could not complete: queued/assessing → failed (idv.session.failed). */
export async function failAssessment(deps: IdvDeps, scope: Scope, id: string, reason: string): Promise<SessionRow> {
  return withLockedSession(deps, scope, id, async (row, tx) => {
    const updated = await updateSession(tx, scope, id, { status: checkFlowMove(row, 'fail_assessment'), failureReason: reason });
    await emit(tx, updated, 'idv.session.failed', { reason });
    return updated;
  });
}

// ---------------------------------------------------------------------------------------------
// Capture-plane status

export async function getCaptureStatus(deps: Pick<IdvDeps, 'db'>, principal: Principal, id: string): Promise<SessionRow> {
  const scope = requireCapture(principal, id);
  const row = await findSession(deps.db, scope, id);
  if (!row) throw sessionNotFound();
  return row;
}
