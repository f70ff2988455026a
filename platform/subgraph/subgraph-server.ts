// Runs one subgraph: its SDL (the schema/ folder) and resolvers behind Apollo Server, reachable only with a
// principal header signed by the gateway (or by a sibling service acting for a caller).
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { ApolloServer, ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap';
import { GraphQLError, parse, type GraphQLSchema } from 'graphql';
import { envValue } from '../config/env';
import { formatError } from '../errors/to-graphql-error';
import { DomainError } from '../errors/domain-error';
import { assertRoleAllows } from '../principal/role-check';
import { listen, RunningServer, createServiceApp } from '../http/service-app';
import { PRINCIPAL_HEADER } from '../principal/principal';
import { VerifiedPrincipalCache } from './verified-principal-cache';
import { lazyChildLogger } from '../http/lazy-child-logger';
import { findUnstorableText } from './text-guard';
import { serializeScalarsToJsonValues } from './json-values';
import { sharedScalarsDeclaredIn } from '../graphql/scalars';
import { useNodeCryptoForApolloHashes } from '../graphql/apollo-hash';
import { shareArgumentsOfFieldsWithout } from '../graphql/no-argument-fields';
import { LocalSubgraphExecutor, localSubgraphExecutor } from './local-subgraph';
import { compiledExecution, CompiledExecution } from './compiled-execution';
import { logger } from '../logging/logger';
import type { RequestContext, SubgraphDefinition, SubgraphDependencies, SubgraphResolvers } from './subgraph-definition';
import { requestFields } from './subgraph-definition';

/** Refusals answered before execution, by code. */
const REFUSAL_CODES = new Set(['schema_validation_failed', 'insufficient_role', 'forbidden']);

/**
 * Input coercion errors (a bad enum value, DateTime or EmailAddress in a variable) and role refusals
 * answer HTTP 200 with the error, as every other error of a subgraph does: the gateway passes an
 * error of a 200 answer on with its code and field, where it would turn an HTTP 4xx of a subgraph
 * into internal_error.
 */
const refusalsAsResults: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        const status = response.http.status;
        if (
          status !== undefined &&
          status >= 400 &&
          status < 500 &&
          errors?.length &&
          errors.every((error) => REFUSAL_CODES.has(error.extensions?.code as string))
        )
          response.http.status = 200;
      },
    };
  },
};

/**
 * A dashboard user's role against the role policy (platform/principal/role-policy.ts), for this
 * subgraph's share of an operation: the gateway checked the whole operation already, this is the
 * owning service's own check. Before execution, so a refused operation runs nothing.
 */
const dashboardRoles: ApolloServerPlugin<RequestContext> = {
  async requestDidStart({ contextValue }) {
    // Nothing to check (nor to allocate) for applications, services and the hosted page.
    if (contextValue.principal.kind !== 'dashboard_user') return;
    return {
      async didResolveOperation({ contextValue, document, operationName }) {
        try {
          assertRoleAllows(contextValue.principal, document, operationName);
        } catch (error) {
          // Apollo answers an error thrown here as it stands: a GraphQLError carrying the code
          // (a DomainError would become internal_error).
          if (error instanceof DomainError)
            throw new GraphQLError(error.message, {
              extensions: { code: error.code, http: { status: error.status }, ...(error.details ? { details: error.details } : {}) },
            });
          throw error;
        }
      },
    };
  },
};

/** A running subgraph: its HTTP endpoint, and the same Apollo Server for a gateway in this process. */
export interface RunningSubgraph extends RunningServer {
  execute: LocalSubgraphExecutor;
  /** How its operations were executed (compiled or graphql-js), for tests and benches. */
  execution: CompiledExecution | null;
}

/**
 * A subgraph's SDL: the `.graphql` files of its schema folder, one per feature, concatenated in
 * file-name order (a two-digit prefix fixes it: `01-common.graphql` first, with the federation
 * `@link` and the root types the feature files extend). The order is part of the schema: the
 * composed supergraph lists a root type's fields in the order the extensions bring them, and the
 * resolver types are generated in file order. Every reader of a subgraph's SDL (the server, the
 * supergraph composition, codegen, tests) goes through here.
 */
export function readSchema(schemaPath: string): string {
  const files = fs
    .readdirSync(schemaPath)
    .filter((name) => name.endsWith('.graphql'))
    .sort();
  if (!files.length) throw new Error(`no .graphql file in ${schemaPath}`);
  return files.map((name) => fs.readFileSync(path.join(schemaPath, name), 'utf8')).join('\n');
}

/** Queries selecting at least this many fields run compiled under the 'deep' engine, a setting (the
 * REST sessions page: 110 a session, the matches of a search: 149; a profile: 18, a history page: 21). */
export const DEEP_OPERATION_FIELDS = 100;

/** How a subgraph executes queries (VIGIL_SUBGRAPH_EXECUTION; 'compiled' by default). */
export type SubgraphExecution = 'deep' | 'compiled' | 'graphql-js';

