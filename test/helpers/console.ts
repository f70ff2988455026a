// Console sign-in for tests: a dashboard user with a password and a role, and a signed-in cookie
// jar (session + CSRF cookie) that drives /console/auth/* and POST /console/graphql the way the
// SPA does. The console e2e tests reuse signInToConsole.
import { hashPassword } from '../../subgraphs/access/services/passwords';
import { createDashboardUser } from '../../platform/tenancy/tenancy-store';
import { DashboardRole } from '../../platform/principal/roles';
import { ApiResponse, request, tenantEmail, TestPlatform, TestTenant } from './test-platform';

export const TEST_PASSWORD = 'correct horse battery staple';

/** A user of the tenant with a password and a role in its workspace (email made unique per tenant). */
export async function createConsoleUser(
  platform: TestPlatform,
  tenant: TestTenant,
  options: { email?: string; role?: DashboardRole; password?: string; name?: string; workspaceId?: string } = {},
): Promise<{ userId: string; email: string; password: string }> {
  const email = tenantEmail(tenant, options.email ?? `${options.role ?? 'analyst'}@example.com`);
  const password = options.password ?? TEST_PASSWORD;
  const user = await createDashboardUser(platform.db, {
    workspaceId: options.workspaceId ?? tenant.workspaceId,
    email,
    name: options.name ?? 'Console User',
    role: options.role ?? 'analyst',
  });
  await platform.db.dashboardUser.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  return { userId: user.id, email: user.email, password };
}

/** A browser's cookies for the console (what Set-Cookie set, by name). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response (Max-Age=0 deletes). */
  take(response: Pick<ApiResponse, 'headers'>): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const deleted = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
      if (deleted) this.cookies.delete(name);
      else this.cookies.set(name, decodeURIComponent(pair.slice(eq + 1)));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  get csrfToken(): string {
    return this.cookies.get('vigil_csrf') ?? '';
  }
}

/** A console client: a cookie jar and the calls the SPA makes. */
export class ConsoleClient {
  constructor(
    readonly platform: TestPlatform,
    readonly jar = new CookieJar(),
  ) {}

  async get(path: string): Promise<ApiResponse> {
    const response = await request(this.platform.restUrl, 'GET', path, { headers: { cookie: this.jar.header() } });
    this.jar.take(response);
    return response;
  }

  /** A POST with the CSRF header the SPA sends (`csrf: false` leaves it off, a string replaces it). */
  async post(path: string, body: unknown, options: { csrf?: boolean | string } = {}): Promise<ApiResponse> {
    const csrf = options.csrf === undefined || options.csrf === true ? this.jar.csrfToken : options.csrf || undefined;
    const headers: Record<string, string> = { cookie: this.jar.header(), ...(csrf ? { 'x-csrf-token': csrf } : {}) };
    const response = await request(this.platform.restUrl, 'POST', path, { headers, body });
    this.jar.take(response);
    return response;
  }

  graphql(query: string, variables: Record<string, unknown> = {}, options: { csrf?: boolean | string } = {}): Promise<ApiResponse> {
    return this.post('/console/graphql', { query, variables }, options);
  }

  get csrfToken(): string {
    return this.jar.csrfToken;
  }
}

/**
 * Signs in through POST /console/auth/password (and /console/auth/totp with `totpCode` when the
 * account asks for it); answers the signed-in client. Throws when sign-in does not succeed.
 */
export async function signInToConsole(
  platform: TestPlatform,
  credentials: { email: string; password: string; totpCode?: () => string },
): Promise<ConsoleClient> {
  const client = new ConsoleClient(platform);
  const first = await client.post('/console/auth/password', { email: credentials.email, password: credentials.password }, { csrf: false });
  if (first.status !== 200) throw new Error(`sign-in failed: ${first.status} ${first.text}`);
  if (first.body.state === 'totp_required') {
    if (!credentials.totpCode) throw new Error('sign-in asks for a TOTP code');
    const second = await client.post('/console/auth/totp', { code: credentials.totpCode() }, { csrf: false });
    if (second.status !== 200) throw new Error(`TOTP sign-in failed: ${second.status} ${second.text}`);
  }
  if (!client.jar.cookies.get('vigil_session')) throw new Error('no session cookie after sign-in');
  return client;
}
