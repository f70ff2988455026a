// Console sign-in through the web layer (/console/auth/*, POST /console/graphql) against the real
// gateway and access subgraph: passwords, TOTP, slowdown, sessions and their expiry, cookies, CSRF,
// workspaces and the role in the principal.
import * as OTPAuth from 'otpauth';
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { ConsoleClient, createConsoleUser, signInToConsole } from '../helpers/console';
import { createDashboardUser, issueDashboardToken } from '../../platform/tenancy/tenancy-store';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
});
afterAll(() => platform.close());

const setCookie = (response: { headers: Headers }, name: string) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? '';

describe('password sign-in', () => {
  it('signs in, sets the session and CSRF cookies, and the session route describes the user', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'ana@example.com', role: 'reviewer', name: 'Ana' });
    const client = new ConsoleClient(platform);
    const response = await client.post(
      '/console/auth/password',
      { email: user.email.toUpperCase(), password: user.password },
      { csrf: false },
    );
    expect([response.status, response.body]).toEqual([200, { state: 'signed_in', passwordRequired: false }]);
    const session = setCookie(response, 'vigil_session');
    expect(session).toMatch(/^vigil_session=vgls_/);
    expect(session).toContain('HttpOnly');
    expect(session).toContain('SameSite=Strict');
    expect(session).toContain('Path=/console;');
    expect(session).not.toContain('Secure');
    const csrf = setCookie(response, 'vigil_csrf');
    expect(csrf).toContain('SameSite=Strict');
    expect(csrf).toContain('Path=/console;');
    expect(csrf).not.toContain('HttpOnly');

    const state = await client.get('/console/auth/session');
    expect(state.status).toBe(200);
    expect(state.body).toEqual({
      user: { id: user.userId, email: user.email, name: 'Ana', totpEnabled: false },
      workspace: { id: tenant.workspaceId, name: 'test workspace' },
      role: 'reviewer',
      workspaces: [{ id: tenant.workspaceId, name: 'test workspace', role: 'reviewer' }],
      csrfToken: client.csrfToken,
      expiresAt: expect.any(String),
      idleExpiresAt: expect.any(String),
    });
    const absolute = Date.parse(state.body.expiresAt) - Date.now();
    expect(absolute).toBeGreaterThan(11.9 * 3600_000);
    expect(Date.parse(state.body.idleExpiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it('the role reaches the principal: viewer { role } through /console/graphql', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'viewer-role@example.com', role: 'viewer' });
    const client = await signInToConsole(platform, user);
    const response = await client.graphql('{ viewer { kind actorId workspaceId role user { email } } }');
    expect(response.status).toBe(200);
    expect(response.body.data.viewer).toEqual({
      kind: 'dashboard_user',
      actorId: user.userId,
      workspaceId: tenant.workspaceId,
      role: 'viewer',
      user: { email: user.email },
    });
  });

  it('a wrong password and an unknown email get the same 401 invalid_credentials', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'wrong@example.com' });
    const client = new ConsoleClient(platform);
    const wrong = await client.post('/console/auth/password', { email: user.email, password: 'not the password' }, { csrf: false });
    const unknown = await client.post(
      '/console/auth/password',
      { email: 'nobody@nowhere.example', password: 'whatever it is' },
      { csrf: false },
    );
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'invalid_credentials']);
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    expect(client.jar.cookies.has('vigil_session')).toBe(false);
  });

  it('repeated failures slow the account down (429 too_many_attempts + Retry-After), not another account', async () => {
    const victim = await createConsoleUser(platform, tenant, { email: 'slow@example.com' });
    const other = await createConsoleUser(platform, tenant, { email: 'fast@example.com' });
    const client = new ConsoleClient(platform);
    for (let i = 0; i < 5; i++) {
      const failed = await client.post('/console/auth/password', { email: victim.email, password: `wrong ${i}` }, { csrf: false });
      expect(failed.status).toBe(401);
    }
    // Even the right password waits now.
    const refused = await client.post('/console/auth/password', { email: victim.email, password: victim.password }, { csrf: false });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'too_many_attempts']);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    await signInToConsole(platform, other);
    // The wait ends (never a lockout): moved past it, the right password works and resets the count.
    await platform.db.dashboardUser.update({ where: { id: victim.userId }, data: { signInBlockedUntil: new Date(Date.now() - 1000) } });
    await signInToConsole(platform, victim);
    const row = await platform.db.dashboardUser.findUniqueOrThrow({ where: { id: victim.userId } });
    expect([row.failedSignIns, row.signInBlockedUntil]).toEqual([0, null]);
  });

  it('a deactivated account cannot sign in, even with the right password', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'gone@example.com' });
    await platform.db.dashboardUser.update({ where: { id: user.userId }, data: { deactivatedAt: new Date() } });
    const response = await new ConsoleClient(platform).post(
      '/console/auth/password',
      { email: user.email, password: user.password },
      { csrf: false },
    );
    expect([response.status, response.body.error.code]).toEqual([401, 'invalid_credentials']);
  });
});

