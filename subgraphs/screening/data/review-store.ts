// Match review: the current status on the match row, the append-only history of changes, and the
// clearances (profile + listed entity) that false_positive reviews leave behind.
import { Db, type DbClient, type DbTx, type Scope } from '../../../platform/db/prisma';
import { auditAppendCtes, auditAppendParams, AuditRowInput } from '../../../platform/audit/data/audit-store';
import { recordProfileScreeningSettled } from './profile-settled-event';

export type ReviewStatus = 'unresolved' | 'true_positive' | 'false_positive';

export interface ClearanceRow {
  profileId: string;
  entityRef: string;
  entityHash: string;
  matchId: string;
  clearedBy: string;
  clearedAt: Date;
}

export async function clearancesFor(
  db: Db,
  scope: Scope,
  pairs: { profileId: string; entityRef: string }[],
): Promise<Map<string, ClearanceRow>> {
  const rows = await db.matchClearance.findMany({
    where: { ...scope, OR: pairs.map((pair) => ({ profileId: pair.profileId, entityRef: pair.entityRef })) },
  });
  return new Map(rows.map((row) => [`${row.profileId}|${row.entityRef}`, row]));
}

export interface MatchWithProfile {
  id: string;
  searchResultId: string;
  requestId: string;
  entityRef: string;
  reviewStatus: string;
  payload: unknown;
  profileId: string | null;
}

/** The match in scope and the profile its search was for (sync: the request; batch: the entity). */
export async function findMatchWithProfile(db: Db, scope: Scope, matchId: string): Promise<MatchWithProfile | undefined> {
  const rows = await db.$queryRawUnsafe<MatchWithProfile[]>(
    `SELECT m.id, m.search_result_id AS "searchResultId", m.request_id AS "requestId", m.entity_ref AS "entityRef", m.review_status AS "reviewStatus", m.payload,
            coalesce(q.profile_id, b.input->>'profile_id') AS "profileId"
       FROM screening.search_matches m
       JOIN screening.search_requests q ON q.id = m.request_id
       JOIN screening.search_results r ON r.id = m.search_result_id
       LEFT JOIN screening.batch_entities b ON b.job_id = q.job_id AND b.entity_index = r.entity_index
      WHERE m.id = $1 AND m.tenant_id = $2 AND m.workspace_id = $3`,
    matchId,
    scope.tenantId,
    scope.workspaceId,
  );
  return rows[0];
}

export interface ReviewChange {
  id: string;
  match: MatchWithProfile;
  toStatus: ReviewStatus;
  actor: { kind: string; id: string; name: string | null };
  note: string | null;
  at: Date;
  /** Set when the change clears the listed entity for the profile. */
  clearance?: { entityHash: string };
  /** The decision's audit entry, appended last in the same transaction. */
  audit?: AuditRowInput;
}

const INSERT_REVIEW_COLUMNS = `INSERT INTO screening.match_reviews (id, match_id, tenant_id, workspace_id, from_status, to_status, actor_kind, actor_id, actor_name, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamp)`;
const INSERT_REVIEW_PARAMS = 11;
const INSERT_REVIEW = INSERT_REVIEW_COLUMNS;
/** The history row and the decision's audit entry in ONE statement: the entry costs no round trip of
 * its own (the audit CTEs take the chain head's lock; the statement is the transaction's last write). */
const INSERT_AUDITED_REVIEW = `WITH ${auditAppendCtes(INSERT_REVIEW_PARAMS)} ${INSERT_REVIEW_COLUMNS}`;

/** The review state of a match read under its row lock (four eyes pins and compares it). */
export interface LockedMatchState {
  reviewStatus: string;
  reviewedAt: Date | null;
}

export async function lockMatchState(tx: DbClient, scope: Scope, matchId: string): Promise<LockedMatchState | undefined> {
  const rows = await tx.$queryRaw<LockedMatchState[]>`
    SELECT review_status AS "reviewStatus", reviewed_at AS "reviewedAt" FROM screening.search_matches
     WHERE id = ${matchId} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId}
       FOR UPDATE`;
  return rows[0];
}

/** Status, (clearance,) then history row with its audit entry, in one transaction. `first` runs at its start with the
 * match's locked state (a four-eyes approval checks its proposal there); what it throws rolls the
 * review back. */
