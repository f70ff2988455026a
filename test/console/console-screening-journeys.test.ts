// The console's screening screens in a real browser against a platform serving the shipped OFAC SDN
// list (VIGIL_WATCHLIST_DIR) and the test articles of the News feed: a search for "Usama bin Ladin"
// and the explanation of its top match in words (English and German), adverse-media articles of a
// News match, a match of a profile's search marked false positive with a reason, found again
// through the search history and answered already cleared by the profile's next search, the
// automatic disposition settings as an admin (changed) and an analyst (read only), and the
// annotation the analysis then leaves on a match. Every screen is checked with axe-core and
// photographed at 1280 and 390 px into test/artifacts/console/. The GraphQL fields the request page
// reads (what a search was made with, the list versions) are asserted through the console's
// GraphQL endpoint.
import path from 'node:path';
import { chromium, Browser, Page } from 'playwright-core';
import { ingestNewsFile } from '../../subgraphs/screening/news/services/ingest-service';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { importList, versionsOf, waitForIndex, WATCHLISTS } from '../screening/screening-helpers';
import { checkScreen, consolePage, readAnalytics } from './console-helpers';

const OFAC_SDN = path.join(WATCHLISTS, 'ofac_sdn_2024-05-03/sdn.csv');
const ARTICLES = path.resolve(__dirname, '../fixtures/news/articles.jsonl');

jest.setTimeout(240_000);

