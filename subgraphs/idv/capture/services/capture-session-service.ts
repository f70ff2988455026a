// Capture sessions: the hosted page exchanges its fragment credential (a direct-link or emailed
// invite code, or the session_token) once, on load, for a short-lived credential of its own, and
// uses that for every later call. A single-use direct-link code is redeemed by that one exchange
// (the gateway's resolution of it), so the page keeps working after its first request while the
// link itself cannot be replayed. The new credential is random, stored only as a SHA-256 hash,
// bound to the one session and its scope, resolves to the same narrow capture principal, and
// cannot itself be exchanged again (its lifetime cannot be stretched). docs/idv-capture.md.
import { hashSecret } from '../../../../platform/crypto/hash';
import { newId, newSecret } from '../../../../platform/ids/new-id';
import { Principal } from '../../../../platform/principal/principal';
import { findCaptureSessionByTokenHash, insertCaptureSession } from '../data/capture-session-store';
import { findSession } from '../../data/session-store';
import { IdvError } from '../../errors';
import { requireCapture } from '../../services/principals';
import { IdvDeps } from '../../services/deps';

/** Prefix of capture-session credentials (the session_token is `idvct_…`). */
export const CAPTURE_SESSION_PREFIX = 'idvcs';
/** Lifetime of a capture session: twice the default session_token lifetime (15 minutes), enough
 * to finish the capture steps, short enough that a leaked value soon stops working. */
export const CAPTURE_SESSION_LIFETIME_MS = 30 * 60_000;

export interface CaptureSessionGrant {
  sessionId: string;
  token: string;
  expiresAt: Date;
}

export async function exchangeCaptureCredential(
  deps: Pick<IdvDeps, 'db' | 'now'>,
  principal: Principal,
  sessionId: string,
): Promise<CaptureSessionGrant> {
  const scope = requireCapture(principal, sessionId);
  if (principal.captureSessionId) throw new IdvError('unauthorized', 'A capture-session credential cannot be exchanged again');
  const session = await findSession(deps.db, scope, sessionId);
  if (!session || session.status === 'canceled') throw new IdvError('idv_session_not_found', 'Session not found');
  const token = newSecret(CAPTURE_SESSION_PREFIX);
  const expiresAt = new Date(deps.now().getTime() + CAPTURE_SESSION_LIFETIME_MS);
  await insertCaptureSession(deps.db, {
    ...scope,
    id: newId('ics'),
    sessionId,
    tokenHash: hashSecret(token),
    exchangedFrom: principal.kind,
    expiresAt,
  });
  return { sessionId, token, expiresAt };
}

/** Who a capture-session credential opens; null when unknown, expired or of a canceled session. */
export async function resolveCaptureSession(deps: Pick<IdvDeps, 'db' | 'now'>, value: string) {
  const row = await findCaptureSessionByTokenHash(deps.db, hashSecret(value));
  if (!row || row.expiresAt.getTime() <= deps.now().getTime() || row.sessionStatus === 'canceled') return null;
  return {
    tenantId: row.tenantId,
    workspaceId: row.workspaceId,
    sessionId: row.sessionId,
    kind: 'capture' as const,
    captureSessionId: row.id,
  };
}
