import { DomainError } from '../../platform/errors/domain-error';

/** Every error the IDV core (sessions, workflows, review, audited data) raises; statuses live in
 * platform/errors/codes.ts. Themes have their own IdvThemeError (themes/errors.ts). */
export type IdvErrorCode =
  | 'analytics_range_invalid'
  | 'idv_profile_id_required'
  | 'idv_profile_id_invalid'
  | 'idv_profile_not_found'
  | 'idv_profile_lookup_unavailable'
  | 'idv_profile_erasure_claimed'
  | 'idv_session_overrides_forbidden'
  | 'idv_session_not_found'
  | 'idv_session_idempotency_conflict'
  | 'idv_workflow_not_found'
  | 'idv_workflow_not_active'
  | 'idv_state_conflict'
  | 'idv_review_terminal'
  | 'idv_review_invalid_transition'
  | 'idv_assignee_not_reviewer'
  | 'idv_unsupported_media_type'
  | 'schema_validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'service_unavailable';

export class IdvError extends DomainError<IdvErrorCode> {}

/** One message for absent and out-of-scope sessions: the response must not reveal which. */
export function sessionNotFound(): IdvError {
  return new IdvError('idv_session_not_found', 'Session not found');
}

export function workflowNotFound(): IdvError {
  return new IdvError('idv_workflow_not_found', 'Workflow not found');
}

export function invalidField(field: string, problem: string): IdvError {
  return new IdvError('schema_validation_failed', `${field}: ${problem}`, { field });
}
