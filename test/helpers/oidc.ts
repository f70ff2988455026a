// Single sign-on in tests: a real OpenID provider (test/helpers/oidc-provider.mjs in a child
// process) and a browser-like walk through the authorization code flow: every redirect followed by
// hand with a cookie jar per site, so each hop's status and cookies can be checked.
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { CookieJar } from './console';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string, options: { issuerHost?: string } = {}): Promise<TestOidcProvider> {
  const clientId = 'vigil-console';
  const clientSecret = `secret-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-provider.mjs')], {
    env: {
      ...process.env,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: redirectUri,
      OIDC_ISSUER_HOST: options.issuerHost ?? '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code})`)));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One hop with no redirect followed; the jar takes its cookies. */
export async function hop(url: string, jar: CookieJar, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      cookie: jar.header(),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  jar.take(response);
  await response.arrayBuffer();
  return response;
}

const locationOf = (response: Response, base: string) => new URL(response.headers.get('location') ?? '', base).href;

export interface SsoWalk {
  /** The console's cookies after the callback. */
  jar: CookieJar;
  /** GET /console/auth/oidc/start's answer. */
  start: Response;
  /** The provider's authorization URL (when start redirected there). */
  authorizationUrl?: string;
  /** The callback URL the provider sent the browser to. */
  callbackUrl?: string;
  /** Where the callback sent the browser (path and query). */
  landing?: string;
}

/**
 * Walks start → provider → login as `email` → callback. `beforeCallback` may rewrite the callback
 * URL (a tampered state, a provider error) or the console's cookie jar (another browser).
 */
export async function walkSso(
  restUrl: string,
  email: string,
  options: { tenant?: string; beforeCallback?: (callback: URL, jar: CookieJar) => void } = {},
): Promise<SsoWalk> {
  const jar = new CookieJar();
  const query = options.tenant ? `?tenant=${encodeURIComponent(options.tenant)}` : '';
  const start = await hop(`${restUrl}/console/auth/oidc/start${query}`, jar);
  if (start.status !== 302) return { jar, start, landing: start.headers.get('location') ?? undefined };
  const authorizationUrl = locationOf(start, restUrl);
  const idp = new CookieJar();
  let response = await hop(authorizationUrl, idp);
  const interaction = locationOf(response, authorizationUrl);
  if (!/\/interaction\//.test(interaction)) throw new Error(`the provider did not ask for a login: ${response.status} ${interaction}`);
  response = await hop(`${interaction}/login`, idp, { method: 'POST', form: { email } });
  let next = locationOf(response, interaction);
  // The provider resumes the authorization, then redirects to the client's callback.
  while (!next.startsWith(restUrl)) {
    response = await hop(next, idp);
    if (response.status < 300 || response.status >= 400) throw new Error(`the provider stopped at ${next}: ${response.status}`);
    next = locationOf(response, next);
  }
  const callback = new URL(next);
  options.beforeCallback?.(callback, jar);
  const answer = await hop(callback.href, jar);
  if (answer.status !== 303) throw new Error(`the callback answered ${answer.status}`);
  return { jar, start, authorizationUrl, callbackUrl: callback.href, landing: answer.headers.get('location') ?? undefined };
}
