// Turns a credential into the principal forwarded to subgraphs. Each scheme has one resolver;
// domains register theirs (the IDV capture and invite credentials) in credential-resolvers.ts.
import { Db } from '../../platform/db/prisma';
import { PlatformError } from '../../platform/errors/domain-error';
import { Entitlements, Principal } from '../../platform/principal/principal';
import { isDashboardRole } from '../../platform/principal/roles';
import { findActiveApiKey, findActiveDashboardToken } from '../../platform/tenancy/tenancy-store';
import { CredentialCache } from './credential-cache';
import { Credential } from './read-credential';

/** What a resolver may use besides the credential (log correlation of calls it makes). */
export interface ResolveContext {
  requestId?: string;
  /** The x-csrf-token the console's web layer forwards with a POST (console-session.ts checks it). */
  csrfToken?: string;
}

/** undefined: the credential is not valid (401 unauthorized). A resolver that cannot decide (a
 * service it depends on is down) throws a DomainError, e.g. 503 service_unavailable. */
export type CredentialResolver = (value: string, db: Db, context?: ResolveContext) => Promise<Principal | undefined>;

export const resolveApiKey: CredentialResolver = async (value, db) => {
  const key = await findActiveApiKey(db, value);
  if (!key) return undefined;
  const application = key.application;
  return {
    tenantId: application.tenantId,
    workspaceId: application.workspaceId,
    actorId: application.id,
    kind: 'application',
    entitlements: (application.entitlements ?? {}) as Entitlements,
  };
};

export const resolveDashboardToken: CredentialResolver = async (value, db) => {
  const token = await findActiveDashboardToken(db, value);
  if (!token) return undefined;
  const user = token.user;
  return {
    tenantId: user.tenantId,
    workspaceId: token.workspaceId,
    actorId: user.id,
    kind: 'dashboard_user',
    entitlements: {},
    // A stored role this version does not know counts as the least one.
    role: isDashboardRole(token.role) ? token.role : 'viewer',
    actorName: user.name,
    actorEmail: user.email,
  };
};

/** Schemes whose principals may be cached: API keys (long-lived; revocation is broadcast). Dashboard
 * tokens expire, so they are always looked up. */
const CACHEABLE_SCHEMES = new Set(['api-key']);

export async function resolvePrincipal(
  credential: Credential | undefined,
  db: Db,
  resolvers: Record<string, CredentialResolver>,
  cache?: CredentialCache,
  context: ResolveContext = {},
): Promise<Principal> {
  if (!credential) throw new PlatformError('missing_authentication', 'Missing authentication');
  const cacheable = cache && CACHEABLE_SCHEMES.has(credential.scheme);
  const cached = cacheable ? cache.get(credential.scheme, credential.value) : undefined;
  if (cached) return cached;
  const resolver = Object.hasOwn(resolvers, credential.scheme) ? resolvers[credential.scheme] : undefined;
  const principal = resolver && credential.value ? await resolver(credential.value, db, context) : undefined;
  if (!principal) throw new PlatformError('unauthorized', 'Unauthorized');
  if (cacheable) cache.set(credential.scheme, credential.value, principal);
  return principal;
}
