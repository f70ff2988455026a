// Review of a stored match: unresolved ⇄ true_positive ⇄ false_positive, by whom and when, with an
// append-only history. A false_positive on a search made for a profile clears the listed entity
// for that profile (clearance-service.ts).
import { Db, type Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { auditActorOf, auditRow } from '../../../platform/audit/audit-trail';
import { findMatchWithProfile, recordReview, ReviewStatus } from '../data/review-store';
import { ScreeningError } from '../errors';
import { listedEntityHash } from './clearance-service';
import { newObjectId } from './object-id';
import { StoredMatch } from './search-model';

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['unresolved', 'true_positive', 'false_positive'];
export const REVIEW_NOTE_MAX = 4000;

export interface ReviewInput {
  reviewStatus: string;
  note?: string | null;
}

export async function reviewMatch(db: Db, principal: Principal, matchId: string, input: ReviewInput): Promise<string> {
  const status = input.reviewStatus as ReviewStatus;
  if (!REVIEW_STATUSES.includes(status)) {
    throw new ScreeningError('schema_validation_failed', `review_status: must be one of ${REVIEW_STATUSES.join(', ')}`, {
      field: 'review_status',
    });
  }
  const note = input.note?.trim() || null;
  if (note && note.length > REVIEW_NOTE_MAX)
    throw new ScreeningError('schema_validation_failed', `note: must be at most ${REVIEW_NOTE_MAX} characters`, { field: 'note' });
  const scope: Scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const match = /^[0-9a-f]{24}$/.test(matchId) ? await findMatchWithProfile(db, scope, matchId) : undefined;
  if (!match) throw new ScreeningError('match_not_found', 'Match not found');
  const at = new Date();
  const reviewId = newObjectId();
  await recordReview(db, scope, {
    id: reviewId,
    match,
    toStatus: status,
    actor: { kind: principal.kind, id: principal.actorId, name: principal.actorName ?? null },
    note,
    at,
    clearance: status === 'false_positive' ? { entityHash: listedEntityHash(match.payload as StoredMatch) } : undefined,
    // The note is free text (it may name the person screened): kept in the personal part.
    audit: auditRow({
      ...scope,
      ...auditActorOf(principal),
      action: 'screening.match.review',
      resourceType: 'screening.match',
      resourceId: match.id,
      profileId: match.profileId,
      outcome: 'succeeded',
      detail: { review_id: reviewId, search_id: match.requestId, entity_id: match.entityRef, from: match.reviewStatus, to: status },
      personal: note ? { note } : null,
      at,
    }),
  });
  return match.id;
}
