// The console's web layer on the REST adapter's server (docs/console.md): the /console/auth/* routes
// and POST /console/graphql. The browser never holds a session token where script can read it: the
// token lives in the HttpOnly vigil_session cookie, and this layer calls the gateway with
// `Authorization: Session <token>` (the sign-in mutations with `Authorization: Console sign-in`).
//
// CSRF: every POST is checked before anything runs (403 csrf_failed):
//   - with a session cookie: the x-csrf-token header must equal the vigil_csrf cookie, and the
//     gateway checks it is the session's own (a planted cookie pair fails there);
//   - before sign-in (password, TOTP): the body must be JSON (a cross-site form cannot send that
//     without a CORS preflight, which this server never grants) and an Origin header, when sent,
//     must be this server's; a vigil_csrf cookie present must still match a header sent.
// The static SPA (GET /console, /console/*) is mounted beside this. OpenID Connect single sign-on
// (GET /console/auth/oidc/start and /callback) is a pair of top-level navigations: both always
// answer a redirect, to the provider, to /console/ or to /console/sign-in?error=<code> (never an
// error page); the access service does the provider work (see mountOidc).
import crypto from 'node:crypto';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { httpStatusFor, isErrorCode } from '../../platform/errors/codes';
import { bodyFailure, graphqlJsonBody } from '../../platform/http/json-limits';
import { ApiError } from '../http/api-error';
import { GatewayClient, GraphQLResponse } from '../http/gateway-client';
import {
  ConsoleSessionStateDocument,
  ConsoleSessionStateQuery,
  ConsoleSignInResultFragment,
  ConsoleSignInWithLinkDocument,
  ConsoleSignInWithOidcDocument,
  ConsoleStartOidcSignInDocument,
  ConsoleStartOidcSignInMutation,
  ConsoleSignInWithPasswordDocument,
  ConsoleSignInWithTotpDocument,
  ConsoleSignOutDocument,
  ConsoleSwitchWorkspaceDocument,
} from '../operations/operations.generated';
import { operationText } from '../operations/operation-text';
import { ConsoleCookies, CSRF_COOKIE, OIDC_COOKIE, PENDING_COOKIE, readCookies, SESSION_COOKIE } from './cookies';

const SIGN_IN_CREDENTIAL = 'Console sign-in';
/** Where a one-time link lands: the account page, where the user sets a password (and TOTP). */
export const LINK_LANDING = '/console/account?setup=1';
const LINK_FAILED = '/console/sign-in?error=link_invalid';
const LINK_TOTP = '/console/sign-in?step=totp';
/** Where a single sign-on lands. */
export const SSO_LANDING = '/console/';
/** A failed single sign-on: /console/sign-in?error=<code> (an sso_* code, or sso_failed for anything else). */
const ssoFailed = (code: string) => `/console/sign-in?error=${code.startsWith('sso_') ? code : 'sso_failed'}`;

export interface ConsoleAuthOptions {
  /** The public base URL (VIGIL_PUBLIC_BASE_URL), read at each request: https makes cookies Secure. */
  publicBaseUrl: () => string;
}

class ConsoleAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function sendAuthError(res: Response, error: ConsoleAuthError): void {
  res.setHeader('Cache-Control', 'no-store');
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(error.status).json({ error: { code: error.code, message: error.message } });
}

/** The first GraphQL error as the web layer answers it (codes outside the table become internal_error). */
function errorOf(answer: GraphQLResponse): ConsoleAuthError | undefined {
  const error = answer.errors?.[0];
  if (!error) return undefined;
  const code = error.extensions?.code;
  if (!isErrorCode(code) || code === 'internal_error') return new ConsoleAuthError(500, 'internal_error', 'Internal error');
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  const details = error.extensions?.details as { retryAfterSeconds?: unknown } | undefined;
  const retryAfter = typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : undefined;
  return new ConsoleAuthError(typeof status === 'number' ? status : httpStatusFor(code), code, error.message, retryAfter);
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};

const csrfFailed = () => new ConsoleAuthError(403, 'csrf_failed', 'The CSRF token is missing or does not match');

/** The CSRF check of a POST (see the file comment). */
function checkCsrf(req: Request, signedIn: boolean): void {
  const cookie = readCookies(req)[CSRF_COOKIE];
  const header = req.header('x-csrf-token');
  if (signedIn) {
    if (!cookie || !header || !sameText(cookie, header)) throw csrfFailed();
    return;
  }
  if (!req.is('application/json')) throw csrfFailed();
  const origin = req.header('origin');
  if (origin && origin !== `${req.protocol}://${req.header('host') ?? ''}`) throw csrfFailed();
  if (cookie && header && !sameText(cookie, header)) throw csrfFailed();
}

const passwordBody = z.strictObject({ email: z.string().min(1).max(320), password: z.string().min(1).max(1000) });
const totpBody = z.strictObject({ code: z.string().min(1).max(16) });
const workspaceBody = z.strictObject({ workspaceId: z.string().min(1).max(200) });

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = ['body', ...(issue?.path ?? [])].join('.');
  throw new ConsoleAuthError(400, 'schema_validation_failed', `${field}: ${issue?.message ?? 'invalid'}`);
}

