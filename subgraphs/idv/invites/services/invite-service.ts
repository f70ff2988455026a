// POST /sessions/{id}/invite: the emailed invite and the direct link (idv-interface.md, numbered
// rules). An email send runs in three steps so no SMTP conversation happens inside a database
// transaction: (1) under the session's row lock, check the rules and record the send as `sending`
// with its invite; (2) talk to the provider; (3) under the lock again, record the outcome, or
// answer 409 idv_invite_conflict when the session or invite changed meanwhile (a cancel).
import crypto from 'node:crypto';
import { z } from 'zod';
import { open, seal } from '../../../../platform/crypto/envelope';
import { hashSecret } from '../../../../platform/crypto/hash';
import { UniqueViolation } from '../../../../platform/db/unique-violation';
import { newId, newSecret } from '../../../../platform/ids/new-id';
import { Principal } from '../../../../platform/principal/principal';
import type { Scope } from '../../../../platform/db/prisma';
import { findSession, lockSession, SessionRow } from '../../data/session-store';
import { sessionNotFound } from '../../errors';
import { IdvDeliveryError as IdvError } from '../../delivery-errors';
import { checkRule } from '../../model/validation';
import type { SendVerificationInviteInput } from '../../resolvers/resolver-types.generated';
import { requireManagement } from '../../services/principals';
import { DIRECT_LINK_LIFETIME_MS, EMAIL_INVITE_LIFETIME_MS, isSecureVerifyBase, verifyUrl } from '../../delivery-settings';
import {
  findSend,
  findSendByKey,
  findInFlightSend,
  findInvite,
  insertInvite,
  insertSend,
  InviteSendChange,
  InviteSendRow,
  replaceSettledSends,
  setInviteDeliveryState,
  updateSend,
} from '../data/invite-store';
import { InviteDeps } from './invite-deps';
import { composeInviteEmail } from './compose';
import { SendOutcome } from './mailer';
import { sealedCodeColumn } from '../../data/json-columns';

export const INVITE_CODE_PREFIX = 'idvic';
const KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** Sessions an invite can still lead somewhere: the customer has not submitted yet. */
const INVITABLE = ['collecting_artifacts', 'ready_for_assessment'];

const localeRule = z
  .string()
  .min(1)
  .max(35)
  .regex(/^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/, 'must be a language tag such as en or de-CH');
const orgNameRule = z.string().min(1).max(80);
const idempotencyKeyRule = z.string().min(1).max(160).regex(KEY_PATTERN, 'must match ^[A-Za-z0-9._:-]+$');

/** An invite request as the rules accepted it (delivery defaults to email). */
interface CheckedInvite {
  delivery: 'email' | 'none';
  locale?: string;
  orgName?: string;
  idempotencyKey?: string;
}

function checkInviteInput(input: SendVerificationInviteInput): CheckedInvite {
  checkRule(localeRule, input.locale, 'body.locale');
  checkRule(orgNameRule, input.orgName, 'body.org_name');
  checkRule(idempotencyKeyRule, input.idempotencyKey, 'body.idempotency_key');
  return {
    delivery: input.delivery ?? 'email',
    locale: input.locale ?? undefined,
    orgName: input.orgName ?? undefined,
    idempotencyKey: input.idempotencyKey ?? undefined,
  };
}

export type InviteResult = EmailInviteResult | DirectLinkResult;
export type EmailInviteResult = { delivery: 'email'; invited: true; inviteExpiresAt: Date; deliveryState: 'sent' };
export type DirectLinkResult = { delivery: 'none'; verifyUrl: string; inviteExpiresAt: Date };

export async function sendInvite(
  deps: InviteDeps,
  principal: Principal,
  sessionId: string,
  request: SendVerificationInviteInput,
  requestId?: string,
): Promise<InviteResult> {
  const scope = requireManagement(principal);
  const input = checkInviteInput(request);
  if (input.delivery === 'none') return issueDirectLink(deps, principal, scope, sessionId);
  return sendEmailInvite(deps, scope, sessionId, input, requestId);
}

// ---------------------------------------------------------------------------------------------
// Direct link

