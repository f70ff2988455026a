// The console's analytics page (Debian's Chromium, headless) as a person uses it: a viewer opens the
// deep link of a week, sees the charts, toggles a table with the keyboard, and gets a plain message
// for a range the API would refuse. Every state is checked with axe-core and photographed at 1280
// and 390 px into test/artifacts/console/, and the page never scrolls sideways at 390 px (wide charts
// scroll inside their own box). The figures themselves are asserted where they are made: each
// console journey that screens, reviews, acknowledges or decides reads its own numbers back from
// this page at its end (readAnalytics in console-helpers.ts). Here a screening and a monitoring
// alert are seeded as rows, only so that the charts have bars to show.
import { Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser } from '../helpers/console';
import { startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, newTenant } from '../idv/idv-helpers';
import { checkScreen, signInPage } from './console-helpers';

jest.setTimeout(180_000);

const DAY = 86_400_000;
const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
const isoDate = (at: Date) => at.toISOString().slice(0, 10);
const RANGE = `from=${isoDate(new Date(today.getTime() - 6 * DAY))}&to=${isoDate(today)}`;

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
    const profileId = await createProfile(platform, tenant, 'Grace Hopper', 'grace@example.com');

    // Screening: one request of three names, two with matches.
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

  it('a viewer reads the week from the deep link: the charts, then a table view opened from the keyboard', async () => {
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

    await page.getByTestId('chart-screenings').getByRole('table').waitFor();
    await page
      .getByTestId('chart-queues')
      .getByRole('row', { name: /Four-eyes proposals/ })
      .waitFor();
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
