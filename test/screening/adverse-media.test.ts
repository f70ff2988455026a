// Adverse media (News feed): article ingestion from JSON lines, RSS and Atom (GraphQL mutation and
// CLI, idempotent), name mentions linked by the name engine (transliterations in, look-alikes
// out), categories with their evidence sentence, the workspace category set and the per-entity
// override (array replaces, [] disables, omitted uses the workspace set) on search-sync and batch.
// Articles are global data, so this file has a database of its own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { importList, UN_XML, versionsOf, waitForBatch, waitForIndex } from './screening-helpers';

const ROOT = path.resolve(__dirname, '../..');
const NEWS = path.join(__dirname, '../fixtures/news');
const JSONL = path.join(NEWS, 'articles.jsonl');
const RSS = path.join(NEWS, 'feed.rss.xml');
const ATOM = path.join(NEWS, 'feed.atom.xml');
const SCRATCH = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-news-'));

let platform: TestPlatform;
let tenant: TestTenant;
let admin: TestTenant;
let sibling: TestTenant;

const INGEST =
  'mutation($input: IngestNewsArticlesInput!) { ingestNewsArticles(input: $input) { format path articles created updated unchanged mentions rejected rejections { line reason } } }';
const ingest = (who: TestTenant, input: Record<string, unknown>) => graphql(platform, auth.apiKey(who.apiKey), INGEST, { input });

beforeAll(async () => {
  process.env.VIGIL_NEWS_IMPORT_ROOTS = `${NEWS}:${SCRATCH}`;
  platform = await startTestPlatform({
    isolatedDatabase: true,
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
  });
  tenant = await createTestTenant(platform);
  admin = await createTestTenant(platform, { watchlistAdmin: true });
  sibling = await createSiblingWorkspace(platform, tenant);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}, 180_000);
afterAll(async () => {
  delete process.env.VIGIL_NEWS_IMPORT_ROOTS;
  await platform.close();
});

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies: untyped JSON whose shape the tests assert */
const search = (body: unknown, who = tenant) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(who.apiKey), body });
const newsMatches = (response: any) => response.body.result.results.filter((m: any) => m.checklist.screen.News);
const setCategories = (categories: string[], who = tenant) =>
  request(platform.restUrl, 'PATCH', '/tenant-config/v1/adverse-media', { headers: auth.xApiKey(who.apiKey), body: { categories } });

describe('ingestion', () => {
  it('ingests JSON lines, RSS and Atom through GraphQL, rejecting bad records by line, and re-ingesting is a no-op', async () => {
    const jsonl = await ingest(admin, { path: JSONL, format: 'jsonl' });
    expect(jsonl.body.errors).toBeUndefined();
    expect(jsonl.body.data.ingestNewsArticles).toMatchObject({
      format: 'jsonl',
      articles: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
      rejected: 2,
    });
    expect(jsonl.body.data.ingestNewsArticles.rejections).toEqual([
      { line: 5, reason: 'not a JSON object' },
      { line: 6, reason: 'url: must be an http(s) URL' },
    ]);
    const rss = await ingest(admin, { path: RSS });
    expect(rss.body.data.ingestNewsArticles).toMatchObject({
      format: 'rss',
      articles: 2,
      created: 2,
      rejected: 1,
      rejections: [{ line: 3, reason: 'url: must be an http(s) URL' }],
    });
    const atom = await ingest(admin, { path: ATOM, format: 'auto' });
    expect(atom.body.data.ingestNewsArticles).toMatchObject({ format: 'atom', articles: 2, created: 2, rejected: 0 });
    const again = await ingest(admin, { path: JSONL });
    expect(again.body.data.ingestNewsArticles).toMatchObject({ articles: 4, created: 0, updated: 0, unchanged: 4 });
    const rows = await platform.db.newsArticle.count();
    expect(rows).toBe(8);
  });

  it('refuses callers without watchlistAdmin, paths outside the import folders, unknown formats and files that are no feed', async () => {
    const denied = await ingest(tenant, { path: JSONL });
    expect(denied.body.errors[0].extensions.code).toBe('forbidden');
    const outside = await ingest(admin, { path: path.join(ROOT, 'package.json') });
    expect(outside.body.errors[0]).toMatchObject({
      message: expect.stringContaining('VIGIL_NEWS_IMPORT_ROOTS'),
      extensions: { code: 'news_source_invalid', field: 'path' },
    });
    const missing = await ingest(admin, { path: path.join(NEWS, 'nope.jsonl') });
    expect(missing.body.errors[0].extensions).toMatchObject({ code: 'news_source_invalid', field: 'path' });
    const wrongFormat = await ingest(admin, { path: JSONL, format: 'rss' });
    expect(wrongFormat.body.errors[0].extensions).toMatchObject({ code: 'news_source_invalid', field: 'path' });
    const unknownFormat = await ingest(admin, { path: JSONL, format: 'csv' });
    expect(unknownFormat.body.errors[0].extensions.code).toBe('schema_validation_failed');
  });

  it('the CLI ingests with a progress bar and a second run changes nothing', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'app/cli/ingest-news.ts'), ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: platform.config.databaseUrl, VIGIL_LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const first = cli('--path', ATOM, '--path', RSS);
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/feed\.atom\.xml .*2\/2 articles/);
    expect(first.stdout).toMatch(/feed\.atom\.xml \(atom\): 2 articles: 0 new, 0 updated, 2 unchanged/);
    expect(first.stdout).toMatch(/feed\.rss\.xml \(rss\): 2 articles: 0 new, 0 updated, 2 unchanged; \d+ name mentions; 1 rejected/);
    const usage = cli();
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--path');
  }, 120_000);
});