async function issueDirectLink(deps: InviteDeps, principal: Principal, scope: Scope, sessionId: string): Promise<InviteResult> {
  if (principal.kind !== 'application')
    throw new IdvError('idv_direct_invite_forbidden', 'Direct links are issued to application keys only');
  const base = deps.settings.verifyBaseUrl;
  if (!isSecureVerifyBase(base))
    throw new IdvError('idv_direct_invite_unavailable', 'No secure public verify base is configured (https, or http on loopback)');
  const code = newSecret(INVITE_CODE_PREFIX);
  const expiresAt = new Date(deps.now().getTime() + DIRECT_LINK_LIFETIME_MS);
  await deps.db.$transaction(async (tx) => {
    const session = await lockSession(tx, scope, sessionId);
    if (!session) throw sessionNotFound();
    assertInvitable(session);
    await insertInvite(tx, {
      id: newId('idvi'),
      ...scope,
      sessionId,
      delivery: 'none',
      codeHash: hashSecret(code),
      singleUse: true,
      deliveryState: 'issued',
      expiresAt,
    });
  });
  return { delivery: 'none', verifyUrl: verifyUrl(base, sessionId, code), inviteExpiresAt: expiresAt };
}

function assertInvitable(session: SessionRow): void {
  if (!INVITABLE.includes(session.status))
    throw new IdvError('idv_state_conflict', `A session in status ${session.status} cannot be invited to`);
}

// ---------------------------------------------------------------------------------------------
// Email

async function sendEmailInvite(
  deps: InviteDeps,
  scope: Scope,
  sessionId: string,
  input: CheckedInvite,
  requestId?: string,
): Promise<InviteResult> {
  const key = input.idempotencyKey ?? `generated:${crypto.randomUUID()}`;
  // A replay is answered from the record before anything else: it never sends a second email.
  const earlier = await findSendByKey(deps.db, scope, sessionId, key);
  if (earlier) return replayAnswer(earlier);
  // Rule 1: the recipient is the profile's email now (fail closed when profiles cannot answer).
  const session = await findSession(deps.db, scope, sessionId);
  if (!session) throw sessionNotFound();
  const profile = await deps.profileLookup(scope, session.profileId, requestId);
  if (!profile?.email) throw new IdvError('idv_profile_email_missing', 'The profile has no email address to send the invite to');

  const code = newSecret(INVITE_CODE_PREFIX);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + EMAIL_INVITE_LIFETIME_MS);
  let send: InviteSendRow;
  try {
    send = await deps.db.$transaction(async (tx) => {
      const locked = await lockSession(tx, scope, sessionId);
      if (!locked) throw sessionNotFound();
      assertInvitable(locked);
      const raced = await findSendByKey(tx, scope, sessionId, key);
      if (raced) throw new IdvError('idv_invite_conflict', 'The invite changed during the request; retry');
      if (await findInFlightSend(tx, scope, sessionId))
        throw new IdvError(
          'idv_state_conflict',
          'Another invite email is still being delivered; retry with the same Idempotency-Key or wait until it settles',
        );
      await replaceSettledSends(tx, scope, sessionId, now);
      const inviteId = newId('idvi');
      await insertInvite(tx, {
        id: inviteId,
        ...scope,
        sessionId,
        delivery: 'email',
        codeHash: hashSecret(code),
        singleUse: false,
        idempotencyKey: key,
        deliveryState: 'pending',
        expiresAt,
      });
      return insertSend(tx, {
        id: newId('idvis'),
        ...scope,
        sessionId,
        idempotencyKey: key,
        inviteId,
        sealedCode: seal(deps.keyProvider, code, codeContext(sessionId, inviteId)),
        locale: input.locale ?? 'en',
        orgName: input.orgName ?? null,
        state: 'sending',
        expiresAt,
      });
    });
  } catch (error) {
    // Two requests with the same new key: the unique (session, key) index lets one through.
    if (error instanceof UniqueViolation) throw new IdvError('idv_invite_conflict', 'The invite changed during the request; retry');
    throw error;
  }

  const outcome = await deliver(deps, session, send, code, profile.email);
  const settled = await recordOutcome(deps, scope, send, outcome);
  if (settled.conflict)
    throw new IdvError(
      'idv_invite_conflict',
      'The invite changed during the request (the session was canceled or the invite replaced); retry',
    );
  return answerFor(settled.row);
}

