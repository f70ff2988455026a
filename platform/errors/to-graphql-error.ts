// The one place where domain errors become transport errors. A database that cannot be reached is
// an outage, not a bug: 503 service_unavailable with `retryAfter` (unavailable.ts). Anything else
// that is not a DomainError is an unknown failure: it is logged with its stack and the caller gets
// a generic message.
import { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { httpStatusFor, isErrorCode } from './codes';
import { DomainError } from './domain-error';
import { inputErrorField } from './input-error-field';
import { errorSummary, logger } from '../logging/logger';
import { isDatabaseUnavailable, RETRY_AFTER_UNAVAILABLE_SECONDS } from './unavailable';

/** How graphql-armor words a refused document ("... limit of 15 exceeded, found 1000."). */
const OPERATION_LIMIT_MESSAGE =
  /^Syntax Error: ((Aliases|Query Cost|Query depth|Directives|Token) limit of \d+ exceeded|Document contains more th(an|at) \d+ tokens)/i;

/** Apollo `formatError` for subgraphs and the gateway. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (isDomainError(original)) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: original.code,
        http: { status: original.status },
        ...withRetryAfter(original.status),
        ...withField(domainErrorField(original)),
        ...(original.details ? { details: original.details } : {}),
      },
    };
  }
  const code = formatted.extensions?.code;
  if (isErrorCode(code)) {
    const status = httpStatusFor(code);
    return { ...formatted, extensions: { ...withRetryAfter(status), ...formatted.extensions, http: { status } } };
  }
  if (isDatabaseUnavailable(original)) {
    logger.warn({ err: errorSummary(original) }, 'database unavailable');
    return {
      message: 'The database is unavailable; retry later',
      path: formatted.path,
      extensions: { code: 'service_unavailable', http: { status: 503 }, ...withRetryAfter(503) },
    };
  }
  // Operation limits (gateway/operation-limits.ts) refuse a document before execution.
  if (OPERATION_LIMIT_MESSAGE.test(formatted.message)) {
    return {
      message: formatted.message.replace(/^Syntax Error: /, ''),
      extensions: { code: 'graphql_limit_exceeded', http: { status: 400 } },
    };
  }
  // Apollo's own request errors (parse/validation of the GraphQL document, coercion of variables
  // into the typed inputs: a bad enum value, DateTime or EmailAddress; an operation name the
  // document does not contain; a malformed request) are the caller's fault.
  if (
    code === 'OPERATION_RESOLUTION_FAILURE' ||
    code === 'BAD_REQUEST' ||
    code === 'GRAPHQL_PARSE_FAILED' ||
    code === 'GRAPHQL_VALIDATION_FAILED' ||
    code === 'BAD_USER_INPUT'
  ) {
    const field = code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT' ? inputErrorField(formatted.message) : undefined;
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'schema_validation_failed', http: { status: 400 }, ...withField(field) },
    };
  }
  logger.error({ err: original }, 'unexpected error');
  return { message: 'Internal error', path: formatted.path, extensions: { code: 'internal_error', http: { status: 500 } } };
}

const withField = (field: string | undefined) => (field ? { field } : {});

/** Every 503 is temporary: it says when to try again (the gateway also sends it as `Retry-After`). */
const withRetryAfter = (status: number) => (status === 503 ? { retryAfter: RETRY_AFTER_UNAVAILABLE_SECONDS } : {});

/** instanceof alone types the error as DomainError<any>; any domain error has an ErrorCode. */
function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** The invalid input a validation error names: its details, else the path its message starts with
 * (`body.steps.0.type: required`, the one wording of platform/validation/first-issue.ts). */
function domainErrorField(error: DomainError): string | undefined {
  if (typeof error.details?.field === 'string') return error.details.field;
  if (error.code !== 'schema_validation_failed') return undefined;
  return /^([A-Za-z_][\w.]*):\s/.exec(error.message)?.[1];
}
