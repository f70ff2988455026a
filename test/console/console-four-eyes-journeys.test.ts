// Four eyes in the console (Debian's Chromium, headless): an admin turns the policy on for IDV review
// decisions (GraphQL) and reads it on the Settings page; reviewer A accepts a session in
// requires_review and the review desk shows the proposal waiting for a second approval (nothing
// applied, their own approval closed in the console and refused by the API); reviewer B finds it
// from home and the Approvals queue, approves it with a note, and the session is accepted; a
// reviewer reads the policy without a form. Every screen is checked with axe-core and photographed
// at 1280 and 390 px into test/artifacts/console/.
import { Browser, chromium, Locator } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';
import { checkScreen, signInPage } from './console-helpers';

jest.setTimeout(120_000);

type ConsoleUser = { userId: string; email: string; password: string };

describeWithBrowser('Vigil Console: four eyes', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let admin: ConsoleUser;
  let rita: ConsoleUser;
  let rob: ConsoleUser;
  let sessionId: string;
  let proposalId: string;
  const problems: string[] = [];

  beforeAll(async () => {
    // No worker: the session is driven to requires_review by the test's assessment outcome.
    platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'access', 'gateway', 'rest-adapter'] });
    tenant = await newTenant(platform);
    admin = await createConsoleUser(platform, tenant, { email: 'admin@example.com', role: 'admin', name: 'Ada Admin' });
    rita = await createConsoleUser(platform, tenant, { email: 'rita@example.com', role: 'reviewer', name: 'Rita Reviewer' });
    rob = await createConsoleUser(platform, tenant, { email: 'rob@example.com', role: 'reviewer', name: 'Rob Reviewer' });
    const profileId = await createProfile(platform, tenant, 'Grace Hopper', 'grace@example.com');
    sessionId = (await createSession(platform, tenant, { profile_id: profileId })).id;
    await driveTo(platform, tenant, sessionId, 'requires_review');
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('an admin turns four eyes on for review decisions and reads the policy on the Settings page', async () => {
    const client = await signInToConsole(platform, admin);
    const updated = await client.graphql(
      `mutation($input: UpdateFourEyesPolicyInput!) { updateFourEyesPolicy(input: $input) { kinds proposalExpiryHours } }`,
      { input: { kinds: ['IDV_REVIEW_DECISION'], proposalExpiryHours: 48 } },
    );
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data.updateFourEyesPolicy).toEqual({ kinds: ['IDV_REVIEW_DECISION'], proposalExpiryHours: 48 });
    const { context, page } = await signInPage(browser, platform.restUrl, admin, '/settings', problems);
    await page.getByRole('heading', { name: 'Four eyes' }).waitFor();
    expect(await page.getByLabel('Verification review decision').isChecked()).toBe(true);
    expect(await page.getByLabel('Screening match review').isChecked()).toBe(false);
    expect(await page.getByLabel('Proposal expiry (hours)').inputValue()).toBe('48');
    await page.getByText(/Changed .* by You/).waitFor();
    problems.push(...(await checkScreen(page, 'four-eyes-settings')));
    await context.close();
  });

  it('reviewer A decides a session: the desk shows the proposal awaiting a second approval, not an applied decision', async () => {
    const { context, page } = await signInPage(browser, platform.restUrl, rita, `/review/${sessionId}`, problems);
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await page.getByLabel('Accept').check();
    await page.getByLabel('Note (required)').fill('Document and selfie match; accepting.');
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page
      .getByTestId('decision-proposed')
      .getByText(/waits for a second approval/)
      .waitFor();
    const pending = page.getByTestId('four-eyes-pending');
    await pending.getByRole('heading', { name: 'Awaiting second approval' }).waitFor();
    await pending.getByText('Accepted', { exact: true }).waitFor();
    // Nothing applied: the session still waits for review.
    await page.locator('.page-header').getByText('Needs review').waitFor();
    // Their own proposal: approval is closed and says why; they may withdraw it.
    const approve = pending.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    await pending.getByText(/You proposed this decision, so another reviewer must approve it/).waitFor();
    await pending.getByRole('button', { name: 'Withdraw' }).waitFor();
    problems.push(...(await checkScreen(page, 'four-eyes-session-proposed')));
    await context.close();

    // The API refuses the proposer's own approval, and the session is unchanged.
    const client = await signInToConsole(platform, rita);
    const read = await client.graphql(
      `query($id: ID!) { verificationSession(id: $id) { reviewStatus fourEyesProposal { id viewerMayApprove } } }`,
      {
        id: sessionId,
      },
    );
    expect(read.body.data.verificationSession).toMatchObject({
      reviewStatus: 'requires_review',
      fourEyesProposal: { viewerMayApprove: false },
    });
    proposalId = read.body.data.verificationSession.fourEyesProposal.id;
    const own = await client.graphql(`mutation($id: ID!) { approveFourEyesProposal(id: $id, input: {note: "me again"}) { status } }`, {
      id: proposalId,
    });
    expect(own.body.errors?.[0]?.extensions?.code).toBe('four_eyes_self_approval');
  });

  it('reviewer B finds it from home and the Approvals queue, approves it with a note, and the session is accepted', async () => {
    const { context, page } = await signInPage(browser, platform.restUrl, rob, '/', problems);
    const counter = page.locator('.counter', { hasText: 'Decisions awaiting a second approval' });
    await expectText(counter.locator('.counter-value'), '1');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Approvals/ })
      .click();
    await page.waitForURL('**/console/approvals');
    const rows = page.getByTestId('proposals').locator('tbody tr');
    await expectCount(rows, 1);
    const row = rows.first();
    await row.getByText('Verification review decision').waitFor();
    await row.getByText('Rita Reviewer').waitFor();
    await row.getByText('Awaiting approval').waitFor();
    expect(await row.getByRole('link', { name: /Session/ }).getAttribute('href')).toBe(`/console/sessions/${sessionId}`);
    problems.push(...(await checkScreen(page, 'four-eyes-approvals')));
    // The filters live in the URL: the approved list is empty for now.
    await page.getByLabel('Status').selectOption('approved');
    await page.waitForURL('**/console/approvals?status=approved');
    await page.getByText('No proposal matches these filters.').waitFor();
    await page.goto(`${platform.restUrl}/console/approvals`);
    // In German too.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Freigaben', level: 1 }).waitFor();
    await rows.first().getByText('Wartet auf Freigabe').waitFor();
    problems.push(...(await checkScreen(page, 'four-eyes-approvals-de')));
    await page.getByLabel('Sprache').selectOption('en');
    // Keyboard: j focuses the row's link, Enter opens the proposal.
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/console/approvals/${proposalId}`);
    await page.getByTestId('proposal-fields').getByText('Document and selfie match; accepting.').waitFor();
    const approve = page.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    await page.getByLabel('Note (required)').fill('Second look: agreed.');
    problems.push(...(await checkScreen(page, 'four-eyes-proposal')));
    await approve.click();
    await page.getByText('Approved: the decision was applied.').waitFor();
    // The session is accepted and no longer awaits anyone.
    await page.goto(`${platform.restUrl}/console/sessions/${sessionId}`);
    await page.locator('.page-header').getByText('Accepted').waitFor();
    expect(await page.getByTestId('four-eyes-pending').count()).toBe(0);
    problems.push(...(await checkScreen(page, 'four-eyes-session-approved')));
    // A reviewer reads the policy but may not change it.
    await page.goto(`${platform.restUrl}/console/settings`);
    await page.getByTestId('read-only').waitFor();
    await page.getByTestId('four-eyes-kinds').getByText('Verification review decision').waitFor();
    expect(await page.getByRole('button', { name: 'Save four-eyes settings' }).count()).toBe(0);
    problems.push(...(await checkScreen(page, 'four-eyes-settings-read')));
    await context.close();
  });

  it('had no serious or critical accessibility violation and no CSP refusal on any screen', () => {
    expect(problems).toEqual([]);
  });
});

async function expectText(locator: Locator, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.textContent())?.trim() !== text) {
    if (Date.now() > deadline) throw new Error(`expected "${text}", found "${await locator.textContent()}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} elements, found ${await locator.count()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
