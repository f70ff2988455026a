// Screening → profiles: a review of a match of a profile's search becomes a
// profiles.screening-outcome job (origin search), sent by the outbox relay before the event counts
// as published, so the profile's status follows every review (potential_match ⇄ confirmed_match ⇄
// clear) without the screening domain writing profile tables.
import { OutboxRoute } from '../../../platform/events/outbox';
import { SCREENING_OUTCOME_QUEUE, ScreeningOutcomeJob, screeningOutcomeKey } from '../../../contracts/profile-outcome-queues';

export const screeningProfileOutcomeRoute: OutboxRoute = (event) => {
  if (event.type !== 'screening.profile_screening_settled') return null;
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  if (typeof payload.profile_id !== 'string' || typeof payload.search_id !== 'string') return null;
  const data: ScreeningOutcomeJob = {
    tenantId: event.tenantId,
    workspaceId: event.workspaceId,
    profileId: payload.profile_id,
    origin: 'search',
    searchId: payload.search_id,
    unresolvedMatches: Number(payload.unresolved_matches ?? 0),
    truePositiveMatches: Number(payload.true_positive_matches ?? 0),
    at: typeof payload.searched_at === 'string' ? payload.searched_at : event.createdAt.toISOString(),
  };
  // One job per review (the event id): a later review of the same search must not be deduplicated away.
  return { queue: SCREENING_OUTCOME_QUEUE, data, singletonKey: `${screeningOutcomeKey(data)}:${event.id}` };
};