function replayAnswer(send: InviteSendRow): InviteResult {
  if (send.state === 'sent') return { delivery: 'email', invited: true, inviteExpiresAt: send.expiresAt, deliveryState: 'sent' };
  throw new IdvError(
    'invite_delivery_failed',
    'The invite sent with this Idempotency-Key was not confirmed by the email provider; the link stays valid',
  );
}

function answerFor(send: InviteSendRow): InviteResult {
  if (send.state === 'sent') return { delivery: 'email', invited: true, inviteExpiresAt: send.expiresAt, deliveryState: 'sent' };
  if (send.state === 'failed')
    throw new IdvError('invite_delivery_failed', 'The email provider refused the invite; the link stays valid, retry the call');
  throw new IdvError(
    'invite_delivery_retrying',
    'The email provider has not confirmed the invite yet; it is being retried and the link stays valid',
  );
}

export function codeContext(sessionId: string, inviteId: string): string {
  return `idv.invite:${sessionId}:${inviteId}`;
}

export function openCode(deps: Pick<InviteDeps, 'keyProvider'>, send: InviteSendRow): string {
  return open<string>(deps.keyProvider, sealedCodeColumn.read(send.sealedCode), codeContext(send.sessionId, send.inviteId));
}

/** Composes and hands one email to the provider. */
export async function deliver(deps: InviteDeps, session: SessionRow, send: InviteSendRow, code: string, to: string): Promise<SendOutcome> {
  const email = await composeInviteEmail(deps, session, {
    to,
    link: verifyUrl(deps.settings.verifyBaseUrl, session.id, code),
    expiresAt: send.expiresAt,
    locale: send.locale,
    orgName: send.orgName,
  });
  return deps.mailer(email);
}

/** Retry delays of a transiently failed email (then it settles as failed). */
export const EMAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** An unconfirmed (ambiguous) send counts as in flight this long before it settles as failed. */
export const UNCONFIRMED_SETTLE_MS = 15 * 60_000;

/** Records the provider's answer under the session lock; `conflict` when the session was canceled
 * or the send replaced while the provider was talking. */
export async function recordOutcome(
  deps: InviteDeps,
  scope: Scope,
  send: InviteSendRow,
  outcome: SendOutcome,
): Promise<{ row: InviteSendRow; conflict: boolean }> {
  return deps.db.$transaction(async (tx) => {
    const session = await lockSession(tx, scope, send.sessionId);
    const current = await findSend(tx, send.id);
    const invite = await findInvite(tx, send.inviteId);
    const now = deps.now();
    const attempts = (current?.attempts ?? send.attempts) + 1;
    const conflict =
      !session || session.status === 'canceled' || !current || current.state !== 'sending' || !invite || invite.consumedAt !== null;
    let data: InviteSendChange & { state: string };
    if (outcome.kind === 'accepted') data = { state: 'sent', attempts, lastError: null, settledAt: now, nextAttemptAt: null };
    else if (outcome.kind === 'rejected')
      data = { state: 'failed', attempts, lastError: outcome.detail, settledAt: now, nextAttemptAt: null };
    else if (outcome.kind === 'transient' && attempts <= EMAIL_RETRY_DELAYS_MS.length) {
      data = {
        state: 'retrying',
        attempts,
        lastError: outcome.detail,
        nextAttemptAt: new Date(now.getTime() + EMAIL_RETRY_DELAYS_MS[attempts - 1] * deps.settings.webhookTimeScale),
      };
    } else if (outcome.kind === 'transient')
      data = { state: 'failed', attempts, lastError: outcome.detail, settledAt: now, nextAttemptAt: null };
    else
      data = {
        state: 'unconfirmed',
        attempts,
        lastError: outcome.detail,
        nextAttemptAt: new Date(now.getTime() + UNCONFIRMED_SETTLE_MS * deps.settings.webhookTimeScale),
      };
    if (conflict && current) {
      // The outcome is still recorded (the log must say what the provider answered), but a canceled
      // or replaced send never goes back to retrying.
      const settledState = current.state === 'sending' ? (data.state === 'sent' ? 'sent' : 'canceled') : current.state;
      const row = await updateSend(tx, send.id, { ...data, state: settledState, nextAttemptAt: null, settledAt: now });
      return { row, conflict: true };
    }
    if (!current) return { row: send, conflict: true };
    const row = await updateSend(tx, send.id, data);
    await setInviteDeliveryState(tx, send.inviteId, String(data.state));
    return { row, conflict };
  });
}
