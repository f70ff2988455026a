// The console's risk assessment and monitoring screens in a real browser (Debian's Chromium,
// headless) against a platform with its worker: an assessment started from the console runs to
// waiting_for_user while its page follows the trajectory, its question is answered in place, the
// sanctions risks are dismissed with a note and the client risk rating follows, it is concluded and
// its PDF report downloaded; a monitoring alert raised by a watchlist update (a DPL version adding a
// record that matches a monitored profile) shows what the list changed (a new listing, its values
// marked added) beside the profile, is assigned and acknowledged with a note; the monitoring
// settings read-only for a reviewer. Every screen is checked with axe-core (no serious or critical
// violation) and photographed at 1280 and 390 px into test/artifacts/console/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, Browser, BrowserContext, Page } from 'playwright-core';
import { SERVICE_NAMES } from '../../app/start-platform';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createConsoleUser } from '../helpers/console';
import { dplWithAddedRecord, waitForMonitoringCursor } from '../helpers/monitoring-fixtures';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { pdfText } from '../risk/pdf-text';
import { loadUnList, organization, riskClient, UN_LISTED_PERSON } from '../risk/risk-helpers';
import { BIS_DPL, importList, versionsOf, waitForIndex } from '../screening/screening-helpers';
import { checkScreen, consolePage, readAnalytics } from './console-helpers';

jest.setTimeout(240_000);

const ADDED = 'ZEBEDIAH QUIMBLEFORTH VANTERPOOL';

