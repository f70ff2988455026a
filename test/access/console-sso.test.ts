// Console single sign-on (OpenID Connect) against a real provider (oidc-provider in a child
// process): the whole browser walk over HTTP, start → provider login → callback → session, and the
// refusals, each a redirect to /console/sign-in?error=<code> rather than an error page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureSso } from '../../subgraphs/access/oidc/services/sso-configuration';
import { accessDeps } from '../../subgraphs/access/services/deps';
import { CliFailure, runCliProcess } from '../helpers/cli';
import { createTestTenant, startTestPlatform, tenantEmail, TestPlatform, TestTenant } from '../helpers/test-platform';
import { ConsoleClient, createConsoleUser, signInToConsole } from '../helpers/console';
import { startOidcProvider, TestOidcProvider, walkSso } from '../helpers/oidc';

let platform: TestPlatform;
let provider: TestOidcProvider;
let tenant: TestTenant;

const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? '';

beforeAll(async () => {
  platform = await startTestPlatform();
  provider = await startOidcProvider(`${platform.restUrl}/console/auth/oidc/callback`);
  tenant = await createTestTenant(platform);
  await configureSso(accessDeps(platform.db, platform.config), {
    workspaceId: tenant.workspaceId,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  });
});
afterAll(async () => {
  await provider?.close();
  await platform?.close();
});

