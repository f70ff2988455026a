import { ErrorCode, httpStatusFor } from './codes';

/** Base of every domain's error type (ProfilesError, IdvError, ...). Services throw these; the
 * subgraph server turns them into GraphQL errors in one place (to-graphql-error.ts). */
export class DomainError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  constructor(
    readonly code: Code,
    message: string,
    /** Safe, public details (e.g. the offending field path). Never internals. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
    this.status = httpStatusFor(code);
  }
}

/** Errors of the platform itself (authentication, validation, availability). */
export class PlatformError extends DomainError<
  | 'missing_authentication'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'schema_validation_failed'
  | 'payload_too_large'
  | 'internal_error'
  | 'service_unavailable'
  // The console session's CSRF token did not match (gateway/credentials/console-session.ts).
  | 'csrf_failed'
> {}
