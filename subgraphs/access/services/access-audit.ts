// The access domain's audit entries (platform/audit, the one writer): console sign-ins (both
// outcomes), sign-outs, account security changes and the administration of members. Entries name
// the account by its id and never carry password or code material: a failed sign-in records only
// the method and why it was refused.
import { appendAudit, AuditActor, AuditOutcome, auditActorOf } from '../../../platform/audit/audit-trail';
import type { DbClient, Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { listMemberships } from '../data/user-store';
import { AccessDeps } from './deps';

export const DASHBOARD_USER_RESOURCE = 'access.dashboard_user';

/** Where a sign-in came from: the principal of the web layer's call carries the browser's address. */
export interface SignInOrigin {
  clientAddress?: string | null;
  requestId?: string | null;
}

export type SignInMethod = 'password' | 'totp' | 'sso' | 'link';

/** Why a sign-in of a known account was refused (never which secret was tried). */
export type SignInRefusal =
  'wrong_password' | 'wrong_code' | 'account_deactivated' | 'no_workspace' | 'slowed_down' | 'sso_email_unverified' | 'session_ended';

export function signInOrigin(principal: Principal | undefined, requestId: string | undefined): SignInOrigin {
  return { clientAddress: principal?.clientAddress ?? null, requestId: requestId ?? null };
}

/** A sign-in that opened a session (or passed the password step): one entry in the session's workspace. */
export async function auditSignedIn(
  deps: AccessDeps,
  origin: SignInOrigin,
  user: { id: string; tenantId: string },
  workspaceId: string,
  method: SignInMethod,
  state: 'signed_in' | 'totp_required',
): Promise<void> {
  await appendAudit(deps.db, {
    tenantId: user.tenantId,
    workspaceId,
    actorKind: 'dashboard_user',
    actorId: user.id,
    clientAddress: origin.clientAddress ?? null,
    requestId: origin.requestId ?? null,
    action: 'access.sign_in',
    resourceType: DASHBOARD_USER_RESOURCE,
    resourceId: user.id,
    outcome: 'succeeded',
    detail: { method, state },
  });
}

/**
 * A refused sign-in of a known account: one entry in each workspace the account belongs to (each of
 * its admins may need to see it), each its own statement, so no chain head is held across another.
 * A sign-in for an address no account has belongs to no workspace and is not in any chain.
 */
export async function auditSignInRefused(
  deps: AccessDeps,
  origin: SignInOrigin,
  user: { id: string; tenantId: string },
  method: SignInMethod,
  reason: SignInRefusal,
  outcome: Extract<AuditOutcome, 'failed' | 'denied'> = 'failed',
): Promise<void> {
  for (const membership of await listMemberships(deps.db, user.id)) {
    await appendAudit(deps.db, {
      tenantId: user.tenantId,
      workspaceId: membership.workspaceId,
      actorKind: 'dashboard_user',
      actorId: user.id,
      clientAddress: origin.clientAddress ?? null,
      requestId: origin.requestId ?? null,
      action: 'access.sign_in',
      resourceType: DASHBOARD_USER_RESOURCE,
      resourceId: user.id,
      outcome,
      detail: { method, reason },
    });
  }
}

/** Who did an administrative or account action: a signed-in user (its principal) or an operator's
 * command (the CLI, the first start) acting as a service. */
export interface AuditBy {
  actor: AuditActor;
  requestId?: string | null;
}

/** An operator at the command line (or the first start): no principal, no client address. */
export const OPERATOR: AuditBy = { actor: { actorKind: 'service', actorId: 'operator', clientAddress: null } };

export function auditBy(principal: Principal, requestId?: string | null): AuditBy {
  return { actor: auditActorOf(principal), requestId: requestId ?? null };
}

/** An action on an account, in the workspace it was done in; in `db`'s transaction when it is one
 * (then as its last write: the append holds the chain head until commit). */
export async function auditAccountAction(
  db: DbClient,
  scope: Scope,
  by: AuditBy,
  action: string,
  userId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await appendAudit(db, {
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    ...by.actor,
    requestId: by.requestId ?? null,
    action,
    resourceType: DASHBOARD_USER_RESOURCE,
    resourceId: userId,
    outcome: 'succeeded',
    detail,
  });
}