describe('single sign-on', () => {
  it('signs a known user in without the TOTP step and the session route shows them', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'sso-known@example.com', role: 'reviewer', name: 'Known' });
    // TOTP on: the provider owns the second factor, the console does not ask again.
    await platform.db.dashboardUser.update({ where: { id: user.userId }, data: { totpEnabledAt: new Date() } });

    const walk = await walkSso(platform.restUrl, user.email.toUpperCase(), { tenant: tenant.tenantId });
    expect(walk.start.status).toBe(302);
    const flowCookie = setCookie(walk.start, 'vigil_oidc');
    expect(flowCookie).toContain('HttpOnly');
    expect(flowCookie).toContain('SameSite=Lax');
    expect(flowCookie).toContain('Path=/console/auth/oidc');
    const authorization = new URL(walk.authorizationUrl!);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('scope')).toBe('openid email profile');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${platform.restUrl}/console/auth/oidc/callback`);

    expect(walk.landing).toBe('/console/');
    expect(walk.jar.cookies.has('vigil_oidc')).toBe(false);
    const client = new ConsoleClient(platform, walk.jar);
    const session = await client.get('/console/auth/session');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      user: { id: user.userId, email: user.email, name: 'Known', totpEnabled: true },
      workspace: { id: tenant.workspaceId },
      role: 'reviewer',
      csrfToken: client.csrfToken,
    });
    // A real session: the GraphQL endpoint works with it.
    const viewer = await client.graphql('{ viewer { role } }');
    expect(viewer.body).toEqual({ data: { viewer: { role: 'reviewer' } } });
  });

  it('refuses an email without an account (no provisioning by default)', async () => {
    const walk = await walkSso(platform.restUrl, tenantEmail(tenant, 'sso-stranger@example.com'), { tenant: tenant.tenantId });
    expect(walk.landing).toBe('/console/sign-in?error=sso_unknown_user');
    expect(walk.jar.cookies.has('vigil_session')).toBe(false);
    expect(await platform.db.dashboardUser.count({ where: { email: tenantEmail(tenant, 'sso-stranger@example.com') } })).toBe(0);
  });

  it('refuses an account of another tenant', async () => {
    const other = await createTestTenant(platform);
    const stranger = await createConsoleUser(platform, other, { email: 'sso-other-tenant@example.com' });
    const walk = await walkSso(platform.restUrl, stranger.email, { tenant: tenant.tenantId });
    expect(walk.landing).toBe('/console/sign-in?error=sso_unknown_user');
  });

  it('refuses a deactivated user', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'sso-gone@example.com' });
    await platform.db.dashboardUser.update({ where: { id: user.userId }, data: { deactivatedAt: new Date() } });
    const walk = await walkSso(platform.restUrl, user.email, { tenant: tenant.tenantId });
    expect(walk.landing).toBe('/console/sign-in?error=sso_account_deactivated');
    expect(walk.jar.cookies.has('vigil_session')).toBe(false);
  });

  it('refuses a tampered state, a callback in another browser and a replayed callback', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'sso-state@example.com' });
    const tampered = await walkSso(platform.restUrl, user.email, {
      tenant: tenant.tenantId,
      beforeCallback: (callback) => callback.searchParams.set('state', `${callback.searchParams.get('state')}x`),
    });
    expect(tampered.landing).toBe('/console/sign-in?error=sso_state_invalid');
    expect(tampered.jar.cookies.has('vigil_session')).toBe(false);

    const otherBrowser = await walkSso(platform.restUrl, user.email, {
      tenant: tenant.tenantId,
      beforeCallback: (_callback, jar) => jar.cookies.delete('vigil_oidc'),
    });
    expect(otherBrowser.landing).toBe('/console/sign-in?error=sso_state_invalid');

    // The right callback works once; the same URL with the same flow cookie does not work again.
    let flowCookie = '';
    const ok = await walkSso(platform.restUrl, user.email, {
      tenant: tenant.tenantId,
      beforeCallback: (_callback, jar) => (flowCookie = jar.cookies.get('vigil_oidc') ?? ''),
    });
    expect(ok.landing).toBe('/console/');
    const replay = await fetch(ok.callbackUrl!, { redirect: 'manual', headers: { cookie: `vigil_oidc=${flowCookie}` } });
    expect([replay.status, replay.headers.get('location')]).toEqual([303, '/console/sign-in?error=sso_state_invalid']);
  });

  it('turns a provider error into sso_provider_refused', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'sso-cancel@example.com' });
    const walk = await walkSso(platform.restUrl, user.email, {
      tenant: tenant.tenantId,
      beforeCallback: (callback) => {
        const state = callback.searchParams.get('state') ?? '';
        callback.search = new URLSearchParams({ error: 'access_denied', state }).toString();
      },
    });
    expect(walk.landing).toBe('/console/sign-in?error=sso_provider_refused');
  });

  it('refuses a code the provider did not issue (sso_provider_failed), never a 500', async () => {
    const user = await createConsoleUser(platform, tenant, { email: 'sso-code@example.com' });
    const walk = await walkSso(platform.restUrl, user.email, {
      tenant: tenant.tenantId,
      beforeCallback: (callback) => callback.searchParams.set('code', 'forged-code'),
    });
    expect(walk.landing).toBe('/console/sign-in?error=sso_provider_failed');
  });

  it('answers sso_not_configured for a tenant without a provider', async () => {
    const other = await createTestTenant(platform);
    const walk = await walkSso(platform.restUrl, 'x@example.com', { tenant: other.tenantId });
    expect([walk.start.status, walk.landing]).toEqual([303, '/console/sign-in?error=sso_not_configured']);
    const callback = await fetch(`${platform.restUrl}/console/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect([callback.status, callback.headers.get('location')]).toEqual([303, '/console/sign-in?error=sso_state_invalid']);
  });

  it('provisions an unknown email with the configured role when the tenant turns it on', async () => {
    const open = await createTestTenant(platform);
    await configureSso(accessDeps(platform.db, platform.config), {
      workspaceId: open.workspaceId,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      provisionRole: 'viewer',
    });
    const email = tenantEmail(open, 'sso-new@example.com');
    const walk = await walkSso(platform.restUrl, email, { tenant: open.tenantId });
    expect(walk.landing).toBe('/console/');
    const session = await new ConsoleClient(platform, walk.jar).get('/console/auth/session');
    expect(session.body).toMatchObject({
      user: { email, name: `SSO ${email.split('@')[0]}` },
      workspace: { id: open.workspaceId },
      role: 'viewer',
    });
  });

  it('keeps the client secret sealed and out of the admin read', async () => {
    const row = await platform.db.ssoConfiguration.findUniqueOrThrow({ where: { tenantId: tenant.tenantId } });
    expect(JSON.stringify(row)).not.toContain(provider.clientSecret);
    const admin = await createConsoleUser(platform, tenant, { email: 'sso-admin@example.com', role: 'admin' });
    const client = await signInToConsole(platform, admin);
    const answer = await client.graphql('{ ssoConfiguration { issuer clientId emailClaim provisionRole redirectUri source } }');
    expect(answer.body).toEqual({
      data: {
        ssoConfiguration: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          emailClaim: 'email',
          provisionRole: null,
          redirectUri: `${platform.restUrl}/console/auth/oidc/callback`,
          source: 'database',
        },
      },
    });
    expect(answer.text).not.toContain(provider.clientSecret);
    const analyst = await signInToConsole(platform, await createConsoleUser(platform, tenant, { email: 'sso-analyst@example.com' }));
    const refused = await analyst.graphql('{ ssoConfiguration { issuer } }');
    expect((refused.body as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('insufficient_role');
  });

  it('a single-tenant install configures it from the environment, and the start link needs no tenant', async () => {
    const single = await createTestTenant(platform);
    const user = await createConsoleUser(platform, single, { email: 'sso-env@example.com', role: 'admin' });
    platform.config.console.oidc = {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      workspaceId: single.workspaceId,
      emailClaim: 'email',
      provisionRole: undefined,
    };
    try {
      const walk = await walkSso(platform.restUrl, user.email);
      expect(walk.landing).toBe('/console/');
      const client = new ConsoleClient(platform, walk.jar);
      expect((await client.get('/console/auth/session')).body).toMatchObject({ user: { id: user.userId }, role: 'admin' });
      const read = await client.graphql('{ ssoConfiguration { source clientId } }');
      expect(read.body).toEqual({ data: { ssoConfiguration: { source: 'environment', clientId: provider.clientId } } });
    } finally {
      platform.config.console.oidc = undefined;
    }
  });
});

