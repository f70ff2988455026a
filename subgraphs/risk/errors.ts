import { DomainError } from '../../platform/errors/domain-error';

/** Every code the risk assessment domain raises (statuses in platform/errors/codes.ts). */
export type RiskErrorCode =
  | 'assessment_not_found'
  | 'schema_validation_failed'
  | 'risk_beta_not_enabled'
  | 'assessment_invalid_transition'
  | 'assessment_run_mismatch'
  | 'task_not_found'
  | 'task_invalid_transition'
  | 'risk_not_found'
  | 'risk_invalid_transition'
  | 'canvas_version_conflict'
  | 'risk_workflow_not_found'
  | 'risk_scorecard_not_found'
  | 'evidence_not_found'
  | 'evidence_type_unsupported'
  | 'service_unavailable'
  | 'idempotency_key_reused'
  | 'profile_not_found';

export class RiskError extends DomainError<RiskErrorCode> {}
