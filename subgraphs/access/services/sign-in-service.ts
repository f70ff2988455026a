// Console sign-in: password (then TOTP when on) and one-time links. Every failure answers the same
// 401 invalid_credentials, and an unknown email costs the time of a password check.
//
// Slowing down: each account counts its failed sign-ins (password or TOTP) since its last success.
// The first FREE_FAILURES are free; each one after them refuses the account's sign-ins for a wait
// that doubles (30 s, 1 min, 2 min ... at most 15 min): 429 too_many_attempts with the seconds left.
// Never a permanent lockout, and other accounts are not affected.
import { hashSecret } from '../../../platform/crypto/hash';
import { consumeSignInLink, findPendingSession, revokeSession } from '../data/session-store';
import {
  blockSignIn,
  claimTotpStep,
  countFailedSignIn,
  findMembership,
  findUserByEmail,
  findUserById,
  listMemberships,
  resetFailedSignIns,
  UserRow,
} from '../data/user-store';
import { AccessError } from '../errors';
import { normalizeEmail } from '../../../platform/tenancy/tenancy-store';
import { AccessDeps } from './deps';
import { verifyDummy, verifyPassword } from './passwords';
import { openSession, SignInGrant } from './sessions';
import { openTotpSecret, totpStep } from './totp';
import { auditSignedIn, auditSignInRefused, SignInMethod, SignInOrigin, SignInRefusal } from './access-audit';

export const FREE_FAILURES = 4;
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;

const invalid = () => new AccessError('invalid_credentials', 'The email, password or code is not right');

/** The wait after `failures` failed sign-ins in a row (0: none). */
export function signInWait(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES - 1));
}

async function refuseWhileSlowedDown(deps: AccessDeps, user: UserRow, origin: SignInOrigin, method: SignInMethod): Promise<void> {
  const until = user.signInBlockedUntil?.getTime() ?? 0;
  const left = until - deps.now().getTime();
  if (left > 0) {
    const retryAfterSeconds = Math.ceil(left / 1000);
    await auditSignInRefused(deps, origin, user, method, 'slowed_down', 'denied');
    throw new AccessError('too_many_attempts', `Too many failed sign-ins; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
  }
}

/** Audits the refusal of a known account's sign-in, then answers the one invalid_credentials. */
async function refuse(deps: AccessDeps, origin: SignInOrigin, user: UserRow, method: SignInMethod, reason: SignInRefusal): Promise<never> {
  await auditSignInRefused(deps, origin, user, method, reason);
  throw invalid();
}

async function recordFailure(deps: AccessDeps, user: UserRow): Promise<void> {
  const failures = await countFailedSignIn(deps.db, user.id);
  const wait = signInWait(failures);
  if (wait > 0) await blockSignIn(deps.db, user.id, new Date(deps.now().getTime() + wait));
}

/** The workspace a new session starts in: the user's oldest membership. */
async function firstWorkspace(deps: AccessDeps, userId: string): Promise<string | null> {
  return (await listMemberships(deps.db, userId))[0]?.workspaceId ?? null;
}

export async function signInWithPassword(
  deps: AccessDeps,
  input: { email: string; password: string },
  origin: SignInOrigin = {},
): Promise<SignInGrant> {
  const user = await findUserByEmail(deps.db, normalizeEmail(input.email));
  if (!user) throw (await verifyDummy(input.password), invalid());
  await refuseWhileSlowedDown(deps, user, origin, 'password');
  const matches = user.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyDummy(input.password);
  if (user.deactivatedAt) return refuse(deps, origin, user, 'password', 'account_deactivated');
  if (!matches) {
    await recordFailure(deps, user);
    return refuse(deps, origin, user, 'password', 'wrong_password');
  }
  const workspaceId = await firstWorkspace(deps, user.id);
  if (!workspaceId) throw invalid();
  // A right password ends the slowdown only when no second factor follows; with TOTP on, the
  // count goes on until the code is right too.
  if (!user.totpEnabledAt) await resetFailedSignIns(deps.db, user.id);
  const grant = await openSession(deps, user, workspaceId);
  await auditSignedIn(deps, origin, user, workspaceId, 'password', grant.state);
  return grant;
}

export async function signInWithTotp(
  deps: AccessDeps,
  input: { pendingToken: string; code: string },
  origin: SignInOrigin = {},
): Promise<SignInGrant> {
  const now = deps.now();
  const pending = await findPendingSession(deps.db, hashSecret(input.pendingToken), now);
  if (!pending) throw invalid();
  const user = await findUserById(deps.db, pending.userId);
  if (!user) throw invalid();
  if (user.deactivatedAt) return refuse(deps, origin, user, 'totp', 'account_deactivated');
  if (!user.totpEnabledAt) throw invalid();
  await refuseWhileSlowedDown(deps, user, origin, 'totp');
  const secret = openTotpSecret(deps.keyProvider, user.id, user.totpSecret);
  const step = secret ? totpStep(secret, user.email, input.code, now) : null;
  if (step === null || !(await claimTotpStep(deps.db, user.id, step))) {
    await recordFailure(deps, user);
    return refuse(deps, origin, user, 'totp', 'wrong_code');
  }
  // The pending token is spent; the session gets a token of its own.
  if (!(await revokeSession(deps.db, pending.id, now))) return refuse(deps, origin, user, 'totp', 'session_ended');
  await resetFailedSignIns(deps.db, user.id);
  const grant = await openSession(deps, user, pending.workspaceId, true);
  await auditSignedIn(deps, origin, user, pending.workspaceId, 'totp', grant.state);
  return grant;
}

export async function signInWithLink(deps: AccessDeps, input: { token: string }, origin: SignInOrigin = {}): Promise<SignInGrant> {
  const link = await consumeSignInLink(deps.db, hashSecret(input.token), deps.now());
  if (!link) throw invalid();
  const user = await findUserById(deps.db, link.userId);
  if (!user) throw invalid();
  if (user.deactivatedAt) return refuse(deps, origin, user, 'link', 'account_deactivated');
  // The link's workspace, or (when the membership has gone since) the user's first one.
  const workspaceId = (await findMembership(deps.db, user.id, link.workspaceId)) ? link.workspaceId : await firstWorkspace(deps, user.id);
  if (!workspaceId) throw invalid();
  const grant = await openSession(deps, user, workspaceId);
  await auditSignedIn(deps, origin, user, workspaceId, 'link', grant.state);
  return grant;
}
