// Helpers of the console's browser journeys: a page with axe-core and a CSP watch, screenshots at
// the two widths the console is made for, and the bridge used while the web layer's sign-in routes
// are absent (a dashboard token stands in for the session cookie).
import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { Browser, Page } from 'playwright-core';
import { TestPlatform } from '../helpers/test-platform';

export const ARTIFACTS = path.resolve(__dirname, '../artifacts/console');
export const WIDTHS = [1280, 390] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** A page that records CSP refusals and uncaught errors (a journey asserts there were none). */
export async function consolePage(browser: Browser, locale = 'en-GB'): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
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

/** True when the web layer answers the sign-in routes (the access work is merged). */
export async function signInRoutesPresent(platform: TestPlatform): Promise<boolean> {
  const response = await fetch(`${platform.restUrl}/console/auth/session`);
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
  return response.status === 401 && body.error?.code === 'unauthorized';
}

/** Until the web layer's session routes exist: /console/auth/session answers a fixed session and
 * /console/graphql forwards to the gateway with a dashboard token (the dashboard user's principal,
 * the same the session cookie will carry). */
export async function bridgeSession(
  page: Page,
  platform: TestPlatform,
  token: string,
  session: { userId: string; email: string; name: string; workspaceId: string; role: string },
): Promise<void> {
  await page.route('**/console/auth/session', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        user: { id: session.userId, email: session.email, name: session.name, totpEnabled: false },
        workspace: { id: session.workspaceId, name: 'Test workspace' },
        role: session.role,
        workspaces: [{ id: session.workspaceId, name: 'Test workspace', role: session.role }],
        csrfToken: 'bridge',
        expiresAt: new Date(Date.now() + 12 * 3600_000).toISOString(),
        idleExpiresAt: new Date(Date.now() + 1800_000).toISOString(),
      }),
    }),
  );
  await page.route('**/console/graphql', async (route) => {
    const response = await fetch(platform.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: route.request().postData() ?? '{}',
    });
    await route.fulfill({ status: response.status, contentType: 'application/json', body: await response.text() });
  });
}
