// The two state axes of a session and the moves between them.
export const FLOW_STATUSES = [
  'collecting_artifacts',
  'ready_for_assessment',
  'queued',
  'assessing',
  'assessed',
  'failed',
  'canceled',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const REVIEW_STATUSES = [
  'request_sent',
  'pending',
  'automatic_pass',
  'requires_review',
  'escalation',
  'accepted',
  'rejected',
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Flow moves (the table in docs/idv.md). Cancel is handled separately (any non-terminal status
 * except assessing). */
export const FLOW_MOVES: Record<string, { from: FlowStatus[]; to: FlowStatus }> = {
  mark_ready: { from: ['collecting_artifacts'], to: 'ready_for_assessment' },
  reopen: { from: ['ready_for_assessment'], to: 'collecting_artifacts' },
  submit: { from: ['collecting_artifacts', 'ready_for_assessment'], to: 'queued' },
  start_assessment: { from: ['queued'], to: 'assessing' },
  complete_assessment: { from: ['assessing'], to: 'assessed' },
  fail_assessment: { from: ['queued', 'assessing'], to: 'failed' },
};

export const TERMINAL_FLOW: readonly FlowStatus[] = ['assessed', 'failed', 'canceled'];
export const CANCELABLE_FLOW: readonly FlowStatus[] = ['collecting_artifacts', 'ready_for_assessment', 'queued'];

export const TERMINAL_REVIEW: readonly ReviewStatus[] = ['accepted', 'rejected'];
/** Human review decisions admissible from each review status. */
export const REVIEW_MOVES: Partial<Record<ReviewStatus, readonly ReviewStatus[]>> = {
  requires_review: ['escalation', 'accepted', 'rejected'],
  escalation: ['accepted', 'rejected'],
};
/** Review statuses a reviewer works on (the reviewer queue). */
export const OPEN_REVIEW: readonly ReviewStatus[] = ['requires_review', 'escalation'];

export function isFlowStatus(value: string): value is FlowStatus {
  return (FLOW_STATUSES as readonly string[]).includes(value);
}

export function isReviewStatus(value: string): value is ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(value);
}

/** A human review decision, as the outbox carries it to the profiles domain. Internal: it is not
 * an interface event, so webhooks never deliver it (the profile's profile_status_updated is). */
export const REVIEWED_EVENT = 'idv.session.reviewed';
