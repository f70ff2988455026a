import { DomainError } from '../../platform/errors/domain-error';

/** Every code the access domain raises (statuses in platform/errors/codes.ts). */
export type AccessErrorCode =
  | 'forbidden'
  | 'schema_validation_failed'
  | 'invalid_credentials'
  | 'too_many_attempts'
  | 'workspace_membership_required'
  | 'dashboard_user_not_found'
  | 'dashboard_user_exists'
  | 'last_workspace_admin'
  | 'current_password_incorrect'
  | 'totp_code_invalid'
  | 'totp_not_enrolled'
  | 'totp_already_enabled';

export class AccessError extends DomainError<AccessErrorCode> {}
