// The sign-in routes of the web layer (/console/auth/*): plain JSON over fetch, the only REST the
// console calls besides /console/files/* images.
import { ApiRequestError, csrfToken, errorFrom, reportUnauthorized } from './csrf';

export type Role = 'viewer' | 'analyst' | 'reviewer' | 'admin';
const ROLES: readonly Role[] = ['viewer', 'analyst', 'reviewer', 'admin'];

export interface ConsoleSession {
  user: { id: string; email: string; name: string | null; totpEnabled: boolean };
  workspace: { id: string; name: string };
  role: Role;
  workspaces: { id: string; name: string; role: Role }[];
  csrfToken: string;
  expiresAt: string;
  idleExpiresAt: string;
}

/** True when `role` may do what `required` may (viewer < analyst < reviewer < admin). */
export function roleAtLeast(role: Role | undefined, required: Role): boolean {
  return role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(required);
}

export type SignInState = 'signed_in' | 'totp_required';
/** passwordRequired: signed in (by a link) without a password set yet. */
export interface SignInResult {
  state: SignInState;
  passwordRequired?: boolean;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/console/auth/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** The signed-in session, or null when signed out. */
export async function fetchSession(): Promise<ConsoleSession | null> {
  const response = await fetch('/console/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as ConsoleSession;
}

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  return post<SignInResult>('password', { email, password });
}

export async function signInWithTotp(code: string): Promise<SignInResult> {
  return post<SignInResult>('totp', { code });
}

export async function switchWorkspace(workspaceId: string): Promise<void> {
  await post('workspace', { workspaceId });
}

export async function signOut(): Promise<void> {
  try {
    await post('sign-out', {});
  } catch (error) {
    // Already signed out is what was asked for.
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
  }
  reportUnauthorized();
}

/** Where the SSO button leads (the web layer answers with a redirect to the identity provider). */
export const SSO_START_URL = '/console/auth/oidc/start';