describe('News hits', () => {
  it('[screening.search.feeds] a News search links mentions of the name and lists its articles with URL, title, date, snippet and categories', async () => {
    const response = await search({ type: 'individual', name: 'Tobias Wrenfield', feeds: ['News'] });
    expect(response.status).toBe(200);
    const [hit, ...rest] = response.body.result.results;
    expect(rest).toEqual([]);
    expect(hit.entity).toMatchObject({
      source: 'adverse_media',
      name: 'Tobias Wrenfield',
      feeds: ['News'],
      programs: ['fraud', 'money_laundering'],
    });
    expect(hit.checklist.screen).toMatchObject({ News: true, Sanctions: false, PEP: false });
    expect(hit.checklist.hits).toEqual(['News']);
    expect(hit.checklist.hits_info).toEqual([
      expect.objectContaining({ feed: 'News', source: 'adverse_media', programs: ['fraud', 'money_laundering'] }),
    ]);
    expect(hit.article_count).toBe(2);
    expect(hit.articles).toEqual([
      {
        url: 'https://ledger.example.com/2026/03/wrenfield-fund-fraud',
        title: 'Investors allege fraud at Wrenfield fund',
        published_at: '2026-03-01T15:20:00.000Z',
        source: 'Example Ledger',
        language: 'en',
        categories: ['fraud'],
        snippet: 'Investors allege that Tobias Wrenfield defrauded them of their savings through a fund that reported fictitious returns.',
        evidence: [
          {
            category: 'fraud',
            phrase: 'defrauded',
            sentence:
              'Investors allege that Tobias Wrenfield defrauded them of their savings through a fund that reported fictitious returns.',
          },
        ],
      },
      expect.objectContaining({
        url: 'https://news.example.org/2026/01/geneva-laundering-charges',
        published_at: '2026-01-14T09:30:00.000Z',
        categories: ['money_laundering'],
        snippet: 'Prosecutors in Geneva charged Tobias Wrenfield with laundering $40m through a network of shell companies.',
      }),
    ]);
    expect(hit.source_details[0].urls).toEqual(hit.articles.map((a: any) => a.url));
    // The stored match reads back with its articles.
    const stored = await request(platform.restUrl, 'GET', `/v2/search/matches?request_id=${response.body.result.searchId}`, {
      headers: auth.xApiKey(tenant.apiKey),
    });
    expect(stored.body.result.matches[0].articles).toEqual(hit.articles);
  });

  it('links a transliterated mention (Cyrillic article) and not look-alikes below the threshold or names mentioned without a category', async () => {
    const cyrillic = newsMatches(await search({ name: 'Dmitriy Kovalenko', feeds: ['News'] }));
    expect(cyrillic).toHaveLength(1);
    expect(cyrillic[0].name.value).toBe('Дмитрий Коваленко');
    expect(cyrillic[0].articles[0]).toMatchObject({
      url: 'https://vestnik.example.ru/2026/01/kovalenko',
      language: 'ru',
      categories: ['fraud', 'money_laundering'],
    });
    expect(cyrillic[0].articles[0].evidence.map((e: any) => e.phrase)).toEqual(['мошенничестве', 'отмывании']);
    for (const name of ['Tobias Wrenford', 'Dmitri Kovalchuk', 'Marguerite Delacroix'])
      expect(newsMatches(await search({ name, feeds: ['News'] }))).toEqual([]);
  });

  it('a categorised sentence is the evidence: a neutral mention of the same name in another article is no hit', async () => {
    const [hit] = newsMatches(await search({ name: 'Quillfeather Holdings Ltd', type: 'organization', feeds: ['News'] }));
    expect(hit.entity.type).toBe('entity');
    expect(hit.articles).toHaveLength(1);
    expect(hit.articles[0]).toMatchObject({
      url: 'https://news.example.org/2026/02/quillfeather-fined',
      categories: ['regulatory_action'],
      snippet: 'Quillfeather Holdings Ltd was fined 2.5 million francs by the financial regulator for weak controls.',
      evidence: [expect.objectContaining({ category: 'regulatory_action', phrase: 'fined' })],
    });
  });

  it('[screening.search.feeds] feeds filter: a listed name answers on Sanctions and News with all, on one of them when asked', async () => {
    const name = 'Huda Salih Mahdi Ammash';
    const all = (await search({ name, feeds: ['all'] })).body.result.results;
    expect(all.some((m: any) => m.checklist.screen.Sanctions && !m.checklist.screen.News)).toBe(true);
    const news = all.filter((m: any) => m.checklist.screen.News);
    expect(news).toHaveLength(1);
    expect(news[0].checklist.screen.Sanctions).toBe(false);
    expect(news[0].articles[0].categories).toEqual(['sanctions_evasion']);
    const sanctionsOnly = (await search({ name, feeds: ['Sanctions'] })).body.result.results;
    expect(sanctionsOnly.length).toBeGreaterThan(0);
    expect(sanctionsOnly.some((m: any) => m.checklist.screen.News || m.articles)).toBe(false);
    const newsOnly = (await search({ name, feeds: ['News'] })).body.result.results;
    expect(newsOnly.map((m: any) => m.checklist.hits)).toEqual([['News']]);
  });
});

