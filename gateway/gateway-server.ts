// The Apollo gateway: authenticates every caller, then plans queries across the four subgraphs,
// forwarding the principal in a signed short-lived header and the request id for log correlation
// (or handing both over in process to subgraphs of this process: subgraph-data-sources.ts).
import path from 'node:path';
import express from 'express';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloGateway } from '@apollo/gateway';
import { GraphQLError, Kind, parse } from 'graphql';
import { VigilConfig } from '../platform/config';
import { Db } from '../platform/db/prisma';
import { DomainError } from '../platform/errors/domain-error';
import { formatError } from '../platform/errors/to-graphql-error';
import { createServiceApp, listen, RunningServer } from '../platform/http/service-app';
import { SubgraphName } from '../platform/subgraph/subgraph-definition';
import type { LocalSubgraphExecutor } from '../platform/subgraph/local-subgraph';
import { CredentialCache } from './credentials/credential-cache';
import { credentialResolvers } from './credentials/credential-resolvers';
import { CredentialResolver } from './credentials/resolve-principal';
import { buildGatewayContext, GatewayContext } from './gateway-context';
import { GatewayExecutor, inProcessGateway } from './in-process-gateway';
import { InProcessSubgraphDataSource, SignedPrincipalDataSource } from './subgraph-data-sources';
import { PrincipalSignatureCache } from './principal-signature-cache';
import { composeSupergraph } from './supergraph';
import { installFederatedOperationCache } from './federated-operation-cache';
import { installPlannedResultShaping } from './compiled-result-shaping';
import { useNodeCryptoForApolloHashes } from '../platform/graphql/apollo-hash';
import { playgroundApiKey, playgroundHtml } from './playground/playground-page';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import { graphqlJsonBody } from '../platform/http/json-limits';
import { failedCredentialWait, rateLimiter } from '../platform/http/rate-limit';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../platform/errors/unavailable';
import { sendHtmlPage } from '../platform/http/security-headers';
import { CLIENT_ADDRESS_HEADER, FORWARDED_BY_HEADER, isRestAdapterCall } from '../platform/http/forwarded-by';
import { idempotencyPlugin } from './idempotency-plugin';
import { OPERATION_LIMITS, operationLimits } from './operation-limits';
import { requestErrorStatusPlugin } from './request-error-status';

export type { GatewayContext } from './gateway-context';

export interface GatewayOptions {
  db: Db;
  config: VigilConfig;
  subgraphUrls: Record<SubgraphName, string>;
  port: number;
  extraCredentialResolvers?: Record<string, CredentialResolver>;
  /** Subgraphs running in this process: called in process instead of over HTTP. */
  localSubgraphs?: Partial<Record<SubgraphName, LocalSubgraphExecutor>>;
}

