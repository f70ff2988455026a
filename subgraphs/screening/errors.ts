import { DomainError } from '../../platform/errors/domain-error';

export type ScreeningErrorCode =
  | 'watchlist_format_invalid'
  | 'analytics_range_invalid'
  | 'watchlist_import_not_found'
  | 'screening_index_unavailable'
  | 'schema_validation_failed'
  | 'forbidden'
  | 'service_unavailable'
  | 'search_not_found'
  | 'batch_job_not_found'
  | 'batch_job_completed'
  | 'batch_too_large'
  | 'match_not_found'
  | 'report_not_found'
  | 'report_link_invalid'
  | 'news_source_invalid'
  | 'monitoring_alert_not_found'
  | 'idempotency_key_reused'
  | 'profile_not_found';

export class ScreeningError extends DomainError<ScreeningErrorCode> {}
