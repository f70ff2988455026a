// The console's analytics page (Debian's Chromium, headless) on a small seeded workspace: a viewer
// opens the deep link of a week, reads the figures from each chart's table view (screenings and
// alerts per day, false-positive rate and IDV outcomes of the week, queue sizes), toggles a table
// with the keyboard, and gets a plain message for a range the API would refuse. Every state is
// checked with axe-core and photographed at 1280 and 390 px into test/artifacts/console/, and the
// page never scrolls sideways at 390 px (wide charts scroll inside their own box).
// The sessions and reviews go through the public surfaces; the screening (no list index in this
// lean file) and the monitoring alert are seeded as rows.
import { Browser, chromium, Page } from 'playwright-core';
import { isoWeekLabel, isoWeekStart } from '../../lib/analytics/range';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, createSession, driveTo, newTenant } from '../idv/idv-helpers';
import { checkScreen, signInPage } from './console-helpers';

jest.setTimeout(180_000);

const DAY = 86_400_000;
const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
const isoDate = (at: Date) => at.toISOString().slice(0, 10);
const RANGE = `from=${isoDate(new Date(today.getTime() - 6 * DAY))}&to=${isoDate(today)}`;
const THIS_WEEK = isoWeekLabel(isoWeekStart(new Date()));

describeWithBrowser('Vigil Console: analytics', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let viewer: { email: string; password: string };
  const problems: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'access', 'gateway', 'rest-adapter'] });
    tenant = await newTenant(platform);
    viewer = await createConsoleUser(platform, tenant, { role: 'viewer', name: 'Vera Viewer' });
    const reviewer = await signInToConsole(
      platform,
      await createConsoleUser(platform, tenant, { role: 'reviewer', name: 'Rita Reviewer' }),
    );

    // IDV: two automatic passes, two sent to review, one of those rejected by the reviewer.
    const profileId = await createProfile(platform, tenant, 'Grace Hopper', 'grace@example.com');
    const sessions = await Promise.all([1, 2, 3, 4].map(() => createSession(platform, tenant, { profile_id: profileId })));
    await driveTo(platform, tenant, sessions[0].id, 'automatic_pass');
    await driveTo(platform, tenant, sessions[1].id, 'automatic_pass');
    await driveTo(platform, tenant, sessions[2].id, 'requires_review');
    await driveTo(platform, tenant, sessions[3].id, 'requires_review');
    const rejected = await reviewer.graphql(
      'mutation ($id: ID!, $input: DecideVerificationSessionInput!) { decideVerificationSession(id: $id, input: $input) { reviewStatus } }',
      { id: sessions[3].id, input: { status: 'rejected', note: 'The document is expired.' } },
    );
    expect(rejected.body.errors).toBeUndefined();

    // Screening: one request of three names, two with a match each plus one more; the reviewer decides
    // one true and one false positive, the third match waits.
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    const requestId = `${Date.now().toString(16)}`.padStart(24, 'a').slice(-24);
    await platform.db.searchRequest.create({
      data: {
        id: requestId,
        ...scope,
        actorKind: 'application',
        actorId: tenant.applicationId,
        config: {},
        entities: [],
        source: 'direct_api',
      },
    });
    await platform.db.searchResult.createMany({
      data: [0, 1, 2].map((index) => ({
        id: `${requestId}_${index}`,
        requestId,
        entityIndex: index,
        ...scope,
        name: `Name ${index}`,
        matchCount: index === 2 ? 0 : index + 1,
      })),
    });
    const matchIds = ['b', 'c', 'd'].map((letter) => `${requestId.slice(0, 23)}${letter}`);
    await platform.db.searchMatch.createMany({
      data: matchIds.map((id, index) => ({
        id,
        searchResultId: `${requestId}_${index === 0 ? 0 : 1}`,
        requestId,
        ...scope,
        rank: index,
        entityRef: `un:${index}`,
        score: 0.9,
        payload: { entity: { source: 'un', id: String(index) }, name: { value: `Listed ${index}` }, aliases: [] },
      })),
    });
    for (const [id, reviewStatus] of [
      [matchIds[0], 'true_positive'],
      [matchIds[1], 'false_positive'],
    ]) {
      const reviewed = await reviewer.graphql(
        'mutation ($id: ID!, $input: ReviewScreeningMatchInput!) { reviewScreeningMatch(id: $id, input: $input) { reviewStatus } }',
        { id, input: { reviewStatus } },
      );
      expect(reviewed.body.errors).toBeUndefined();
    }
    // A monitoring alert (raised by a monitoring run, which this lean file does not start).
    await platform.db.monitoringAlert.create({
      data: {
        id: `mal_${requestId}`,
        ...scope,
        profileId,
        runId: `run_${requestId}`,
        trigger: 'delta',
        searchId: requestId,
        matchCount: 1,
        entityRefs: ['un:0'],
      },
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  afterEach(() => {
    expect(problems.splice(0)).toEqual([]);
  });

  /** The cells of a table view's row, as shown. */
  async function rowOf(page: Page, chart: string, name: string | RegExp): Promise<string[]> {
    const row = page.getByTestId(chart).getByRole('row', { name });
    return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
  }

  it('a viewer reads the week from the deep link: every chart as a table with the hand-counted numbers', async () => {
    const { context, page } = await signInPage(browser, platform.restUrl, viewer, `/analytics?${RANGE}`, problems);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Screenings and alerts per day' }).waitFor();
    await page.getByRole('link', { name: 'Last 7 days' }).and(page.locator('[aria-current="page"]')).waitFor();
    // Charts first: labelled images, values on the bars.
    await page.getByTestId('chart-screenings').getByRole('img').waitFor();
    problems.push(...(await checkScreen(page, 'analytics-charts')));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // Keyboard: focus the first table toggle and press Enter.
    const toggle = page.getByTestId('chart-screenings').getByRole('button', { name: 'Table view' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    for (const chart of ['chart-false-positives', 'chart-idv-outcomes', 'chart-queues'])
      await page.getByTestId(chart).getByRole('button', { name: 'Table view' }).click();

    const todayLong = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(today);
    // Screenings, monitoring alerts, screenings with matches.
    expect(await rowOf(page, 'chart-screenings', todayLong)).toEqual(['3', '1', '2']);
    // False-positive rate, reviewed, false positives.
    expect(await rowOf(page, 'chart-false-positives', new RegExp(THIS_WEEK))).toEqual(['50%', '2', '1']);
    // Automatic pass, sent to review, rejected.
    expect(await rowOf(page, 'chart-idv-outcomes', new RegExp(THIS_WEEK))).toEqual(['2', '2', '1']);
    // Oldest, median, waiting.
    expect((await rowOf(page, 'chart-queues', 'IDV review'))[2]).toBe('1');
    expect((await rowOf(page, 'chart-queues', 'Match review'))[2]).toBe('1');
    expect((await rowOf(page, 'chart-queues', 'Monitoring alerts'))[2]).toBe('1');
    expect(await rowOf(page, 'chart-queues', 'Four-eyes proposals')).toEqual(['—', '—', '0']);
    await page.getByTestId('decision-times').getByText('Decisions: 1').waitFor();
    problems.push(...(await checkScreen(page, 'analytics-tables')));

    // 390 px: the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('a range the API would refuse gets a plain message, and a preset sets a valid one in the URL', async () => {
    const { context, page } = await signInPage(browser, platform.restUrl, viewer, '/analytics?from=2026-03-01&to=2026-02-01', problems);
    await page.getByRole('alert').getByText('The end date must not be before the start date.').waitFor();
    problems.push(...(await checkScreen(page, 'analytics-bad-range')));
    await page.getByRole('link', { name: 'Last 30 days' }).click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await page.getByRole('heading', { name: 'Screenings and alerts per day' }).waitFor();
    await context.close();
  });
});