describe('categories: workspace set and per-entity override', () => {
  afterEach(async () => {
    await setCategories([
      'financial_crime',
      'fraud',
      'corruption_bribery',
      'money_laundering',
      'terrorism',
      'organised_crime',
      'sanctions_evasion',
      'narcotics',
      'human_trafficking',
      'arms_trafficking',
      'cybercrime',
      'tax_crime',
      'violent_crime',
      'war_crimes',
      'environmental_crime',
      'regulatory_action',
    ]);
  });

  it('the workspace set defaults to every category, is per workspace, and refuses unknown keys', async () => {
    const fresh = await request(platform.restUrl, 'GET', '/tenant-config/v1/adverse-media', { headers: auth.xApiKey(sibling.apiKey) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.result.adverseMedia).toEqual({
      categories: expect.arrayContaining(['fraud', 'money_laundering', 'regulatory_action']),
      updatedAt: null,
    });
    expect(fresh.body.result.adverseMedia.categories).toHaveLength(16);
    const changed = await setCategories(['money_laundering', 'fraud', 'fraud']);
    expect(changed.status).toBe(200);
    expect(changed.body.result.adverseMedia).toEqual({ categories: ['fraud', 'money_laundering'], updatedAt: expect.any(String) });
    const siblingView = await graphql(platform, auth.apiKey(sibling.apiKey), '{ adverseMediaSettings { categories updatedAt } }');
    expect(siblingView.body.data.adverseMediaSettings.updatedAt).toBeNull();
    const bad = await setCategories(['gossip']);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('schema_validation_failed');
  });

  it('[screening.batch.media-categories] search-sync: an array replaces the workspace set, [] disables News, omitted uses the workspace set', async () => {
    const urlsOf = async (body: Record<string, unknown>) =>
      newsMatches(await search({ name: 'Tobias Wrenfield', feeds: ['News'], ...body })).flatMap((m: any) =>
        m.articles.map((a: any) => a.categories.join('+')),
      );
    await setCategories(['fraud']);
    expect(await urlsOf({})).toEqual(['fraud']);
    expect(await urlsOf({ global_filters: { adverse_media_risk_categories: ['money_laundering'] } })).toEqual(['money_laundering']);
    expect(await urlsOf({ global_filters: { adverse_media_risk_categories: [] } })).toEqual([]);
    expect(await urlsOf({ global_filters: {} })).toEqual(['fraud']);
    await setCategories([]);
    expect(await urlsOf({})).toEqual([]);
    expect(await urlsOf({ global_filters: { adverse_media_risk_categories: ['fraud', 'money_laundering'] } })).toEqual([
      'fraud',
      'money_laundering',
    ]);
    const unknown = await search({ name: 'Tobias Wrenfield', global_filters: { adverse_media_risk_categories: ['gossip'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 'schema_validation_failed',
      message: expect.stringContaining('adverse_media_risk_categories'),
    });
  });

  it('[screening.batch.media-categories] batch: each entity gets its override, [] or the workspace set', async () => {
    await setCategories(['fraud']);
    const submitted = await request(platform.restUrl, 'POST', '/v1/search', {
      headers: auth.xApiKey(tenant.apiKey),
      body: {
        feeds: ['News'],
        requests: [
          { name: 'Tobias Wrenfield', custom_id: 'omitted' },
          { name: 'Tobias Wrenfield', custom_id: 'replaced', global_filters: { adverse_media_risk_categories: ['money_laundering'] } },
          { name: 'Tobias Wrenfield', custom_id: 'disabled', global_filters: { adverse_media_risk_categories: [] } },
        ],
      },
    });
    expect(submitted.status).toBe(200);
    const job = await waitForBatch(platform.restUrl, tenant.apiKey, submitted.body.result.id);
    expect(job.status).toBe('completed');
    const results = await request(platform.restUrl, 'GET', `/v1/search/${submitted.body.result.id}`, {
      headers: auth.xApiKey(tenant.apiKey),
    });
    const byId = Object.fromEntries(results.body.result.results.map((r: any) => [r.custom_id ?? r.customId, r.results]));
    const categoriesOf = (matches: any[]) => matches.flatMap((m: any) => m.articles.map((a: any) => a.categories.join('+')));
    expect(categoriesOf(byId.omitted)).toEqual(['fraud']);
    expect(categoriesOf(byId.replaced)).toEqual(['money_laundering']);
    expect(byId.disabled).toEqual([]);
    const bad = await request(platform.restUrl, 'POST', '/v1/search', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { feeds: ['News'], requests: [{ name: 'X Y', global_filters: { adverse_media_risk_categories: ['gossip'] } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('schema_validation_failed');
  }, 120_000);

  it('GraphQL: screen takes typed categories and answers the articles of a News match', async () => {
    const query = `mutation($input: ScreenInput!) { screen(input: $input) { matches { sourceId feeds articleCount articles { url title publishedAt snippet categories evidence { category phrase } } } } }`;
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), query, {
      input: { name: 'Tobias Wrenfield', feeds: ['News'], globalFilters: { adverseMediaRiskCategories: ['fraud'] } },
    });
    expect(response.body.errors).toBeUndefined();
    const [match] = response.body.data.screen.matches;
    expect(match).toMatchObject({
      feeds: ['News'],
      articleCount: 1,
      articles: [
        {
          url: 'https://ledger.example.com/2026/03/wrenfield-fund-fraud',
          publishedAt: '2026-03-01T15:20:00.000Z',
          categories: ['fraud'],
          evidence: [{ category: 'fraud', phrase: 'defrauded' }],
        },
      ],
    });
    const update = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      'mutation($input: UpdateAdverseMediaSettingsInput!) { updateAdverseMediaSettings(input: $input) { categories } }',
      { input: { categories: ['terrorism'] } },
    );
    expect(update.body.data.updateAdverseMediaSettings.categories).toEqual(['terrorism']);
    const none = await graphql(platform, auth.apiKey(tenant.apiKey), query, { input: { name: 'Tobias Wrenfield', feeds: ['News'] } });
    expect(none.body.data.screen.matches).toEqual([]);
  });
});

describe('re-ingesting changed content', () => {
  it('replaces the article and its mentions at once, keeps its first ingestion time, and the next search serves the new content', async () => {
    const before = await platform.db.newsArticle.findUniqueOrThrow({ where: { key: 'wire-2026-0002' } });
    const changedFile = path.join(SCRATCH, 'changed.jsonl');
    const original = fs
      .readFileSync(JSONL, 'utf8')
      .split('\n')
      .find((line) => line.includes('wire-2026-0002'))!;
    const changed = JSON.parse(original);
    changed.text = 'Quillfeather Holdings Ltd is accused of defrauding its investors.';
    fs.writeFileSync(changedFile, JSON.stringify(changed));
    const result = await ingest(admin, { path: changedFile });
    expect(result.body.data.ingestNewsArticles).toMatchObject({ articles: 1, created: 0, updated: 1, unchanged: 0 });
    const after = await platform.db.newsArticle.findUniqueOrThrow({ where: { key: 'wire-2026-0002' } });
    expect(after.ingestedAt).toEqual(before.ingestedAt);
    expect(await platform.db.newsMention.count({ where: { articleId: after.id } })).toBe(1);
    const [hit] = newsMatches(await search({ name: 'Quillfeather Holdings Ltd', feeds: ['News'] }));
    expect(hit.articles.map((a: any) => [a.url, a.categories])).toEqual([
      ['https://news.example.org/2026/02/quillfeather-fined', ['fraud']],
    ]);
    const back = await ingest(admin, { path: JSONL });
    expect(back.body.data.ingestNewsArticles).toMatchObject({ created: 0, updated: 1, unchanged: 3 });
    const [restored] = newsMatches(await search({ name: 'Quillfeather Holdings Ltd', feeds: ['News'] }));
    expect(restored.articles[0].categories).toEqual(['regulatory_action']);
  });
});
