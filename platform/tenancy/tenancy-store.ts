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

/** Emails are compared case-insensitively: stored and looked up lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The dashboard user with this email, created in the workspace's tenant when absent, with a
 * membership of the workspace (role `role`, analyst by default) when they hold none there. Used by
 * the CLI's `create-dashboard-token` and tests; console administration goes through the access
 * subgraph. An email of another tenant's user is refused (one account per email per installation).
 */
export async function createDashboardUser(db: Db, input: { workspaceId: string; email: string; name: string; role?: string }) {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: input.workspaceId } });
  const email = normalizeEmail(input.email);
  const user = await db.dashboardUser.upsert({
    where: { email },
    update: {},
    create: { id: newId('usr'), tenantId: workspace.tenantId, email, name: input.name },
  });
  if (user.tenantId !== workspace.tenantId) throw new Error(`${email} is a dashboard user of another tenant`);
  await db.dashboardMembership.upsert({
    where: { userId_workspaceId: { userId: user.id, workspaceId: workspace.id } },
    update: {},
    create: { userId: user.id, workspaceId: workspace.id, role: input.role ?? 'analyst' },
  });
  return user;
}

/** A dashboard user who is a member of exactly this workspace (null for another workspace's user or
 * none), with their membership there (its role). */
export async function findWorkspaceDashboardUser(db: DbClient, scope: Scope, id: string) {
  return db.dashboardUser.findFirst({
    where: { id, tenantId: scope.tenantId, memberships: { some: { workspaceId: scope.workspaceId } } },
    include: { memberships: { where: { workspaceId: scope.workspaceId }, select: { role: true } } },
  });
}

/** A `vgld_` token for one of the user's workspaces (`workspaceId`; default: their oldest membership). */
export async function issueDashboardToken(db: Db, userId: string, lifetimeMs = DASHBOARD_TOKEN_LIFETIME_MS, workspaceId?: string) {
  const membership = await db.dashboardMembership.findFirstOrThrow({
    where: { userId, ...(workspaceId ? { workspaceId } : {}) },
    orderBy: { createdAt: 'asc' },
  });
  const token = newSecret(DASHBOARD_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db.dashboardToken.create({
    data: { id: newId('dtk'), userId, workspaceId: membership.workspaceId, tokenHash: hashSecret(token), expiresAt },
  });
  return { token, expiresAt };
}

/** An unexpired, unrevoked token of an active user, with the user's role in the token's workspace. */
export async function findActiveDashboardToken(db: Db, token: string) {
  const found = await db.dashboardToken.findFirst({
    where: { tokenHash: hashSecret(token), revokedAt: null, expiresAt: { gt: new Date() }, user: { deactivatedAt: null } },
    include: { user: true },
  });
  if (!found) return null;
  const membership = await db.dashboardMembership.findUnique({
    where: { userId_workspaceId: { userId: found.userId, workspaceId: found.workspaceId } },
  });
  // A token of a workspace the user has left authenticates nothing.
  return membership ? { ...found, role: membership.role } : null;
}

/**
 * The console session of a `Session <token>` credential: unrevoked, not pending a second factor,
 * within its idle and absolute expiry, of an active user who is still a member of the session's
 * workspace. last_seen_at (and with it the idle expiry) moves at most once a minute, so a busy
 * console does not write a row per request.
 */
export async function findActiveConsoleSession(db: Db, token: string, idleMs: number, now = new Date()) {
  // Every console request resolves its session (never cached: sign-out and deactivation act at
  // once), so the session, its user and the membership's role are one prepared statement rather
  // than two Prisma queries (docs/performance.md "Read path").
  const [row] = await db.$readRows(
    `SELECT s.id, s.user_id AS "userId", s.workspace_id AS "workspaceId", s.csrf_token AS "csrfToken", s.last_seen_at AS "lastSeenAt",
            s.expires_at AS "expiresAt", m.role, u.tenant_id AS "userTenantId", u.name AS "userName", u.email AS "userEmail"
       FROM platform.console_sessions s
       JOIN platform.dashboard_users u ON u.id = s.user_id AND u.deactivated_at IS NULL
       JOIN platform.dashboard_memberships m ON m.user_id = s.user_id AND m.workspace_id = s.workspace_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND NOT s.pending AND s.expires_at > $2 AND s.idle_expires_at > $2`,
    [hashSecret(token), now],
    'platform_active_console_session',
  );
  if (!row) return null;
  const session = row as {
    id: string;
    userId: string;
    workspaceId: string;
    csrfToken: string;
    lastSeenAt: Date;
    expiresAt: Date;
    role: string;
    userTenantId: string;
    userName: string;
    userEmail: string;
  };
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    const idleExpiresAt = new Date(Math.min(now.getTime() + idleMs, session.expiresAt.getTime()));
    await db.consoleSession.updateMany({ where: { id: session.id, revokedAt: null }, data: { lastSeenAt: now, idleExpiresAt } });
  }
  return {
    id: session.id,
    workspaceId: session.workspaceId,
    csrfToken: session.csrfToken,
    role: session.role,
    user: { id: session.userId, tenantId: session.userTenantId, name: session.userName, email: session.userEmail },
  };
}

/** How often a session's last_seen_at (and idle expiry) may move. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Sets one boolean entitlement of an application (e.g. riskAssessments, the risk beta). Keys
 * already resolved by the gateway keep their cached principal for up to its cache TTL (30 s). */
export async function setApplicationEntitlement(db: Db, applicationId: string, name: keyof Entitlements, value: boolean) {
  const application = await db.application.findUniqueOrThrow({ where: { id: applicationId } });
  const entitlements = { ...((application.entitlements ?? {}) as Entitlements), [name]: value };
  await db.application.update({ where: { id: applicationId }, data: { entitlements: entitlements as object } });
  return entitlements;
}
