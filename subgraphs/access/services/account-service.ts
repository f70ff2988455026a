// The signed-in user's own account: password, TOTP, the console session's workspace and sign-out.
import { revokeOtherSessions, revokeSession, setSessionWorkspace } from '../data/session-store';
import { findMembership, findUserById, findWorkspace, setPasswordHash, setTotp, UserRow } from '../data/user-store';
import { AccessError } from '../errors';
import { Principal } from '../../../platform/principal/principal';
import { AccessDeps } from './deps';
import { requireConsoleSession, requireDashboardUser } from './caller';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from './passwords';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpStep, totpUri } from './totp';
import { auditAccountAction, auditBy } from './access-audit';

async function callerUser(deps: AccessDeps, principal: Principal): Promise<UserRow> {
  const caller = requireDashboardUser(principal);
  const user = await findUserById(deps.db, caller.userId);
  if (!user || user.deactivatedAt) throw new AccessError('forbidden', 'The account is deactivated');
  return user;
}

export async function changePassword(
  deps: AccessDeps,
  principal: Principal,
  input: { currentPassword?: string | null; newPassword: string },
  requestId?: string,
): Promise<UserRow> {
  const user = await callerUser(deps, principal);
  if (input.newPassword.length < PASSWORD_MIN_LENGTH || input.newPassword.length > PASSWORD_MAX_LENGTH)
    throw new AccessError('schema_validation_failed', `newPassword: must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`, {
      field: 'newPassword',
    });
  if (user.passwordHash && !(input.currentPassword && (await verifyPassword(user.passwordHash, input.currentPassword))))
    throw new AccessError('current_password_incorrect', 'currentPassword: the current password is not right', { field: 'currentPassword' });
  const updated = await setPasswordHash(deps.db, user.id, await hashPassword(input.newPassword));
  // Sessions opened with the old password end; the one changing it goes on.
  await revokeOtherSessions(deps.db, user.id, principal.consoleSessionId, deps.now());
  await auditAccountAction(deps.db, principal, auditBy(principal, requestId), 'access.account.password.change', user.id, {
    first_password: !user.passwordHash,
  });
  return updated;
}

export async function startTotpEnrolment(deps: AccessDeps, principal: Principal): Promise<{ secret: string; otpauthUri: string }> {
  const user = await callerUser(deps, principal);
  if (user.totpEnabledAt) throw new AccessError('totp_already_enabled', 'TOTP is on; turn it off before enrolling again');
  const secret = newTotpSecret();
  await setTotp(deps.db, user.id, { secret: sealTotpSecret(deps.keyProvider, user.id, secret), enabledAt: null, lastStep: null });
  return { secret, otpauthUri: totpUri(secret, user.email) };
}

export async function confirmTotpEnrolment(
  deps: AccessDeps,
  principal: Principal,
  input: { code: string },
  requestId?: string,
): Promise<UserRow> {
  const user = await callerUser(deps, principal);
  const secret = user.totpEnabledAt ? null : openTotpSecret(deps.keyProvider, user.id, user.totpSecret);
  if (!secret) throw new AccessError('totp_not_enrolled', 'No TOTP enrolment is waiting for confirmation; start one first');
  const step = totpStep(secret, user.email, input.code, deps.now());
  if (step === null) throw new AccessError('totp_code_invalid', 'code: the code is not right', { field: 'code' });
  const updated = await setTotp(deps.db, user.id, { secret: user.totpSecret as never, enabledAt: deps.now(), lastStep: step });
  await auditAccountAction(deps.db, principal, auditBy(principal, requestId), 'access.account.totp.enable', user.id);
  return updated;
}

export async function disableTotp(deps: AccessDeps, principal: Principal, input: { code: string }, requestId?: string): Promise<UserRow> {
  const user = await callerUser(deps, principal);
  const secret = user.totpEnabledAt ? openTotpSecret(deps.keyProvider, user.id, user.totpSecret) : null;
  if (!secret) throw new AccessError('totp_not_enrolled', 'TOTP is not on');
  if (totpStep(secret, user.email, input.code, deps.now()) === null)
    throw new AccessError('totp_code_invalid', 'code: the code is not right', { field: 'code' });
  const updated = await setTotp(deps.db, user.id, { secret: null, enabledAt: null, lastStep: null });
  await auditAccountAction(deps.db, principal, auditBy(principal, requestId), 'access.account.totp.disable', user.id);
  return updated;
}

/** Moves the console session to another workspace of the user's: its membership there. */
export async function switchConsoleWorkspace(
  deps: AccessDeps,
  principal: Principal,
  input: { workspaceId: string },
): Promise<{ workspaceId: string; role: string }> {
  const caller = requireConsoleSession(principal);
  const workspace = await findWorkspace(deps.db, input.workspaceId);
  const membership =
    workspace && workspace.tenantId === caller.tenantId ? await findMembership(deps.db, caller.userId, workspace.id) : null;
  if (!workspace || !membership)
    throw new AccessError('workspace_membership_required', 'workspaceId: not a workspace of yours', { field: 'workspaceId' });
  await setSessionWorkspace(deps.db, caller.consoleSessionId, workspace.id);
  return { workspaceId: workspace.id, role: membership.role };
}

export async function signOutConsole(deps: AccessDeps, principal: Principal, requestId?: string): Promise<boolean> {
  const caller = requireConsoleSession(principal);
  const ended = await revokeSession(deps.db, caller.consoleSessionId, deps.now());
  if (ended) await auditAccountAction(deps.db, principal, auditBy(principal, requestId), 'access.sign_out', caller.userId);
  return ended;
}