/**
 * A subgraph's executable schema: its SDL, the shared scalars it declares and its resolvers. Every
 * custom scalar serializes to its JSON value, so the data of an answer is JSON values only and the
 * in-process executor passes it on as it is (local-subgraph.ts).
 */
export function subgraphSchema(sdl: string, ownResolvers: SubgraphResolvers): GraphQLSchema {
  // Shared scalars (DateTime, EmailAddress, URL, ...) first: a subgraph's own resolver of a scalar wins.
  // The generated types checked each resolver against the schema; Apollo takes them untyped.
  const resolvers = { ...sharedScalarsDeclaredIn(sdl), ...ownResolvers } as GraphQLResolverMap<unknown>;
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers });
  serializeScalarsToJsonValues(schema);
  return schema;
}

/**
 * A subgraph's Apollo Server (started) over its SDL and resolvers: the same options, plugins and
 * formatError for the HTTP endpoint and the in-process executor. `executor` picks the execution
 * engine: 'compiled' (the default: graphql-jit where it answers as graphql-js would,
 * compiled-execution.ts) for every query, 'deep' for the queries that select DEEP_OPERATION_FIELDS
 * fields or more (graphql-js for the others), 'graphql-js' for every query.
 */
export async function startSubgraphApollo<Context extends RequestContext>(
  definition: Pick<SubgraphDefinition<Context>, 'name' | 'resolvers' | 'createContext'>,
  sdl: string,
  executor: SubgraphExecution = 'compiled',
): Promise<{ apollo: ApolloServer<Context>; execution: CompiledExecution | null }> {
  // Process-wide library patches (idempotent): Apollo's hashes, graphql-js's argument maps.
  useNodeCryptoForApolloHashes();
  shareArgumentsOfFieldsWithout();
  const schema = subgraphSchema(sdl, definition.resolvers);
  // Apollo Server takes the compiled executor through its `gateway` option and keeps parsing,
  // validation, plugins and formatError.
  const execution =
    executor === 'graphql-js'
      ? null
      : compiledExecution<Context>(schema, {
          log: logger.child({ service: definition.name }),
          freshContext: (used) => definition.createContext(requestFields(used)),
          minFields: executor === 'deep' ? DEEP_OPERATION_FIELDS : 0,
        });
  // No cache-control plugin: no answer is cached over HTTP, and its hook on every resolved field
  // wrapped each resolver of the schema (docs/performance.md).
  const apollo = new ApolloServer<Context>({
    ...(execution ? { gateway: execution.gateway } : { schema }),
    formatError,
    introspection: true,
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    plugins: [ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginCacheControlDisabled(), refusalsAsResults, dashboardRoles],
  });
  await apollo.start();
  return { apollo, execution };
}

export async function startSubgraph<Context extends RequestContext>(
  definition: SubgraphDefinition<Context>,
  deps: SubgraphDependencies,
  port: number,
): Promise<RunningSubgraph> {
  const { apollo, execution } = await startSubgraphApollo(
    definition,
    readSchema(definition.schemaPath),
    envValue('VIGIL_SUBGRAPH_EXECUTION'),
  );

  const principals = new VerifiedPrincipalCache(deps.config.internalSecret);
  const app = createServiceApp(definition.name, async () => {
    await deps.db.$queryRaw`SELECT 1`;
    await definition.ready?.();
  });
  // No automatic ETag: a GraphQL POST answer is never revalidated, and hashing every body cost a
  // SHA-1 over each answer (crypto in the CPU profiles).
  app.set('etag', false);
  definition.mountRoutes?.(app);
  app.use(
    '/graphql',
    express.json({ limit: '32mb' }) /* batch screening: up to 100,000 entities a request */,
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        const principal = principals.verify(req.header(PRINCIPAL_HEADER));
        if (!principal) {
          // Subgraphs are never called directly by clients: an unsigned or stale call is refused.
          throw new GraphQLError('Missing or invalid internal principal', { extensions: { code: 'unauthorized', http: { status: 401 } } });
        }
        const unstorable = findUnstorableText((req.body as { variables?: unknown } | undefined)?.variables);
        if (unstorable) {
          throw new GraphQLError(`${unstorable}: text must not contain NUL characters or unpaired surrogates`, {
            extensions: { code: 'schema_validation_failed', http: { status: 400 } },
          });
        }
        return definition.createContext({
          principal,
          requestId: req.requestId,
          log: lazyChildLogger(req.log, { tenantId: principal.tenantId }),
        });
      },
    }),
  );
  const server = await listen(app, port, deps.config.host);
  return {
    ...server,
    url: `${server.url}/graphql`,
    execute: localSubgraphExecutor(definition, apollo),
    execution,
    async close() {
      await server.close();
      await apollo.stop();
      await definition.close?.();
    },
  };
}
