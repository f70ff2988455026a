// Hosted-page credentials (owned by IDV, resolved for the gateway):
//   Authorization: Capture <session_token>   the one-time capture token returned by POST /idv/v1/sessions
//   Authorization: Invite <invite_code>      an invite credential (emailed link or direct link)
// The gateway asks this subgraph (Query.resolveIdvCredential, @inaccessible: not part of the public
// supergraph) who a credential opens, and builds a capture / invite principal bound to exactly one
// session in that session's tenant and workspace. Only the gateway's own service principal may ask;
// the lookup ignores the caller's scope (the credential establishes it). Unknown, expired or
// consumed credentials, and credentials of canceled sessions, resolve to null (the gateway answers
// 401 unauthorized). Never cached.
import { hashSecret } from '../../../platform/crypto/hash';
import { GATEWAY_ACTOR, Principal } from '../../../platform/principal/principal';
import { findInviteByCodeHash, findSessionByTokenHash } from '../data/session-store';
import { IdvError } from '../errors';
import { redeemIfSingleUse } from '../invites/data/invite-store';
import { CAPTURE_SESSION_PREFIX, resolveCaptureSession } from '../capture/services/capture-session-service';
import { IdvDeps } from './deps';

export type HostedPageCredentialKind = 'capture' | 'invite';

/** Who a hosted-page credential opens (GraphQL IdvCredentialPrincipal). */
export interface HostedPageCredential {
  tenantId: string;
  workspaceId: string;
  sessionId: string;
  kind: HostedPageCredentialKind;
  /** Set when the credential is a capture session (the exchanged, short-lived one). */
  captureSessionId?: string | null;
}

/** The gateway's service principal, and nobody else, may resolve credentials. */
export function requireGateway(principal: Principal): void {
  if (principal.kind !== 'service' || principal.actorId !== GATEWAY_ACTOR) {
    throw new IdvError('unauthorized', 'Only the gateway may resolve hosted-page credentials');
  }
}

export async function resolveHostedPageCredential(
  deps: Pick<IdvDeps, 'db' | 'now'>,
  principal: Principal,
  scheme: string,
  value: string,
): Promise<HostedPageCredential | null> {
  requireGateway(principal);
  if (!value) return null;
  const now = deps.now().getTime();
  if (scheme === 'capture') {
    // Capture sessions travel in the same scheme (the page's capture credential after the exchange).
    if (value.startsWith(`${CAPTURE_SESSION_PREFIX}_`)) return resolveCaptureSession(deps, value);
    const session = await findSessionByTokenHash(deps.db, hashSecret(value));
    if (!session || session.tokenConsumedAt || session.tokenExpiresAt.getTime() <= now || session.status === 'canceled') return null;
    return { tenantId: session.tenantId, workspaceId: session.workspaceId, sessionId: session.id, kind: 'capture' };
  }
  if (scheme === 'invite') {
    const invite = await findInviteByCodeHash(deps.db, hashSecret(value));
    if (!invite || invite.consumedAt || invite.expiresAt.getTime() <= now || invite.session.status === 'canceled') return null;
    // Direct links are single use: the first resolution redeems them.
    if (!(await redeemIfSingleUse(deps.db, hashSecret(value), deps.now()))) return null;
    return { tenantId: invite.tenantId, workspaceId: invite.workspaceId, sessionId: invite.sessionId, kind: 'invite' };
  }
  return null;
}
