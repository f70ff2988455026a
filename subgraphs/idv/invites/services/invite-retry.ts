// The worker's side of invite email: retries of transiently failed sends (only those: nothing was
// handed to the provider, so a retry cannot duplicate an email) and the settling of stalled and
// unconfirmed sends. A retry resolves the recipient again and stops when the session was canceled
// or the invite consumed meanwhile.
import { logger } from '../../../../platform/logging/logger';
import { findSession } from '../../data/session-store';
import { claimDueRetry, findDueRetries, findInvite, findSend, settleStalledSends, updateSend } from '../data/invite-store';
import { InviteDeps } from './invite-deps';
import { deliver, openCode, recordOutcome } from './invite-service';

export async function retryDueInvites(deps: InviteDeps): Promise<void> {
  const now = deps.now();
  await settleStalledSends(deps.db, now, new Date(now.getTime() - 2 * deps.settings.smtpTimeoutMs - 5_000));
  for (const { id } of await findDueRetries(deps.db, now)) {
    await retryInvite(deps, id).catch((err: unknown) => logger.error({ err, sendId: id }, 'invite retry failed; will retry'));
  }
}

export async function retryInvite(deps: InviteDeps, sendId: string): Promise<void> {
  if (!(await claimDueRetry(deps.db, sendId, deps.now()))) return;
  const send = (await findSend(deps.db, sendId))!;
  const scope = { tenantId: send.tenantId, workspaceId: send.workspaceId };
  const session = await findSession(deps.db, scope, send.sessionId);
  const invite = await findInvite(deps.db, send.inviteId);
  if (!session || session.status === 'canceled' || !invite || invite.consumedAt) {
    await updateSend(deps.db, send.id, { state: 'canceled', settledAt: deps.now(), nextAttemptAt: null });
    return;
  }
  const profile = await deps.profileLookup(scope, session.profileId).catch(() => undefined);
  if (profile === undefined) {
    // Profiles unreachable: nothing was sent; try again at the next tick.
    await updateSend(deps.db, send.id, { state: 'retrying' });
    return;
  }
  if (!profile?.email) {
    await updateSend(deps.db, send.id, { state: 'failed', lastError: 'profile has no email', settledAt: deps.now(), nextAttemptAt: null });
    return;
  }
  const outcome = await deliver(deps, session, send, openCode(deps, send), profile.email);
  await recordOutcome(deps, scope, send, outcome);
}
