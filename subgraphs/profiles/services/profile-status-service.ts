// The profile status model (docs/profiles.md "Profile status"). The profiles domain alone writes
// profile.status: other domains send their outcomes as jobs (profiles.screening-outcome,
// profiles.idv-outcome), and these functions apply one in a transaction together with the outbox
// event. The status is derived from the latest screening and IDV outcome of the profile and
// whether an onboarding run is still in progress, so applying the same outcome twice changes
// nothing and records no second event.
import { recordEvent } from '../../../platform/events/outbox';
import type { DbClient, Scope } from '../../../platform/db/prisma';
import { findRunOfProfile } from '../onboarding/data/onboarding-store';
import {
  findStatusFacts,
  IdvFact,
  lockProfileStatus,
  saveIdvFact,
  saveScreeningFact,
  ScreeningFact,
  StatusFactsRow,
  writeProfileStatus,
} from '../data/status-store';

export const PROFILE_STATUSES = [
  'not_screened',
  'pending',
  'clear',
  'potential_match',
  'confirmed_match',
  'rejected',
  'in_review',
] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/** What caused a status change (the `origin` of profile_status_updated). */
export type StatusOrigin = 'onboarding' | 'monitoring' | 'search' | 'idv';

/** Outcomes that end the IDV part of an onboarding run (requires_review and escalation wait for a human). */
export const DECIDED_IDV_OUTCOMES: readonly string[] = ['automatic_pass', 'accepted', 'rejected', 'failed'];
const IDV_AWAITING_REVIEW: readonly string[] = ['requires_review', 'escalation', 'failed'];
const IDV_PASSED: readonly string[] = ['automatic_pass', 'accepted'];
/** Outcomes that are human review decisions (each one fires profile_status_updated). */
const REVIEW_DECISIONS: readonly string[] = ['escalation', 'accepted', 'rejected'];

export interface StatusInputs {
  screening: { unresolved: number; truePositive: number } | null;
  idvOutcome: string | null;
  onboardingInProgress: boolean;
}

/**
 * The status the facts call for, most severe first: a confirmed match, a rejected IDV session,
 * unresolved matches, an IDV session awaiting a human (a failed assessment needs one too), an
 * onboarding run still undecided, then clear once screened or verified.
 */
export function deriveStatus(inputs: StatusInputs): ProfileStatus {
  const { screening, idvOutcome } = inputs;
  if (screening && screening.truePositive > 0) return 'confirmed_match';
  if (idvOutcome === 'rejected') return 'rejected';
  if (screening && screening.unresolved > 0) return 'potential_match';
  if (idvOutcome && IDV_AWAITING_REVIEW.includes(idvOutcome)) return 'in_review';
  if (inputs.onboardingInProgress) return 'pending';
  if (screening || (idvOutcome && IDV_PASSED.includes(idvOutcome))) return 'clear';
  return 'not_screened';
}

function inputsOf(facts: StatusFactsRow | null, onboardingInProgress: boolean): StatusInputs {
  const screened = facts?.screeningAt && facts.screeningUnresolved !== null && facts.screeningTruePositive !== null;
  return {
    screening: screened ? { unresolved: facts.screeningUnresolved!, truePositive: facts.screeningTruePositive! } : null,
    idvOutcome: facts?.idvOutcome ?? null,
    onboardingInProgress,
  };
}

export interface StatusChange {
  previous: ProfileStatus;
  next: ProfileStatus;
}

/**
 * Re-derives the profile's status inside `tx` (the profile row must be locked by the caller) and,
 * only when it changed, writes it and records profile_status_updated.
 */
