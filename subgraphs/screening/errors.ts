import { DomainError } from '../../platform/errors/domain-error';

export type ScreeningErrorCode =
  | 'watchlist_format_invalid'
  | 'watchlist_import_not_found'
  | 'screening_index_unavailable'
  | 'schema_validation_failed'
  | 'forbidden'
  | 'service_unavailable';

export class ScreeningError extends DomainError<ScreeningErrorCode> {}
