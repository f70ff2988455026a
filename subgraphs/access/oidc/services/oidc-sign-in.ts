// Console single sign-on with a tenant's own OpenID provider (docs/console.md, "SSO"): the
// authorization code flow with PKCE (S256), state and nonce, run here rather than in the web layer
// so the client secret never leaves the access service. The web layer calls startOidcSignIn, keeps
// the flow token in a short-lived HttpOnly cookie and sends the browser to the provider; on the
// way back it hands the callback's query and the flow token to signInWithOidc, which exchanges the
// code, validates the ID token (signature, issuer, audience, expiry, nonce) and opens a session
// exactly like a password sign-in.
//
// Who may sign in: an active user of the configuration's tenant whose email the provider asserts.
// An unknown email is refused unless the configuration provisions users (then it joins the
// configured workspace with the configured role). TOTP is not asked: the provider owns the
// second factor.
import * as client from 'openid-client';
import { hashSecret, safeEqual } from '../../../../platform/crypto/hash';
import { newSecret } from '../../../../platform/ids/new-id';
import { normalizeEmail } from '../../../../platform/tenancy/tenancy-store';
import { createMembership, createUser, findUserByEmail, listMemberships, UserRow } from '../../data/user-store';
import { AccessError } from '../../errors';
import { AccessDeps } from '../../services/deps';
import { openSession, SignInGrant } from '../../services/sessions';
import { consumeOidcSignIn, insertOidcSignIn } from '../data/sso-store';
import { EffectiveSsoConfiguration, resolveSsoConfiguration } from './sso-configuration';
import { auditSignedIn, auditSignInRefused, SignInOrigin } from '../../services/access-audit';

/** A sign-on must come back from the provider within ten minutes. */
export const OIDC_FLOW_MS = 10 * 60_000;
export const OIDC_SCOPES = 'openid email profile';
const FLOW_TOKEN_PREFIX = 'vglo';
/** Discovery documents and keys are reused this long (a changed configuration is a new entry). */
const CLIENT_CACHE_MS = 10 * 60_000;

export function oidcRedirectUri(deps: AccessDeps): string {
  return `${deps.config.publicBaseUrl.replace(/\/+$/, '')}/console/auth/oidc/callback`;
}

/** Plain http only for a provider on this machine (development, tests); anywhere else https. */
export function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

const clients = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

