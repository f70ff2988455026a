// The console's people screens in a real browser (Debian's Chromium, headless): an admin invites a
// user (the one-time link shown to copy), changes their role and deactivates them behind a
// confirmation; an analyst sees no Users link and the API refuses them the users list; an admin
// requests a profile's erasure after typing its name; a reviewer hands a session to another
// reviewer; the sessions list filters by status on the server. Every screen and dialog is checked
// with axe-core (no serious or critical violation) and photographed at 1280 and 390 px into
// test/artifacts/console/.
import { chromium, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { graphql, auth, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { issueDashboardToken } from '../../platform/tenancy/tenancy-store';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';
import { checkScreen, signInPage } from './console-helpers';

jest.setTimeout(240_000);

type ConsoleUser = { userId: string; email: string; password: string };

describeWithBrowser('Vigil Console: people, erasure, assignment, filters', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let admin: ConsoleUser;
  let rita: ConsoleUser;
  let rob: ConsoleUser;
  let analyst: ConsoleUser;
  let erasedProfileId: string;
  const reviewIds: string[] = [];
  let failedId: string;
  const problems: string[] = [];

  beforeAll(async () => {
    // Everything but the worker: the profile page reads screening and risk too.
    platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'access', 'gateway', 'rest-adapter'] });
    tenant = await newTenant(platform);
    admin = await createConsoleUser(platform, tenant, { email: 'admin@example.com', role: 'admin', name: 'Ada Admin' });
    rita = await createConsoleUser(platform, tenant, { email: 'rita@example.com', role: 'reviewer', name: 'Rita Reviewer' });
    rob = await createConsoleUser(platform, tenant, { email: 'rob@example.com', role: 'reviewer', name: 'Rob Reviewer' });
    analyst = await createConsoleUser(platform, tenant, { email: 'andy@example.com', role: 'analyst', name: 'Andy Analyst' });
    erasedProfileId = await createProfile(platform, tenant, 'Grace Hopper', 'grace@example.com');
    const profileId = await createProfile(platform, tenant, 'Queue Person', 'queue@example.com');
    for (let index = 0; index < 2; index++) {
      const id = (await createSession(platform, tenant, { profile_id: profileId })).id;
      await driveTo(platform, tenant, id, 'requires_review');
      reviewIds.push(id);
    }
    failedId = (await createSession(platform, tenant, { profile_id: profileId })).id;
    await driveTo(platform, tenant, failedId, 'failed');
    await createSession(platform, tenant, { profile_id: profileId });
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  /** A browser context signed in as `user` through the sign-in page, on `path`. */
  function signIn(user: ConsoleUser, path: string): Promise<{ context: BrowserContext; page: Page }> {
    return signInPage(browser, platform.restUrl, user, path, problems);
  }

  it('an admin invites a user, copies the link, changes their role and deactivates them', async () => {
    const { context, page } = await signIn(admin, '/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Users/ }).waitFor();
    // Ada has signed in; Rita has an account but has not signed in yet.
    await page.locator('tr', { hasText: 'Ada Admin' }).getByText('Active').waitFor();
    await page.locator('tr', { hasText: 'Rita Reviewer' }).getByText('Invited').waitFor();
    problems.push(...(await checkScreen(page, 'users')));

    // The invite dialog: focus on its first field, a deep link of its own, Escape closes it.
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('invite')).toBe('1');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('invite-email');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The native dialog hides at once; the URL and the focus follow when React unmounts it.
    await page.waitForURL((url) => url.searchParams.get('invite') === null);
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('Invite user'));

    await page.goto(`${platform.restUrl}/console/users?invite=1`);
    await dialog.waitFor();
    problems.push(...(await checkScreen(page, 'users-invite')));
    const email = `ivy+${tenant.tenantId.slice(4)}@example.com`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name').fill('Ivy Invitee');
    await dialog.getByLabel('Role').selectOption('analyst');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const result = page.getByRole('dialog', { name: 'Ivy Invitee is invited' });
    await result.waitFor();
    // No mail relay in this platform: the dialog says so and shows the link to hand over.
    await result.getByText(`No email was sent (no mail relay is configured): hand ${email} the link below.`).waitFor();
    const link = await result.getByLabel('One-time sign-in link').inputValue();
    expect(link).toMatch(new RegExp(`^${platform.restUrl}/console/auth/link\\?token=vgll_`));
    problems.push(...(await checkScreen(page, 'users-invited')));
    await result.getByRole('button', { name: 'Done' }).click();
    await result.waitFor({ state: 'detached' });
    const row = page.locator('tr', { hasText: 'Ivy Invitee' });
    await row.getByText('Invited').waitFor();

    // Role in place.
    await row.getByLabel('Role of Ivy Invitee').selectOption('reviewer');
    await page.getByText('Ivy Invitee is now Reviewer.').waitFor();

    // Deactivation asks first; Escape and Cancel leave the user as they were.
    await row.getByRole('button', { name: 'Deactivate Ivy Invitee' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Ivy Invitee?' });
    await confirm.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    problems.push(...(await checkScreen(page, 'users-deactivate')));
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Invited').waitFor();
    await row.getByRole('button', { name: 'Deactivate Ivy Invitee' }).click();
    await confirm.getByRole('button', { name: 'Deactivate user' }).click();
    await row.getByText('Deactivated').waitFor();
    await page.getByText('Ivy Invitee is deactivated.').waitFor();
    expect(await row.getByRole('button', { name: /Deactivate/ }).count()).toBe(0);
    expect(await row.getByLabel('Role of Ivy Invitee').isDisabled()).toBe(true);

    // The API agrees.
    const client = await signInToConsole(platform, admin);
    const users = await client.graphql('{ dashboardUsers { nodes { name role status } } }');
    expect(users.body.data.dashboardUsers.nodes).toContainEqual({ name: 'Ivy Invitee', role: 'reviewer', status: 'deactivated' });

    // In German, at both widths.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Benutzer', level: 1 }).waitFor();
    await page.locator('tr', { hasText: 'Ivy Invitee' }).getByText('Deaktiviert').waitFor();
    problems.push(...(await checkScreen(page, 'users-de')));
    await page.getByLabel('Sprache').selectOption('en');
    await context.close();
  });

  it('an analyst sees no Users link, the screen says why, and the API refuses the users list', async () => {
    const { context, page } = await signIn(analyst, '/');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: /Sessions/ }).waitFor();
    expect(await nav.getByRole('link', { name: /Users/ }).count()).toBe(0);
    await page.goto(`${platform.restUrl}/console/users`);
    await page.getByText('Only admins manage the users of a workspace.').waitFor();
    problems.push(...(await checkScreen(page, 'users-analyst')));
    // The SPA's own request, with its cookies and CSRF header: 403 insufficient_role.
    const answer = await page.evaluate(async () => {
      const csrf =
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('vigil_csrf='))
          ?.split('=')[1] ?? '';
      const response = await fetch('/console/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({ query: '{ dashboardUsers { totalCount } }' }),
      });
      return { status: response.status, body: (await response.json()) as { errors: { extensions: { code: string } }[] } };
    });
    expect([answer.status, answer.body.errors[0].extensions.code]).toEqual([403, 'insufficient_role']);
    // Nor is there an erasure to request on a profile.
    await page.goto(`${platform.restUrl}/console/profiles/${erasedProfileId}`);
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Request erasure' }).count()).toBe(0);
    await context.close();
  });

  it("an admin requests a profile's erasure after typing its name; the page shows the erasure", async () => {
    const { context, page } = await signIn(admin, `/profiles/${erasedProfileId}`);
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Request erasure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase the personal data of Grace Hopper?' });
    await dialog.waitFor();
    const confirmButton = dialog.getByRole('button', { name: 'Erase personal data' });
    expect(await confirmButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the profile').fill('Grace');
    expect(await confirmButton.isDisabled()).toBe(true);
    problems.push(...(await checkScreen(page, 'profile-erasure-dialog')));
    await dialog.getByLabel('Type the profile').fill('Grace Hopper');
    await dialog.getByLabel('Reason').fill('The customer asked for erasure (GDPR art. 17).');
    await confirmButton.click();
    await dialog.waitFor({ state: 'detached' });
    const state = page.getByTestId('erasure-state');
    await state.getByText('Personal data erased.').waitFor();
    await page.getByRole('heading', { name: '[erased]', level: 1 }).waitFor();
    // Nothing to start for an erased profile.
    expect(await page.getByRole('button', { name: 'Request erasure' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create session' }).count()).toBe(0);
    problems.push(...(await checkScreen(page, 'profile-erased')));
    const profile = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      'query ($id: ID!) { profile(id: $id) { erasureClaimed erasedAt email } }',
      {
        id: erasedProfileId,
      },
    );
    expect(profile.body.data.profile).toMatchObject({ erasureClaimed: true, email: null });
    expect(profile.body.data.profile.erasedAt).not.toBeNull();
    await context.close();
  });

  it('a reviewer sees the queue total and assigns a session to another reviewer', async () => {
    const { context, page } = await signIn(rita, '/review');
    await page.getByRole('heading', { name: 'Review desk', level: 1 }).waitFor();
    await page.getByTestId('queue-total').getByText('2 waiting').waitFor();
    await page.getByText('2 shown of 2').waitFor();
    await page.getByRole('link', { name: 'Queue Person' }).first().click();
    await page.waitForURL(`**/console/review/${reviewIds[0]}`);
    await page.getByRole('heading', { name: 'Checks' }).waitFor();
    const select = page.getByLabel('Assign to');
    // Whom: the workspace's reviewers and admins, by name (not the analyst).
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Rob Reviewer (Reviewer)', 'Ada Admin (Admin)', 'Rita Reviewer (Reviewer)']));
    expect(options.some((text) => text.includes('Andy'))).toBe(false);
    await select.selectOption({ label: 'Rob Reviewer (Reviewer)' });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Assigned to Rob Reviewer.').waitFor();
    await rowValue(page, 'Assignee').getByText('Rob Reviewer').waitFor();
    problems.push(...(await checkScreen(page, 'review-assigned')));
    const token = await issueDashboardToken(platform.db, rob.userId, undefined, tenant.workspaceId);
    const read = await graphql(platform, auth.bearer(token.token), 'query ($id: ID!) { verificationSession(id: $id) { assignee } }', {
      id: reviewIds[0],
    });
    expect(read.body.data.verificationSession.assignee).toBe(rob.userId);
    // Rita's own queue holds none of them now.
    await page.goto(`${platform.restUrl}/console/review?mine=1`);
    await page.getByTestId('queue-total').getByText('0 match').waitFor();
    await context.close();
  });

  it('the sessions list filters by status on the server, kept in the URL', async () => {
    const { context, page } = await signIn(rita, '/sessions?review=requires_review');
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const rows = page.locator('tbody tr');
    await expectCount(rows, 2);
    await page.getByText('2 shown of 2').waitFor();
    problems.push(...(await checkScreen(page, 'sessions-filtered')));
    await page.getByRole('combobox', { name: /^Review\b/ }).selectOption('');
    await page.getByRole('combobox', { name: /^Flow\b/ }).selectOption('failed');
    await expectCount(rows, 1);
    expect(await rows.first().textContent()).toContain(failedId);
    expect(new URL(page.url()).searchParams.get('flow')).toBe('failed');
    await page.getByText('1 shown of 1').waitFor();
    await page.getByRole('combobox', { name: /^Flow\b/ }).selectOption('canceled');
    await page.getByText('No session matches the filters.').waitFor();
    await page.getByRole('combobox', { name: /^Flow\b/ }).selectOption('');
    await expectCount(rows, 4);
    await context.close();
  });

  it('no screen had a serious or critical axe finding, a CSP refusal or a page error', () => {
    expect(problems).toEqual([]);
  });
});

/** The value cell of a details row by its label. */
function rowValue(page: Page, label: string): Locator {
  return page.locator('.field-row', { has: page.locator('dt', { hasText: label }) }).locator('dd');
}

async function expectCount(locator: Locator, count: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await locator.count()) === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await locator.count()).toBe(count);
}
