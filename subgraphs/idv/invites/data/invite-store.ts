// The only module that touches Prisma for invite sends (idv-delivery.prisma) and the invite
// credentials they issue (IdvInvite, idv.prisma). Every query carries the caller's scope, except
// the worker's due-work scans, which return rows with their scope.
import type { SealedValue } from '../../../../platform/crypto/envelope';
import { sealedCodeColumn } from '../../data/json-columns';
import type { DbClient, Scope } from '../../../../platform/db/prisma';
import { scoped } from '../../data/scope';
import { translateUniqueViolation } from '../../../../platform/db/unique-violation';

export type InviteSendRow = NonNullable<Awaited<ReturnType<typeof findSendByKey>>>;

export interface NewInvite extends Scope {
  id: string;
  sessionId: string;
  delivery: string;
  codeHash: string;
  singleUse: boolean;
  idempotencyKey?: string | null;
  deliveryState: string;
  expiresAt: Date;
}

export interface NewInviteSend extends Scope {
  id: string;
  sessionId: string;
  idempotencyKey: string;
  inviteId: string;
  sealedCode: SealedValue;
  locale: string;
  orgName: string | null;
  state: string;
  expiresAt: Date;
}

/** The fields a send's delivery outcome changes. */
export interface InviteSendChange {
  state?: string;
  attempts?: number;
  lastError?: string | null;
  settledAt?: Date | null;
  nextAttemptAt?: Date | null;
}

/** Sends that still may deliver (a different key is refused while one exists). */
export const IN_FLIGHT_STATES = ['sending', 'retrying', 'unconfirmed'] as const;

export async function findSendByKey(db: DbClient, scope: Scope, sessionId: string, idempotencyKey: string) {
  return db.idvInviteSend.findFirst({ where: { ...scoped(scope), sessionId, idempotencyKey } });
}

export async function findSend(db: DbClient, id: string) {
  return db.idvInviteSend.findUnique({ where: { id } });
}

export async function findInFlightSend(db: DbClient, scope: Scope, sessionId: string) {
  return db.idvInviteSend.findFirst({ where: { ...scoped(scope), sessionId, state: { in: [...IN_FLIGHT_STATES] } } });
}

/** An invite credential; a unique collision throws UniqueViolation. */
export async function insertInvite(db: DbClient, data: NewInvite) {
  return translateUniqueViolation('idv.invites', () => db.idvInvite.create({ data }));
}

/** A send; a second send of the same (session, key) throws UniqueViolation. */
export async function insertSend(db: DbClient, data: NewInviteSend) {
  return translateUniqueViolation('idv.invite_sends', () =>
    db.idvInviteSend.create({ data: { ...data, sealedCode: sealedCodeColumn.write(data.sealedCode) } }),
  );
}

export async function findInvite(db: DbClient, id: string) {
  return db.idvInvite.findUnique({ where: { id } });
}

/** A settled send is replaced by a new key: its emailed link stops working. */
export async function replaceSettledSends(db: DbClient, scope: Scope, sessionId: string, at: Date) {
  const settled = await db.idvInviteSend.findMany({
    where: { ...scoped(scope), sessionId, state: { in: ['sent', 'failed'] } },
    select: { id: true, inviteId: true },
  });
  if (settled.length === 0) return;
  await db.idvInviteSend.updateMany({ where: { id: { in: settled.map((s) => s.id) } }, data: { state: 'replaced' } });
  await db.idvInvite.updateMany({ where: { id: { in: settled.map((s) => s.inviteId) }, consumedAt: null }, data: { consumedAt: at } });
}

export async function updateSend(db: DbClient, id: string, data: InviteSendChange) {
  return db.idvInviteSend.update({ where: { id }, data });
}

export async function setInviteDeliveryState(db: DbClient, inviteId: string, deliveryState: string) {
  await db.idvInvite.update({ where: { id: inviteId }, data: { deliveryState } });
}

/** Claims a due retry (retrying → sending) so one worker sends it; false when another did. */
export async function claimDueRetry(db: DbClient, id: string, now: Date): Promise<boolean> {
  const claimed = await db.idvInviteSend.updateMany({
    where: { id, state: 'retrying', nextAttemptAt: { lte: now } },
    data: { state: 'sending', updatedAt: now },
  });
  return claimed.count === 1;
}

/** Due work for the worker: retries whose time came. */
export async function findDueRetries(db: DbClient, now: Date, take = 50) {
  return db.idvInviteSend.findMany({
    where: { state: 'retrying', nextAttemptAt: { lte: now } },
    select: { id: true },
    take,
    orderBy: { nextAttemptAt: 'asc' },
  });
}

/** A send left `sending` past the stall limit (its process died mid-conversation) becomes
 * `unconfirmed`; an `unconfirmed` send past its settle time becomes `failed` (settled). */
export async function settleStalledSends(db: DbClient, now: Date, stalledBefore: Date): Promise<void> {
  await db.idvInviteSend.updateMany({
    where: { state: 'sending', updatedAt: { lt: stalledBefore } },
    data: { state: 'unconfirmed', lastError: 'sender stopped mid-send', nextAttemptAt: now },
  });
  await db.idvInviteSend.updateMany({
    where: { state: 'unconfirmed', nextAttemptAt: { lte: now } },
    data: { state: 'failed', settledAt: now },
  });
}

/** A direct link is single use: its first resolution redeems it (atomically, so two concurrent
 * uses cannot both pass). True when the credential may be used now. Reusable (emailed) invites
 * always pass. */
export async function redeemIfSingleUse(db: DbClient, codeHash: string, at: Date): Promise<boolean> {
  const invite = await db.idvInvite.findUnique({ where: { codeHash }, select: { singleUse: true } });
  if (!invite?.singleUse) return true;
  const redeemed = await db.idvInvite.updateMany({
    where: { codeHash, singleUse: true, usedAt: null, consumedAt: null },
    data: { usedAt: at, consumedAt: at },
  });
  return redeemed.count === 1;
}
