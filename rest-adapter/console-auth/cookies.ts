// The console's cookies (docs/console.md, "Sessions and CSRF"):
//   vigil_session  the session token: HttpOnly, SameSite=Strict, Path=/console
//   vigil_csrf     the CSRF token the SPA echoes in x-csrf-token: readable, SameSite=Strict, Path=/console
//   vigil_pending  a sign-in waiting for its TOTP code: HttpOnly, SameSite=Strict, Path=/console/auth, 5 min
//   vigil_oidc     a single sign-on on its way through the identity provider: HttpOnly, SameSite=Lax
//                  (a Strict cookie is not sent on the provider's redirect back), Path=/console/auth/oidc, 10 min
// Secure when the request came over https or the public base URL is https.
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'vigil_session';
export const CSRF_COOKIE = 'vigil_csrf';
export const PENDING_COOKIE = 'vigil_pending';
export const OIDC_COOKIE = 'vigil_oidc';

const CONSOLE_PATH = '/console';
const AUTH_PATH = '/console/auth';
const OIDC_PATH = '/console/auth/oidc';

/** The request's cookies (the last value wins for a repeated name). */
export function readCookies(req: Request): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

interface CookieOptions {
  path: string;
  httpOnly: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  /** Strict unless said otherwise. */
  sameSite?: 'Strict' | 'Lax';
}

function serialize(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    ...(options.maxAge <= 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    `SameSite=${options.sameSite ?? 'Strict'}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export class ConsoleCookies {
  constructor(private readonly publicBaseUrl: () => string) {}

  private secure(req: Request): boolean {
    return req.secure || this.publicBaseUrl().startsWith('https:');
  }

  private append(res: Response, cookie: string): void {
    res.append('Set-Cookie', cookie);
  }

  setSession(req: Request, res: Response, token: string, csrfToken: string, expiresAt: Date): void {
    const maxAge = (expiresAt.getTime() - Date.now()) / 1000;
    const secure = this.secure(req);
    this.append(res, serialize(SESSION_COOKIE, token, { path: CONSOLE_PATH, httpOnly: true, maxAge, secure }));
    this.append(res, serialize(CSRF_COOKIE, csrfToken, { path: CONSOLE_PATH, httpOnly: false, maxAge, secure }));
    this.append(res, serialize(PENDING_COOKIE, '', { path: AUTH_PATH, httpOnly: true, maxAge: 0, secure }));
  }

  setPending(req: Request, res: Response, pendingToken: string, expiresAt: Date): void {
    const maxAge = (expiresAt.getTime() - Date.now()) / 1000;
    this.append(res, serialize(PENDING_COOKIE, pendingToken, { path: AUTH_PATH, httpOnly: true, maxAge, secure: this.secure(req) }));
  }

  /** The flow token of a single sign-on: Lax, so the provider's top-level redirect back carries it. */
  setOidcFlow(req: Request, res: Response, flowToken: string, expiresAt: Date): void {
    const maxAge = (expiresAt.getTime() - Date.now()) / 1000;
    this.append(
      res,
      serialize(OIDC_COOKIE, flowToken, { path: OIDC_PATH, httpOnly: true, maxAge, secure: this.secure(req), sameSite: 'Lax' }),
    );
  }

  clearOidcFlow(req: Request, res: Response): void {
    this.append(res, serialize(OIDC_COOKIE, '', { path: OIDC_PATH, httpOnly: true, maxAge: 0, secure: this.secure(req), sameSite: 'Lax' }));
  }

  clearAll(req: Request, res: Response): void {
    const secure = this.secure(req);
    this.append(res, serialize(SESSION_COOKIE, '', { path: CONSOLE_PATH, httpOnly: true, maxAge: 0, secure }));
    this.append(res, serialize(CSRF_COOKIE, '', { path: CONSOLE_PATH, httpOnly: false, maxAge: 0, secure }));
    this.append(res, serialize(PENDING_COOKIE, '', { path: AUTH_PATH, httpOnly: true, maxAge: 0, secure }));
  }
}
