// The one place where domain errors become transport errors. Anything that is not a DomainError
// is an unknown failure: it is logged with its stack and the caller gets a generic message.
import { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { httpStatusFor, isErrorCode } from './codes';
import { DomainError } from './domain-error';
import { logger } from '../logging/logger';

/** Apollo `formatError` for subgraphs and the gateway. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { code: original.code, http: { status: original.status }, ...(original.details ? { details: original.details } : {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (isErrorCode(code)) {
    return { ...formatted, extensions: { ...formatted.extensions, http: { status: httpStatusFor(code) } } };
  }
  // Apollo's own request errors (parse/validation of the GraphQL document) are the caller's fault.
  if (code === 'GRAPHQL_PARSE_FAILED' || code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT') {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'schema_validation_failed', http: { status: 400 } } };
  }
  logger.error({ err: original }, 'unexpected error');
  return { message: 'Internal error', path: formatted.path, extensions: { code: 'internal_error', http: { status: 500 } } };
}
