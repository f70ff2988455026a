// Opening console sessions: a random token (only its hash is stored) and a CSRF token, with an idle
// and an absolute expiry from the configuration (VIGIL_CONSOLE_SESSION_IDLE_SECONDS, VIGIL_CONSOLE_SESSION_MAX_SECONDS).
import crypto from 'node:crypto';
import { hashSecret } from '../../../platform/crypto/hash';
import { newSecret } from '../../../platform/ids/new-id';
import { insertSession } from '../data/session-store';
import { UserRow } from '../data/user-store';
import { AccessDeps } from './deps';

export const SESSION_TOKEN_PREFIX = 'vgls';
/** A pending sign-in (waiting for the TOTP code) lasts five minutes. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** What a sign-in step answers (GraphQL ConsoleSignIn). */
export interface SignInGrant {
  state: 'signed_in' | 'totp_required';
  sessionToken: string | null;
  csrfToken: string | null;
  pendingToken: string | null;
  expiresAt: Date;
  passwordRequired: boolean;
}

/** A full session, or a pending one when the user has TOTP on and `secondFactorDone` is false. */
export async function openSession(deps: AccessDeps, user: UserRow, workspaceId: string, secondFactorDone = false): Promise<SignInGrant> {
  const now = deps.now();
  const token = newSecret(SESSION_TOKEN_PREFIX);
  const pending = Boolean(user.totpEnabledAt) && !secondFactorDone;
  const expiresAt = new Date(now.getTime() + (pending ? PENDING_SIGN_IN_MS : deps.config.console.sessionMaxMs));
  const idleExpiresAt = new Date(Math.min(now.getTime() + deps.config.console.sessionIdleMs, expiresAt.getTime()));
  const csrfToken = crypto.randomBytes(32).toString('base64url');
  await insertSession(deps.db, {
    userId: user.id,
    workspaceId,
    tokenHash: hashSecret(token),
    csrfToken,
    pending,
    idleExpiresAt,
    expiresAt,
  });
  return pending
    ? { state: 'totp_required', sessionToken: null, csrfToken: null, pendingToken: token, expiresAt, passwordRequired: !user.passwordHash }
    : { state: 'signed_in', sessionToken: token, csrfToken, pendingToken: null, expiresAt, passwordRequired: !user.passwordHash };
}
