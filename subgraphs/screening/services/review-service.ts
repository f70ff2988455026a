// Review of a stored match: unresolved ⇄ true_positive ⇄ false_positive, by whom and when, with an
// append-only history. A false_positive on a search made for a profile clears the listed entity
// for that profile (clearance-service.ts).
import { Db, type Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { auditActorOf, auditRow } from '../../../platform/audit/audit-trail';
import { z } from 'zod';
import { findMatchWithProfile, LockedMatchState, lockMatchState, MatchWithProfile, recordReview, ReviewStatus } from '../data/review-store';
import { approveLockedProposal, fingerprintOf, fourEyesRoute, proposeDecision, ProposalRow } from '../../../platform/four-eyes/four-eyes';
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
  // Four eyes (docs/audit.md): every review is a MATCH_REVIEW; a false positive of a profile's
  // match also clears the listed entity for that profile's later searches (MATCH_CLEARANCE).
  const clears = status === 'false_positive' && match.profileId !== null;
  const route = await fourEyesRoute(db, principal, clears ? ['MATCH_CLEARANCE', 'MATCH_REVIEW'] : ['MATCH_REVIEW']);
  if (route.action === 'propose') {
    await db.$transaction(async (tx) => {
      const locked = await lockMatchState(tx, scope, match.id);
      if (!locked) throw new ScreeningError('match_not_found', 'Match not found');
      await proposeDecision(
        tx,
        principal,
        {
          kind: route.kind,
          objectType: 'screening.match',
          objectId: match.id,
          profileId: match.profileId,
          decision: { review_status: status },
          note,
          fingerprint: matchFingerprint(locked),
        },
        new Date(),
      );
    });
    return match.id;
  }
  await applyReview(db, principal, match, status, note);
  return match.id;
}

/** What a match review proposal pins: the match's review state (every review moves reviewedAt). */
function matchFingerprint(state: LockedMatchState): string {
  return fingerprintOf({ reviewStatus: state.reviewStatus, reviewedAt: state.reviewedAt });
}

async function applyReview(
  db: Db,
  principal: Principal,
  match: MatchWithProfile,
  status: ReviewStatus,
  note: string | null,
  approval?: { proposalId: string; proposedBy: string; note: string },
): Promise<void> {
  const scope: Scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const at = new Date();
  const reviewId = newObjectId();
  await recordReview(
    db,
    scope,
    {
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
        detail: {
          review_id: reviewId,
          search_id: match.requestId,
          entity_id: match.entityRef,
          from: match.reviewStatus,
          to: status,
          ...(approval ? { four_eyes_proposal_id: approval.proposalId, proposed_by: approval.proposedBy } : {}),
        },
        personal: note ? { note } : null,
        at,
      }),
    },
    approval
      ? (tx, locked) =>
          approveLockedProposal(tx, principal, approval.proposalId, {
            note: approval.note,
            currentFingerprint: matchFingerprint(locked),
            now: at,
          }).then(() => undefined)
      : undefined,
  );
}

/**
 * A second reviewer approves a match review proposal (MATCH_REVIEW or MATCH_CLEARANCE): under the
 * match's lock the proposal is checked (decided, expired, self-approval, a match reviewed since)
 * and the review recorded in the same transaction, once, as the approver's, with the proposer's note.
 */
export async function approveMatchProposal(db: Db, principal: Principal, proposal: ProposalRow, note: string): Promise<void> {
  const scope: Scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const match = await findMatchWithProfile(db, scope, proposal.objectId);
  if (!match) throw new ScreeningError('match_not_found', 'Match not found');
  const decision = z.object({ review_status: z.enum(['unresolved', 'true_positive', 'false_positive']) }).parse(proposal.decision);
  await applyReview(db, principal, match, decision.review_status, proposal.note, {
    proposalId: proposal.id,
    proposedBy: proposal.proposedBy,
    note,
  });
}
