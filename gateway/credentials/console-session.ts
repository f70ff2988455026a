// Console credentials:
//   Authorization: Session <token>        a console sign-in session (the web layer holds the token in
//                                         the HttpOnly vigil_session cookie). Resolves to the
//                                         dashboard_user principal of the session's current
//                                         workspace with the membership's role. Revoked, pending,
//                                         idle- or absolutely expired sessions, deactivated users and
//                                         lost memberships: 401 unauthorized. Never cached (sign-out
//                                         and deactivation act at once).
//   Authorization: Console sign-in        the public principal of the web layer's sign-in calls: it
//                                         may run CONSOLE_SIGN_IN_ROOT_FIELDS only.
// When the web layer forwards the console's x-csrf-token (every POST), it must be the session's:
// a cookie planted beside another session's CSRF token is refused with 403 csrf_failed.
import { safeEqual } from '../../platform/crypto/hash';
import { PlatformError } from '../../platform/errors/domain-error';
import { Principal } from '../../platform/principal/principal';
import { isDashboardRole } from '../../platform/principal/roles';
import { findActiveConsoleSession } from '../../platform/tenancy/tenancy-store';
import { CredentialResolver } from './resolve-principal';

export const SESSION_SCHEME = 'session';
export const CONSOLE_SCHEME = 'console';
/** The only value of the console scheme: `Authorization: Console sign-in`. */
export const CONSOLE_SIGN_IN_CREDENTIAL = 'Console sign-in';
export const CONSOLE_SIGN_IN_ACTOR = 'public:console-sign-in';

/** Root fields of the console sign-in principal (the access subgraph's sign-in mutations). */
export const CONSOLE_SIGN_IN_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'signInWithPassword',
  'signInWithTotp',
  'signInWithLink',
  'startOidcSignIn',
  'signInWithOidc',
]);

export function consoleSessionResolver(options: { idleMs: () => number }): CredentialResolver {
  return async (value, db, context) => {
    const session = await findActiveConsoleSession(db, value, options.idleMs());
    if (!session) return undefined;
    if (context?.csrfToken !== undefined && !safeEqual(context.csrfToken, session.csrfToken))
      throw new PlatformError('csrf_failed', 'The CSRF token does not match the session');
    const principal: Principal = {
      tenantId: session.user.tenantId,
      workspaceId: session.workspaceId,
      actorId: session.user.id,
      kind: 'dashboard_user',
      entitlements: {},
      consoleSessionId: session.id,
      role: isDashboardRole(session.role) ? session.role : 'viewer',
      actorName: session.user.name,
      actorEmail: session.user.email,
    };
    return principal;
  };
}

export const resolveConsoleSignIn: CredentialResolver = async (value) =>
  value.toLowerCase() === 'sign-in'
    ? { tenantId: '', workspaceId: '', actorId: CONSOLE_SIGN_IN_ACTOR, kind: 'public', entitlements: {} }
    : undefined;
