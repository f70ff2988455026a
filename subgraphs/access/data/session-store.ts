// Console sign-in sessions (platform.console_sessions) and one-time sign-in links
// (platform.sign_in_links). Tokens are stored as SHA-256 only; the gateway resolves sessions
// through platform/tenancy/tenancy-store.ts (findActiveConsoleSession).
import type { Db, DbClient } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';

export interface SessionRow {
  id: string;
  userId: string;
  workspaceId: string;
  csrfToken: string;
  pending: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export async function insertSession(
  db: Db,
  input: {
    userId: string;
    workspaceId: string;
    tokenHash: string;
    csrfToken: string;
    pending: boolean;
    idleExpiresAt: Date;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  return db.consoleSession.create({ data: { id: newId('css'), ...input } });
}

export async function findSessionById(db: DbClient, id: string): Promise<SessionRow | null> {
  return db.consoleSession.findUnique({ where: { id } });
}

/** An unrevoked, unexpired pending sign-in (waiting for its TOTP code). */
export async function findPendingSession(db: DbClient, tokenHash: string, now: Date): Promise<SessionRow | null> {
  return db.consoleSession.findFirst({ where: { tokenHash, pending: true, revokedAt: null, expiresAt: { gt: now } } });
}

/** Ends a session; true when it was open. */
export async function revokeSession(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db.consoleSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  return result.count === 1;
}

/** Ends the user's other sessions (after a password change). */
export async function revokeOtherSessions(db: Db, userId: string, keepId: string | undefined, now: Date): Promise<void> {
  await db.consoleSession.updateMany({
    where: { userId, revokedAt: null, ...(keepId ? { id: { not: keepId } } : {}) },
    data: { revokedAt: now },
  });
}

export async function setSessionWorkspace(db: Db, id: string, workspaceId: string): Promise<void> {
  await db.consoleSession.update({ where: { id }, data: { workspaceId } });
}

export async function insertSignInLink(
  db: Pick<Db, 'signInLink'>,
  input: { userId: string; workspaceId: string; purpose: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.signInLink.create({ data: { id: newId('sil'), ...input } });
}

/** Uses a link once: null when unknown, used or expired. */
export async function consumeSignInLink(db: Db, tokenHash: string, now: Date): Promise<{ userId: string; workspaceId: string } | null> {
  const link = await db.signInLink.findUnique({ where: { tokenHash } });
  if (!link) return null;
  const claimed = await db.signInLink.updateMany({ where: { id: link.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return claimed.count === 1 ? { userId: link.userId, workspaceId: link.workspaceId } : null;
}
