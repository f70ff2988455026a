// The console's batch screening screens in a real browser against a platform with a worker and the
// small UK OFSI sample list (test/fixtures/watchlists): a CSV of 200 names with 3 bad rows read and
// checked in the browser (the 3 listed by line and reason, nothing sent), a corrected file
// submitted, the job's progress bar followed to 100 %, the rows filtered to those with matches,
// one row's PDF report (read back with pdftotext) and the ZIP of every matched row's report
// downloaded, a row's stored search opened for review, a failed job restarted; the list's filter
// in the URL and keyboard row navigation; the API's new arguments (status filter, matched-only
// rows) and the files' scope through the console's own endpoints. Every screen is checked with
// axe-core and photographed at 1280 and 390 px into test/artifacts/console/.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, Browser, Page } from 'playwright-core';
import { SERVICE_NAMES } from '../../app/start-platform';
import { BATCH_ZIP_REPORT_LIMIT } from '../../rest-adapter/console-files/console-file-routes';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser, signInToConsole } from '../helpers/console';
import { createSiblingWorkspace, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { pdfText } from '../risk/pdf-text';
import { importList, versionsOf, waitForIndex } from '../screening/screening-helpers';
import { checkScreen, readAnalytics, signInPage } from './console-helpers';

const OFSI_SAMPLE = path.resolve(__dirname, '../fixtures/watchlists/uk-ofsi-sample.csv');
const ROWS = 200;
/** Lines (1-based, the header is line 1) of the rows the first file gets wrong, and how. */
const BAD = { 11: 'missing name', 51: 'bad date', 121: 'bad country' } as const;
/** Every 20th row is a name the OFSI sample lists. */
const isListed = (row: number) => row % 20 === 0;

jest.setTimeout(240_000);

/** 200 rows: every 20th a name the OFSI sample lists, the others names no list holds. */
function csv(withMistakes: boolean): string {
  const lines = ['Customer name;Kind;Date of birth;Nationality;Reference'];
  for (let i = 0; i < ROWS; i++) {
    const line = i + 2;
    const listed = isListed(i);
    let name = listed ? 'Ayman al-Zawahiri' : `Customer ${i} Quillfeather Abernathy`;
    let date = listed ? '1951-06-19' : '';
    let country = listed ? 'EG' : 'DE';
    if (withMistakes && line === 11) name = '';
    if (withMistakes && line === 51) date = '1975-13-40';
    if (withMistakes && line === 121) country = 'Atlantis';
    lines.push([`"${name}"`, 'individual', date, country, `cust-${i}`].join(';'));
  }
  return lines.join('\r\n') + '\r\n';
}

describeWithBrowser('Vigil Console batch screening journeys', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let analyst: { email: string; password: string };
  let page: Page;
  let jobId = '';
  const problems: string[] = [];
  /** When this file started: the analytics page's range begins that day. */
  const started = new Date();

  beforeAll(async () => {
    // A worker runs the job; a database of its own so its queue holds only this file's jobs.
    platform = await startTestPlatform({ services: SERVICE_NAMES, isolatedDatabase: true });
    tenant = await createTestTenant(platform);
    analyst = await createConsoleUser(platform, tenant, { role: 'analyst', name: 'Anna Analyst' });
    const ofsi = await importList(platform, 'uk_ofsi_csv', OFSI_SAMPLE);
    await waitForIndex(platform.urls.screening!, versionsOf(ofsi), 90_000);
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    ({ page } = await signInPage(browser, platform.restUrl, analyst, '/screening/batches', problems));
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  afterEach(() => {
    expect(problems.splice(0)).toEqual([]);
  });

  it('lists the bad rows of an upload by line before sending, then screens the corrected file to 100 %', async () => {
    await page.getByRole('heading', { name: 'Batch screening', level: 1 }).waitFor();
    await page.getByText('No batch yet.').waitFor();
    problems.push(...(await checkScreen(page, 'batch-list-empty')));
    await page.getByRole('link', { name: 'New batch' }).first().click();
    await page.waitForURL('**/console/screening/batches/new');

    await page.getByLabel('CSV file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(true)) });
    // The columns were guessed from the header.
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('0');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('2');
    expect(await page.getByLabel('Country').inputValue()).toBe('3');
    expect(await page.getByLabel('Your reference').inputValue()).toBe('4');
    const summary = page.getByTestId('batch-check-summary');
    expect(await summary.innerText()).toBe('197 rows are ready; 3 rows have problems.');
    const listed = await page.getByTestId('batch-problems').locator('tbody tr').allInnerTexts();
    expect(listed).toEqual([
      expect.stringMatching(/^11\s+The name is missing\.$/),
      expect.stringMatching(/^51\s+Date of birth "1975-13-40" is not a date/),
      expect.stringMatching(/^121\s+Unknown country "Atlantis"/),
    ]);
    expect(Object.keys(BAD)).toEqual(['11', '51', '121']);
    // Nothing can be sent while rows have problems (unless they are left out).
    expect(await page.getByRole('button', { name: /^Screen \d+ rows$/ }).isDisabled()).toBe(true);
    problems.push(...(await checkScreen(page, 'batch-new-problems')));

    // The corrected file: every row good.
    await page.getByLabel('CSV file').setInputFiles({ name: 'customers-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(false)) });
    await page.getByText('All 200 rows are ready to screen.').waitFor();
    expect(await page.getByTestId('batch-problems').count()).toBe(0);
    await page.getByLabel('Sanctions').check();
    await page.getByRole('button', { name: 'Screen 200 rows' }).click();
    await page.waitForURL(/\/console\/screening\/batches\/[0-9a-f-]{36}$/);
    jobId = page.url().split('/').pop()!;

    // The bar follows the worker until every row is screened.
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await page.waitForSelector('[role="progressbar"][aria-valuenow="100"]', { timeout: 120_000 });
    expect(await bar.getAttribute('aria-valuetext')).toBe('100 % (200 of 200 screened)');
    await page.locator('.batch-progress').getByText('Completed').waitFor();
    problems.push(...(await checkScreen(page, 'batch-job')));
  });

  it('filters the rows to those with matches, opens one for review and downloads its PDF and the ZIP of all', async () => {
    await page.getByLabel('With matches').check();
    await page.waitForURL((url) => url.searchParams.get('rows') === 'matched');
    const results = page.getByTestId('batch-results');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="batch-results"] tbody tr').length === 10);
    const names = await results.locator('tbody tr td:nth-child(2) a').allInnerTexts();
    expect(new Set(names)).toEqual(new Set(['Ayman al-Zawahiri']));
    expect(await page.getByRole('navigation', { name: 'Pages' }).innerText()).toMatch(/10 shown of 10/);
    problems.push(...(await checkScreen(page, 'batch-job-matched')));

    // One row's report, downloaded as the browser does.
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      results.getByRole('link', { name: 'PDF report of Ayman al-Zawahiri' }).first().click(),
    ]);
    const pdf = fs.readFileSync(await pdfDownload.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toMatch(/Ayman al-Zawahiri/);
    expect(text).toMatch(/ZAWAH/);

    // Every matched row's report in one ZIP, with reports.csv naming them.
    const zipHref = await page.getByRole('link', { name: 'All reports (ZIP)' }).getAttribute('href');
    expect(zipHref).toBe(`/console/files/screening/batches/${jobId}/reports.zip`);
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'All reports (ZIP)' }).click()]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-batch-zip-'));
    const zipPath = path.join(dir, 'reports.zip');
    fs.copyFileSync(await zipDownload.path(), zipPath);
    const entries = execFileSync('unzip', ['-Z1', zipPath]).toString('utf8').trim().split('\n');
    const pdfs = entries.filter((name) => name.endsWith('.pdf'));
    expect(entries[0]).toBe('reports.csv');
    expect(pdfs).toHaveLength(10);
    for (const name of pdfs.slice(0, 2)) expect(execFileSync('unzip', ['-p', zipPath, name]).subarray(0, 5).toString()).toBe('%PDF-');
    const index = execFileSync('unzip', ['-p', zipPath, 'reports.csv']).toString('utf8').trim().split('\r\n');
    expect(index).toHaveLength(11);
    expect(index[1]).toMatch(/^1,[0-9a-f]{24}_0,Ayman al-Zawahiri,cust-0,\d+,000001-[0-9a-f]{24}_0\.pdf$/);
    execFileSync('unzip', ['-tq', zipPath]);
    fs.rmSync(dir, { recursive: true, force: true });

    // The row opens its stored search on the request page, where its matches are reviewed.
    await results.getByRole('link', { name: 'Ayman al-Zawahiri' }).first().click();
    await page.waitForURL(/\/console\/screening\/requests\/[0-9a-f]{24}_0$/);
    await page.getByRole('heading', { name: 'Ayman al-Zawahiri', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /match/i, level: 2 }).first().waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('rows') === 'matched');
  });

  it('restarts a failed job, keeps the list filter in the URL, navigates by keyboard and reads in German', async () => {
    // A job whose worker gave up (as after the queue refused it): the page offers the restart.
    await platform.db.batchJob.update({ where: { id: jobId }, data: { status: 'failed', error: 'could not be queued' } });
    await page.reload();
    await page.getByText('The job failed: could not be queued').waitFor();
    await page.getByRole('button', { name: 'Restart' }).click();
    await page.locator('.batch-progress').getByText('Completed').waitFor({ timeout: 60_000 });
    await page.getByText(/restarted 1 times/).waitFor();

    await page.goto(`${platform.restUrl}/console/screening/batches?status=failed`);
    await page.getByText('No batch in this status.').waitFor();
    await page.getByLabel('Status').selectOption('completed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'completed');
    await page.getByRole('table').waitFor();
    problems.push(...(await checkScreen(page, 'batch-list')));
    // The nav marks the batch entry, not the screening search.
    expect(
      await page
        .getByRole('link', { name: /Batch screening/ })
        .first()
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/console/screening/batches/${jobId}`);

    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Ergebnisse' }).waitFor();
    await page.locator('.batch-progress').getByText('100 % (200 von 200 geprüft)').waitFor();
    problems.push(...(await checkScreen(page, 'batch-job-de')));
    await page.goto(`${platform.restUrl}/console/screening/batches/new`);
    await page.getByLabel('CSV-Datei').waitFor();
    problems.push(...(await checkScreen(page, 'batch-new-de')));
    await page.getByLabel('Sprache').selectOption('en');
  });

  it('answers the status filter and matched-only rows through GraphQL, and keeps the files in their workspace', async () => {
    const client = await signInToConsole(platform, analyst);
    const response = await client.graphql(
      `query($id: ID!) {
        completed: screeningBatchJobs(status: completed) { totalCount nodes { id } }
        failed: screeningBatchJobs(status: failed) { totalCount }
        screeningBatchJob(id: $id) { matched results(first: 4, matchedOnly: true) { totalCount nodes { index matchCount } pageInfo { hasNextPage } } }
      }`,
      { id: jobId },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.completed).toEqual({ totalCount: 1, nodes: [{ id: jobId }] });
    expect(response.body.data.failed).toEqual({ totalCount: 0 });
    const job = response.body.data.screeningBatchJob;
    expect(job.matched).toBe(10);
    expect(job.results.totalCount).toBe(10);
    expect(job.results.pageInfo.hasNextPage).toBe(true);
    expect(job.results.nodes.map((row: { index: number }) => row.index)).toEqual([0, 20, 40, 60]);
    expect(job.results.nodes.every((row: { matchCount: number }) => row.matchCount > 0)).toBe(true);

    // Another workspace's member gets the same 404 as for an absent job or row; no cookie is 401.
    const sibling = await createSiblingWorkspace(platform, tenant);
    const outsider = await signInToConsole(
      platform,
      await createConsoleUser(platform, tenant, { role: 'admin', workspaceId: sibling.workspaceId, email: 'outsider@example.com' }),
    );
    const zipPath = `/console/files/screening/batches/${jobId}/reports.zip`;
    const requestId = (await platform.db.batchJob.findUniqueOrThrow({ where: { id: jobId } })).requestId;
    for (const target of [zipPath, `/console/files/screening/results/${requestId}_0/report`]) {
      const foreign = await outsider.get(target);
      expect({ target, status: foreign.status, body: foreign.body }).toEqual({
        target,
        status: 404,
        body: { error: { code: 'not_found', message: 'File not found' } },
      });
      expect((await request(platform.restUrl, 'GET', target)).status).toBe(401);
    }
    expect((await client.get('/console/files/screening/batches/00000000-0000-4000-8000-000000000000/reports.zip')).status).toBe(404);
    expect((await client.get(`/console/files/screening/results/${requestId}_9999/report`)).status).toBe(404);
    const own = await client.get(zipPath);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/zip');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="batch-.*-reports\.zip"$/);
  });

  it('refuses a ZIP of more matched rows than one ZIP holds with 413 batch_too_large', async () => {
    // The route checks the job's count of matched rows before it reads a row or renders a report,
    // so a job row whose count is over the limit stands for a job of that size (no rows needed).
    const client = await signInToConsole(platform, analyst);
    const seeded = await platform.db.batchJob.create({
      data: {
        id: crypto.randomUUID(),
        tenantId: tenant.tenantId,
        workspaceId: tenant.workspaceId,
        requestId: crypto.randomBytes(12).toString('hex'),
        status: 'completed',
        total: BATCH_ZIP_REPORT_LIMIT + 1,
        processed: BATCH_ZIP_REPORT_LIMIT + 1,
        matched: BATCH_ZIP_REPORT_LIMIT + 1,
      },
    });
    const zipPath = `/console/files/screening/batches/${seeded.id}/reports.zip`;
    const refused = await client.get(zipPath);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 413,
      body: {
        error: {
          code: 'batch_too_large',
          message: `The job has ${BATCH_ZIP_REPORT_LIMIT + 1} matched entities; a ZIP holds at most ${BATCH_ZIP_REPORT_LIMIT} reports: download them by row`,
        },
      },
    });
    // At the limit it is served (this row has no matched rows stored: the ZIP holds reports.csv only).
    await platform.db.batchJob.update({ where: { id: seeded.id }, data: { matched: BATCH_ZIP_REPORT_LIMIT } });
    const served = await client.get(zipPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/zip');
    await platform.db.batchJob.delete({ where: { id: seeded.id } });
  });

  it("shows on the analytics page the names this file's batch screened and those with matches", async () => {
    const analytics = await readAnalytics(page, platform.restUrl, started);
    const rows = Array.from({ length: ROWS }, (_, row) => row);
    // The restart screened the same rows again: each row is one name screened, once.
    expect(analytics.total('chart-screenings', 'Screenings')).toBe(rows.length);
    expect(analytics.total('chart-screenings', 'Screenings with matches')).toBe(rows.filter(isListed).length);
    expect(analytics.total('chart-screenings', 'Monitoring alerts')).toBe(0);
    expect(analytics.total('chart-false-positives', 'Matches reviewed')).toBe(0);
  });
});