/** The code a failed single sign-on redirects with; unexpected failures are logged (the browser only gets sso_failed). */
function ssoFailure(req: Request, error: unknown): string {
  if (error instanceof ConsoleAuthError && error.status < 500) return error.code;
  if (error instanceof ConsoleAuthError && error.code === 'sso_provider_failed') {
    req.log.warn({ code: error.code, reason: error.message }, 'single sign-on failed at the identity provider');
    return error.code;
  }
  req.log.error({ err: error }, 'single sign-on failed');
  return 'internal_error';
}

export function mountConsoleAuth(app: express.Express, gateway: GatewayClient, options: ConsoleAuthOptions): void {
  const cookies = new ConsoleCookies(options.publicBaseUrl);
  const json = express.json({ limit: '16kb' });

  const call = async <T>(
    req: Request,
    document: Parameters<typeof operationText>[0],
    variables: unknown,
    authorization: string,
    csrf = false,
  ): Promise<T> => {
    const answer = await gateway.executeRaw(
      operationText(document),
      variables,
      { authorization, ...(csrf ? { 'x-csrf-token': req.header('x-csrf-token') } : {}) },
      req.requestId,
      undefined,
      req.socket.remoteAddress,
    );
    const error = errorOf(answer);
    if (error) throw error;
    if (!answer.data) throw new ConsoleAuthError(500, 'internal_error', 'Internal error');
    return answer.data as T;
  };

  const sessionToken = (req: Request): string => {
    const token = readCookies(req)[SESSION_COOKIE];
    if (!token) throw new ConsoleAuthError(401, 'unauthorized', 'Not signed in');
    return token;
  };

  /** Answers a sign-in step: cookies for a session or a pending sign-in. */
  const grant = (req: Request, res: Response, result: ConsoleSignInResultFragment): { state: string; passwordRequired: boolean } => {
    if (result.state === 'signed_in' && result.sessionToken && result.csrfToken) {
      cookies.setSession(req, res, result.sessionToken, result.csrfToken, new Date(String(result.expiresAt)));
    } else if (result.state === 'totp_required' && result.pendingToken) {
      cookies.setPending(req, res, result.pendingToken, new Date(String(result.expiresAt)));
    } else {
      throw new ConsoleAuthError(500, 'internal_error', 'Internal error');
    }
    return { state: result.state, passwordRequired: result.passwordRequired };
  };

  const sessionState = async (req: Request, token: string) => {
    const data = await call<ConsoleSessionStateQuery>(req, ConsoleSessionStateDocument, {}, `Session ${token}`);
    const viewer = data.viewer;
    if (!viewer.user || !viewer.workspace || !viewer.role || !viewer.consoleSession)
      throw new ConsoleAuthError(401, 'unauthorized', 'Not signed in');
    return {
      user: viewer.user,
      workspace: viewer.workspace,
      role: viewer.role,
      workspaces: viewer.memberships.map((membership) => ({ ...membership.workspace, role: membership.role })),
      csrfToken: viewer.consoleSession.csrfToken,
      expiresAt: viewer.consoleSession.expiresAt,
      idleExpiresAt: viewer.consoleSession.idleExpiresAt,
    };
  };

  /** Runs a handler, answering ConsoleAuthErrors (and body failures) as {error: {code, message}}. */
  const handle =
    (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      handler(req, res).catch((error: unknown) => {
        if (error instanceof ConsoleAuthError) {
          if (error.code === 'unauthorized') cookies.clearAll(req, res);
          return sendAuthError(res, error);
        }
        // The gateway unreachable (503 service_unavailable): the same {error} shape.
        if (error instanceof ApiError) return sendAuthError(res, new ConsoleAuthError(error.status, error.code, error.message));
        next(error);
      });
    };

  app.post(
    '/console/auth/password',
    json,
    handle(async (req, res) => {
      checkCsrf(req, false);
      const input = parseBody(passwordBody, req.body);
      const data = await call<{ signInWithPassword: ConsoleSignInResultFragment }>(
        req,
        ConsoleSignInWithPasswordDocument,
        { input },
        SIGN_IN_CREDENTIAL,
      );
      res.json(grant(req, res, data.signInWithPassword));
    }),
  );

  app.post(
    '/console/auth/totp',
    json,
    handle(async (req, res) => {
      checkCsrf(req, false);
      const { code } = parseBody(totpBody, req.body);
      const pendingToken = readCookies(req)[PENDING_COOKIE];
      if (!pendingToken) throw new ConsoleAuthError(401, 'invalid_credentials', 'No sign-in is waiting for a code; sign in again');
      const data = await call<{ signInWithTotp: ConsoleSignInResultFragment }>(
        req,
        ConsoleSignInWithTotpDocument,
        { input: { pendingToken, code } },
        SIGN_IN_CREDENTIAL,
      );
      res.json(grant(req, res, data.signInWithTotp));
    }),
  );

  app.get(
    '/console/auth/session',
    handle(async (req, res) => {
      res.json(await sessionState(req, sessionToken(req)));
    }),
  );

  app.post(
    '/console/auth/workspace',
    json,
    handle(async (req, res) => {
      const token = sessionToken(req);
      checkCsrf(req, true);
      const input = parseBody(workspaceBody, req.body);
      await call(req, ConsoleSwitchWorkspaceDocument, { input }, `Session ${token}`, true);
      res.json(await sessionState(req, token));
    }),
  );

  app.post(
    '/console/auth/sign-out',
    json,
    handle(async (req, res) => {
      const token = readCookies(req)[SESSION_COOKIE];
      if (token) {
        checkCsrf(req, true);
        // An already ended session signs out all the same.
        await call(req, ConsoleSignOutDocument, {}, `Session ${token}`, true).catch((error: unknown) => {
          if (!(error instanceof ConsoleAuthError && error.status === 401)) throw error;
        });
      }
      cookies.clearAll(req, res);
      res.json({ state: 'signed_out' });
    }),
  );

  app.get(
    '/console/auth/link',
    handle(async (req, res) => {
      // The token is in the URL: no referrer may carry it further.
      res.setHeader('Referrer-Policy', 'no-referrer');
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      let result: ConsoleSignInResultFragment;
      try {
        if (!token) throw new ConsoleAuthError(401, 'invalid_credentials', 'No link token');
        result = (
          await call<{ signInWithLink: ConsoleSignInResultFragment }>(
            req,
            ConsoleSignInWithLinkDocument,
            { input: { token } },
            SIGN_IN_CREDENTIAL,
          )
        ).signInWithLink;
      } catch (error) {
        if (error instanceof ConsoleAuthError && error.status < 500) return res.redirect(303, LINK_FAILED);
        throw error;
      }
      const state = grant(req, res, result);
      res.redirect(303, state.state === 'signed_in' ? LINK_LANDING : LINK_TOTP);
    }),
  );

  app.get(
    '/console/auth/oidc/start',
    handle(async (req, res) => {
      res.setHeader('Referrer-Policy', 'no-referrer');
      const tenantId = typeof req.query.tenant === 'string' && req.query.tenant ? req.query.tenant.slice(0, 200) : null;
      const loginHint = typeof req.query.login_hint === 'string' && req.query.login_hint ? req.query.login_hint.slice(0, 320) : null;
      try {
        const { startOidcSignIn } = await call<ConsoleStartOidcSignInMutation>(
          req,
          ConsoleStartOidcSignInDocument,
          { input: { tenantId, loginHint } },
          SIGN_IN_CREDENTIAL,
        );
        cookies.setOidcFlow(req, res, startOidcSignIn.flowToken, new Date(String(startOidcSignIn.expiresAt)));
        res.redirect(302, startOidcSignIn.authorizationUrl);
      } catch (error) {
        res.redirect(303, ssoFailed(ssoFailure(req, error)));
      }
    }),
  );

  app.get(
    '/console/auth/oidc/callback',
    handle(async (req, res) => {
      // The code and state are in the URL: no referrer may carry them further.
      res.setHeader('Referrer-Policy', 'no-referrer');
      const flowToken = readCookies(req)[OIDC_COOKIE];
      // A sign-on is used once, whatever its outcome.
      cookies.clearOidcFlow(req, res);
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      try {
        if (!flowToken) throw new ConsoleAuthError(401, 'sso_state_invalid', 'No single sign-on was started in this browser');
        const { signInWithOidc } = await call<{ signInWithOidc: ConsoleSignInResultFragment }>(
          req,
          ConsoleSignInWithOidcDocument,
          { input: { flowToken, callbackQuery: query.slice(0, 8192) } },
          SIGN_IN_CREDENTIAL,
        );
        grant(req, res, signInWithOidc);
        res.redirect(303, SSO_LANDING);
      } catch (error) {
        res.redirect(303, ssoFailed(ssoFailure(req, error)));
      }
    }),
  );

  app.post(
    '/console/graphql',
    ...graphqlJsonBody(),
    handle(async (req, res) => {
      const token = sessionToken(req);
      checkCsrf(req, true);
      const { query, variables, operationName } = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
      if (typeof query !== 'string') throw new ConsoleAuthError(400, 'schema_validation_failed', 'body.query: must be a GraphQL document');
      const answer = await gateway.executeRaw(
        query,
        variables ?? {},
        { authorization: `Session ${token}`, 'x-csrf-token': req.header('x-csrf-token'), 'idempotency-key': req.header('idempotency-key') },
        req.requestId,
        typeof operationName === 'string' ? operationName : undefined,
        req.socket.remoteAddress,
      );
      // The gateway's JSON as is; a request refused as a whole (no data) keeps its status.
      const error = answer.data ? undefined : errorOf(answer);
      if (error?.code === 'unauthorized') cookies.clearAll(req, res);
      res.status(error?.status ?? 200).json(answer);
    }),
  );

  // Bodies this layer could not parse: the same {error} shape as its other refusals.
  app.use(['/console/auth', '/console/graphql'], (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const failure = bodyFailure(error);
    if (!failure) return next(error);
    sendAuthError(res, new ConsoleAuthError(failure.status, failure.code, failure.message));
  });
}
