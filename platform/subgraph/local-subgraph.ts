// A subgraph called in process: the gateway of the same process runs its share of a query plan
// through the subgraph's own Apollo Server (same schema, plugins, formatError, context factory)
// instead of over loopback HTTP. No principal header is signed or verified: the principal never
// leaves the process. Separate-service deployments keep HTTP (SignedPrincipalDataSource).
import type { ApolloServer } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { logger } from '../logging/logger';
import { lazyChildLogger } from '../http/lazy-child-logger';
import { Principal } from '../principal/principal';
import { toJsonValues } from './json-values';
import { findUnstorableText } from './text-guard';
import type { RequestContext, SubgraphDefinition } from './subgraph-definition';

export interface LocalSubgraphRequest {
  query?: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
}

export interface LocalSubgraphAnswer {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

export type LocalSubgraphExecutor = (
  request: LocalSubgraphRequest,
  principal: Principal,
  requestId: string,
) => Promise<LocalSubgraphAnswer>;

export function localSubgraphExecutor<Context extends RequestContext>(
  definition: SubgraphDefinition<Context>,
  apollo: ApolloServer<Context>,
): LocalSubgraphExecutor {
  const log = logger.child({ service: definition.name, transport: 'in-process' });
  return async (request, principal, requestId) => {
    const unstorable = findUnstorableText(request.variables);
    if (unstorable) {
      return {
        errors: [
          {
            message: `${unstorable}: text must not contain NUL characters or unpaired surrogates`,
            extensions: { code: 'schema_validation_failed', http: { status: 400 } },
          },
        ],
      };
    }
    // A copy, as the HTTP path would parse it: nothing the subgraph does reaches the gateway's object.
    const own = JSON.parse(JSON.stringify(principal)) as Principal;
    const contextValue = definition.createContext({
      principal: own,
      requestId,
      log: lazyChildLogger(log, { requestId, tenantId: own.tenantId }),
    });
    const response = await apollo.executeOperation(
      { query: request.query, operationName: request.operationName, variables: request.variables, extensions: request.extensions },
      { contextValue },
    );
    if (response.body.kind !== 'single')
      return {
        errors: [{ message: 'Incremental delivery is not supported between gateway and subgraph', extensions: { code: 'internal_error' } }],
      };
    const { data, errors, extensions } = response.body.singleResult;
    // The gateway reads exactly what it would have parsed from the HTTP answer. The data is that as
    // execution built it: result maps (without a prototype; the gateway reads them by own property)
    // and arrays of this answer alone, and leaves that are JSON values (strings, finite numbers,
    // booleans, null; custom scalars too: serializeScalarsToJsonValues). The errors are copied:
    // formatError's extensions may hold anything.
    return { data, errors: errors ? (toJsonValues(errors) as GraphQLFormattedError[]) : undefined, extensions };
  };
}
