// A profile as evidence for an evidence pack (platform/audit/evidence): its kind, status, status
// changes (with what caused each: a search, a session, a review) and erasure state. No personal
// data: neither the name nor the email nor custom field values are part of a pack.
import type { DescribedObject, EvidenceSource } from '../../../platform/audit/evidence/build-pack';
import type { Db, Scope } from '../../../platform/db/prisma';
import { findProfile } from '../data/profile-store';
import { findStatusChanges } from '../data/status-store';

async function describe(db: Db, scope: Scope, id: string): Promise<DescribedObject | null> {
  const profile = await findProfile(db, scope, id);
  if (!profile) return null;
  const changes = await findStatusChanges(db, scope, [profile.id]);
  return {
    listVersions: [],
    erased: profile.erasedAt !== null,
    object: {
      kind: 'profile',
      id: profile.id,
      auditType: 'profile',
      profileId: profile.id,
      identity: {
        kind: profile.kind,
        status: profile.status,
        createdAt: profile.createdAt.toISOString(),
        erasureClaimedAt: profile.erasureClaimedAt?.toISOString() ?? null,
        erasedAt: profile.erasedAt?.toISOString() ?? null,
      },
      decisions: changes.map((change) => {
        const payload = (change.payload ?? {}) as { previous_status?: string; new_status?: string; origin?: string };
        return {
          kind: `status_change:${payload.origin ?? 'other'}`,
          on: profile.id,
          from: payload.previous_status ?? null,
          to: payload.new_status ?? '',
          by: null,
          at: change.createdAt.toISOString(),
        };
      }),
      evidence: {
        statusCauses: changes.map((change) => {
          const payload = (change.payload ?? {}) as { search_id?: string; session_id?: string; review_status?: string };
          return {
            searchId: payload.search_id ?? null,
            sessionId: payload.session_id ?? null,
            reviewStatus: payload.review_status ?? null,
          };
        }),
      },
      partIds: [],
    },
  };
}

export function profileEvidenceSource(db: Db): EvidenceSource {
  return { describe: (scope, id) => describe(db, scope, id), idsForProfile: async () => [] };
}
