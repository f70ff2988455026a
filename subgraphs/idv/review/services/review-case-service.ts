// The review desk (docs/idv.md "Review desk"): the case view of one session, the artifact file read
// for the console's file route, claiming a session and a decision with a required note. The case
// and artifact reads open sealed personal data, so like GET /sessions/{id}/data every one of them is
// audited before anything is returned and fails closed when the audit write fails; an absent or
// out-of-scope session reads as null (audited as denied).
import { z } from 'zod';
import { Principal } from '../../../../platform/principal/principal';
import type { Scope } from '../../../../platform/db/prisma';
import { readSession, SessionRow } from '../../data/session-store';
import { artifactsColumn, artifactStorageColumn } from '../../data/json-columns';
import { IdvError } from '../../errors';
import { FACE_MATCH_THRESHOLD } from '../../assessment/face-match';
import { FRAME_CONSISTENCY_THRESHOLD } from '../../assessment/checks';
import { explainReason } from '../../assessment/reason-codes';
import { AuditEntry } from '../../services/audit';
import { IdvDeps } from '../../services/deps';
import { AssessmentResults, assignSession, reviewSession } from '../../services/lifecycle-service';
import { requireManagement } from '../../services/principals';
import { openSealed } from '../../services/session-service';
import type { AssignVerificationSessionToReviewerInput, DecideVerificationSessionInput } from '../../resolvers/resolver-types.generated';
import { findAssignmentEntries } from '../data/review-audit-store';
import { compareWithProfile, FieldComparison } from './compare';

type Check = NonNullable<AssessmentResults['checks']>[number];

export interface ScoredCheck {
  outcome: Check['outcome'];
  reasonCode: string;
  explanation: string;
  score: number | null;
  threshold: number;
}

export interface Reason {
  code: string;
  check: string;
  outcome: Check['outcome'];
  category: string;
  explanation: string;
}

export interface SessionEvent {
  kind: 'created' | 'consent_recorded' | 'submitted' | 'assessed' | 'assessment_failed' | 'assigned' | 'review_decision' | 'canceled';
  at: string;
  actor: { kind: string; id: string; name: string | null } | null;
  fromReviewStatus: string | null;
  toReviewStatus: string | null;
  note: string | null;
  assignee: string | null;
}

export interface ReviewArtifact {
  artifactId: string;
  kind: string;
  stepId: string;
  frame: number;
  contentType: string;
  capturedAt: string;
  filePath: string;
}

/** The case as the resolvers hand it to GraphQL (the session stays a row: its view is the resolver's). */
export interface ReviewCase {
  row: SessionRow;
  resultsAvailable: boolean;
  assessedAt: string | null;
  results: AssessmentResults | null;
  documentFields: { field: string; value: string; confidence: number; source: 'mrz' | 'barcode' }[];
  comparisons: FieldComparison[];
  faceMatch: ScoredCheck | null;
  liveness: ScoredCheck | null;
  reasons: Reason[];
  history: SessionEvent[];
  artifacts: ReviewArtifact[];
}

export interface ArtifactFile {
  artifactId: string;
  sessionId: string;
  kind: string;
  contentType: string;
  byteSize: number;
  blobKey: string;
}

/** The console's same-origin path of an artifact's file (rest-adapter/console-files). */
export function artifactFilePath(sessionId: string, artifactId: string): string {
  return `/console/files/idv/sessions/${encodeURIComponent(sessionId)}/artifacts/${encodeURIComponent(artifactId)}`;
}

type Audit = (outcome: AuditEntry['outcome'], detail: Record<string, unknown>) => Promise<void>;

function auditor(deps: IdvDeps, principal: Principal, scope: Scope, action: string, resourceId: string, requestId?: string): Audit {
  return async (outcome, detail) => {
    try {
      await deps.audit({
        ...scope,
        actorKind: principal.kind,
        actorId: principal.actorId,
        action,
        resourceType: 'idv.session',
        resourceId,
        outcome,
        requestId,
        detail,
      });
    } catch {
      throw new IdvError('service_unavailable', 'The audit log is unavailable; no data was returned');
    }
  };
}

