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
  | 'totp_already_enabled'
  | 'sso_not_configured'
  | 'sso_tenant_required'
  | 'sso_state_invalid'
  | 'sso_provider_refused'
  | 'sso_provider_failed'
  | 'sso_email_missing'
  | 'sso_unknown_user'
  | 'sso_account_deactivated'
  | 'sso_configuration_invalid';

export class AccessError extends DomainError<AccessErrorCode> {}
