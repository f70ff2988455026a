// The queues other domains send profile outcomes to (the contract of docs/profiles.md "Profile
// status"): the profiles domain's worker applies each one in a transaction with its outbox event.
// Senders use singletonKey `${profileId}:${searchId}` (screening) or
// `${profileId}:${sessionId}:${outcome}` (IDV) so a retried send is one job.
// Shared by the senders (screening, IDV) and the receiver (profiles), so it lives outside all three.
import { z } from 'zod';

/** IDV outcomes as the profiles domain records them: the session's review status, or failed. */
export const IDV_OUTCOMES = ['automatic_pass', 'requires_review', 'escalation', 'accepted', 'rejected', 'failed'] as const;
export type IdvOutcome = (typeof IDV_OUTCOMES)[number];

export const SCREENING_OUTCOME_QUEUE = 'profiles.screening-outcome';
export const IDV_OUTCOME_QUEUE = 'profiles.idv-outcome';

const isoInstant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 instant');

export const screeningOutcomeJob = z.object({
  tenantId: z.string().min(1),
  workspaceId: z.string().min(1),
  profileId: z.string().min(1),
  origin: z.enum(['onboarding', 'monitoring', 'search']),
  searchId: z.string().min(1),
  unresolvedMatches: z.number().int().min(0),
  truePositiveMatches: z.number().int().min(0),
  at: isoInstant,
});
export type ScreeningOutcomeJob = z.infer<typeof screeningOutcomeJob>;

export const idvOutcomeJob = z.object({
  tenantId: z.string().min(1),
  workspaceId: z.string().min(1),
  profileId: z.string().min(1),
  sessionId: z.string().min(1),
  outcome: z.enum(IDV_OUTCOMES),
  at: isoInstant,
});
export type IdvOutcomeJob = z.infer<typeof idvOutcomeJob>;

export const screeningOutcomeKey = (job: Pick<ScreeningOutcomeJob, 'profileId' | 'searchId'>) => `${job.profileId}:${job.searchId}`;
export const idvOutcomeKey = (job: Pick<IdvOutcomeJob, 'profileId' | 'sessionId' | 'outcome'>) =>
  `${job.profileId}:${job.sessionId}:${job.outcome}`;
