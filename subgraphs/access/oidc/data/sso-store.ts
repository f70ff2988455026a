// Tenants' single sign-on configurations (platform.sso_configurations) and sign-ons in progress
// (platform.oidc_sign_ins). The client secret is stored sealed; this file never opens it.
import type { Db, DbClient } from '../../../../platform/db/prisma';
import { Prisma } from '../../../../platform/db/prisma-client';
import type { SealedValue } from '../../../../platform/crypto/envelope';
import { newId } from '../../../../platform/ids/new-id';

export interface SsoConfigurationRow {
  tenantId: string;
  issuer: string;
  clientId: string;
  clientSecret: unknown;
  emailClaim: string;
  provisionRole: string | null;
  provisionWorkspaceId: string | null;
  updatedAt: Date;
}

export interface OidcSignInRow {
  id: string;
  tenantId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function findSsoConfiguration(db: DbClient, tenantId: string): Promise<SsoConfigurationRow | null> {
  return db.ssoConfiguration.findUnique({ where: { tenantId } });
}

/** Up to two configured tenants: enough to tell "exactly one" from "several". */
export async function firstSsoTenants(db: DbClient): Promise<string[]> {
  const rows = await db.ssoConfiguration.findMany({ select: { tenantId: true }, orderBy: { tenantId: 'asc' }, take: 2 });
  return rows.map((row) => row.tenantId);
}

export async function saveSsoConfiguration(
  db: Db,
  input: Omit<SsoConfigurationRow, 'clientSecret' | 'updatedAt'> & { clientSecret: SealedValue },
): Promise<SsoConfigurationRow> {
  const data = { ...input, clientSecret: input.clientSecret as unknown as Prisma.InputJsonObject };
  return db.ssoConfiguration.upsert({ where: { tenantId: input.tenantId }, create: data, update: data });
}

export async function deleteSsoConfiguration(db: Db, tenantId: string): Promise<boolean> {
  return (await db.ssoConfiguration.deleteMany({ where: { tenantId } })).count === 1;
}

export async function insertOidcSignIn(
  db: Db,
  input: { tenantId: string; flowTokenHash: string; state: string; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  // Sign-ons never finished are deleted as new ones start (they are useless once expired).
  await db.oidcSignIn.deleteMany({ where: { expiresAt: { lt: new Date(input.expiresAt.getTime() - 24 * 3600_000) } } });
  await db.oidcSignIn.create({ data: { id: newId('oid'), ...input } });
}

/** Uses a sign-on in progress once: null when unknown, used or expired. */
export async function consumeOidcSignIn(db: Db, flowTokenHash: string, now: Date): Promise<OidcSignInRow | null> {
  const row = await db.oidcSignIn.findUnique({ where: { flowTokenHash } });
  if (!row) return null;
  const claimed = await db.oidcSignIn.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return claimed.count === 1 ? row : null;
}
