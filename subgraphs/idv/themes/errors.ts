import { DomainError } from '../../../platform/errors/domain-error';

/** Errors raised by IDV themes and branding; statuses live in platform/errors/codes.ts. */
export type IdvThemeErrorCode =
  | 'idv_theme_not_found'
  | 'idv_theme_revision_conflict'
  | 'idv_state_conflict'
  | 'idv_unsupported_media_type'
  | 'payload_too_large'
  | 'schema_validation_failed'
  | 'unauthorized'
  | 'forbidden';

export class IdvThemeError extends DomainError<IdvThemeErrorCode> {}

export function themeNotFound(): IdvThemeError {
  // One message for absent and out-of-scope ids: the response must not reveal which.
  return new IdvThemeError('idv_theme_not_found', 'Theme not found');
}