/** The running gateway: its HTTP endpoint, and an in-process entry for a REST adapter beside it. */
export interface RunningGateway extends RunningServer {
  execute: GatewayExecutor;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { db, config } = options;
  const signatures = new PrincipalSignatureCache(config.internalSecret);
  installFederatedOperationCache();
  installPlannedResultShaping();
  useNodeCryptoForApolloHashes();
  const gateway = new ApolloGateway({
    supergraphSdl: composeSupergraph(options.subgraphUrls),
    buildService: ({ name, url }) => {
      const local = options.localSubgraphs?.[name as SubgraphName];
      return local ? new InProcessSubgraphDataSource(local) : new SignedPrincipalDataSource(url!, signatures);
    },
  });
  const limits = operationLimits();
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    formatError,
    introspection: config.introspection,
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    plugins: [
      ApolloServerPluginInlineTraceDisabled(),
      // No HTTP caching of GraphQL answers: the default cache-control plugin only cost a hook per
      // resolved field (docs/performance.md).
      ApolloServerPluginCacheControlDisabled(),
      ...limits.plugins,
      idempotencyPlugin(db, new LocalKeyProvider(config.masterKey)),
      requestErrorStatusPlugin(),
    ],
  });
  await apollo.start();
  // Hosted-page credentials are resolved by the IDV subgraph (at options.subgraphUrls.idv).
  const resolvers = credentialResolvers(
    { subgraphUrls: options.subgraphUrls, internalSecret: config.internalSecret, consoleSessionIdleMs: () => config.console.sessionIdleMs },
    options.extraCredentialResolvers,
  );
  const credentialCache = new CredentialCache(config.databaseUrl);
  await credentialCache.start();
  const contextDeps = { db, resolvers, credentialCache };

  const app = createServiceApp('gateway', async () => {
    await db.$queryRaw`SELECT 1`;
  });
  // No automatic ETag on GraphQL answers (never revalidated; a SHA-1 of every body otherwise).
  app.set('etag', false);
  mountPlayground(app);
  app.use(
    '/graphql',
    rateLimiter({
      limits: config.rateLimits,
      exempt: (req) => isRestAdapterCall(req.header(FORWARDED_BY_HEADER), config.internalSecret),
      reject: (_req, res, retryAfter) =>
        void res.status(429).json({
          errors: [
            { message: `Rate limit exceeded; retry after ${retryAfter} s`, extensions: { code: 'rate_limited', http: { status: 429 } } },
          ],
        }),
    }),
    ...graphqlJsonBody(),
    refuseUnknownOperationName,
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        try {
          return await buildGatewayContext(contextDeps, {
            authorization: req.header('authorization'),
            apiKey: req.header('x-api-key'),
            csrfToken: req.header('x-csrf-token'),
            operation: req.method === 'GET' ? req.query : req.body,
            variables: requestVariables(req),
            requestId: req.requestId,
            clientAddress: clientAddressOf(req, config.internalSecret),
          });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          // A failed credential beyond the address's budget answers 429 instead of 401
          // (platform/http/rate-limit.ts); valid credentials never get here.
          const wait = error.status === 401 ? failedCredentialWait(req) : 0;
          if (wait > 0) {
            throw new GraphQLError(`Too many failed credentials; retry after ${wait} s`, {
              extensions: { code: 'rate_limited', http: { status: 429, headers: new HeaderMap([['retry-after', String(wait)]]) } },
            });
          }
          const retryAfter = error.status === 503 ? RETRY_AFTER_UNAVAILABLE_SECONDS : undefined;
          throw new GraphQLError(error.message, {
            extensions: {
              code: error.code,
              http: { status: error.status, headers: new HeaderMap(retryAfter ? [['retry-after', String(retryAfter)]] : []) },
              ...(error.details ? { details: error.details } : {}),
            },
          });
        }
      },
    }),
  );
  const server = await listen(app, options.port, config.host);
  return {
    ...server,
    url: `${server.url}/graphql`,
    execute: inProcessGateway(apollo, contextDeps),
    async close() {
      await server.close();
      await apollo.stop();
      await credentialCache.close();
    },
  };
}

/** An operationName the document does not define is the caller's mistake: 400 (the gateway's
 * executor would fail on it as an internal error). */
function refuseUnknownOperationName(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const { query, operationName } = (req.method === 'GET' ? req.query : (req.body ?? {})) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string' || typeof operationName !== 'string' || !operationName) return next();
  let defined: boolean;
  try {
    defined = parse(query, { maxTokens: OPERATION_LIMITS.maxTokens }).definitions.some(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === operationName,
    );
  } catch {
    return next(); // Apollo reports the syntax error itself.
  }
  if (defined) return next();
  res.status(400).json({
    errors: [
      { message: `Unknown operation named "${operationName}"`, extensions: { code: 'schema_validation_failed', http: { status: 400 } } },
    ],
  });
}

/** GraphiQL served from the npm packages (no CDN: installations are often air-gapped). */
function mountPlayground(app: express.Express): void {
  const asset = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
  const assets: Record<string, string> = {
    'react.js': asset('react', 'umd/react.production.min.js'),
    'react-dom.js': asset('react-dom', 'umd/react-dom.production.min.js'),
    'graphiql.js': asset('graphiql', 'graphiql.min.js'),
    'graphiql.css': asset('graphiql', 'graphiql.min.css'),
  };
  app.get('/playground/assets/:file', (req, res) => {
    const file = assets[req.params.file];
    if (!file) return void res.status(404).end();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(file);
  });
  const page = (_req: express.Request, res: express.Response) => sendHtmlPage(res, playgroundHtml('/graphql', playgroundApiKey()));
  app.get('/playground', page);
  app.get('/graphql', (req, res, next) => (req.accepts(['html', 'json']) === 'html' && !req.query.query ? page(req, res) : next()));
}

/** Who is on the other end: the REST adapter's caller when the adapter proves the call is its own,
 * else the socket's peer. X-Forwarded-For is not believed (`trust proxy` is off, as for the rate
 * limits): behind a proxy the proxy's address is recorded. */
function clientAddressOf(req: express.Request, internalSecret: string): string | undefined {
  const forwarded = req.header(CLIENT_ADDRESS_HEADER);
  if (forwarded && isRestAdapterCall(req.header(FORWARDED_BY_HEADER), internalSecret)) return forwarded.slice(0, 64);
  return req.socket.remoteAddress;
}

/** The variables of a GraphQL request (a JSON text in the query string of a GET). */
function requestVariables(req: express.Request): unknown {
  if (req.method !== 'GET') return (req.body as { variables?: unknown } | undefined)?.variables;
  try {
    return typeof req.query.variables === 'string' ? JSON.parse(req.query.variables) : undefined;
  } catch {
    return undefined;
  }
}