describe('TOTP', () => {
  const codeAt = (secret: string, offsetMs: number) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

  it('enrol, confirm, then sign-in asks for the code: a wrong one is refused, the right one signs in', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'totp@example.com' });
    const client = await signInToConsole(platform, user);
    const notStarted = await client.graphql('mutation { confirmTotpEnrolment(input: { code: "123456" }) { totpEnabled } }');
    expect(notStarted.body.errors[0].extensions.code).toBe('totp_not_enrolled');
    const started = await client.graphql('mutation { startTotpEnrolment { secret otpauthUri } }');
    const { secret, otpauthUri } = started.body.data.startTotpEnrolment as { secret: string; otpauthUri: string };
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Vigil:.*secret=/);
    // Sealed at rest: the secret's text is not in the row.
    const row = await platform.db.dashboardUser.findUniqueOrThrow({ where: { id: user.userId } });
    expect(JSON.stringify(row.totpSecret)).not.toContain(secret);

    const wrong = await client.graphql('mutation { confirmTotpEnrolment(input: { code: "000000" }) { totpEnabled } }');
    expect([wrong.status, wrong.body.errors[0].extensions.code]).toEqual([400, 'totp_code_invalid']);
    const confirmed = await client.graphql(`mutation { confirmTotpEnrolment(input: { code: "${codeAt(secret, 0)}" }) { totpEnabled } }`);
    expect(confirmed.body.data.confirmTotpEnrolment).toEqual({ totpEnabled: true });
    const again = await client.graphql('mutation { startTotpEnrolment { secret } }');
    expect(again.body.errors[0].extensions.code).toBe('totp_already_enabled');

    const signIn = new ConsoleClient(platform);
    const first = await signIn.post('/console/auth/password', { email: user.email, password: user.password }, { csrf: false });
    expect([first.status, first.body.state]).toEqual([200, 'totp_required']);
    expect(setCookie(first, 'vigil_pending')).toContain('HttpOnly');
    expect(signIn.jar.cookies.has('vigil_session')).toBe(false);
    const refused = await signIn.post('/console/auth/totp', { code: '000000' }, { csrf: false });
    expect([refused.status, refused.body.error.code]).toEqual([401, 'invalid_credentials']);
    // The next step's code (the confirming one was spent: a code is never accepted twice).
    const accepted = await signIn.post('/console/auth/totp', { code: codeAt(secret, 30_000) }, { csrf: false });
    expect([accepted.status, accepted.body.state]).toEqual([200, 'signed_in']);
    expect((await signIn.get('/console/auth/session')).body.user.totpEnabled).toBe(true);

    const disabled = await signIn.graphql(`mutation { disableTotp(input: { code: "${codeAt(secret, 0)}" }) { totpEnabled } }`);
    expect(disabled.body.data.disableTotp).toEqual({ totpEnabled: false });
    const notOn = await signIn.graphql('mutation { disableTotp(input: { code: "123456" }) { totpEnabled } }');
    expect(notOn.body.errors[0].extensions.code).toBe('totp_not_enrolled');
  });

  it('a TOTP step without a pending sign-in is refused', async () => {
    const response = await new ConsoleClient(platform).post('/console/auth/totp', { code: '123456' }, { csrf: false });
    expect([response.status, response.body.error.code]).toEqual([401, 'invalid_credentials']);
  });
});

