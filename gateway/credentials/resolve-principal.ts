// Turns a credential into the principal forwarded to subgraphs. Each scheme has one resolver;
// domains register theirs (the IDV capture and invite credentials) in credential-resolvers.ts.
import { Db } from '../../platform/db/prisma';
import { PlatformError } from '../../platform/errors/domain-error';
import { Entitlements, Principal } from '../../platform/principal/principal';
import { findActiveApiKey, findActiveDashboardToken } from '../../platform/tenancy/tenancy-store';
import { Credential } from './read-credential';

export type CredentialResolver = (value: string, db: Db) => Promise<Principal | undefined>;

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
    workspaceId: user.workspaceId,
    actorId: user.id,
    kind: 'dashboard_user',
    entitlements: {},
    actorName: user.name,
    actorEmail: user.email,
  };
};

export async function resolvePrincipal(
  credential: Credential | undefined,
  db: Db,
  resolvers: Record<string, CredentialResolver>,
): Promise<Principal> {
  if (!credential) throw new PlatformError('missing_authentication', 'Missing authentication');
  const resolver = Object.hasOwn(resolvers, credential.scheme) ? resolvers[credential.scheme] : undefined;
  const principal = resolver && credential.value ? await resolver(credential.value, db) : undefined;
  if (!principal) throw new PlatformError('unauthorized', 'Unauthorized');
  return principal;
}
