// Dashboard users and their memberships (platform.dashboard_users, platform.dashboard_memberships).
// Sign-in reads are by email across tenants (the email establishes the tenant); administration is
// scoped to the admin's tenant and workspace.
import type { Db, DbClient, DbTx, Scope } from '../../../platform/db/prisma';
import { Prisma } from '../../../platform/db/prisma-client';
import type { SealedValue } from '../../../platform/crypto/envelope';
import { newId } from '../../../platform/ids/new-id';
import { CREDENTIALS_CHANNEL } from '../../../platform/tenancy/tenancy-store';

export interface UserRow {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  passwordHash: string | null;
  totpSecret: unknown;
  totpEnabledAt: Date | null;
  totpLastStep: bigint | null;
  failedSignIns: number;
  signInBlockedUntil: Date | null;
  deactivatedAt: Date | null;
  createdAt: Date;
}

/** A user as a member of one workspace. */
export interface MemberRow extends UserRow {
  role: string;
}

export interface MembershipRow {
  workspaceId: string;
  workspaceName: string;
  role: string;
}

export async function findUserByEmail(db: DbClient, email: string): Promise<UserRow | null> {
  return db.dashboardUser.findUnique({ where: { email } });
}

export async function findUserById(db: DbClient, id: string): Promise<UserRow | null> {
  return db.dashboardUser.findUnique({ where: { id } });
}

/** Counts one failed sign-in and answers the new count (atomic: parallel failures all count). */
export async function countFailedSignIn(db: Db, userId: string): Promise<number> {
  const row = await db.dashboardUser.update({ where: { id: userId }, data: { failedSignIns: { increment: 1 } } });
  return row.failedSignIns;
}

export async function blockSignIn(db: Db, userId: string, until: Date): Promise<void> {
  await db.dashboardUser.update({ where: { id: userId }, data: { signInBlockedUntil: until } });
}

export async function resetFailedSignIns(db: Db, userId: string): Promise<void> {
  await db.dashboardUser.updateMany({
    where: { id: userId, OR: [{ failedSignIns: { gt: 0 } }, { signInBlockedUntil: { not: null } }] },
    data: { failedSignIns: 0, signInBlockedUntil: null },
  });
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<UserRow> {
  return db.dashboardUser.update({ where: { id: userId }, data: { passwordHash } });
}

export async function setTotp(
  db: Db,
  userId: string,
  data: { secret: SealedValue | null; enabledAt: Date | null; lastStep: bigint | null },
): Promise<UserRow> {
  return db.dashboardUser.update({
    where: { id: userId },
    data: {
      totpSecret: data.secret ? (data.secret as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
      totpEnabledAt: data.enabledAt,
      totpLastStep: data.lastStep,
    },
  });
}

/** Records the TOTP step just accepted, unless a step as late was accepted already (a replayed code). */
export async function claimTotpStep(db: Db, userId: string, step: bigint): Promise<boolean> {
  const result = await db.dashboardUser.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return result.count === 1;
}

export async function createUser(tx: DbTx, input: { tenantId: string; email: string; name: string }): Promise<UserRow> {
  return tx.dashboardUser.create({ data: { id: newId('usr'), tenantId: input.tenantId, email: input.email, name: input.name } });
}

export async function createMembership(tx: DbTx, input: { userId: string; workspaceId: string; role: string }): Promise<void> {
  await tx.dashboardMembership.create({ data: input });
}

export async function findMembership(db: DbClient, userId: string, workspaceId: string): Promise<{ role: string } | null> {
  return db.dashboardMembership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } }, select: { role: true } });
}

/** The user's workspaces (oldest membership first) with their names. */
export async function listMemberships(db: DbClient, userId: string): Promise<MembershipRow[]> {
  const rows = await db.dashboardMembership.findMany({
    where: { userId },
    include: { workspace: { select: { name: true } } },
    orderBy: [{ createdAt: 'asc' }, { workspaceId: 'asc' }],
  });
  return rows.map((row) => ({ workspaceId: row.workspaceId, workspaceName: row.workspace.name, role: row.role }));
}

