// The hosted capture page applies the whole theme and speaks the visitor's language throughout:
// the theme's font_family (a name of the allowed list, no web font fetched), the square logo on
// small screens and as the tab's icon, the wide logo where there is room, and every text of the
// page, the list of what is still missing included, in German on the German page.
import vm from 'node:vm';
import { chromium, Browser } from 'playwright-core';
import { request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { CHROMIUM_ARGS, chromiumPath, describeWithBrowser } from '../helpers/browser';
import { createProfile, createSession, idv, newTenant, startIdvPlatform } from './idv-helpers';
import { makePng } from './themes-fixtures';

jest.setTimeout(180_000);

let platform: TestPlatform;
let tenant: TestTenant;
let sessionId: string;
let sessionToken: string;
let squareAssetId: string;
let wideAssetId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  const profileId = await createProfile(platform, tenant);
  const theme = await idv(platform, tenant).post('/themes', {
    name: 'Acme',
    company_name: 'Acme GmbH',
    status: 'active',
    font_family: 'Montserrat',
    colors: { primary: '#112233' },
  });
  expect(theme.status).toBe(201);
  const themeId = theme.body.data.theme_id;
  const upload = (slot: string, bytes: Buffer) =>
    request(platform.restUrl, 'PUT', `/idv/v1/themes/${themeId}/${slot}`, {
      headers: { Authorization: `Api-Key ${tenant.apiKey}`, 'content-type': 'image/png' },
      rawBody: bytes,
    });
  const wide = await upload('logo', makePng(200, 50));
  expect(wide.status).toBe(200);
  const square = await upload('logo-square', makePng(64, 64));
  expect(square.status).toBe(200);
  wideAssetId = square.body.data.logo.asset_id;
  squareAssetId = square.body.data.logo_square.asset_id;
  ({ id: sessionId, token: sessionToken } = await createSession(platform, tenant, { profile_id: profileId }));
});
afterAll(() => platform?.close());

/** The page's own scripts, as served, run in a bare context: the texts and the missing-item wording. */
async function servedScripts() {
  const window: {
    VIGIL_I18N?: Record<string, Record<string, string>>;
    VIGIL_DESCRIBE_MISSING?: (item: string, steps: unknown[], t: (key: string, vars?: Record<string, string>) => string) => string;
  } = {};
  for (const file of ['i18n.js', 'missing.js']) {
    const response = await request(platform.restUrl, 'GET', `/verify/assets/${file}`);
    expect(response.status).toBe(200);
    vm.runInNewContext(response.text, { window });
  }
  const texts = window.VIGIL_I18N!;
  // The page's translator (page.js): the language's text, else English, with {name} filled in.
  const translator =
    (lang: string) =>
    (key: string, vars: Record<string, string> = {}) => {
      let text = texts[lang][key] ?? texts.en[key] ?? key;
      for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, value);
      return text;
    };
  return { texts, describe: window.VIGIL_DESCRIBE_MISSING!, translator };
}

it('has every text of the page in German too', async () => {
  const { texts } = await servedScripts();
  expect(Object.keys(texts.de).sort()).toEqual(Object.keys(texts.en).sort());
  for (const key of Object.keys(texts.en)) expect([key, texts.de[key].length > 0]).toEqual([key, true]);
});

