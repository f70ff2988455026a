// The principal: who is calling, resolved by the gateway from a credential and forwarded to the
// subgraphs in a signed, short-lived header. Subgraphs trust nothing else about the caller.
import { hmac, safeEqual } from '../crypto/hash';
import { DashboardRole } from './roles';

export type PrincipalKind =
  | 'application'
  | 'dashboard_user'
  | 'capture'
  | 'invite'
  | 'service'
  // Unauthenticated hosted-page reads (IDV branding): no tenant, no workspace. The gateway lets it
  // run only the allow-listed public fields (gateway/credentials/public-principal.ts).
  | 'public';

export interface Entitlements {
  /** May send session_overrides on POST /idv/v1/sessions. */
  sessionOverrides?: boolean;
  /** URL prefixes a completion.return_url must start with (exact origin + path prefix). */
  returnUrlPrefixes?: string[];
  /** Risk assessment agents (beta). */
  riskAssessments?: boolean;
  /** Watchlist administration (imports). */
  watchlistAdmin?: boolean;
}

export interface Principal {
  tenantId: string;
  workspaceId: string;
  /** Application id, dashboard user id, session id (capture/invite) or service name. */
  actorId: string;
  kind: PrincipalKind;
  entitlements: Entitlements;
  /** For capture and invite credentials: the one session they open. */
  sessionId?: string;
  /** For capture principals opened by an exchanged capture session (idv.capture_sessions). */
  captureSessionId?: string;
  /** For dashboard users signed in to the console (`Authorization: Session`): their sign-in session. */
  consoleSessionId?: string;
  /** For dashboard users: their role in this workspace (platform/principal/roles.ts). */
  role?: DashboardRole;
  /** Display fields for audit trails (dashboard users). */
  actorName?: string;
  actorEmail?: string;
  /** The client's idempotency key, set by the gateway on a keyed mutation request only: the
   * subgraph's create stores it in its own transaction (platform/idempotency/create-once.ts), so a
   * retry whose gateway record was lost with a crashed process finds the object instead of making a
   * second one. Principals a service builds for its own calls never carry it. */
  idempotencyKey?: string;
}

export const PRINCIPAL_HEADER = 'x-vigil-principal';
export const REQUEST_ID_HEADER = 'x-request-id';
/** How long a signed principal header is valid. */
export const PRINCIPAL_LIFETIME_MS = 60_000;

export function signPrincipal(principal: Principal, secret: string, now = Date.now(), lifetimeMs = PRINCIPAL_LIFETIME_MS): string {
  const payload = Buffer.from(JSON.stringify({ p: principal, exp: now + lifetimeMs })).toString('base64url');
  return `${payload}.${hmac(secret, payload)}`;
}

/** Returns the principal, or undefined when the header is missing, forged or expired. */
export function verifyPrincipal(header: string | undefined, secret: string, now = Date.now()): Principal | undefined {
  if (!header) return undefined;
  const [payload, signature] = header.split('.');
  if (!payload || !signature || !safeEqual(signature, hmac(secret, payload))) return undefined;
  try {
    const { p, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p: Principal; exp: number };
    return typeof exp === 'number' && exp > now ? p : undefined;
  } catch {
    return undefined;
  }
}

/** actorId of the service principal the gateway signs for its own calls to a subgraph (resolving
 * hosted-page credentials with IDV); subgraph fields reserved for the gateway check it. */
export const GATEWAY_ACTOR = 'gateway';

/** A service acting for a caller inside the caller's scope (e.g. IDV looking a profile up). */
export function servicePrincipal(service: string, scope: Pick<Principal, 'tenantId' | 'workspaceId'>): Principal {
  return { tenantId: scope.tenantId, workspaceId: scope.workspaceId, actorId: service, kind: 'service', entitlements: {} };
}
