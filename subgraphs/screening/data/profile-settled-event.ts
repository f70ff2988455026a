// The one event through which a screening tied to a profile reaches the profiles domain: the outbox
// relay turns `screening.profile_screening_settled` into a profiles.screening-outcome job
// (subgraphs/screening/jobs/profile-outcome-route.ts). Recorded by a sync search made with a
// profile_id (in the search's own transaction) and by every review of one of its matches.
import { NewEvent, recordEvent } from '../../../platform/events/outbox';

export const PROFILE_SCREENING_SETTLED = 'screening.profile_screening_settled';

export interface ProfileScreeningSettled {
  profileId: string;
  /** The id the caller knows the search by (a sync request id, or a batch result id). */
  searchId: string;
  /** The request the matches belong to (the event's aggregate). */
  requestId: string;
  unresolvedMatches: number;
  truePositiveMatches: number;
  /** When the search ran: outcomes of an older search than the profile's latest do not count. */
  searchedAt: Date;
}

export async function recordProfileScreeningSettled(
  tx: Parameters<typeof recordEvent>[0],
  scope: Pick<NewEvent, 'tenantId' | 'workspaceId'>,
  settled: ProfileScreeningSettled,
): Promise<void> {
  await recordEvent(tx, {
    ...scope,
    type: PROFILE_SCREENING_SETTLED,
    aggregateType: 'screening.search',
    aggregateId: settled.requestId,
    payload: {
      profile_id: settled.profileId,
      search_id: settled.searchId,
      unresolved_matches: settled.unresolvedMatches,
      true_positive_matches: settled.truePositiveMatches,
      searched_at: settled.searchedAt.toISOString(),
    },
  });
}