describeWithBrowser('Vigil Console risk and monitoring journeys', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let browser: Browser;
  let reviewer: BrowserContext;
  /** An analyst: works tasks and runs, assigns alerts; no risk review, conclusion or acknowledgement. */
  let analyst: { email: string; password: string };
  let api: ReturnType<typeof riskClient>;
  let tmp: string;
  let watchedProfileId: string;
  const problems: string[] = [];
  /** When this file started, the names it screened (its own search and the agent's) and the
   * monitoring alerts it saw raised and acknowledged: what the analytics page must show. */
  const started = new Date();
  const screened = { names: 0, withMatches: 0 };
  const alerts = { raised: 0, acknowledged: 0 };

  beforeAll(async () => {
    platform = await startTestPlatform({ services: SERVICE_NAMES, isolatedDatabase: true });
    tenant = await createTestTenant(platform, { riskAssessments: true });
    api = riskClient(platform, tenant.apiKey);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-console-risk-'));
    await loadUnList(platform);
    const bis = await importList(platform, 'bis_dpl', BIS_DPL, 'us_bis_dpl_2022');
    await waitForIndex(platform.urls.screening!, versionsOf(bis));
    await waitForMonitoringCursor(platform, 'bis_dpl');
    // Sanctions re-screened on every list update; a profile screened with its id is monitored.
    const call = (method: string, urlPath: string, body?: unknown) =>
      request(platform.restUrl, method, urlPath, { headers: auth.xApiKey(tenant.apiKey), body });
    expect(
      (await call('PATCH', '/tenant-config/v1/monitoring-default', { monitoringFeedFrequencies: { Sanctions: 'deltas' } })).status,
    ).toBe(200);
    watchedProfileId = (await call('POST', '/clm/v1/profiles', { name: ADDED, kind: 'individual' })).body.result.profile.id;
    const search = await call('POST', '/v1/search-sync', { name: ADDED, type: 'individual', profile_id: watchedProfileId });
    expect(search.status).toBe(200);
    screened.names++;
    if (search.body.result.results.length > 0) screened.withMatches++;

    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    const user = await createConsoleUser(platform, tenant, { role: 'reviewer', name: 'Rita Reviewer' });
    reviewer = await signIn(user.email, user.password);
    analyst = await createConsoleUser(platform, tenant, { role: 'analyst', name: 'Andy Analyst' });
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  afterAll(() => expect(problems).toEqual([]));

  /** A browser context signed in through the sign-in page. */
  async function signIn(email: string, password: string): Promise<BrowserContext> {
    const { page, problems: pageProblems } = await consolePage(browser);
    await page.goto(`${platform.restUrl}/console/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(pageProblems).toEqual([]);
    const context = page.context();
    await page.close();
    return context;
  }

  async function open(context: BrowserContext, url: string): Promise<Page> {
    const { page, problems: pageProblems } = await consolePage(context);
    page.on('close', () => problems.push(...pageProblems));
    await page.goto(`${platform.restUrl}/console${url}`);
    return page;
  }

  const statusBadge = (page: Page) => page.getByTestId('assessment-status');
  const overallRating = (page: Page) => page.getByTestId('ratings').locator('li').first().locator('[data-rating]');

  it('runs a risk assessment from the console to its question, answers it, dismisses the sanctions risks, concludes and downloads the report', async () => {
    const created = await api.create({
      title: 'KYB Harbour Lights',
      subjects: [organization({ persons: [{ name: UN_LISTED_PERSON, role: 'director' }] })],
    });
    expect(created.status).toBe(201);
    const id: string = created.body.result.assessment.assessment_id;

    // The list: filters in the URL (a status filter that excludes it, then one that includes it).
    const page = await open(reviewer, '/risk?status=concluded');
    await page.getByRole('heading', { name: 'Risk assessments', level: 1 }).waitFor();
    await page.getByText('No assessment matches the filters.').waitFor();
    await page.getByRole('combobox', { name: /^Status/ }).selectOption('draft');
    await page.getByRole('link', { name: 'KYB Harbour Lights' }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('draft');
    problems.push(...(await checkScreen(page, 'risk-list')));
    // Keyboard: j to the row, Enter opens it.
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'KYB Harbour Lights', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/risk/${id}`);

    // Start from the console; the page polls while the agent runs and stops at its question.
    await page.getByRole('button', { name: 'Start the agent' }).click();
    await statusBadge(page).getByText('Waiting for you').waitFor({ timeout: 60_000 });
    const question = page.getByTestId('open-question');
    await question.waitFor();
    expect(await question.innerText()).toMatch(/\w/);
    // The trajectory grew while the page was open: the agent's typed events, in words.
    const trajectory = page.getByTestId('trajectory');
    await trajectory.locator('[data-event-type="screened"]').first().waitFor();
    await trajectory.locator('[data-event-type="question_asked"]').waitFor();
    await trajectory.getByText('Question asked').waitFor();
    problems.push(...(await checkScreen(page, 'risk-waiting')));

    // Guidance to the agent lands in its trajectory.
    await page.getByLabel('Steer the agent').fill('Check the director’s birth year before anything else.');
    await page.getByRole('button', { name: 'Send guidance' }).click();
    await trajectory.locator('[data-event-type="steering"]').getByText('Guidance received').waitFor();

    // Answer in place: the agent continues to ready_for_review and rates the client.
    await page.getByLabel('Your answer').fill('Same name only; our director was born in 1980 in Hamburg.');
    await page.getByRole('button', { name: 'Send the answer' }).click();
    await statusBadge(page).getByText('Ready for review').waitFor({ timeout: 60_000 });
    await page.locator('[data-panel="answers"]').getByText('our director was born in 1980').waitFor();
    await overallRating(page).waitFor();
    expect(await overallRating(page).getAttribute('data-rating')).toBe('prohibited');
    await trajectory.locator('[data-event-type="run_completed"]').waitFor();

    // Resolve a task with evidence: a file uploaded through the console (same origin, CSRF header),
    // attached to the task, readable again through /console/files; then the resolution.
    const task = page.locator('[data-task]', { hasText: 'Screen the business and its named persons' });
    await task.getByRole('button', { name: /^Update/ }).click();
    const evidence = Buffer.from('Register extract: director born 1980 in Hamburg.\n');
    await task.getByLabel('A file as evidence').setInputFiles({ name: 'register-extract.txt', mimeType: 'text/plain', buffer: evidence });
    await task.getByRole('button', { name: 'Upload' }).click();
    const uploaded = task.getByTestId('task-uploads').getByRole('link', { name: 'register-extract.txt' });
    await uploaded.waitFor();
    const file = await reviewer.request.get(`${platform.restUrl}${await uploaded.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect(await file.body()).toEqual(evidence);
    // A POST without the CSRF header is refused before anything is stored.
    const forged = await reviewer.request.post(`${platform.restUrl}/console/files/risk/assessments/${id}/uploads`, {
      headers: { 'content-type': 'text/plain' },
      data: 'forged',
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).error.code).toBe('csrf_failed');
    // The form stays open after the upload: the resolution next.
    await task.getByLabel('New status').selectOption('complete');
    await task.getByLabel('Outcome').fill('cleared');
    await task.getByLabel('Note').fill('Namesake: the register extract shows another birth year.');
    await task.getByRole('button', { name: 'Save the task' }).click();
    await task.getByText('Resolution: cleared · Namesake: the register extract shows another birth year.').waitFor();
    await task.locator('.badge', { hasText: 'Complete' }).waitFor();

    // An analyst works tasks and runs, but neither reviews risks nor concludes (the API refuses both).
    const analystContext = await signIn(analyst.email, analyst.password);
    const analystPage = await open(analystContext, `/risk/${id}`);
    await analystPage.getByRole('heading', { name: 'KYB Harbour Lights', level: 1 }).waitFor();
    await analystPage.getByText('A reviewer concludes the assessment.').waitFor();
    expect(await analystPage.getByRole('button', { name: /^Dismiss or confirm/ }).count()).toBe(0);
    expect(await analystPage.getByRole('button', { name: /^Update/ }).count()).toBeGreaterThan(0);
    await analystPage.close();
    await analystContext.close();

    // Dismiss every critical sanctions risk with a note: the rating is no longer prohibited.
    const note = 'Different person: our director was born in 1980 in Hamburg';
    const sanctions = page.locator('[data-risk][data-risk-status="active"]', { hasText: 'Sanctions' }).filter({ hasText: 'Critical' });
    const count = await sanctions.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const risk = sanctions.first();
      const riskId = await risk.getAttribute('data-risk');
      await risk.getByRole('button', { name: /^Dismiss or confirm/ }).click();
      await risk.getByLabel('Decision').selectOption('false_positive');
      await risk.getByLabel('Note').fill(note);
      await risk.getByRole('button', { name: 'Save' }).click();
      await page.locator(`[data-risk="${riskId}"][data-risk-status="false_positive"]`).waitFor();
    }
    await page
      .locator('[data-risk]')
      .filter({ hasText: `Review note: ${note}` })
      .first()
      .waitFor();
    for (let attempt = 0; attempt < 50 && (await overallRating(page).getAttribute('data-rating')) === 'prohibited'; attempt++)
      await page.waitForTimeout(100);
    expect(await overallRating(page).getAttribute('data-rating')).not.toBe('prohibited');
    await page.getByTestId('ratings').getByText(`${count} set aside by review`).waitFor();
    await trajectory.locator('[data-event-type="risk_updated"]').first().waitFor();
    const rating = await overallRating(page).getAttribute('data-rating');

    // Conclude: approve with a note.
    await page.getByLabel('Approve').check();
    await page.locator('#conclusion-note').fill('Sanctions match is a namesake; approved.');
    await page.getByRole('button', { name: 'Conclude', exact: true }).click();
    await statusBadge(page).getByText('Concluded').waitFor();
    await page.locator('[data-panel="conclusion"]').getByText('Sanctions match is a namesake; approved.').waitFor();
    problems.push(...(await checkScreen(page, 'risk-concluded')));

    // The report through the console's same-origin files route, with the browser's session cookie.
    const href = await page.getByRole('link', { name: 'Report (PDF)' }).getAttribute('href');
    expect(href).toBe(`/console/files/risk/assessments/${id}/report`);
    const report = await reviewer.request.get(`${platform.restUrl}${href}`);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    const bytes = await report.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(`Overall: ${rating!.toUpperCase()}`);
    expect(text).toContain(`Risks set aside by review (${count})`);
    // The agent's searches, one name each, as its trajectory tells them.
    for (const event of await trajectory.locator('[data-event-type="screened"]').allInnerTexts()) {
      const found = /: (\d+) potential matches/.exec(event);
      expect(found).not.toBeNull();
      screened.names++;
      if (Number(found![1]) > 0) screened.withMatches++;
    }
    await page.close();
  });

  it('shows the same "not found" for an unknown assessment, and the German screens', async () => {
    const page = await open(reviewer, '/risk/rsk_unknown');
    await page.getByRole('heading', { name: 'Assessment not found' }).waitFor();
    await page.getByLabel('Language').selectOption('de');
    try {
      await page.getByRole('heading', { name: 'Bewertung nicht gefunden' }).waitFor();
      await page.goto(`${platform.restUrl}/console/risk`);
      await page.getByRole('heading', { name: 'Risikobewertungen', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'KYB Harbour Lights' }).waitFor();
      await page.locator('tbody .badge', { hasText: 'Abgeschlossen' }).waitFor();
      problems.push(...(await checkScreen(page, 'risk-list-de')));
      await page.getByRole('link', { name: 'KYB Harbour Lights' }).click();
      await page.getByRole('heading', { name: 'Verlauf' }).waitFor();
      problems.push(...(await checkScreen(page, 'risk-assessment-de')));
    } finally {
      // The language is kept in localStorage for the next screens of this browser context.
      await page.getByLabel('Sprache').selectOption('en');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.close();
    }
  });

  it('acknowledges a monitoring alert raised by a list update: the new entry beside the profile, assigned, then acknowledged with a note', async () => {
    const modified = await importList(platform, 'bis_dpl', dplWithAddedRecord(tmp, ADDED), 'dpl-added');
    expect(modified.sources[0]).toMatchObject({ outcome: 'imported', added: 1 });

    const page = await open(reviewer, '/monitoring');
    await page.getByRole('heading', { name: 'Monitoring alerts', level: 1 }).waitFor();
    // The sweep raises the alert within seconds; the inbox shows new alerts first.
    const row = page.locator('tbody tr', { hasText: ADDED });
    for (let attempt = 0; attempt < 60 && (await row.count()) === 0; attempt++) {
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByRole('heading', { name: 'Monitoring alerts', level: 1 }).waitFor();
    }
    await row.waitFor();
    alerts.raised = await page.locator('tbody tr').count();
    await row.getByText('New', { exact: true }).waitFor();
    await row.getByText('List update').waitFor();
    problems.push(...(await checkScreen(page, 'monitoring-inbox')));
    // Nobody has it yet: the "assigned to me" filter is empty, "unassigned" holds it.
    await page.getByLabel('Assignee').selectOption('me');
    await page.getByText('No alert matches the filters.').waitFor();
    expect(new URL(page.url()).searchParams.get('assigned')).toBe('me');
    await page.getByLabel('Assignee').selectOption('none');
    await row.getByRole('link').click();

    // What changed on the list, beside the profile.
    await page.getByRole('heading', { name: ADDED, level: 1 }).waitFor();
    const match = page.getByTestId('alert-match').first();
    await match.getByRole('columnheader', { name: 'On the list' }).waitFor();
    await match.getByRole('columnheader', { name: 'Profile' }).waitFor();
    const nameRow = match.getByRole('row', { name: /Name/ });
    expect(await nameRow.innerText()).toContain(ADDED);
    await match.getByText(/^bis_dpl:/).waitFor();
    // What the list update did: listed it (version 2 of the DPL), so every value is marked added, in
    // words (not colour alone); the profile's previous screening had not matched it.
    const change = match.getByTestId('alert-change');
    await change.getByText('New on the list').waitFor();
    expect(await change.innerText()).toMatch(/Listed by bis_dpl version 2 \(dpl-added, .+\)\. Newly matched/);
    expect(await nameRow.innerText()).toMatch(new RegExp(`Added\\s+${ADDED}`));
    expect(await match.getByRole('row', { name: /Programmes/ }).innerText()).toMatch(/Added\s+BIS Denied Persons/);
    // A reviewer acknowledges; an analyst may assign but sees no acknowledgement form.
    const analystContext = await signIn(analyst.email, analyst.password);
    const analystPage = await open(analystContext, new URL(page.url()).pathname.replace('/console', ''));
    await analystPage.getByText('A reviewer acknowledges alerts.').waitFor();
    await analystPage.getByRole('button', { name: 'Assign to me' }).waitFor();
    await analystPage.close();
    await analystContext.close();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('button', { name: 'Unassign' }).waitFor();
    problems.push(...(await checkScreen(page, 'monitoring-alert')));

    await page.getByLabel('Note').fill('Namesake of the new DPL entry; customer known since 2019.');
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByTestId('alert-status').getByText('Acknowledged').waitFor();
    alerts.acknowledged++;
    await page.locator('dd', { hasText: 'Namesake of the new DPL entry' }).waitFor();
    const alertId = page.url().split('/').pop();

    // Back in the inbox: no new alert left; mine and acknowledged holds it.
    await page.goto(`${platform.restUrl}/console/monitoring`);
    await page.getByText('No new alerts.').waitFor();
    await page.goto(`${platform.restUrl}/console/monitoring?status=acknowledged&assigned=me`);
    await page.locator('tbody tr', { hasText: ADDED }).getByText('Acknowledged').waitFor();
    expect(await page.locator(`a[href="/console/monitoring/${alertId}"]`).count()).toBe(1);
    await page.close();
  });

  it('cancels a draft assessment from its page after a confirmation', async () => {
    const created = await api.create({ title: 'KYB to be cancelled', subjects: [organization()] });
    const id: string = created.body.result.assessment.assessment_id;
    const page = await open(reviewer, `/risk/${id}`);
    await statusBadge(page).getByText('Draft').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel the assessment' }).click();
    await statusBadge(page).getByText('Cancelled').waitFor();
    await page.getByTestId('trajectory').getByText('Draft → Cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Start the agent' }).count()).toBe(0);
    await page.close();
  });

  it('shows the monitoring settings read-only to a reviewer (an admin edits them)', async () => {
    const page = await open(reviewer, '/monitoring/settings');
    await page.getByRole('heading', { name: 'Monitoring settings', level: 1 }).waitFor();
    const sanctions = page.locator('#default-sanctions');
    expect(await sanctions.inputValue()).toBe('deltas');
    expect(await sanctions.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    problems.push(...(await checkScreen(page, 'monitoring-settings')));
    await page.close();

    // An admin changes the workspace default and a group's override.
    const group = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-groups', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: 'High risk', priority: 10 },
    });
    expect(group.status).toBe(201);
    const groupId: string = group.body.result.profileGroup.id;
    const admin = await createConsoleUser(platform, tenant, { role: 'admin', name: 'Ada Admin' });
    const adminContext = await signIn(admin.email, admin.password);
    const edit = await open(adminContext, '/monitoring/settings');
    await edit.getByRole('heading', { name: 'Monitoring settings', level: 1 }).waitFor();
    await edit.locator('#default-pep').selectOption('monthly');
    await edit.getByRole('form', { name: 'Workspace default' }).getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('form', { name: 'Workspace default' }).getByText('Saved.').waitFor();
    // The group inherits the default until it overrides a feed.
    const groupPep = edit.locator(`#group-${groupId}-pep`);
    await groupPep.locator('option', { hasText: 'Workspace default (Monthly)' }).waitFor({ state: 'attached' });
    await edit.locator(`#group-${groupId}-sanctions`).selectOption('daily');
    await edit
      .getByRole('form', { name: /High risk/ })
      .getByRole('button', { name: 'Save' })
      .click();
    await edit
      .getByRole('form', { name: /High risk/ })
      .getByText('Saved.')
      .waitFor();
    problems.push(...(await checkScreen(edit, 'monitoring-settings-admin')));
    await edit.reload();
    await edit.getByRole('heading', { name: 'Monitoring settings', level: 1 }).waitFor();
    expect(await edit.locator('#default-pep').inputValue()).toBe('monthly');
    expect(await edit.locator(`#group-${groupId}-sanctions`).inputValue()).toBe('daily');
    expect(await edit.locator(`#group-${groupId}-pep`).inputValue()).toBe('');
    await edit.close();
    await adminContext.close();
  });

  it('shows on the analytics page the names this file screened and the alert it acknowledged', async () => {
    const page = await open(reviewer, '/');
    const analytics = await readAnalytics(page, platform.restUrl, started);
    // Monitoring's own re-screen after the list update is not a screening: it raised the alert.
    expect(analytics.total('chart-screenings', 'Screenings')).toBe(screened.names);
    expect(analytics.total('chart-screenings', 'Screenings with matches')).toBe(screened.withMatches);
    expect(analytics.total('chart-screenings', 'Monitoring alerts')).toBe(alerts.raised);
    expect(analytics.cell('chart-queues', 'Monitoring alerts', 'Waiting')).toBe(String(alerts.raised - alerts.acknowledged));
    expect(analytics.decisions['Monitoring alert (to acknowledgement)']).toBe(alerts.acknowledged);
    // Setting an assessment's risks aside reviews no screening match.
    expect(analytics.total('chart-false-positives', 'Matches reviewed')).toBe(0);
    await page.close();
  });
});
