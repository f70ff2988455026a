// The console in a real browser (Debian's Chromium, headless) against a running platform: sign-in
// page, home, profiles, a profile, the review desk and a decision on a session. Every screen is
// checked with axe-core (no serious or critical violation) and photographed at 1280 and 390 px
// into test/artifacts/console/.
import { chromium, Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';
import { checkScreen, consolePage } from './console-helpers';

const RESULTS = {
  document: { type: 'passport', issuing_country: 'GBR', confidence: 0.93 },
  ocr_fields: [
    { field: 'surname', value: 'LOVELACE', confidence: 0.97, source: 'mrz' as const },
    { field: 'given_names', value: 'AUGUSTA ADA', confidence: 0.96, source: 'mrz' as const },
    { field: 'date_of_birth', value: '1815-12-10', confidence: 0.99, source: 'mrz' as const },
    { field: 'document_number', value: 'X1234567', confidence: 0.99, source: 'mrz' as const },
  ],
  mismatches: [{ field: 'name', profile_value: 'Ada Lovelace', document_value: 'Augusta Ada Lovelace', detail: 'similarity 0.74' }],
  checks: [
    { check: 'face_match', outcome: 'pass' as const, reason_code: 'face_match', category: 'idv', score: 0.82 },
    { check: 'name', outcome: 'fail' as const, reason_code: 'name_mismatch', category: 'idv', score: 0.74 },
    { check: 'mrz', outcome: 'pass' as const, reason_code: 'mrz_valid', category: 'document' },
    { check: 'document_expiry', outcome: 'pass' as const, reason_code: 'document_not_expired', category: 'document' },
  ],
};

describeWithBrowser('Vigil Console journeys', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let user: { userId: string; email: string; password: string };
  /** The browser context signed in by the password journey; the later journeys use its cookies. */
  let signedIn: BrowserContext;
  let profileId: string;
  const sessionIds: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    // Every subgraph: home and the profile page read screening, risk and monitoring fields too.
    platform = await startTestPlatform();
    tenant = await newTenant(platform);
    user = await createConsoleUser(platform, tenant, { role: 'reviewer', name: 'Rita Reviewer' });
    profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
    await createProfile(platform, tenant, 'Charles Babbage', 'charles@example.com');
    for (let index = 0; index < 2; index++) {
      const session = await createSession(platform, tenant, { profile_id: profileId });
      await driveTo(platform, tenant, session.id, 'requires_review', { results: RESULTS, flagCategories: ['idv'] });
      sessionIds.push(session.id);
    }
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  async function signedInPage(): Promise<Page> {
    const { page, problems: pageProblems } = await consolePage(signedIn);
    page.on('close', () => problems.push(...pageProblems));
    return page;
  }

  it('shows the sign-in page, accessible at both widths, in English and German', async () => {
    const { page, problems: pageProblems } = await consolePage(browser, 'de-DE');
    await page.goto(`${platform.restUrl}/console/sign-in`);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    problems.push(...(await checkScreen(page, 'sign-in-de')));
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in with SSO' }).getAttribute('href')).toBe('/console/auth/oidc/start');
    problems.push(...(await checkScreen(page, 'sign-in')));
    // The choice is kept for the next visit.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(pageProblems).toEqual([]);
    await page.close();
  });

  it('sends a signed-out visitor of a deep link to the sign-in page, signs in with a password and returns there', async () => {
    const { page, problems: pageProblems } = await consolePage(browser);
    await page.goto(`${platform.restUrl}/console/profiles/${profileId}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/profiles/${profileId}`);
    // A wrong password first: the message says so, the form stays.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email or password is not correct.').waitFor();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/profiles/${profileId}`);
    // The shell knows who signed in and in which role.
    await page.getByRole('button', { name: /Rita Reviewer/ }).waitFor();
    await page.getByText('Reviewer', { exact: true }).waitFor();
    expect(pageProblems).toEqual([]);
    signedIn = page.context();
    await page.close();
  });

  it('opens home with the queue counts', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const awaiting = page.locator('.counter', { hasText: 'Sessions awaiting review' });
    await expectText(awaiting, '2').catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await page.locator('main').innerText()}`);
    });
    problems.push(...(await checkScreen(page, 'home')));
    await page.close();
  });

  it('lists profiles, filters them and opens one (keyboard: j then Enter)', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/profiles`);
    await page.getByRole('link', { name: 'Charles Babbage' }).waitFor();
    await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    problems.push(...(await checkScreen(page, 'profiles')));
    await page.keyboard.press('/');
    await page.keyboard.type('ada');
    await page.getByRole('link', { name: 'Charles Babbage' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('ada');
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/profiles/${profileId}`);
    await page.getByRole('heading', { name: 'Verification sessions' }).waitFor();
    // Comment, then see it in the list and the timeline.
    await page.getByLabel('Add a comment').fill('Called the customer; documents on the way.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.locator('.comments').getByText('Called the customer; documents on the way.').waitFor();
    problems.push(...(await checkScreen(page, 'profile')));
    await page.close();
  });

  it('works the review desk: queue oldest first, a session side by side, a decision with a note, then the next', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/review`);
    await page.getByRole('heading', { name: 'Review desk', level: 1 }).waitFor();
    const rows = page.locator('tbody tr');
    await expectCount(rows, 2);
    expect(await rows.first().textContent()).toContain(sessionIds[0]);
    problems.push(...(await checkScreen(page, 'review-queue')));
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Checks' }).waitFor();
    // Reason codes in words, scores against the documented thresholds, the mismatch marked.
    await page.getByText('The name differs from the profile.').waitFor();
    await page.getByText('threshold 0.8').waitFor();
    await page.locator('.row-mismatch', { hasText: 'Augusta Ada Lovelace' }).waitFor();
    problems.push(...(await checkScreen(page, 'review-session')));
    // The decision needs a note.
    await page.getByLabel('Accept').check();
    const submit = page.getByRole('button', { name: 'Record decision' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Note (required)').fill('Name differs by a middle name only; passport checked.');
    await submit.click();
    await page.getByText('Decision recorded.').waitFor();
    await page.getByRole('button', { name: 'Next in queue' }).last().click();
    await page.waitForURL(`**/console/review/${sessionIds[1]}`);
    await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    await page.close();
    // The decision is stored with its note.
    const reader = await signInToConsole(platform, user);
    const stored = await reader.graphql('query ($id: ID!) { verificationSession(id: $id) { reviewStatus reviewHistory { note } } }', {
      id: sessionIds[0],
    });
    expect(stored.body.data.verificationSession.reviewStatus).toBe('accepted');
    expect(stored.body.data.verificationSession.reviewHistory.at(-1).note).toBe('Name differs by a middle name only; passport checked.');
  });

  it('lists sessions with filters', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/sessions?review=requires_review`);
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    await expectCount(page.locator('tbody tr'), 1);
    problems.push(...(await checkScreen(page, 'sessions')));
    await page.close();
  });

  it('opens the account page and signs out', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByText(/^otpauth:\/\/totp\//).waitFor();
    problems.push(...(await checkScreen(page, 'account')));
    await page.getByRole('button', { name: /Rita Reviewer/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const session = await page.request.get(`${platform.restUrl}/console/auth/session`);
    expect(session.status()).toBe(401);
    await page.close();
  });

  it('had no serious or critical accessibility violation and no CSP refusal on any screen', () => {
    expect(problems).toEqual([]);
  });
});

async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.getByText(text, { exact: true }).waitFor();
}

async function expectCount(locator: ReturnType<Page['locator']>, count: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await locator.count()) === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await locator.count()).toBe(count);
}
