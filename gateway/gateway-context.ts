// Who is calling and what they may run: the one context builder of the gateway, used by its HTTP
// endpoint and by the in-process entry the colocated REST adapter calls (in-process-gateway.ts),
// so both paths authenticate, narrow and guard exactly alike.
import { Db } from '../platform/db/prisma';
import { PlatformError } from '../platform/errors/domain-error';
import { Principal } from '../platform/principal/principal';
import { findUnstorableText } from '../platform/subgraph/text-guard';
import { CredentialCache } from './credentials/credential-cache';
import { assertOperationAllowed, assertOperationAllowedForScheme } from './credentials/narrow-principals';
import { readCredential } from './credentials/read-credential';
import { CredentialResolver, resolvePrincipal } from './credentials/resolve-principal';

export interface GatewayContext {
  principal: Principal;
  requestId: string;
}

export interface GatewayContextDeps {
  db: Db;
  resolvers: Record<string, CredentialResolver>;
  credentialCache: CredentialCache;
}

export interface GatewayCall {
  authorization?: string;
  apiKey?: string;
  /** The console's x-csrf-token, forwarded by the web layer with every POST (console-session.ts). */
  csrfToken?: string;
  /** The GraphQL request (query, variables, operationName) as the caller sent it. */
  operation: unknown;
  variables: unknown;
  requestId: string;
}

/** Throws a DomainError (unauthorized, forbidden, schema_validation_failed ...) for a refused call. */
export async function buildGatewayContext(deps: GatewayContextDeps, call: GatewayCall): Promise<GatewayContext> {
  const credential = readCredential({ authorization: call.authorization, apiKey: call.apiKey });
  // Hosted-page (capture, invite) and public principals run only their allow-listed fields:
  // checked from the scheme before resolving (no lookup for a refused operation) and again
  // on the resolved principal.
  if (credential) assertOperationAllowedForScheme(credential.scheme, call.operation);
  const principal = await resolvePrincipal(credential, deps.db, deps.resolvers, deps.credentialCache, {
    requestId: call.requestId,
    csrfToken: call.csrfToken,
  });
  assertOperationAllowed(principal, call.operation);
  // Text Postgres cannot store (NUL, unpaired surrogates) is refused before any subgraph call.
  const unstorable = findUnstorableText(call.variables);
  if (unstorable)
    throw new PlatformError('schema_validation_failed', `${unstorable}: text must not contain NUL characters or unpaired surrogates`);
  return { principal, requestId: call.requestId };
}