it('names what is still missing in the page language, by step title and question prompt', async () => {
  const { describe, translator } = await servedScripts();
  const steps = [
    { step_id: 'selfie', type: 'liveness', title: null },
    { step_id: 'id', type: 'id_capture', title: 'Ausweis' },
    { step_id: 'proof', type: 'document', title: null },
    {
      step_id: 'kyc',
      type: 'questionnaire',
      title: null,
      questions: [
        { question_id: 'job', prompt: 'Beruf' },
        { question_id: 'income', prompt: 'Einkommen' },
      ],
    },
  ];
  // Every wording of subgraphs/idv/capture/services/capture-progress.ts.
  const items = [
    'consent',
    'selfie: 2 more selfie frames',
    'selfie: 1 more selfie frame',
    'id: id_front',
    'id: id_back',
    'proof: document',
    'kyc: answers to job, income',
  ];
  expect(items.map((item) => describe(item, steps, translator('de')))).toEqual([
    'Ihre Einwilligung',
    'Selfie aufnehmen: noch 2 Bilder',
    'Selfie aufnehmen: noch 1 Bild',
    'Ausweis: Vorderseite',
    'Ausweis: Rückseite',
    'Dokument: die Datei',
    'Einige Fragen: Antworten auf Beruf, Einkommen',
  ]);
  expect(describe('selfie: 2 more selfie frames', steps, translator('en'))).toBe('Take a selfie: 2 more pictures');
  // Nothing English is left in the German wording (an unknown shape is shown as it came).
  for (const text of items.map((item) => describe(item, steps, translator('de'))))
    expect(text).not.toMatch(/more|answers to|id_front|frame/);
  expect(describe('selfie: something new', steps, translator('de'))).toBe('Selfie aufnehmen: something new');
});

describeWithBrowser('themed capture page (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  });
  afterAll(() => browser?.close());

  it('applies font_family, the square logo on small screens and as icon, the wide logo on large ones, all in German', async () => {
    const { texts } = await servedScripts();
    const context = await browser.newContext({ viewport: { width: 400, height: 800 }, locale: 'de-DE' });
    const page = await context.newPage();
    const errors: string[] = [];
    const external: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('request', (sent) => !sent.url().startsWith(platform.restUrl) && external.push(sent.url()));
    await page.goto(`${platform.restUrl}/verify/${sessionId}#token=${encodeURIComponent(sessionToken)}`);
    await page.waitForSelector('main[data-state="consent"]');
    await page.waitForFunction(() => !(document.getElementById('logo-square') as HTMLImageElement).hidden);

    const looks = () =>
      page.evaluate(() => {
        const shown = (id: string) =>
          getComputedStyle(document.getElementById(id)!).display !== 'none' && !document.getElementById(id)!.hidden;
        return {
          bodyFont: getComputedStyle(document.body).fontFamily,
          buttonFont: getComputedStyle(document.getElementById('consent-accept')!).fontFamily,
          wide: shown('logo'),
          square: shown('logo-square'),
          icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
          squareSrc: document.getElementById('logo-square')!.getAttribute('src'),
          wideSrc: document.getElementById('logo')!.getAttribute('src'),
          title: document.title,
          lang: document.documentElement.lang,
        };
      });
    const small = await looks();
    expect(small.bodyFont).toMatch(/^"?Montserrat"?,/);
    expect(small.buttonFont).toMatch(/^"?Montserrat"?,/);
    expect({ wide: small.wide, square: small.square }).toEqual({ wide: false, square: true });
    expect(small.icon).toBe(`/idv/v1/branding/assets/${squareAssetId}`);
    expect(small.squareSrc).toBe(`/idv/v1/branding/assets/${squareAssetId}`);
    expect(small.wideSrc).toBe(`/idv/v1/branding/assets/${wideAssetId}`);
    expect(small.title).toBe('Identitätsprüfung');
    expect(small.lang).toBe('de');

    await page.setViewportSize({ width: 1024, height: 800 });
    const large = await looks();
    expect({ wide: large.wide, square: large.square }).toEqual({ wide: true, square: false });

    // No English text of the page is visible on the German page (the consent text is the
    // workflow's own, and "English" names the other language in the picker).
    const visible = await page.evaluate(() => {
      const clone = document.body.cloneNode(true) as HTMLElement;
      clone.querySelector('#consent-text')?.remove();
      clone.querySelector('#lang')?.remove();
      return clone.innerText;
    });
    const english = Object.keys(texts.en)
      .filter((key) => texts.en[key] !== texts.de[key] && texts.en[key].length > 3)
      .map((key) => texts.en[key].split('{')[0].trim())
      .filter((text) => text.length > 3);
    expect(english.filter((text) => visible.includes(text))).toEqual([]);
    expect(visible).toContain('Ich stimme zu');
    expect(external).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });
});