describe('sessions and CSRF', () => {
  it('a POST without or with a wrong x-csrf-token is refused with 403 csrf_failed', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'csrf@example.com' });
    const client = await signInToConsole(platform, user);
    for (const csrf of [false, 'not-the-token']) {
      const response = await client.graphql('{ viewer { role } }', {}, { csrf });
      expect([response.status, response.body.error.code]).toEqual([403, 'csrf_failed']);
      const switched = await client.post('/console/auth/workspace', { workspaceId: tenant.workspaceId }, { csrf });
      expect([switched.status, switched.body.error.code]).toEqual([403, 'csrf_failed']);
    }
    // A planted cookie pair (header = cookie, but not the session's token) fails at the gateway.
    client.jar.cookies.set('vigil_csrf', 'planted');
    const planted = await client.graphql('{ viewer { role } }', {}, { csrf: 'planted' });
    expect([planted.status, planted.body.errors[0].extensions.code]).toEqual([403, 'csrf_failed']);
    // A cross-site sign-in POST (another Origin, or not JSON) is refused before anything runs.
    const forged = await request(platform.restUrl, 'POST', '/console/auth/password', {
      headers: { origin: 'https://evil.example' },
      body: { email: user.email, password: user.password },
    });
    expect([forged.status, forged.body.error.code]).toEqual([403, 'csrf_failed']);
    const form = await request(platform.restUrl, 'POST', '/console/auth/password', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
    });
    expect([form.status, form.body.error.code]).toEqual([403, 'csrf_failed']);
  });

  it('GET /console/auth/session without a session: 401 unauthorized', async () => {
    const response = await new ConsoleClient(platform).get('/console/auth/session');
    expect([response.status, response.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it('an idle session ends; a used one moves its idle expiry at most once a minute', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'idle@example.com' });
    const client = await signInToConsole(platform, user);
    const [session] = await platform.db.consoleSession.findMany({ where: { userId: user.userId, pending: false } });
    // Last seen two minutes ago: the next request moves it.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await platform.db.consoleSession.update({
      where: { id: session.id },
      data: { lastSeenAt: twoMinutesAgo, idleExpiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await client.get('/console/auth/session')).status).toBe(200);
    const touched = await platform.db.consoleSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(touched.lastSeenAt.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
    expect(touched.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    // Just seen: a request does not write.
    await client.get('/console/auth/session');
    expect((await platform.db.consoleSession.findUniqueOrThrow({ where: { id: session.id } })).lastSeenAt).toEqual(touched.lastSeenAt);
    // Idle past its expiry: 401, cookies cleared.
    await platform.db.consoleSession.update({ where: { id: session.id }, data: { idleExpiresAt: new Date(Date.now() - 1000) } });
    const ended = await client.get('/console/auth/session');
    expect([ended.status, ended.body.error.code]).toEqual([401, 'unauthorized']);
    expect(setCookie(ended, 'vigil_session')).toContain('Max-Age=0');
    const gql = await client.graphql('{ viewer { role } }', {}, { csrf: 'anything' });
    expect(gql.status).toBe(401);
  });

  it('a session past its absolute expiry ends however active', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'absolute@example.com' });
    const client = await signInToConsole(platform, user);
    await platform.db.consoleSession.updateMany({ where: { userId: user.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await client.get('/console/auth/session');
    expect([response.status, response.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it('sign-out ends the session and clears the cookies', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'bye@example.com' });
    const client = await signInToConsole(platform, user);
    const cookies = client.jar.header();
    const out = await client.post('/console/auth/sign-out', {});
    expect([out.status, out.body]).toEqual([200, { state: 'signed_out' }]);
    expect(client.jar.cookies.size).toBe(0);
    // The old cookie no longer works either.
    const reused = await request(platform.restUrl, 'GET', '/console/auth/session', { headers: { cookie: cookies } });
    expect(reused.status).toBe(401);
  });

  it('switches to another workspace of the user; a workspace without membership is refused (403 workspace_membership_required)', async () => {
    const sibling = await createSiblingWorkspace(platform, tenant);
    const other = await createTestTenant(platform);
    const user = await createConsoleUser(platform, tenant, { email: 'two-ws@example.com', role: 'analyst' });
    await createDashboardUser(platform.db, { workspaceId: sibling.workspaceId, email: user.email, name: 'x', role: 'admin' });
    const client = await signInToConsole(platform, user);
    for (const workspaceId of [other.workspaceId, 'wsp_nope']) {
      const refused = await client.post('/console/auth/workspace', { workspaceId });
      expect([refused.status, refused.body.error.code]).toEqual([403, 'workspace_membership_required']);
    }
    const switched = await client.post('/console/auth/workspace', { workspaceId: sibling.workspaceId });
    expect(switched.status).toBe(200);
    expect([switched.body.workspace.id, switched.body.role]).toEqual([sibling.workspaceId, 'admin']);
    const viewer = await client.graphql('{ viewer { workspaceId role } }');
    expect(viewer.body.data.viewer).toEqual({ workspaceId: sibling.workspaceId, role: 'admin' });
  });

  it('Bearer vgld_ tokens keep working and carry the membership role', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'bearer@example.com', role: 'reviewer' });
    const { token } = await issueDashboardToken(platform.db, user.userId);
    const response = await graphql(platform, auth.bearer(token), '{ viewer { role kind } }');
    expect(response.body.data.viewer).toEqual({ role: 'reviewer', kind: 'dashboard_user' });
  });

  it('the sign-in credential runs only the sign-in mutations', async () => {
    const response = await graphql(platform, { Authorization: 'Console sign-in' }, '{ viewer { role } }');
    expect([response.status, response.body.errors[0].extensions.code]).toEqual([401, 'unauthorized']);
  });
});
