// GDPR erasure of a profile's personal data. Two steps, in this order:
//   1. the claim (erasure_claimed_at) is committed on its own, so from that moment no new IDV
//      session can start for the profile (IDV reads Profile.erasureClaimed) and every later write
//      to the profile answers 409 profile_erased;
//   2. the erasure itself, in one transaction: name → placeholder, email removed, every custom
//      field value deleted, comment texts redacted, the personal part of its audit entries removed
//      (the entries and their hash chain stay), erased_at set, audit entries written.
// Both steps record an outbox event (profile.erasure_claimed, profile.erased; ids and times only)
// in their transaction, so other domains can erase what they hold about the profile.
// The id, kind, status, group assignments and timestamps stay. Repeating the request is safe: it
// finishes an interrupted erasure or returns the completed one.
import { recordEvent } from '../../../platform/events/outbox';
import { Principal } from '../../../platform/principal/principal';
import { redactComments } from '../data/comment-store';
import { claimErasure, erasePersonalFields } from '../data/erasure-store';
import { appendAudit, auditActorOf, eraseAuditPersonalData } from '../../../platform/audit/audit-trail';
import { deleteAllValues, findProfile, lockProfile } from '../data/profile-store';
import type { Scope } from '../../../platform/db/prisma';
import { isStorableText } from '../data/scope';
import { ProfilesError } from '../errors';
import { ProfilesDeps } from './deps';
import { ProfileRecord } from './profile-service';

export const ERASED_NAME = '[erased]';
export const ERASED_COMMENT_TEXT = '[erased]';

export interface ErasureResult {
  profile: ProfileRecord;
  status: 'completed';
  claimedAt: Date;
  erasedAt: Date;
}

export async function requestErasure(
  deps: ProfilesDeps,
  scope: Scope,
  principal: Principal,
  profileId: string,
  input: { reason?: string | null; requestId?: string },
): Promise<ErasureResult> {
  if (
    input.reason !== undefined &&
    input.reason !== null &&
    (typeof input.reason !== 'string' || input.reason.length > 1000 || !isStorableText(input.reason))
  ) {
    throw new ProfilesError('profile_validation_failed', 'reason: must be a string of at most 1000 characters', { field: 'reason' });
  }
  const profile = await findProfile(deps.db, scope, profileId);
  if (!profile) throw new ProfilesError('profile_not_found', 'Profile not found');
  const actor = {
    ...scope,
    ...auditActorOf(principal),
    requestId: input.requestId,
    resourceType: 'profile',
    resourceId: profileId,
    profileId,
  };
  if (!profile.erasureClaimedAt) {
    const claimedAt = new Date();
    await deps.db.$transaction(async (tx) => {
      if (await claimErasure(tx, scope, profileId, claimedAt)) {
        // The reason is free text (it may name the person): it goes in the personal part, which the
        // erasure below removes again.
        await appendAudit(tx, {
          ...actor,
          action: 'profile.erasure.claimed',
          outcome: 'allowed',
          detail: { reason_given: Boolean(input.reason) },
          personal: input.reason ? { reason: input.reason } : null,
        });
        await recordEvent(tx, {
          ...scope,
          type: 'profile.erasure_claimed',
          aggregateType: 'profile',
          aggregateId: profileId,
          payload: { profileId, claimedAt: claimedAt.toISOString() },
        });
      }
    });
  }
  await deps.db.$transaction(async (tx) => {
    const locked = await lockProfile(tx, scope, profileId);
    if (!locked || locked.erasedAt) return;
    const at = new Date();
    await deleteAllValues(tx, scope, profileId);
    await redactComments(tx, scope, profileId, ERASED_COMMENT_TEXT, at);
    await erasePersonalFields(tx, scope, profileId, ERASED_NAME, at);
    const auditParts = await eraseAuditPersonalData(tx, scope, profileId);
    await appendAudit(tx, {
      ...actor,
      action: 'profile.erasure.completed',
      outcome: 'allowed',
      detail: { erased: ['name', 'email', 'profileCustomFields', 'comments.text', 'audit.personal'], audit_entries_redacted: auditParts },
    });
    await recordEvent(tx, {
      ...scope,
      type: 'profile.erased',
      aggregateType: 'profile',
      aggregateId: profileId,
      payload: { profileId, erasedAt: at.toISOString() },
    });
  });
  const final = (await findProfile(deps.db, scope, profileId))!;
  return { profile: final, status: 'completed', claimedAt: final.erasureClaimedAt!, erasedAt: final.erasedAt! };
}
