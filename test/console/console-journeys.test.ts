// The console in a real browser (Debian's Chromium, headless) against a running platform with its
// worker: sign-in page, home, profiles (found among 300 by the server's search), a profile, the
// review desk and decisions, among them on a session the worker assessed from the shipped face
// photographs (its images load from /console/files; accepting it moves the profile's status and
// timeline); an analyst sees no decision and the API refuses one; signed-out and cross-workspace
// requests. Every screen is checked with axe-core (no serious or critical violation) and
// photographed at 1280 and 390 px into test/artifacts/console/.
import { chromium, Browser, BrowserContext, Page } from 'playwright-core';
import { SERVICE_NAMES } from '../../app/start-platform';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { assessWithFaces } from '../helpers/idv-assessment';
import { seedProfiles } from '../helpers/profile-fixtures';
import { createSiblingWorkspace, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';
import { checkScreen, consolePage, readAnalytics } from './console-helpers';

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

jest.setTimeout(240_000);

describeWithBrowser('Vigil Console journeys', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let user: { userId: string; email: string; password: string };
  /** The browser context signed in by the password journey; the later journeys use its cookies. */
  let signedIn: BrowserContext;
  let profileId: string;
  const sessionIds: string[] = [];
  /** A session the worker assessed from real photographs (another person's portrait: requires_review). */
  let faceSessionId: string;
  let faceProfileId: string;
  /** A session of another workspace of the same tenant. */
  let foreignSessionId: string;
  /** A seeded profile deep in the list (not on its first pages). */
  let needleProfileId: string;
  const problems: string[] = [];
  /** When this file started, and the sessions of its workspace assessed and decided since: what the
   * analytics page must show. */
  const started = new Date();
  const idv = { automaticPass: 0, sentToReview: 0, accepted: 0, rejected: 0 };

  beforeAll(async () => {
    // Every service with the worker (assessments, profile status facts), on a database of its own
    // so the worker does not first work through what other test files left queued.
    platform = await startTestPlatform({ services: SERVICE_NAMES, isolatedDatabase: true });
    tenant = await newTenant(platform);
    user = await createConsoleUser(platform, tenant, { role: 'reviewer', name: 'Rita Reviewer' });
    profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
    await createProfile(platform, tenant, 'Charles Babbage', 'charles@example.com');
    for (let index = 0; index < 2; index++) {
      const session = await createSession(platform, tenant, { profile_id: profileId });
      await driveTo(platform, tenant, session.id, 'requires_review', { results: RESULTS, flagCategories: ['idv'] });
      sessionIds.push(session.id);
      idv.sentToReview++;
    }
    faceProfileId = await createProfile(platform, tenant, 'Barack Obama', 'barack@example.com');
    const assessed = await assessWithFaces(platform, tenant, faceProfileId, 'obama-3.jpg', { photo: 'biden-1.jpg' });
    expect(assessed.session).toMatchObject({ status: 'assessed', review_status: 'requires_review' });
    idv.sentToReview++;
    faceSessionId = assessed.id;
    const sibling = await createSiblingWorkspace(platform, tenant);
    const foreignProfile = await createProfile(platform, sibling, 'Other Workspace', 'other@example.com');
    foreignSessionId = (await createSession(platform, sibling, { profile_id: foreignProfile })).id;
    // 300 older profiles: the list's first pages hold none of them but the newest; one is searched for.
    const names = Array.from({ length: 300 }, (_, index) => (index === 40 ? 'Katherine Johnson' : `Seeded Person ${index + 1}`));
    needleProfileId = (await seedProfiles(platform, tenant, names))[40];
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
    const { closeTesseract } = await import('../../subgraphs/idv/assessment/tesseract-ocr');
    await closeTesseract();
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
    // A single sign-on that came back refused says why (the ?error= codes of docs/console.md).
    await page.goto(`${platform.restUrl}/console/sign-in?error=sso_unknown_user`);
    await page.getByRole('alert').getByText('no Vigil account has your email').waitFor();
    await page.goto(`${platform.restUrl}/console/sign-in?error=sso_provider_failed`);
    await page.getByRole('alert').getByText('Single sign-on did not complete').waitFor();
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
    await expectText(awaiting, '3').catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await page.locator('main').innerText()}`);
    });
    // The workspace's activity (workspaceActivity): the sessions' events, linked to them.
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await page.locator('.activity li a[href^="/console/sessions/"]').first().waitFor();
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
    await expectCount(rows, 3);
    expect(await rows.first().textContent()).toContain(sessionIds[0]);
    problems.push(...(await checkScreen(page, 'review-queue')));
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Checks' }).waitFor();
    // Reason codes in words, scores against the thresholds, the mismatch marked.
    // (English reasons are the API's explanations; the threshold is the API's.)
    await page.getByText("The name on the document differs from the profile's name (similarity below 0.8).").waitFor();
    // The API compares the document with the profile's current name: its score beside its threshold.
    await page
      .locator('tbody tr', { hasText: /Augusta Ada Lovelace/i })
      .filter({ hasText: '0.829 / 0.8' })
      .waitFor();
    problems.push(...(await checkScreen(page, 'review-session')));
    // The decision needs a note.
    await page.getByLabel('Accept').check();
    const submit = page.getByRole('button', { name: 'Record decision' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Note (required)').fill('Name differs by a middle name only; passport checked.');
    await submit.click();
    await page.getByText('Decision recorded.').waitFor();
    idv.accepted++;
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
    // The second driven session and the one assessed from photographs.
    await expectCount(page.locator('tbody tr'), 2);
    problems.push(...(await checkScreen(page, 'sessions')));
    await page.close();
  });

  it('finds a profile among 300 by the server-side search and opens it', async () => {
    const page = await signedInPage();
    await page.goto(`${platform.restUrl}/console/profiles`);
    await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    // 303 profiles in all; the seeded one is far beyond the first page.
    await page.getByText(/303/).first().waitFor();
    expect(await page.getByRole('link', { name: 'Katherine Johnson' }).count()).toBe(0);
    await page.getByRole('searchbox').fill('katherine');
    await page.getByRole('link', { name: 'Katherine Johnson' }).waitFor();
    await expectCount(page.locator('tbody tr'), 1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('katherine');
    problems.push(...(await checkScreen(page, 'profiles-search')));
    // The filtered list is a deep link.
    await page.reload();
    await page.getByRole('link', { name: 'Katherine Johnson' }).click();
    await page.getByRole('heading', { name: 'Katherine Johnson', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/profiles/${needleProfileId}`);
    // A status filter runs on the server too: no seeded profile is in review.
    await page.goto(`${platform.restUrl}/console/profiles?status=clear&q=seeded`);
    await page.getByText('No profile matches the filters.').waitFor();
    await page.close();
  });

  it('reviews a session assessed from real photographs: images load, scores beside thresholds, accepted with a note; the profile moves', async () => {
    const page = await signedInPage();
    // The profile waits for the review first (the worker applied the assessment's status fact).
    await page.goto(`${platform.restUrl}/console/profiles/${faceProfileId}`);
    await waitForStatus(page, 'In review');
    await page.goto(`${platform.restUrl}/console/review?reason=face_mismatch`);
    const rows = page.locator('tbody tr');
    await expectCount(rows, 1);
    expect(await rows.first().textContent()).toContain(faceSessionId);
    problems.push(...(await checkScreen(page, 'review-queue-filtered')));
    await rows.first().getByRole('link').click();
    await page.waitForURL(`**/console/review/${faceSessionId}`);
    await page.getByRole('heading', { name: 'Checks' }).waitFor();
    // The images come from /console/files and actually decode.
    const images = page.locator('.artifact img');
    await expectCount(images, 2);
    for (const src of await images.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).getAttribute('src')))) {
      expect(src).toMatch(new RegExp(`^/console/files/idv/sessions/${faceSessionId}/artifacts/`));
    }
    await page.waitForFunction(() => {
      const all = [...document.querySelectorAll<HTMLImageElement>('.artifact img')];
      return all.length === 2 && all.every((image) => image.complete && image.naturalWidth > 0);
    });
    // The face match against the API's threshold, the reason in words.
    const face = page.locator('.check', { hasText: 'Face match' });
    await face.getByText(/threshold 0\.405/).waitFor();
    await face.locator('.mono', { hasText: 'face_mismatch' }).waitFor();
    // Claim it: the assignee is the reviewer.
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.locator('.field-row', { hasText: 'Assignee' }).getByText('You', { exact: true }).waitFor();
    problems.push(...(await checkScreen(page, 'review-face-session')));
    // The same reason in German comes from the console's catalogue.
    await page.getByLabel('Language').selectOption('de');
    await page.getByText('Das Selfie stimmt nicht mit dem Dokumentfoto überein.').first().waitFor();
    problems.push(...(await checkScreen(page, 'review-face-session-de')));
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByLabel('Accept').check();
    await page.getByLabel('Note (required)').fill('Checked the passport in person; same holder.');
    await page.getByRole('button', { name: 'Record decision' }).click();
    await page.getByText('Decision recorded.').waitFor();
    idv.accepted++;
    // The profile is clear now and its timeline says why.
    await page.goto(`${platform.restUrl}/console/profiles/${faceProfileId}`);
    await waitForStatus(page, 'Clear');
    const timeline = page.getByTestId('status-timeline');
    await timeline.locator('li', { hasText: 'In review → Clear' }).getByRole('link', { name: 'Identity verification' }).waitFor();
    await timeline.locator('li', { hasText: 'Not screened → In review' }).waitFor();
    problems.push(...(await checkScreen(page, 'profile-after-review')));
    await page.close();
  });

  it("shows an analyst no decision, and the API refuses an analyst's decision with 403 insufficient_role", async () => {
    const analyst = await createConsoleUser(platform, tenant, { role: 'analyst', name: 'Andy Analyst' });
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const { page, problems: pageProblems } = await consolePage(context);
    await page.goto(`${platform.restUrl}/console/sign-in?next=${encodeURIComponent(`/review/${sessionIds[1]}`)}`);
    await page.getByLabel('Email').fill(analyst.email);
    await page.getByLabel('Password').fill(analyst.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**/console/review/${sessionIds[1]}`);
    await page.getByRole('heading', { name: 'Checks' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Decision' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Record decision' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Claim' }).count()).toBe(0);
    problems.push(...(await checkScreen(page, 'review-session-analyst')), ...pageProblems);
    await context.close();
    const client = await signInToConsole(platform, analyst);
    const refused = await client.graphql(
      'mutation ($id: ID!, $input: DecideVerificationSessionInput!) { decideVerificationSession(id: $id, input: $input) { id } }',
      { id: sessionIds[1], input: { status: 'accepted', note: 'not mine to decide' } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].extensions.code).toBe('insufficient_role');
  });

  it('answers 401 to a signed-out /console/graphql and the same "not found" for a cross-workspace and an absent session', async () => {
    const signedOut = await request(platform.restUrl, 'POST', '/console/graphql', {
      body: { query: '{ workQueues { idvAwaitingReview } }' },
    });
    expect(signedOut.status).toBe(401);
    const page = await signedInPage();
    const shown: string[] = [];
    for (const id of [foreignSessionId, `${foreignSessionId.slice(0, -6)}000000`]) {
      await page.goto(`${platform.restUrl}/console/review/${id}`);
      await page.getByRole('heading', { name: 'Session not found', level: 1 }).waitFor();
      shown.push(await page.locator('main').innerText());
    }
    expect(shown[0]).toBe(shown[1]);
    problems.push(...(await checkScreen(page, 'review-not-found')));
    await page.close();
  });

  it('shows on the analytics page the sessions sent to review and the decisions made on them', async () => {
    const page = await signedInPage();
    const analytics = await readAnalytics(page, platform.restUrl, started);
    // The other workspace's session is not this workspace's figure.
    expect(analytics.total('chart-idv-outcomes', 'Automatic pass')).toBe(idv.automaticPass);
    expect(analytics.total('chart-idv-outcomes', 'Sent to review')).toBe(idv.sentToReview);
    expect(analytics.total('chart-idv-outcomes', 'Rejected')).toBe(idv.rejected);
    expect(analytics.cell('chart-queues', 'IDV review', 'Waiting')).toBe(String(idv.sentToReview - idv.accepted - idv.rejected));
    expect(analytics.decisions['IDV review (to accept or reject)']).toBe(idv.accepted + idv.rejected);
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

/** Reloads a profile page until its status badge says `status` (the worker applies status facts). */
async function waitForStatus(page: Page, status: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.locator('h1').waitFor();
    if ((await page.locator('.page-header .badge', { hasText: status }).count()) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.reload();
  }
  throw new Error(`profile status never became ${status}: ${await page.locator('main').innerText()}`);
}

async function expectCount(locator: ReturnType<Page['locator']>, count: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await locator.count()) === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await locator.count()).toBe(count);
}