describeWithBrowser('Vigil Console screening journeys', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  type User = { email: string; password: string };
  let reviewer: User;
  let admin: User;
  let analyst: User;
  /** The request id of the "Usama bin Ladin" search made in the browser. */
  let requestId = '';
  const problems: string[] = [];
  /** When this file started, and the names it screened (each search below screens one name and
   * waits for its matches): what the analytics page must show. */
  const started = new Date();
  const screened = { names: 0, withMatches: 0, reviewed: 0, falsePositives: 0 };

  beforeAll(async () => {
    // A database of its own: the active OFAC version and the stored articles are this file's.
    platform = await startTestPlatform({ isolatedDatabase: true });
    tenant = await createTestTenant(platform);
    reviewer = await createConsoleUser(platform, tenant, { role: 'reviewer', name: 'Rita Reviewer' });
    admin = await createConsoleUser(platform, tenant, { role: 'admin', name: 'Ada Admin' });
    analyst = await createConsoleUser(platform, tenant, { role: 'analyst', name: 'Anna Analyst' });
    const ofac = await importList(platform, 'ofac_sdn', OFAC_SDN);
    await ingestNewsFile(platform.db, { path: ARTICLES, format: 'jsonl' });
    await waitForIndex(platform.urls.screening!, versionsOf(ofac), 90_000);
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  afterEach(() => {
    expect(problems.splice(0)).toEqual([]);
  });

  /** A signed-in page of `user` (the sign-in form, then the deep link `next`). */
  async function signedIn(user: User, next: string, locale = 'en-GB'): Promise<Page> {
    const { page, problems: pageProblems } = await consolePage(browser, locale);
    page.on('close', () => problems.push(...pageProblems));
    await page.goto(`${platform.restUrl}/console/sign-in?next=${encodeURIComponent(next)}`);
    await page.locator('#email, input[type=email]').first().fill(user.email);
    await page.locator('input[type=password]').first().fill(user.password);
    await page.locator('form button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname !== '/console/sign-in');
    return page;
  }

  it('searches "Usama bin Ladin" and explains the top match in words', async () => {
    const page = await signedIn(reviewer, '/screening');
    await page.getByRole('heading', { name: 'Screening', level: 1 }).waitFor();
    // The nav holds the link, marked current.
    expect(
      await page
        .getByRole('link', { name: /Screening/ })
        .first()
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.getByLabel('Name', { exact: true }).fill('Usama bin Ladin');
    await page.getByLabel('Entity type').selectOption('individual');
    await page.getByLabel('Date of birth').fill('1957-07-30');
    await page.getByLabel('Country').fill('SA');
    // An identifier row, added from the keyboard: the new row's number field takes the focus.
    await page.getByRole('button', { name: 'Add identifier' }).press('Enter');
    await page.keyboard.type('X 1234-5678');
    expect(await page.getByLabel('Number').inputValue()).toBe('X 1234-5678');
    await page.getByLabel('Document').selectOption('passport');
    await page.getByLabel('Sanctions').check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const detail = page.getByTestId('match-detail');
    await detail.waitFor();
    screened.names++;
    screened.withMatches++;
    requestId = new URL(page.url()).searchParams.get('request') ?? '';
    expect(requestId).toMatch(/^[0-9a-f]{24}$/);
    // The top match is the listed Usama bin Ladin, each searched word met exactly.
    await detail.getByRole('heading', { name: /BIN LADIN, Usama/, level: 2 }).waitFor();
    const summary = await detail.getByTestId('match-summary').innerText();
    expect(summary).toMatch(/3 of 3 searched words met a listed word \(3 exactly\)/);
    expect(summary).toMatch(/Date of birth: Same date of birth \(\+0\.05\)/);
    const tokens = detail.getByTestId('token-table');
    for (const word of ['usama', 'bin', 'ladin'])
      await tokens.getByRole('row', { name: new RegExp(`^${word} ${word} Same word`, 'i') }).waitFor();
    // The listed words the search left out are named as such.
    await tokens.getByRole('cell', { name: 'Listed, not searched' }).first().waitFor();
    const facts = await detail.getByTestId('facts').innerText();
    expect(facts).toMatch(/Searched: (Jul 30, 1957|30 Jul 1957)/);
    expect(facts).toMatch(/Same date of birth/);
    expect(facts).toMatch(/The listing has no country|Not a listed country|A listed country/);
    // Identifier agreement in words beside date of birth and country, the number masked.
    expect(facts).toMatch(/Searched: Passport \*\*\*\*5678[\s\S]*(Agrees|Disagrees|Cannot tell)/);
    expect(facts).not.toContain('1234-5678');
    // The list, its version and programme.
    await detail.getByText('ofac_sdn', { exact: true }).first().waitFor();
    await detail
      .getByText(/^version 1/)
      .first()
      .waitFor();
    await detail.getByText('SDGT', { exact: true }).first().waitFor();
    problems.push(...(await checkScreen(page, 'screening-search')));
    // Keyboard: j moves to the first row, j again to the second, Enter opens it.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('match'));
    // German: the same explanation in words.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Warum es ein Treffer ist' }).waitFor();
    problems.push(...(await checkScreen(page, 'screening-search-de')));
    await page.getByLabel('Sprache').selectOption('en');
    await page.close();
  });

  it('answers through GraphQL what a search was made with and the list versions it ran against', async () => {
    const client = await signInToConsole(platform, reviewer);
    const response = await client.graphql(
      'query($id: ID!) { screeningSearch(id: $id) { name dateOfBirth country threshold listVersions { source versionId seq label } } }',
      { id: requestId },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.screeningSearch).toMatchObject({
      name: 'Usama bin Ladin',
      dateOfBirth: '1957-07-30',
      country: 'SA',
      threshold: expect.any(Number),
      listVersions: [{ source: 'ofac_sdn', versionId: expect.any(String), seq: 1, label: expect.any(String) }],
    });
  });

  it('shows the articles behind an adverse-media match with their categories and the sentence naming the party', async () => {
    const page = await signedIn(reviewer, '/screening');
    await page.getByLabel('Name', { exact: true }).fill('Tobias Wrenfield');
    await page.getByLabel('Adverse media').check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const articles = page.getByTestId('articles');
    await articles.waitFor();
    screened.names++;
    screened.withMatches++;
    const link = articles.getByRole('link', { name: 'Geneva prosecutors charge financier over $40m scheme' });
    expect(await link.getAttribute('href')).toBe('https://news.example.org/2026/01/geneva-laundering-charges');
    await articles.getByText('Money laundering').first().waitFor();
    await articles.locator('mark').first().waitFor();
    expect(await articles.locator('blockquote').first().innerText()).toMatch(/Tobias Wrenfield/);
    problems.push(...(await checkScreen(page, 'screening-adverse-media')));
    await page.close();
  });

  it('marks a match false positive with a reason, finds it through the search history, and a later search of the profile comes back cleared', async () => {
    // A profile with a common name: several listed people, the last of them not the customer.
    const created = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: 'Ahmad Hassan', kind: 'individual' },
    });
    expect(created.status).toBe(201);
    const profileId: string = created.body.result.profile.id;
    const page = await signedIn(reviewer, `/profiles/${profileId}`);
    await page.getByRole('link', { name: 'Screen this profile' }).click();
    await page.getByTestId('linked-profile').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ahmad Hassan');
    await page.getByLabel('Entity type').selectOption('individual');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('match-detail').waitFor();
    screened.names++;
    screened.withMatches++;
    const rows = page.locator('[data-row-link]');
    const last = rows.last();
    const listed = (await last.innerText()).trim();
    await last.click();
    const detail = page.getByTestId('match-detail');
    await detail.getByRole('heading', { name: listed, level: 2 }).waitFor();
    await detail.getByLabel('False positive (clear)').check();
    await detail.getByText(/Clearing also whitelists this listed entity for the linked profile/).waitFor();
    await detail.getByLabel('Reason').fill('Different person: the listed date of birth does not fit.');
    await detail.getByRole('button', { name: 'Save review' }).click();
    await detail.getByText('Review saved.').waitFor();
    screened.reviewed++;
    screened.falsePositives++;
    const matchUrl = new URL(page.url());
    // The history, filtered by name (kept in the URL), leads back to the request and its match.
    await page.getByRole('link', { name: 'Search history' }).click();
    await page.getByRole('heading', { name: 'Search history', level: 1 }).waitFor();
    await page.getByLabel('Search the history by name').fill('ahmad hassan');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ahmad hassan');
    await page.getByRole('link', { name: 'Ahmad Hassan' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Usama bin Ladin' }).count()).toBe(0);
    problems.push(...(await checkScreen(page, 'screening-history')));
    // A filter nothing meets says so.
    await page.goto(`${platform.restUrl}/console/screening/history?q=nobody%20by%20this%20name`);
    await page.getByText('No search matches the filters.').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Ahmad Hassan' }).first().click();
    await page.getByRole('heading', { name: 'Ahmad Hassan', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/screening/requests/${matchUrl.searchParams.get('request')}`);
    // The reviewed match, chosen from the request's table.
    await page.getByRole('link', { name: listed, exact: true }).click();
    const reviewed = page.getByTestId('match-detail');
    await reviewed.getByRole('heading', { name: listed, level: 2 }).waitFor();
    await reviewed
      .getByTestId('review-history')
      .getByText(/Different person: the listed date of birth does not fit\./)
      .waitFor();
    await page
      .getByRole('row', { name: new RegExp(listed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .getByText('False positive')
      .waitFor();
    problems.push(...(await checkScreen(page, 'screening-request')));
    // The profile's next search answers the cleared entity already false positive, saying by whom.
    await page.goto(`${platform.restUrl}/console/screening?profile=${profileId}&name=Ahmad%20Hassan`);
    await page.getByLabel('Entity type').selectOption('individual');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('match-detail').waitFor();
    screened.names++;
    screened.withMatches++;
    await page.getByRole('link', { name: listed, exact: true }).click();
    const again = page.getByTestId('match-detail');
    await again.getByRole('heading', { name: listed, level: 2 }).waitFor();
    await again.getByText(/Cleared as a false positive for this profile by/).waitFor();
    await again.getByText('False positive', { exact: true }).first().waitFor();
    // An unknown request says "not found".
    await page.goto(`${platform.restUrl}/console/screening/requests/000000000000000000000000`);
    await page.getByRole('heading', { name: 'Search not found' }).waitFor();
    await page.close();
  });

  it('lets an admin change automatic disposition and shows an analyst the settings read only', async () => {
    const page = await signedIn(admin, '/screening/settings');
    await page.getByRole('heading', { name: 'Screening settings', level: 1 }).waitFor();
    await page.getByTestId('media-categories').getByText('Money laundering').waitFor();
    await page.getByText('ofac_sdn', { exact: true }).waitFor();
    await page.getByLabel('Analyse matches').check();
    await page.getByLabel(/Direct API channel/).check();
    await page.getByLabel('Full Auto').check();
    await page.getByLabel('Confidence threshold (%)').fill('90');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    problems.push(...(await checkScreen(page, 'screening-settings-admin')));
    // With the analysis on, a search's flagged match carries its annotation, explained.
    await page.getByRole('link', { name: 'Screening', exact: true }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('Usama bin Ladin');
    await page.getByLabel('Date of birth').fill('1957-07-30');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const annotation = page.getByTestId('match-detail').getByTestId('annotation');
    await annotation.waitFor();
    screened.names++;
    screened.withMatches++;
    expect(await annotation.innerText()).toMatch(/(Decided automatically|Hint): .*confidence \d+%/);
    problems.push(...(await checkScreen(page, 'screening-disposition')));
    await page.close();

    const read = await signedIn(analyst, '/screening/settings');
    await read.getByRole('heading', { name: 'Screening settings', level: 1 }).waitFor();
    await read.getByTestId('read-only').waitFor();
    const values = await read.getByTestId('disposition-settings').innerText();
    expect(values).toMatch(/Full Auto/);
    expect(values).toMatch(/90%/);
    expect(await read.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    // the settings are read only; the threshold lab beside them is for analysts to evaluate with
    expect(await read.locator('section:not([aria-labelledby="settings-threshold-lab"]) input').count()).toBe(0);
    expect(await read.locator('section[aria-labelledby="settings-threshold-lab"] input').count()).toBeGreaterThan(0);
    problems.push(...(await checkScreen(read, 'screening-settings-analyst')));
    await read.close();
  });

  it('shows on the analytics page the names this file screened and the match it marked false positive', async () => {
    const page = await signedIn(reviewer, '/');
    const analytics = await readAnalytics(page, platform.restUrl, started);
    expect(analytics.total('chart-screenings', 'Screenings')).toBe(screened.names);
    expect(analytics.total('chart-screenings', 'Screenings with matches')).toBe(screened.withMatches);
    expect(analytics.total('chart-screenings', 'Monitoring alerts')).toBe(0);
    // Only a person's review counts: the automatic disposition's decisions and the match answered
    // already cleared by the profile's next search were decided by no review.
    expect(analytics.total('chart-false-positives', 'Matches reviewed')).toBe(screened.reviewed);
    expect(analytics.total('chart-false-positives', 'False positives')).toBe(screened.falsePositives);
    const reviewedWeeks = analytics.tables['chart-false-positives'].filter((week) => week.cells['Matches reviewed'] !== '0');
    expect(reviewedWeeks.map((week) => week.cells['False-positive rate'])).toEqual([
      `${Math.round((100 * screened.falsePositives) / screened.reviewed)}%`,
    ]);
    expect(analytics.decisions['Screening match (to first review)']).toBe(screened.reviewed);
    await page.close();
  });
});
