// IDV → profiles: every decision about a session tied to a profile becomes a profiles.idv-outcome
// job (the profiles domain's worker moves profile.status and the onboarding run). IDV records the
// decision's event in the same transaction as the move; the outbox relay sends this job before the
// event counts as published, so no decision is lost between the two domains.
import { OutboxRoute } from '../../../platform/events/outbox';
import { REVIEWED_EVENT } from '../model/states';
import { IDV_OUTCOME_QUEUE, IdvOutcomeJob, idvOutcomeKey } from '../../../contracts/profile-outcome-queues';

/** The outcome an event stands for: assessment results and human review decisions. */
function outcomeOf(type: string, payload: Record<string, unknown>): IdvOutcomeJob['outcome'] | null {
  if (type === 'idv.session.approved') return 'automatic_pass';
  if (type === 'idv.session.requires_review') return 'requires_review';
  if (type === 'idv.session.failed') return 'failed';
  if (type === REVIEWED_EVENT) {
    const status = payload.review_status;
    return status === 'escalation' || status === 'accepted' || status === 'rejected' ? status : null;
  }
  return null;
}

export const idvProfileOutcomeRoute: OutboxRoute = (event) => {
  if (event.aggregateType !== 'idv.session') return null;
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const outcome = outcomeOf(event.type, payload);
  if (!outcome || typeof payload.profile_id !== 'string' || !payload.profile_id) return null;
  const data: IdvOutcomeJob = {
    tenantId: event.tenantId,
    workspaceId: event.workspaceId,
    profileId: payload.profile_id,
    sessionId: event.aggregateId,
    outcome,
    at: event.createdAt.toISOString(),
  };
  return { queue: IDV_OUTCOME_QUEUE, data, singletonKey: idvOutcomeKey(data) };
};
