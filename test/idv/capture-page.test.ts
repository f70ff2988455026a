// The hosted capture page in headless Chromium: the fake camera is fed a .y4m made from a face
// photograph (the selfie), the identity document is uploaded through the file fallback, and the
// customer goes consent → selfie → document → review → submit. The worker assesses the session:
// same person and a valid passport end in automatic_pass; another person's face on the document,
// or an expired document, in requires_review. Screenshots of every page state are kept under
// test/artifacts/capture-page/ (ignored by git) for reviewers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, Browser, Page } from 'playwright-core';
import { request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser, y4mFromImage } from '../helpers/browser';
import { FACES_DIR, renderPassport, specimenPerson } from '../fixtures/idv/specimen-document';
import { createProfile, createSession, directLink, idv, IDV_SERVICES, newTenant, startIdvPlatform } from './idv-helpers';

jest.setTimeout(300_000);

const ARTIFACTS = path.resolve(__dirname, '../artifacts/capture-page');

describeWithBrowser('hosted capture page (Chromium)', () => {
  let platform: TestPlatform;
  let tenant: TestTenant;
  let profileId: string;
  let browser: Browser;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-capture-page-'));

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    platform = await startIdvPlatform({ services: [...IDV_SERVICES, 'worker'], isolatedDatabase: true });
    tenant = await newTenant(platform);
    profileId = await createProfile(platform, tenant, 'Barack Obama', 'barack@example.com');
    const y4m = path.join(work, 'face.y4m');
    await y4mFromImage(fs.readFileSync(path.join(FACES_DIR, 'obama-3.jpg')), y4m);
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${y4m}`] });
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
    const { closeTesseract } = await import('../../subgraphs/idv/assessment/tesseract-ocr');
    await closeTesseract();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function shot(page: Page, name: string) {
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  }

  async function assessed(id: string) {
    for (let i = 0; i < 600; i++) {
      const data = (await idv(platform, tenant).get(`/sessions/${id}`)).body.data;
      if (data.status === 'assessed' || data.status === 'failed') return data;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`session ${id} was not assessed in time`);
  }

  /** The page's link: the session_token in the fragment, or a single-use direct-link invite
   * (POST /sessions/{id}/invite with delivery none: verify_url with #code=). */
  async function linkOf(id: string, token: string, link: 'token' | 'direct') {
    if (link === 'token') return { url: `${platform.restUrl}/verify/${id}#token=${encodeURIComponent(token)}`, secret: token };
    const { url, code } = await directLink(platform, tenant, id);
    return { url, secret: code };
  }

  /** Walks the page through the default flow; returns the assessed session. */
  async function completeOnPage(
    label: string,
    document: Parameters<typeof specimenPerson>[0],
    screenshots = false,
    link: 'token' | 'direct' = 'token',
  ) {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const { url, secret } = await linkOf(id, token, link);
    const documentFile = path.join(work, `${label}.jpg`);
    fs.writeFileSync(documentFile, await renderPassport(specimenPerson(document)));
    const context = await browser.newContext({ viewport: { width: 412, height: 900 }, permissions: ['camera'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(url);
    await page.waitForSelector('main[data-state="consent"]');
    expect(page.url()).not.toContain(secret); // the credential left the address bar
    // It was exchanged for a capture session: only that is kept in the tab, never the fragment's.
    const stored = await page.evaluate(() => Object.values(window.sessionStorage).join(' '));
    expect(stored).not.toContain(secret);
    expect(stored).toMatch(/Capture idvcs_/);
    if (screenshots) await shot(page, '1-consent');
    await page.click('#consent-accept');
    await page.waitForSelector('main[data-state="liveness"] #selfie-capture:not([disabled])');
    // A reload keeps working on the capture session (the fragment is gone, a direct link is spent).
    await page.reload();
    await page.waitForSelector('main[data-state="liveness"] #selfie-capture:not([disabled])');
    if (screenshots) await shot(page, '2-selfie-camera');
    await page.click('#selfie-capture');
    await page.waitForSelector('main[data-state="id_front"]');
    await page.selectOption('#id-type', 'passport');
    if (screenshots) await shot(page, '3-document-front');
    await page.setInputFiles('#id-file', documentFile);
    await page.waitForSelector('main[data-state="review"] #submit:not([disabled])');
    if (screenshots) await shot(page, '4-review');
    await page.click('#submit');
    await page.waitForSelector('main[data-state="done"]');
    if (screenshots) await shot(page, '5-done');
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
    return { id, session: await assessed(id) };
  }

  it('serves the page with a strict CSP and no external resources', async () => {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await request(platform.restUrl, 'GET', `/verify/${id}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.text).not.toMatch(/https?:\/\//);
    expect(response.text).not.toMatch(/<script>[^<]/);
  });

  it('direct link (single-use #code): camera selfie + uploaded passport of the same person → automatic_pass (screenshots kept)', async () => {
    const { session } = await completeOnPage('same-person', { photo: 'obama-1.jpg' }, true, 'direct');
    expect(session).toMatchObject({ status: 'assessed', review_status: 'automatic_pass' });
    for (const name of ['1-consent', '2-selfie-camera', '3-document-front', '4-review', '5-done'])
      expect(fs.existsSync(path.join(ARTIFACTS, `${name}.png`))).toBe(true);
  });

  it("another person's face on the document → requires_review with face_mismatch", async () => {
    const { id, session } = await completeOnPage('other-person', { photo: 'biden-2.jpg' });
    expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review' });
    const data = (await idv(platform, tenant).get(`/sessions/${id}/data`)).body.data;
    expect(data.checks).toEqual(expect.arrayContaining([expect.objectContaining({ reason_code: 'face_mismatch' })]));
  });

  it('an expired document → requires_review with document_expired', async () => {
    const { id, session } = await completeOnPage('expired', { photo: 'obama-1.jpg', expiryDate: '2020-01-31' });
    expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review' });
    const data = (await idv(platform, tenant).get(`/sessions/${id}/data`)).body.data;
    expect(data.checks).toEqual(expect.arrayContaining([expect.objectContaining({ reason_code: 'document_expired' })]));
  });
});