/** A member of the scope's workspace (null for a user of another workspace or tenant, or none). */
export async function findMember(db: DbClient, scope: Scope, userId: string): Promise<MemberRow | null> {
  const membership = await db.dashboardMembership.findFirst({
    where: { userId, workspaceId: scope.workspaceId, user: { tenantId: scope.tenantId } },
    include: { user: true },
  });
  return membership ? { ...membership.user, role: membership.role } : null;
}

/** Members of the scope's workspace, oldest membership first: `limit` rows from `offset`. */
export async function listMembers(db: DbClient, scope: Scope, offset: number, limit: number): Promise<MemberRow[]> {
  const rows = await db.dashboardMembership.findMany({
    where: { workspaceId: scope.workspaceId, user: { tenantId: scope.tenantId } },
    include: { user: true },
    orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
    skip: offset,
    take: limit,
  });
  return rows.map((row) => ({ ...row.user, role: row.role }));
}

export async function countMembers(db: DbClient, scope: Scope): Promise<number> {
  return db.dashboardMembership.count({ where: { workspaceId: scope.workspaceId, user: { tenantId: scope.tenantId } } });
}

/** When each of the users last signed in to the console (their newest session past its second
 * factor); users who never did are absent. */
export async function lastSignIns(db: DbClient, userIds: readonly string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.consoleSession.groupBy({
    by: ['userId'],
    where: { userId: { in: [...userIds] }, pending: false },
    _max: { createdAt: true },
  });
  return new Map(rows.flatMap((row) => (row._max.createdAt ? [[row.userId, row._max.createdAt] as const] : [])));
}

/** Active members of the scope's workspace with one of `roles`, by name. */
export async function listActiveMembersWithRoles(db: DbClient, scope: Scope, roles: readonly string[]): Promise<MemberRow[]> {
  const rows = await db.dashboardMembership.findMany({
    where: { workspaceId: scope.workspaceId, role: { in: [...roles] }, user: { tenantId: scope.tenantId, deactivatedAt: null } },
    include: { user: true },
    orderBy: [{ user: { name: 'asc' } }, { userId: 'asc' }],
  });
  return rows.map((row) => ({ ...row.user, role: row.role }));
}

/** Serialises changes to a workspace's admins (the last-admin rule reads, then writes). */
export async function lockWorkspaceAdmins(tx: DbTx, workspaceId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'access.admins:' + workspaceId}))`;
}

/** Active admins of a workspace other than `exceptUserId`. */
export async function countOtherActiveAdmins(tx: DbTx, workspaceId: string, exceptUserId: string): Promise<number> {
  return tx.dashboardMembership.count({
    where: { workspaceId, role: 'admin', userId: { not: exceptUserId }, user: { deactivatedAt: null } },
  });
}

/** Workspaces where the user is admin. */
export async function adminWorkspaceIds(tx: DbTx, userId: string): Promise<string[]> {
  const rows = await tx.dashboardMembership.findMany({ where: { userId, role: 'admin' }, select: { workspaceId: true } });
  return rows.map((row) => row.workspaceId);
}

export async function setMembershipRole(tx: DbTx, userId: string, workspaceId: string, role: string): Promise<void> {
  await tx.dashboardMembership.update({ where: { userId_workspaceId: { userId, workspaceId } }, data: { role } });
}

/** Deactivates the user and ends every session and token of theirs at once. */
export async function deactivateUser(tx: DbTx, userId: string, now: Date): Promise<UserRow> {
  const user = await tx.dashboardUser.update({ where: { id: userId }, data: { deactivatedAt: now } });
  await tx.consoleSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.dashboardToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.$executeRaw`SELECT pg_notify(${CREDENTIALS_CHANNEL}, ${userId})`;
  return user;
}

export async function findWorkspace(db: DbClient, id: string): Promise<{ id: string; tenantId: string; name: string } | null> {
  return db.workspace.findUnique({ where: { id }, select: { id: true, tenantId: true, name: true } });
}

/** The workspace's tenant's users with no admin yet in it (first start). */
export async function workspaceHasAdmin(db: DbClient, workspaceId: string): Promise<boolean> {
  return (await db.dashboardMembership.count({ where: { workspaceId, role: 'admin', user: { deactivatedAt: null } } })) > 0;
}
