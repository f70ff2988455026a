// Console single sign-on in a real browser (headless Chromium): the sign-on cookie survives the
// provider's redirect back, the provider's login form submits, and the session cookies the
// callback sets are sent on the console's own calls afterwards.
import { Browser, chromium } from 'playwright-core';
import { configureSso } from '../../subgraphs/access/oidc/services/sso-configuration';
import { accessDeps } from '../../subgraphs/access/services/deps';
import { createTestTenant, startTestPlatform, TestPlatform } from '../helpers/test-platform';
import { createConsoleUser } from '../helpers/console';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { startOidcProvider, TestOidcProvider } from '../helpers/oidc';

describeWithBrowser('single sign-on in a browser', () => {
  let platform: TestPlatform;
  let provider: TestOidcProvider;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startTestPlatform();
    // The provider on another site (localhost) than the console (127.0.0.1): the redirect back is
    // cross-site, as with a real provider, so the SameSite attributes matter.
    provider = await startOidcProvider(`${platform.restUrl}/console/auth/oidc/callback`, { issuerHost: 'localhost' });
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await platform?.close();
  });

  it('signs in through the provider and lands on /console/ with a session', async () => {
    const tenant = await createTestTenant(platform);
    await configureSso(accessDeps(platform.db, platform.config), {
      workspaceId: tenant.workspaceId,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
    });
    const user = await createConsoleUser(platform, tenant, { email: 'sso-browser@example.com', role: 'analyst' });
    const page = await browser.newPage();
    await page.goto(`${platform.restUrl}/console/auth/oidc/start?tenant=${tenant.tenantId}`);
    await page.fill('input[name=email]', user.email);
    await Promise.all([page.waitForURL(`${platform.restUrl}/console/**`), page.click('button')]);
    expect(new URL(page.url()).pathname).toBe('/console/');
    const session = await page.evaluate(async () => {
      const response = await fetch('/console/auth/session');
      return { status: response.status, body: (await response.json()) as { user?: { email: string }; role?: string } };
    });
    expect(session).toMatchObject({ status: 200, body: { user: { email: user.email }, role: 'analyst' } });
    await page.close();
  });
});
