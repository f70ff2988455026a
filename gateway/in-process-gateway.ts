// The gateway called in process by a REST adapter of the same process: the same context builder
// (credential → principal, narrowing, text guard) and the same Apollo Server (operation limits,
// idempotency, parsed-document and query-plan caches) as the HTTP endpoint, without loopback HTTP
// and without encoding the answer to JSON text only for the adapter to parse it back.
import { ApolloServer, HeaderMap } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { DomainError } from '../platform/errors/domain-error';
import { buildGatewayContext, GatewayContext, GatewayContextDeps } from './gateway-context';

export interface GatewayRequest {
  query: string;
  variables: Record<string, unknown>;
  /** Which operation of the document to run (the console's GraphQL endpoint passes it through). */
  operationName?: string;
  /** Lower-cased request headers the gateway reads (credentials, idempotency-key). */
  headers: Record<string, string>;
  requestId: string;
}

export interface GatewayAnswer {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

export type GatewayExecutor = (request: GatewayRequest) => Promise<GatewayAnswer>;

export function inProcessGateway(apollo: ApolloServer<GatewayContext>, deps: GatewayContextDeps): GatewayExecutor {
  return async ({ query, variables, headers, requestId, operationName }) => {
    let contextValue: GatewayContext;
    try {
      contextValue = await buildGatewayContext(deps, {
        authorization: headers.authorization,
        apiKey: headers['x-api-key'],
        csrfToken: headers['x-csrf-token'],
        operation: { query, variables, operationName },
        variables,
        requestId,
      });
    } catch (error) {
      if (error instanceof DomainError)
        return { errors: [{ message: error.message, extensions: { code: error.code, http: { status: error.status } } }] };
      throw error;
    }
    const response = await apollo.executeOperation(
      {
        query,
        variables,
        operationName,
        http: { method: 'POST', headers: new HeaderMap(Object.entries(headers)), search: '', body: { query, variables, operationName } },
      },
      { contextValue },
    );
    if (response.body.kind !== 'single') return { errors: [{ message: 'Internal error', extensions: { code: 'internal_error' } }] };
    return response.body.singleResult;
  };
}
