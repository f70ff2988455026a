// Which principals may use which plane. Management: application keys and dashboard users of the
// scope. Capture plane: the session's capture token or invite credential, for that session only.
import { Principal } from '../../../platform/principal/principal';
import type { Scope } from '../../../platform/db/prisma';
import { IdvError } from '../errors';

export function isManagement(principal: Principal): boolean {
  return principal.kind === 'application' || principal.kind === 'dashboard_user';
}

export function requireManagement(principal: Principal): Scope {
  if (!isManagement(principal)) throw new IdvError('unauthorized', 'This credential is not accepted here');
  return { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
}

/** The capture/invite principal's session; any other principal is refused. */
export function requireCapture(principal: Principal, sessionId: string): Scope {
  if ((principal.kind !== 'capture' && principal.kind !== 'invite') || !principal.sessionId) {
    throw new IdvError('unauthorized', 'This endpoint accepts only the session capture credential or an invite credential');
  }
  if (principal.sessionId !== sessionId) throw new IdvError('idv_session_not_found', 'Session not found');
  return { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
}
