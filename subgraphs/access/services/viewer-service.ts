// What the access subgraph adds to `viewer`: for a dashboard user, who they are, their role, their
// workspaces and (signed in to the console) the session's expiry and CSRF token.
import { Principal } from '../../../platform/principal/principal';
import { findSessionById, SessionRow } from '../data/session-store';
import { findMembership, findUserById, findWorkspace, listMemberships, MembershipRow, UserRow } from '../data/user-store';
import { AccessDeps } from './deps';

const isUser = (principal: Principal) => principal.kind === 'dashboard_user';

export async function viewerUser(deps: AccessDeps, principal: Principal): Promise<UserRow | null> {
  return isUser(principal) ? findUserById(deps.db, principal.actorId) : null;
}

export async function viewerWorkspace(deps: AccessDeps, principal: Principal): Promise<{ id: string; name: string } | null> {
  if (!principal.workspaceId) return null;
  const workspace = await findWorkspace(deps.db, principal.workspaceId);
  return workspace && workspace.tenantId === principal.tenantId ? workspace : null;
}

export async function viewerMemberships(deps: AccessDeps, principal: Principal): Promise<MembershipRow[]> {
  return isUser(principal) ? listMemberships(deps.db, principal.actorId) : [];
}

export async function viewerConsoleSession(deps: AccessDeps, principal: Principal): Promise<SessionRow | null> {
  if (!isUser(principal) || !principal.consoleSessionId) return null;
  const session = await findSessionById(deps.db, principal.consoleSessionId);
  return session && session.userId === principal.actorId ? session : null;
}

/** A user's role in the caller's current workspace. */
export async function roleInCurrentWorkspace(deps: AccessDeps, principal: Principal, userId: string): Promise<string | null> {
  if (!principal.workspaceId) return null;
  return (await findMembership(deps.db, userId, principal.workspaceId))?.role ?? null;
}