describe('npm run cli -- configure-sso', () => {
  /** Its JSON and, to show what it printed, stdout as is; a failure rejects with its stderr. */
  const cli = async (...args: string[]) => {
    const run = await runCliProcess(args, { env: { VIGIL_LOG_LEVEL: 'silent', VIGIL_PUBLIC_BASE_URL: platform.restUrl } });
    if (run.code !== 0) throw new CliFailure(run.code, run.stdout, run.stderr);
    return { parsed: JSON.parse(run.stdout) as Record<string, unknown>, stdout: run.stdout };
  };

  it('stores a sealed configuration that signs in, never prints the secret, and removes it', async () => {
    const own = await createTestTenant(platform);
    const user = await createConsoleUser(platform, own, { email: 'sso-cli@example.com' });
    const secretFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sso-')), 'secret');
    fs.writeFileSync(secretFile, `${provider.clientSecret}\n`);
    const args = ['--workspace', own.workspaceId, '--issuer', provider.issuer, '--client-id', provider.clientId];
    const { parsed, stdout } = await cli('configure-sso', ...args, '--client-secret-file', secretFile);
    expect(stdout).not.toContain(provider.clientSecret);
    expect(parsed).toMatchObject({
      tenantId: own.tenantId,
      issuer: provider.issuer,
      redirectUri: `${platform.restUrl}/console/auth/oidc/callback`,
      scopes: 'openid email profile',
      signInUrl: `${platform.restUrl}/console/auth/oidc/start?tenant=${own.tenantId}`,
    });
    const walk = await walkSso(platform.restUrl, user.email, { tenant: own.tenantId });
    expect(walk.landing).toBe('/console/');

    await expect(
      cli('configure-sso', '--workspace', own.workspaceId, '--issuer', 'http://idp.example', '--client-id', 'x', '--client-secret', 'y'),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('sso_configuration_invalid') });

    expect((await cli('configure-sso', '--workspace', own.workspaceId, '--remove', 'true')).parsed).toEqual({
      workspaceId: own.workspaceId,
      removed: true,
    });
    const after = await walkSso(platform.restUrl, user.email, { tenant: own.tenantId });
    expect(after.landing).toBe('/console/sign-in?error=sso_not_configured');
  }, 120_000);
});