export async function recordReview(
  db: Db,
  scope: Scope,
  change: ReviewChange,
  first?: (tx: DbTx, locked: LockedMatchState) => Promise<void>,
): Promise<void> {
  const { match } = change;
  await db.$transaction(async (tx) => {
    if (first) {
      const locked = await lockMatchState(tx, scope, match.id);
      if (!locked) throw new Error(`match ${match.id} vanished`);
      await first(tx, locked);
    }
    await tx.searchMatch.update({
      where: { id: match.id },
      data: { reviewStatus: change.toStatus, reviewedBy: change.actor.id, reviewedByName: change.actor.name, reviewedAt: change.at },
    });
    if (match.profileId) await profileConsequences(tx, scope, change, match.profileId);
    // Last: the audit append holds the workspace's chain head until commit.
    await tx.$executeRawUnsafe(
      change.audit ? INSERT_AUDITED_REVIEW : INSERT_REVIEW,
      change.id,
      match.id,
      scope.tenantId,
      scope.workspaceId,
      match.reviewStatus,
      change.toStatus,
      change.actor.kind,
      change.actor.id,
      change.actor.name,
      change.note,
      change.at.toISOString().replace('T', ' ').replace('Z', ''),
      ...(change.audit ? auditAppendParams(change.audit) : []),
    );
  });
}

/** A review of a profile's match: the profile's screening outcome and its clearance follow. */
async function profileConsequences(
  tx: Parameters<Parameters<Db['$transaction']>[0]>[0],
  scope: Scope,
  change: ReviewChange,
  profileId: string,
) {
  const { match } = change;
  await recordSettledAfterReview(tx, scope, match, profileId);
  const key = { tenantId_workspaceId_profileId_entityRef: { ...scope, profileId, entityRef: match.entityRef } };
  if (change.clearance) {
    const data = {
      entityHash: change.clearance.entityHash,
      matchId: match.id,
      clearedBy: change.actor.name ?? change.actor.id,
      clearedAt: change.at,
    };
    await tx.matchClearance.upsert({
      where: key,
      create: { ...scope, profileId, entityRef: match.entityRef, ...data },
      update: data,
    });
  } else {
    // A match moved off false_positive withdraws the clearance it gave (not one another match gave).
    await tx.matchClearance.deleteMany({
      where: { ...scope, profileId, entityRef: match.entityRef, matchId: match.id },
    });
  }
}

export async function reviewHistory(db: Db, scope: Scope, matchIds: readonly string[]) {
  return db.matchReview.findMany({ where: { ...scope, matchId: { in: [...matchIds] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export type MatchReviewRow = Awaited<ReturnType<typeof reviewHistory>>[number];

/**
 * A review of a match of a profile's search changes that screening's outcome: the event (never
 * delivered to webhooks) carries the search's counts after the review, and the outbox relay turns
 * it into a profiles.screening-outcome job (subgraphs/screening/jobs/profile-outcome-route.ts).
 * `searched_at` orders outcomes: reviews of an older search than the profile's latest do not count.
 */
async function recordSettledAfterReview(
  tx: Parameters<Parameters<Db['$transaction']>[0]>[0],
  scope: Scope,
  match: MatchWithProfile,
  profileId: string,
): Promise<void> {
  const counts = await tx.searchMatch.groupBy({
    by: ['reviewStatus'],
    where: { ...scope, searchResultId: match.searchResultId },
    _count: { _all: true },
  });
  const count = (status: ReviewStatus) => counts.find((row) => row.reviewStatus === status)?._count._all ?? 0;
  const request = await tx.searchRequest.findFirst({ where: { ...scope, id: match.requestId }, select: { createdAt: true, jobId: true } });
  // A sync search is known by its request id (POST /v1/search-sync answers it); a batch row by its result id.
  const searchId = request && !request.jobId ? match.requestId : match.searchResultId;
  await recordProfileScreeningSettled(tx, scope, {
    profileId,
    searchId,
    requestId: match.requestId,
    unresolvedMatches: count('unresolved'),
    truePositiveMatches: count('true_positive'),
    searchedAt: request?.createdAt ?? new Date(),
  });
}
