// Data access of capture sessions (idv.capture_sessions): the short-lived credential the hosted
// page holds after exchanging its fragment credential. Only hashes are stored.
import type { DbClient, Scope } from '../../../../platform/db/prisma';
import { scoped } from '../../data/scope';

export async function insertCaptureSession(
  db: DbClient,
  data: Scope & { id: string; sessionId: string; tokenHash: string; exchangedFrom: string; expiresAt: Date },
) {
  return db.idvCaptureSession.create({ data });
}

/** The capture session of a credential hash, with its IDV session's status (canceled sessions close it). */
export async function findCaptureSessionByTokenHash(db: DbClient, tokenHash: string) {
  const row = await db.idvCaptureSession.findUnique({ where: { tokenHash } });
  if (!row) return null;
  const session = await db.idvSession.findFirst({
    where: { ...scoped({ tenantId: row.tenantId, workspaceId: row.workspaceId }), id: row.sessionId },
    select: { status: true },
  });
  return session ? { ...row, sessionStatus: session.status } : null;
}
