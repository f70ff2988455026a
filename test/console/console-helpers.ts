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
