// How the gateway reaches each subgraph: in process when the subgraph runs in this process (no
// loopback HTTP, no principal signing), otherwise over HTTP on pooled keep-alive connections and
// a principal header signed once per principal and reused for half its lifetime.
import { GraphQLDataSource, GraphQLDataSourceProcessOptions, RemoteGraphQLDataSource } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import type { FetcherResponse } from '@apollo/utils.fetcher';
import { keepAliveFetcher } from '../platform/http/keep-alive-fetcher';
import { PlatformError } from '../platform/errors/domain-error';
import { PRINCIPAL_HEADER, REQUEST_ID_HEADER, signPrincipal } from '../platform/principal/principal';
import type { LocalSubgraphExecutor } from '../platform/subgraph/local-subgraph';
import type { GatewayContext } from './gateway-context';
import { PrincipalSignatureCache } from './principal-signature-cache';

export class SignedPrincipalDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly signatures: PrincipalSignatureCache,
  ) {
    // Pooled keep-alive connections to the subgraphs (Apollo's default fetcher opens a new TCP
    // connection per subgraph call; Node's fetch cost more CPU than the gateway itself).
    super({ url, fetcher: keepAliveFetcher });
  }
  /** A subgraph that cannot be reached (or whose proxy says so) is unavailable, not a bug: 503
   * service_unavailable wherever the plan needs it, nested entity fields included. */
  override didEncounterError(
    error: Error,
    request: Parameters<RemoteGraphQLDataSource['didEncounterError']>[1],
    response?: FetcherResponse,
  ): void {
    if (!response || [502, 503, 504].includes(response.status))
      throw new PlatformError('service_unavailable', 'A service this request needs is unavailable; retry later');
    super.didEncounterError(error, request, response);
  }
  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    if (!isCallerContext(context)) return;
    // A keyed mutation's principal is signed for that one request (it carries the idempotency key),
    // not cached for reuse.
    const header = context.principal.idempotencyKey
      ? signPrincipal(context.principal, this.signatures.secret)
      : this.signatures.headerFor(context.principal);
    request.http?.headers.set(PRINCIPAL_HEADER, header);
    request.http?.headers.set(REQUEST_ID_HEADER, context.requestId);
  }
}

/** A request's context carries a caller (the gateway's health checks and schema loads do not). */
function isCallerContext(context: object): context is GatewayContext {
  return 'principal' in context && Boolean(context.principal);
}

export class InProcessSubgraphDataSource implements GraphQLDataSource<GatewayContext> {
  constructor(private readonly execute: LocalSubgraphExecutor) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const context = options.context as Partial<GatewayContext> | undefined;
    // As over HTTP: a subgraph answers nobody without a principal.
    if (!context?.principal)
      return {
        errors: [{ message: 'Missing or invalid internal principal', extensions: { code: 'unauthorized', http: { status: 401 } } }],
      };
    const { query, operationName, variables, extensions } = options.request;
    return this.execute({ query, operationName, variables, extensions }, context.principal, context.requestId ?? '');
  }
}
