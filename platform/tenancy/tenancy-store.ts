// Data access for the platform's tenancy tables: tenants, workspaces, applications, API keys,
// dashboard users and tokens. Secrets are stored and looked up by hash only.
import { hashSecret } from '../crypto/hash';
import { Db, DbClient, Scope } from '../db/prisma';
import { newId, newSecret } from '../ids/new-id';
import { Entitlements } from '../principal/principal';

export const API_KEY_PREFIX = 'vgl';
export const DASHBOARD_TOKEN_PREFIX = 'vgld';
const DASHBOARD_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Postgres NOTIFY channel that tells every gateway replica to drop cached credentials. */
export const CREDENTIALS_CHANNEL = 'vigil_credentials';

export async function createTenant(db: Db, name: string) {
  return db.tenant.create({ data: { id: newId('ten'), name } });
}

export async function createWorkspace(db: Db, tenantId: string, name: string) {
  return db.workspace.create({ data: { id: newId('wsp'), tenantId, name } });
}

/** Creates an application and its first key; the key itself is returned once and never stored. */
export async function createApplication(db: Db, input: { workspaceId: string; name: string; entitlements?: Entitlements }) {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: input.workspaceId } });
  const application = await db.application.create({
    data: {
      id: newId('app'),
      tenantId: workspace.tenantId,
      workspaceId: workspace.id,
      name: input.name,
      entitlements: (input.entitlements ?? {}) as object,
    },
  });
  const apiKey = await issueApiKey(db, application.id);
  return { application, apiKey };
}

export async function issueApiKey(db: Db, applicationId: string) {
  const key = newSecret(API_KEY_PREFIX);
  const record = await db.apiKey.create({ data: { id: newId('key'), applicationId, prefix: key.slice(0, 10), keyHash: hashSecret(key) } });
  return { id: record.id, key };
}

export async function revokeApiKey(db: Db, keyId: string): Promise<boolean> {
  const [result] = await db.$transaction([
    db.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } }),
    db.$executeRaw`SELECT pg_notify(${CREDENTIALS_CHANNEL}, ${keyId})`,
  ]);
  return result.count === 1;
}

export async function listApplications(db: Db, workspaceId?: string) {
  return db.application.findMany({
    where: workspaceId ? { workspaceId } : {},
    include: { apiKeys: { select: { id: true, prefix: true, createdAt: true, revokedAt: true } } },
    orderBy: { createdAt: 'asc' },
  });
}

export async function findActiveApiKey(db: Db, key: string) {
  return db.apiKey.findFirst({ where: { keyHash: hashSecret(key), revokedAt: null }, include: { application: true } });
}

export async function createDashboardUser(db: Db, input: { workspaceId: string; email: string; name: string; role?: string }) {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: input.workspaceId } });
  return db.dashboardUser.upsert({
    where: { workspaceId_email: { workspaceId: workspace.id, email: input.email } },
    update: {},
    create: {
      id: newId('usr'),
      tenantId: workspace.tenantId,
      workspaceId: workspace.id,
      email: input.email,
      name: input.name,
      role: input.role ?? 'analyst',
    },
  });
}

/** A dashboard user of exactly this workspace (null for an id of another workspace or none). */
export async function findWorkspaceDashboardUser(db: DbClient, scope: Scope, id: string) {
  return db.dashboardUser.findFirst({ where: { id, tenantId: scope.tenantId, workspaceId: scope.workspaceId } });
}

export async function issueDashboardToken(db: Db, userId: string, lifetimeMs = DASHBOARD_TOKEN_LIFETIME_MS) {
  const token = newSecret(DASHBOARD_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db.dashboardToken.create({ data: { id: newId('dtk'), userId, tokenHash: hashSecret(token), expiresAt } });
  return { token, expiresAt };
}

export async function findActiveDashboardToken(db: Db, token: string) {
  return db.dashboardToken.findFirst({
    where: { tokenHash: hashSecret(token), revokedAt: null, expiresAt: { gt: new Date() } },
    include: { user: true },
  });
}

/** Sets one boolean entitlement of an application (e.g. riskAssessments, the risk beta). Keys
 * already resolved by the gateway keep their cached principal for up to its cache TTL (30 s). */
export async function setApplicationEntitlement(db: Db, applicationId: string, name: keyof Entitlements, value: boolean) {
  const application = await db.application.findUniqueOrThrow({ where: { id: applicationId } });
  const entitlements = { ...((application.entitlements ?? {}) as Entitlements), [name]: value };
  await db.application.update({ where: { id: applicationId }, data: { entitlements: entitlements as object } });
  return entitlements;
}