async function providerClient(deps: AccessDeps, sso: EffectiveSsoConfiguration): Promise<client.Configuration> {
  const key = [sso.tenantId, sso.issuer, sso.clientId, sso.version].join('\n');
  const now = Date.now();
  let entry = clients.get(key);
  if (!entry || now - entry.at > CLIENT_CACHE_MS) {
    const issuer = new URL(sso.issuer);
    const configuration = client.discovery(issuer, sso.clientId, undefined, client.ClientSecretBasic(sso.clientSecret), {
      execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    entry = { at: now, configuration };
    clients.set(key, entry);
  }
  try {
    return await entry.configuration;
  } catch (error) {
    clients.delete(key);
    throw new AccessError('sso_provider_failed', `The identity provider could not be reached: ${reason(error)}`);
  }
}

/** A provider's failure as a short text (never tokens or secrets: openid-client's messages name checks). */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : 'unknown error';
  return text.slice(0, 200);
}

export interface OidcSignInStart {
  authorizationUrl: string;
  flowToken: string;
  expiresAt: Date;
}

export async function startOidcSignIn(
  deps: AccessDeps,
  input: { tenantId?: string | null; loginHint?: string | null },
): Promise<OidcSignInStart> {
  const sso = await resolveSsoConfiguration(deps, input.tenantId ?? undefined);
  const configuration = await providerClient(deps, sso);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const flowToken = newSecret(FLOW_TOKEN_PREFIX);
  const expiresAt = new Date(deps.now().getTime() + OIDC_FLOW_MS);
  await insertOidcSignIn(deps.db, { tenantId: sso.tenantId, flowTokenHash: hashSecret(flowToken), state, nonce, codeVerifier, expiresAt });
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(deps),
    scope: OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return { authorizationUrl: authorizationUrl.href, flowToken, expiresAt };
}

export async function signInWithOidc(
  deps: AccessDeps,
  input: { flowToken: string; callbackQuery: string },
  origin: SignInOrigin = {},
): Promise<SignInGrant> {
  const params = new URLSearchParams(input.callbackQuery.replace(/^\?/, ''));
  // The flow token (the browser's cookie) finds the sign-on; the state the provider sent back must
  // be the one this sign-on sent out, or the callback belongs to another browser.
  const flow = await consumeOidcSignIn(deps.db, hashSecret(input.flowToken), deps.now());
  const returnedState = params.get('state') ?? '';
  if (!flow || !returnedState || !safeEqual(returnedState, flow.state))
    throw new AccessError('sso_state_invalid', 'The sign-on was not started in this browser, was used already or has expired');
  const providerError = params.get('error');
  if (providerError)
    throw new AccessError(
      'sso_provider_refused',
      `The identity provider refused the sign-in: ${providerError.replace(/[^\w.-]/g, '').slice(0, 60)}`,
    );

  const sso = await resolveSsoConfiguration(deps, flow.tenantId);
  const configuration = await providerClient(deps, sso);
  const currentUrl = new URL(oidcRedirectUri(deps));
  currentUrl.search = params.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new AccessError('sso_provider_failed', `The sign-in could not be completed with the identity provider: ${reason(error)}`);
  }
  const email = await assertedEmail(configuration, sso, tokens);
  const user = await userFor(deps, sso, email, tokens.claims());
  if (user.deactivatedAt) {
    await auditSignInRefused(deps, origin, user, 'sso', 'account_deactivated');
    throw new AccessError('sso_account_deactivated', 'This console account is deactivated');
  }
  const workspaceId = (await listMemberships(deps.db, user.id))[0]?.workspaceId;
  if (!workspaceId) throw new AccessError('sso_unknown_user', 'This account is not a member of any workspace');
  // The provider owns the second factor: the session opens without the TOTP step.
  const grant = await openSession(deps, user, workspaceId, true);
  await auditSignedIn(deps, origin, user, workspaceId, 'sso', grant.state);
  return grant;
}

type Claims = Record<string, unknown>;

/** The email the provider asserts: from the ID token, or its userinfo when the ID token leaves it out. */
async function assertedEmail(
  configuration: client.Configuration,
  sso: EffectiveSsoConfiguration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<string> {
  const idClaims = (tokens.claims() ?? {}) as Claims;
  let source: Claims = idClaims;
  if (typeof idClaims[sso.emailClaim] !== 'string' && tokens.access_token && typeof idClaims.sub === 'string') {
    try {
      source = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    } catch (error) {
      throw new AccessError('sso_provider_failed', `The identity provider's userinfo could not be read: ${reason(error)}`);
    }
  }
  const email = source[sso.emailClaim];
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email))
    throw new AccessError('sso_email_missing', `The identity provider sent no email in the ${sso.emailClaim} claim`);
  // A provider that says the address is unverified has not proven it belongs to the person.
  if (sso.emailClaim === 'email' && source.email_verified === false)
    throw new AccessError('sso_email_missing', 'The identity provider says this email is not verified');
  return normalizeEmail(email);
}

async function userFor(deps: AccessDeps, sso: EffectiveSsoConfiguration, email: string, claims: Claims | undefined): Promise<UserRow> {
  const existing = await findUserByEmail(deps.db, email);
  // An account of another tenant is never reached through this tenant's provider.
  if (existing && existing.tenantId !== sso.tenantId) throw unknownUser();
  if (existing) return existing;
  if (!sso.provisionRole || !sso.provisionWorkspaceId) throw unknownUser();
  const { provisionRole, provisionWorkspaceId } = sso;
  const name = typeof claims?.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 200) : email;
  try {
    return await deps.db.$transaction(async (tx) => {
      const user = await createUser(tx, { tenantId: sso.tenantId, email, name });
      await createMembership(tx, { userId: user.id, workspaceId: provisionWorkspaceId, role: provisionRole });
      return user;
    });
  } catch (error) {
    // Two first sign-ins of the same email at once: the other one created the account.
    const created = await findUserByEmail(deps.db, email);
    if (created?.tenantId === sso.tenantId) return created;
    throw error;
  }
}

const unknownUser = () => new AccessError('sso_unknown_user', 'No console account has this email; ask an admin for an invitation');
