// Who may call what in the access domain: dashboard users for their own account and the console
// session; admins (the role the gateway put in the principal) for user administration.
import { Principal } from '../../../platform/principal/principal';
import { isDashboardRole, roleAtLeast } from '../../../platform/principal/roles';
import { AccessError } from '../errors';

export interface DashboardCaller {
  userId: string;
  tenantId: string;
  workspaceId: string;
  consoleSessionId: string | undefined;
}

export function requireDashboardUser(principal: Principal): DashboardCaller {
  if (principal.kind !== 'dashboard_user') throw new AccessError('forbidden', 'Only a signed-in dashboard user may do this');
  return {
    userId: principal.actorId,
    tenantId: principal.tenantId,
    workspaceId: principal.workspaceId,
    consoleSessionId: principal.consoleSessionId,
  };
}

export function requireAdmin(principal: Principal): DashboardCaller {
  const caller = requireDashboardUser(principal);
  if (!isDashboardRole(principal.role) || !roleAtLeast(principal.role, 'admin'))
    throw new AccessError('forbidden', 'Only an admin of the workspace may administer its users');
  return caller;
}

/** A dashboard user whose role here may decide reviews (reviewer or admin). */
export function requireReviewerRole(principal: Principal): DashboardCaller {
  const caller = requireDashboardUser(principal);
  if (!isDashboardRole(principal.role) || !roleAtLeast(principal.role, 'reviewer'))
    throw new AccessError('forbidden', 'Only a reviewer or admin of the workspace may do this');
  return caller;
}

export function requireConsoleSession(principal: Principal): DashboardCaller & { consoleSessionId: string } {
  const caller = requireDashboardUser(principal);
  if (!caller.consoleSessionId) throw new AccessError('forbidden', 'Only a console sign-in session may do this');
  return { ...caller, consoleSessionId: caller.consoleSessionId };
}