/** The session row in scope, audited; null (audited as denied) when absent or out of scope. */
async function auditedRow(deps: IdvDeps, principal: Principal, id: string, audit: Audit): Promise<SessionRow | null> {
  if (principal.kind !== 'application' && principal.kind !== 'dashboard_user') {
    await audit('denied', { reason: 'credential_not_accepted' });
    throw new IdvError('unauthorized', 'This credential is not accepted here');
  }
  const row = await readSession(deps.db, { tenantId: principal.tenantId, workspaceId: principal.workspaceId }, id);
  if (!row) {
    await audit('denied', { reason: 'not_found' });
    return null;
  }
  return row;
}

function scoredCheck(check: Check | undefined, threshold: number): ScoredCheck | null {
  if (!check) return null;
  return {
    outcome: check.outcome,
    reasonCode: check.reason_code,
    explanation: explainReason(check.reason_code),
    score: check.score ?? null,
    threshold,
  };
}

const OUTCOME_ORDER: Record<Check['outcome'], number> = { fail: 0, info: 1, pass: 2 };

function historyOf(row: SessionRow, assignments: Awaited<ReturnType<typeof findAssignmentEntries>>): SessionEvent[] {
  const event = (kind: SessionEvent['kind'], at: Date | string, extra: Partial<SessionEvent> = {}): SessionEvent => ({
    kind,
    at: typeof at === 'string' ? at : at.toISOString(),
    actor: null,
    fromReviewStatus: null,
    toReviewStatus: null,
    note: null,
    assignee: null,
    ...extra,
  });
  const events: SessionEvent[] = [
    event('created', row.createdAt, { actor: { kind: row.creatorKind, id: row.creatorId, name: null }, toReviewStatus: 'request_sent' }),
  ];
  const consent = row.consentEvidence as { recorded_at?: string } | null;
  if (consent?.recorded_at) events.push(event('consent_recorded', consent.recorded_at));
  if (row.submittedAt) events.push(event('submitted', row.submittedAt, { fromReviewStatus: 'request_sent', toReviewStatus: 'pending' }));
  if (row.assessedAt) {
    // The assessment's own outcome: the first review entry (if any) starts from it.
    const history = (row.reviewHistory as { from?: string }[] | null) ?? [];
    const outcome = history[0]?.from ?? row.reviewStatus;
    events.push(event('assessed', row.assessedAt, { fromReviewStatus: 'pending', toReviewStatus: outcome }));
  }
  if (row.status === 'failed') events.push(event('assessment_failed', row.updatedAt, { note: row.failureReason }));
  for (const entry of assignments) {
    const detail = entry.detail as { to?: string | null } | null;
    events.push(
      event('assigned', entry.createdAt, { actor: { kind: entry.actorKind, id: entry.actorId, name: null }, assignee: detail?.to ?? null }),
    );
  }
  for (const entry of (row.reviewHistory as
    { from: string; status: string; note: string; actor: { kind: string; id: string; name?: string }; at: string }[] | null) ?? []) {
    events.push(
      event('review_decision', entry.at, {
        actor: { kind: entry.actor.kind, id: entry.actor.id, name: entry.actor.name ?? null },
        fromReviewStatus: entry.from,
        toReviewStatus: entry.status,
        note: entry.note,
      }),
    );
  }
  if (row.canceledAt) {
    const [kind, ...id] = (row.canceledBy ?? '').split(':');
    events.push(event('canceled', row.canceledAt, { actor: kind ? { kind, id: id.join(':'), name: null } : null, note: row.cancelReason }));
  }
  // Stable: events of the same instant keep the order above (the life cycle's order).
  return events
    .map((e, index) => ({ e, index }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.index - b.index)
    .map(({ e }) => e);
}

export async function readReviewCase(deps: IdvDeps, principal: Principal, id: string, requestId?: string): Promise<ReviewCase | null> {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const audit = auditor(deps, principal, scope, 'idv.session.review_case.read', id, requestId);
  const row = await auditedRow(deps, principal, id, audit);
  if (!row) return null;
  await audit('allowed', { review_status: row.reviewStatus });

  const results = openSealed<AssessmentResults>(deps, row, 'results');
  const documentFields = (results?.ocr_fields ?? []).map((f) => ({ ...f, source: f.source ?? ('mrz' as const) }));
  const profile = documentFields.length ? await deps.profileFacts(scope, row.profileId, requestId) : null;
  const checks = results?.checks ?? [];
  const assignments = await findAssignmentEntries(deps.db, scope, row.id);
  return {
    row,
    resultsAvailable: results !== null,
    assessedAt: row.assessedAt?.toISOString() ?? null,
    results,
    documentFields,
    comparisons: compareWithProfile(documentFields, { name: profile?.name ?? null, dateOfBirth: profile?.dateOfBirth ?? null }),
    faceMatch: scoredCheck(
      checks.find((c) => c.check === 'face_match'),
      FACE_MATCH_THRESHOLD,
    ),
    liveness: scoredCheck(
      checks.find((c) => c.check === 'liveness'),
      FRAME_CONSISTENCY_THRESHOLD,
    ),
    reasons: checks
      .map((c) => ({
        code: c.reason_code,
        check: c.check,
        outcome: c.outcome,
        category: c.category,
        explanation: explainReason(c.reason_code),
      }))
      .sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome]),
    history: historyOf(row, assignments),
    artifacts: (artifactsColumn.read(row.artifacts) ?? []).map((a) => ({
      artifactId: a.artifact_id,
      kind: a.kind,
      stepId: a.step_id,
      frame: a.frame ?? 0,
      contentType: a.content_type,
      capturedAt: a.captured_at,
      filePath: artifactFilePath(row.id, a.artifact_id),
    })),
  };
}

