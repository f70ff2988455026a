// Helpers of the console's browser journeys: a page with axe-core and a CSP watch, and screenshots
// at the two widths the console is made for.
import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { Browser, BrowserContext, Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(__dirname, '../artifacts/console');
export const WIDTHS = [1280, 390] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** A page that records CSP refusals and uncaught errors (a journey asserts there were none). */
export async function consolePage(browser: Browser | BrowserContext, locale = 'en-GB'): Promise<{ page: Page; problems: string[] }> {
  const context = 'newContext' in browser ? await browser.newContext({ locale, viewport: { width: 1280, height: 900 } }) : browser;
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

/** Runs axe-core on the page as it is; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (an injected
  // <script> would be refused, as it should be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const runner = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await runner.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}

/** Screenshots at 1280 and 390 px, each checked with axe (layouts differ, so can their problems). */
export async function checkScreen(page: Page, name: string): Promise<string[]> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    problems.push(...(await seriousViolations(page)).map((problem) => `${name} @${width}px: ${problem}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

/** A new browser context signed in as `user` through the sign-in page, left on `path` (its page's
 * CSP refusals and errors are added to `problems` when it closes). */
export async function signInPage(
  browser: Browser,
  restUrl: string,
  user: { email: string; password: string },
  path: string,
  problems: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const { page, problems: pageProblems } = await consolePage(context);
  page.on('close', () => problems.push(...pageProblems));
  await page.goto(`${restUrl}/console/sign-in?next=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`**/console${path}`);
  return { context, page };
}

/** One row of a chart's table view as shown: its label (the day, week or queue) and its cells by column heading. */
export interface AnalyticsRow {
  label: string;
  cells: Record<string, string>;
}

/** The analytics page's figures, read from its table views as a person reads them. */
export interface AnalyticsView {
  /** Each chart's rows by its test id (chart-screenings, chart-false-positives, chart-idv-outcomes, chart-queues). */
  tables: Record<string, AnalyticsRow[]>;
  /** The number of decisions of each "time to decision" figure, by its label. */
  decisions: Record<string, number>;
  /** The sum of a count column over a chart's rows (every day or week of the range). */
  total(chart: string, column: string): number;
  /** One row's cell, by the row's label (a queue's name). */
  cell(chart: string, label: string, column: string): string;
}

/** A count as shown ("1,234" in en-GB). */
const shownCount = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** Opens the analytics page on `page` (signed in) for the UTC days from `since` to today, turns every
 * chart to its table view and reads the tables and the decision counts. A range starting the day the
 * caller started (not just today) keeps a run across midnight UTC right. */
export async function readAnalytics(page: Page, restUrl: string, since: Date): Promise<AnalyticsView> {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  await page.goto(`${restUrl}/console/analytics?from=${day(since)}&to=${day(new Date())}`);
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  const toggles = page.getByRole('button', { name: 'Table view' });
  await toggles.first().waitFor();
  for (const toggle of await toggles.all()) if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.locator('[data-testid^="chart-"] table').nth(3).waitFor();
  const read = await page.evaluate(() => {
    const text = (node: Element) => (node as HTMLElement).innerText.trim();
    const tables: Record<string, { label: string; cells: Record<string, string> }[]> = {};
    for (const chart of document.querySelectorAll('[data-testid^="chart-"]')) {
      const headings = [...chart.querySelectorAll('thead th')].map(text).slice(1);
      tables[chart.getAttribute('data-testid')!] = [...chart.querySelectorAll('tbody tr')].map((row) => ({
        label: text(row.querySelector('th')!),
        cells: Object.fromEntries([...row.querySelectorAll('td')].map((cell, index) => [headings[index], text(cell)])),
      }));
    }
    const decisions = [...document.querySelectorAll('[data-testid="decision-times"] li')].map((item) =>
      [...item.querySelectorAll('span')].map(text),
    );
    return { tables, decisions };
  });
  const rows = (chart: string) => {
    const found = read.tables[chart];
    if (!found) throw new Error(`no chart ${chart} on the analytics page`);
    return found;
  };
  return {
    tables: read.tables,
    decisions: Object.fromEntries(read.decisions.map(([label, , count]) => [label, shownCount(count)])),
    total: (chart, column) =>
      rows(chart).reduce((sum, row) => {
        if (!(column in row.cells)) throw new Error(`no column "${column}" in ${chart}`);
        return sum + (row.cells[column] === '—' ? 0 : shownCount(row.cells[column]));
      }, 0),
    cell: (chart, label, column) => {
      const row = rows(chart).find((one) => one.label === label);
      if (!row || !(column in row.cells)) throw new Error(`no cell "${column}" of "${label}" in ${chart}`);
      return row.cells[column];
    },
  };
}