export async function settleStatus(
  tx: DbClient,
  scope: Scope,
  profileId: string,
  current: string,
  cause: { origin: StatusOrigin; searchId?: string | null; sessionId?: string | null; reviewStatus?: string | null },
): Promise<StatusChange | null> {
  const facts = await findStatusFacts(tx, scope, profileId);
  const run = await findRunOfProfile(tx, scope, profileId);
  const next = deriveStatus(inputsOf(facts, run?.status === 'running'));
  // A human IDV review decision is the one move the interface says always fires
  // profile_status_updated (an escalation keeps in_review): it is recorded even when the status
  // stays, once per decision (the caller passes reviewStatus only for a decision not yet recorded).
  if (next === current && !cause.reviewStatus) return null;
  if (next !== current) await writeProfileStatus(tx, scope, profileId, next);
  await recordEvent(tx, {
    ...scope,
    type: 'profile_status_updated',
    aggregateType: 'profile',
    aggregateId: profileId,
    payload: {
      profile_id: profileId,
      previous_status: current,
      new_status: next,
      origin: cause.origin,
      ...(cause.searchId ? { search_id: cause.searchId } : {}),
      ...(cause.sessionId ? { session_id: cause.sessionId } : {}),
      ...(cause.reviewStatus ? { review_status: cause.reviewStatus } : {}),
    },
  });
  return next === current ? null : { previous: current as ProfileStatus, next };
}

/** Called after the outcome is recorded and before the status is derived (onboarding moves its run here). */
export type BeforeSettle = (tx: DbClient) => Promise<void>;

export interface Settled {
  change: StatusChange | null;
  /** The profile's status after the outcome. */
  status: ProfileStatus;
}

/** Records a settled screening of the profile (one older than the screening on record is kept out)
 * and settles the status. Undefined when the profile is absent in the scope. */
export async function recordScreeningOutcome(
  tx: DbClient,
  scope: Scope,
  profileId: string,
  fact: ScreeningFact,
  origin: StatusOrigin,
  beforeSettle?: BeforeSettle,
): Promise<Settled | undefined> {
  const profile = await lockProfileStatus(tx, scope, profileId);
  if (!profile) return undefined;
  const facts = await findStatusFacts(tx, scope, profileId);
  const stale = facts?.screeningAt && facts.screeningAt > fact.at && facts.screeningSearchId !== fact.searchId;
  if (!stale) await saveScreeningFact(tx, scope, profileId, fact);
  await beforeSettle?.(tx);
  const change = await settleStatus(tx, scope, profileId, profile.status, { origin, searchId: fact.searchId });
  return { change, status: (change?.next ?? profile.status) as ProfileStatus };
}

/** Records an IDV outcome of one of the profile's sessions (one older than the outcome on record
 * is kept out) and settles the status. Undefined when the profile is absent in the scope. */
export async function recordIdvOutcome(
  tx: DbClient,
  scope: Scope,
  profileId: string,
  fact: IdvFact,
  beforeSettle?: BeforeSettle,
): Promise<Settled | undefined> {
  const profile = await lockProfileStatus(tx, scope, profileId);
  if (!profile) return undefined;
  const facts = await findStatusFacts(tx, scope, profileId);
  const stale = facts?.idvAt && facts.idvAt > fact.at;
  const known = facts?.idvSessionId === fact.sessionId && facts.idvOutcome === fact.outcome;
  if (!stale) await saveIdvFact(tx, scope, profileId, fact);
  await beforeSettle?.(tx);
  const reviewStatus = !stale && !known && REVIEW_DECISIONS.includes(fact.outcome) ? fact.outcome : null;
  const change = await settleStatus(tx, scope, profileId, profile.status, { origin: 'idv', sessionId: fact.sessionId, reviewStatus });
  return { change, status: (change?.next ?? profile.status) as ProfileStatus };
}

/** A profile_status_updated event as the typed ProfileStatusChange (the payload settleStatus writes). */
export function statusChangeView(row: { payload: unknown; createdAt: Date }) {
  const payload = (row.payload ?? {}) as {
    previous_status?: string;
    new_status?: string;
    origin?: string;
    search_id?: string;
    session_id?: string;
  };
  const origin: StatusOrigin | 'other' =
    (['onboarding', 'monitoring', 'search', 'idv'] as const).find((o) => o === payload.origin) ?? 'other';
  return {
    previousStatus: (payload.previous_status ?? 'not_screened') as ProfileStatus,
    newStatus: (payload.new_status ?? 'not_screened') as ProfileStatus,
    origin,
    searchId: payload.search_id ?? null,
    sessionId: payload.session_id ?? null,
    at: row.createdAt,
  };
}