/** One artifact's file metadata and where its sealed bytes are (the REST adapter opens them);
 * audited; null when the session or the artifact is absent or out of scope. */
export async function readArtifactFile(
  deps: IdvDeps,
  principal: Principal,
  sessionId: string,
  artifactId: string,
  requestId?: string,
): Promise<ArtifactFile | null> {
  const scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const audit = auditor(deps, principal, scope, 'idv.session.artifact.read', sessionId, requestId);
  const row = await auditedRow(deps, principal, sessionId, audit);
  if (!row) return null;
  const record = (artifactsColumn.read(row.artifacts) ?? []).find((a) => a.artifact_id === artifactId);
  const storage = (artifactStorageColumn.read(row.artifactStorage) ?? []).find((s) => s.artifact_id === artifactId);
  if (!record || !storage) {
    await audit('denied', { reason: 'artifact_not_found', artifact_id: artifactId });
    return null;
  }
  await audit('allowed', { artifact_id: artifactId, kind: record.kind });
  return {
    artifactId,
    sessionId: row.id,
    kind: record.kind,
    contentType: storage.content_type,
    byteSize: storage.byte_size,
    blobKey: storage.blob_key,
  };
}

/** Review desk moves are for dashboard users (an application has no desk). The reviewer role they
 * need is enforced with every other mutation's in platform/principal/role-policy.ts. */
function requireReviewer(principal: Principal, what: string): void {
  if (principal.kind !== 'dashboard_user') throw new IdvError('forbidden', `Only a signed-in dashboard user can ${what}`);
}

/** Claim: the session is assigned to the caller; a session another reviewer holds is a conflict. */
export async function claimSession(deps: IdvDeps, principal: Principal, id: string, requestId?: string): Promise<SessionRow> {
  requireManagement(principal);
  requireReviewer(principal, 'claim a session');
  // Under the row lock: terminal and canceled sessions refuse, another reviewer's session is a
  // conflict (two reviewers claiming at once: the second sees the first's claim).
  return assignSession(deps, principal, id, { assignee: principal.actorId }, requestId, { claim: true });
}

/** The review desk's "assign to": the session goes to another reviewer of the workspace (a user
 * whose role may decide reviews), replacing any current assignment. */
export async function assignToReviewer(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  input: AssignVerificationSessionToReviewerInput,
  requestId?: string,
): Promise<SessionRow> {
  requireManagement(principal);
  requireReviewer(principal, 'assign a session to a reviewer');
  return assignSession(deps, principal, id, { assignee: input.reviewerId }, requestId, { reviewerOnly: true, field: 'reviewerId' });
}

const requiredNote = z
  .string()
  .max(5000)
  .refine((note) => note.trim().length > 0, 'is required (not only blanks)');

/** The console's decision: reviewSession's moves with a required note. */
export async function decideSession(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  input: DecideVerificationSessionInput,
  requestId?: string,
): Promise<SessionRow> {
  requireManagement(principal);
  if (principal.kind === 'dashboard_user') requireReviewer(principal, 'decide a review');
  const note = requiredNote.safeParse(input.note);
  if (!note.success)
    throw new IdvError('schema_validation_failed', `input.note: ${note.error.issues[0]?.message ?? 'invalid'}`, { field: 'input.note' });
  return reviewSession(deps, principal, id, { status: input.status, note: input.note }, requestId);
}
