// The audit screens in a real browser: the workspace audit log (filters kept in the URL, deep links,
// rows opened from the keyboard, an empty state, the admin's chain verification, German) and the
// audit panel on a profile and on a session, each checked with axe-core and photographed at 1280
// and 390 px into test/artifacts/console/.
import { chromium, Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { generateSigningKeyText } from '../../platform/audit/signing';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';
import { checkScreen, consolePage } from './console-helpers';

jest.setTimeout(240_000);

describeWithBrowser('Vigil Console audit journeys', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let admin: { userId: string; email: string; password: string };
  let signedIn: BrowserContext;
  let profileId: string;
  let sessionId: string;
  const problems: string[] = [];

  let signingKeyBefore: string | undefined;
  beforeAll(async () => {
    // The evidence pack button signs with the configured key (as npm start does with its generated one).
    signingKeyBefore = process.env.VIGIL_AUDIT_SIGNING_KEY;
    process.env.VIGIL_AUDIT_SIGNING_KEY = generateSigningKeyText();
    platform = await startTestPlatform();
    tenant = await newTenant(platform);
    admin = await createConsoleUser(platform, tenant, { role: 'admin', name: 'Ada Admin' });
    profileId = await createProfile(platform, tenant, 'Grace Hopper', 'grace@example.com');
    sessionId = (await createSession(platform, tenant, { profile_id: profileId })).id;
    await driveTo(platform, tenant, sessionId, 'requires_review');
    // A decision with a note: the session's and the profile's trail show it.
    const api = await signInToConsole(platform, admin);
    const decided = await api.graphql(
      `mutation ($id: ID!) { decideVerificationSession(id: $id, input: { status: accepted, note: "Document checked by hand" }) { id } }`,
      { id: sessionId },
    );
    expect(decided.body.errors).toBeUndefined();
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    const { page } = await consolePage(browser);
    await page.goto(`${platform.restUrl}/console/sign-in`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: /Audit log/ })
      .waitFor();
    signedIn = page.context();
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
    if (signingKeyBefore === undefined) delete process.env.VIGIL_AUDIT_SIGNING_KEY;
    else process.env.VIGIL_AUDIT_SIGNING_KEY = signingKeyBefore;
  });

  async function signedInPage(): Promise<Page> {
    const { page, problems: pageProblems } = await consolePage(signedIn);
    page.on('close', () => problems.push(...pageProblems));
    return page;
  }

  it('lists the workspace trail, filters it through the URL, opens a row from the keyboard and verifies the chain', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/audit`);
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'access.sign_in', exact: true }).first().waitFor();
    await page.getByRole('cell', { name: 'idv.session.review', exact: true }).first().waitFor();
    problems.push(...(await checkScreen(page, 'audit')));

    // Typing an action filters on the server and lands in the URL.
    await page.getByLabel('Action').fill('idv.session.review');
    await page.waitForURL(/action=idv\.session\.review/);
    await page.getByRole('cell', { name: 'access.sign_in', exact: true }).first().waitFor({ state: 'detached' });
    // A row opens to its details from the keyboard.
    const disclosure = page.locator('button.disclosure').first();
    await disclosure.focus();
    await page.keyboard.press('Enter');
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('"noted": true').waitFor();
    expect(await page.content()).not.toContain('Document checked by hand');
    problems.push(...(await checkScreen(page, 'audit-expanded')));

    // The admin runs the verification.
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText(/Chain intact \(\d+ entries\)/).waitFor();

    // A deep link carries its filters; one that matches nothing says so.
    await page.goto(`${platform.restUrl}/console/audit?objectType=idv.session&objectId=${sessionId}`);
    expect(await page.getByLabel('Object id').inputValue()).toBe(sessionId);
    await page.getByRole('cell', { name: 'idv.session.review', exact: true }).waitFor();
    await page.goto(`${platform.restUrl}/console/audit?action=no.such.action`);
    await page.getByText('No entry matches these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('cell', { name: 'access.sign_in', exact: true }).first().waitFor();
    await page.close();
  });

  it('reads in German', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/audit`);
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Audit-Log', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Kette prüfen' }).waitFor();
    await page.getByRole('cell', { name: 'access.sign_in', exact: true }).first().waitFor();
    problems.push(...(await checkScreen(page, 'audit-de')));
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.close();
  });

  it('shows the audit panel on the profile and on the session', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/profiles/${profileId}`);
    const panel = page.getByRole('region', { name: 'Audit trail' });
    await panel.getByRole('cell', { name: 'idv.session.review', exact: true }).waitFor();
    problems.push(...(await checkScreen(page, 'profile-audit')));
    await panel.getByRole('link', { name: 'All entries in the audit log' }).click();
    await page.waitForURL(`**/console/audit?profile=${profileId}`);
    await page.getByRole('cell', { name: 'idv.session.review', exact: true }).waitFor();

    await page.goto(`${platform.restUrl}/console/sessions/${sessionId}`);
    const sessionPanel = page.getByRole('region', { name: 'Audit trail' });
    await sessionPanel.getByRole('cell', { name: 'idv.session.review', exact: true }).waitFor();
    problems.push(...(await checkScreen(page, 'session-audit')));
    await page.close();
  });

  it("builds the session's evidence pack from its panel and downloads the signed PDF", async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/sessions/${sessionId}`);
    const panel = page.getByRole('region', { name: 'Audit trail' });
    await panel.getByRole('button', { name: 'Evidence pack' }).click();
    const pdfLink = panel.getByRole('link', { name: 'PDF' });
    await pdfLink.waitFor();
    const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, platform.restUrl).toString());
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const json = await page.request.get(
      new URL((await panel.getByRole('link', { name: 'signed JSON' }).getAttribute('href'))!, platform.restUrl).toString(),
    );
    expect(JSON.parse(await json.text())).toHaveProperty('signature');
    problems.push(...(await checkScreen(page, 'session-evidence-pack')));
    await page.close();
  });

  it('had no accessibility, CSP or script problems', () => {
    expect(problems).toEqual([]);
  });
});
