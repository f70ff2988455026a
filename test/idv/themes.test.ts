// IDV themes through REST: create rules and normalization, strict schema, reads, list paging,
// compare-and-set replace, archive, default, binary logos, scope isolation, credentials, and the
// public principal's limits.
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
  createDashboardToken,
} from '../helpers/test-platform';
import { makeJpeg, makePng, SVG_LOGO } from './themes-fixtures';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;
let blobDir: string;

beforeAll(async () => {
  blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-theme-blobs-'));
  process.env.VIGIL_BLOB_DIR = blobDir;
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
});
afterAll(async () => {
  await platform.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

const key = () => auth.apiKey(tenant.apiKey);
const create = (body: unknown, t: TestTenant = tenant) =>
  request(platform.restUrl, 'POST', '/idv/v1/themes', { headers: auth.apiKey(t.apiKey), body });
const get = (id: string, headers = key()) => request(platform.restUrl, 'GET', `/idv/v1/themes/${id}`, { headers });
const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  request(platform.restUrl, 'PUT', `/idv/v1/themes/${id}`, { headers: { ...key(), ...headers }, body });
const upload = (id: string, slot: 'logo' | 'logo-square', bytes: Buffer, contentType: string, headers: Record<string, string> = key()) =>
  request(platform.restUrl, 'PUT', `/idv/v1/themes/${id}/${slot}`, {
    headers: { ...headers, 'content-type': contentType },
    rawBody: bytes,
  });

async function freshTenant(): Promise<TestTenant> {
  return createTestTenant(platform);
}

describe('POST /idv/v1/themes', () => {
  it('[idv.themes.create, idv.themes.first-default] creates a draft with every Theme field; the first theme of a scope is the default', async () => {
    const t = await freshTenant();
    const response = await create({ name: 'Brand' }, t);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const theme = response.body.data;
    expect(Object.keys(theme).sort()).toEqual(
      [
        'colors',
        'company_name',
        'created_at',
        'font_family',
        'is_default',
        'logo',
        'logo_square',
        'name',
        'revision',
        'status',
        'tenant_id',
        'theme_id',
        'updated_at',
        'workspace_id',
      ].sort(),
    );
    expect(theme).toMatchObject({
      tenant_id: t.tenantId,
      workspace_id: t.workspaceId,
      name: 'Brand',
      company_name: '',
      status: 'draft',
      is_default: true,
      logo: null,
      logo_square: null,
      colors: { primary: null, primary_foreground: null, background: null, foreground: null, accent: null },
      font_family: '',
      revision: 1,
    });
    expect(theme.theme_id).toMatch(/^idvt_/);
    expect(new Date(theme.created_at).toISOString()).toBe(theme.created_at);
    expect(response.headers.get('etag')).toBe('"1"');

    const second = await create({ name: 'Second', status: 'active' }, t);
    expect(second.body.data).toMatchObject({ status: 'active', is_default: false });
  });

  it('[idv.themes.fields] normalizes colors to lowercase #rrggbb and keeps null/omitted colors unset', async () => {
    const response = await create({
      name: 'Colors',
      company_name: 'Acme Ltd',
      colors: { primary: '#ABC', primary_foreground: '#A1B2C3', background: '#fff', foreground: null },
      font_family: 'Open Sans',
      status: 'active',
      revision: 0,
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      company_name: 'Acme Ltd',
      colors: { primary: '#aabbcc', primary_foreground: '#a1b2c3', background: '#ffffff', foreground: null, accent: null },
      font_family: 'Open Sans',
      status: 'active',
      revision: 1,
    });
  });

  it('accepts every documented font family and the empty string', async () => {
    for (const font of ['', 'Inter', 'system-ui', 'Roboto', 'Open Sans', 'Lato', 'Montserrat']) {
      const response = await create({ name: `font ${font}`, font_family: font });
      expect([font, response.status]).toEqual([font, 201]);
      expect(response.body.data.font_family).toBe(font);
    }
  });

  it.each([
    ['name missing', {}, 'body.name'],
    ['name empty', { name: '' }, 'body.name'],
    ['name of 121 characters', { name: 'x'.repeat(121) }, 'body.name'],
    ['company_name of 81 characters', { name: 'n', company_name: 'x'.repeat(81) }, 'body.company_name'],
    ['a color without #', { name: 'n', colors: { primary: 'abc' } }, 'body.colors.primary'],
    ['a four-digit color', { name: 'n', colors: { accent: '#abcd' } }, 'body.colors.accent'],
    ['a named color', { name: 'n', colors: { background: 'red' } }, 'body.colors.background'],
    ['an unknown color key', { name: 'n', colors: { secondary: '#fff' } }, 'body.colors.secondary'],
    ['an unknown font', { name: 'n', font_family: 'Comic Sans' }, 'body.font_family'],
    ['a font in the wrong case', { name: 'n', font_family: 'inter' }, 'body.font_family'],
    ['status archived', { name: 'n', status: 'archived' }, 'body.status'],
    ['an unknown status', { name: 'n', status: 'live' }, 'body.status'],
    ['a revision other than 0', { name: 'n', revision: 3 }, 'body.revision'],
    ['a logo on the body', { name: 'n', logo: { asset_id: 'idva_x' } }, 'body.logo'],
    ['a logo URL on the body', { name: 'n', logo_url: 'https://example.com/logo.png' }, 'body.logo_url'],
    ['an unknown field', { name: 'n', theme_id: 'idvt_mine' }, 'body.theme_id'],
  ])(
    '[idv.themes.fields, idv.limits.theme-name, idv.errors.envelope] 400 schema_validation_failed for %s, naming the field',
    async (_case, body, field) => {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body.error.code).toBe('schema_validation_failed');
      expect(response.body.error.message).toContain(field);
      expect(Object.keys(response.body)).toEqual(['error']);
    },
  );

  it('400 for a malformed JSON body', async () => {
    const response = await request(platform.restUrl, 'POST', '/idv/v1/themes', {
      headers: { ...key(), 'content-type': 'application/json' },
      rawBody: '{"name":',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it('[idv.auth.api-key, idv.auth.missing] credentials: X-Api-Key works; missing is 401 missing_authentication; a bad key or a dashboard token is 401 unauthorized', async () => {
    expect(
      (await request(platform.restUrl, 'POST', '/idv/v1/themes', { headers: auth.xApiKey(tenant.apiKey), body: { name: 'x' } })).status,
    ).toBe(201);
    const missing = await request(platform.restUrl, 'POST', '/idv/v1/themes', { body: { name: 'x' } });
    expect([missing.status, missing.body.error.code]).toEqual([401, 'missing_authentication']);
    const bad = await request(platform.restUrl, 'POST', '/idv/v1/themes', { headers: auth.apiKey('vgl_nope'), body: { name: 'x' } });
    expect([bad.status, bad.body.error.code]).toEqual([401, 'unauthorized']);
    const { token } = await createDashboardToken(platform, tenant, 'themes-writer@example.com');
    const dashboard = await request(platform.restUrl, 'POST', '/idv/v1/themes', { headers: auth.bearer(token), body: { name: 'x' } });
    expect([dashboard.status, dashboard.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it('tenant_id and workspace_id come from the key (not accepted on the body)', async () => {
    const response = await create({ name: 'x', tenant_id: 'other' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('body.tenant_id');
  });
});

describe('GET /idv/v1/themes/{id} and scope isolation', () => {
  it('reads a theme with the API key or a dashboard token of the scope', async () => {
    const created = (await create({ name: 'Readable', company_name: 'Acme' })).body.data;
    const read = await get(created.theme_id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: created });
    expect(read.headers.get('cache-control')).toBe('no-store');
    const { token } = await createDashboardToken(platform, tenant, 'themes-reader@example.com');
    expect((await get(created.theme_id, auth.bearer(token))).body.data.theme_id).toBe(created.theme_id);
  });

  it('a theme of another workspace is 404 idv_theme_not_found exactly like an absent id, for every theme endpoint', async () => {
    const theirs = (await create({ name: 'Sibling theme', status: 'active' }, sibling)).body.data;
    const absent = await get('idvt_doesnotexist00000000000');
    const foreign = await get(theirs.theme_id);
    expect(absent.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(absent.body);
    expect(foreign.body.error).toEqual({ code: 'idv_theme_not_found', message: 'Theme not found' });

    const calls = [
      () => put(theirs.theme_id, { name: 'hijack', revision: 1 }),
      () => request(platform.restUrl, 'POST', `/idv/v1/themes/${theirs.theme_id}/archive`, { headers: key() }),
      () => request(platform.restUrl, 'POST', `/idv/v1/themes/${theirs.theme_id}/default`, { headers: key() }),
      () => upload(theirs.theme_id, 'logo', makePng(4, 2), 'image/png'),
      () => request(platform.restUrl, 'DELETE', `/idv/v1/themes/${theirs.theme_id}/logo`, { headers: key() }),
      () => request(platform.restUrl, 'GET', `/idv/v1/themes/${theirs.theme_id}/logo`, { headers: key() }),
    ];
    for (const call of calls) {
      const response = await call();
      expect([response.status, response.body.error.code, response.body.error.message]).toEqual([
        404,
        'idv_theme_not_found',
        'Theme not found',
      ]);
    }
    // Nothing changed on their side.
    const still = await request(platform.restUrl, 'GET', `/idv/v1/themes/${theirs.theme_id}`, { headers: auth.apiKey(sibling.apiKey) });
    expect(still.body.data).toEqual(theirs);
  });

  it('each workspace has its own default: the sibling workspace’s first theme is its default', async () => {
    const s2 = await createSiblingWorkspace(platform, tenant);
    const first = await create({ name: 'first in s2' }, s2);
    expect(first.body.data.is_default).toBe(true);
  });
});

describe('GET /idv/v1/themes', () => {
  it('[idv.themes.list-page] pages newest first: 20 by default, next_cursor until the end, no overlap', async () => {
    const t = await freshTenant();
    const names: string[] = [];
    for (let i = 0; i < 25; i++) {
      names.push(`theme ${String(i).padStart(2, '0')}`);
      await create({ name: names[i] }, t);
    }
    const first = await request(platform.restUrl, 'GET', '/idv/v1/themes', { headers: auth.apiKey(t.apiKey) });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].name).toBe('theme 24');
    expect(typeof first.body.next_cursor).toBe('string');
    const second = await request(platform.restUrl, 'GET', `/idv/v1/themes?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
      headers: auth.apiKey(t.apiKey),
    });
    expect(second.body.data).toHaveLength(5);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.data, ...second.body.data].map((theme: { name: string }) => theme.name);
    expect(all).toEqual([...names].reverse());

    const small = await request(platform.restUrl, 'GET', '/idv/v1/themes?limit=10', { headers: auth.apiKey(t.apiKey) });
    expect(small.body.data).toHaveLength(10);
    const clamped = await request(platform.restUrl, 'GET', '/idv/v1/themes?limit=1000', { headers: auth.apiKey(t.apiKey) });
    expect(clamped.status).toBe(200);
    expect(clamped.body.data).toHaveLength(25);
  });

  it('[idv.themes.list-page] clamps the page size to 100', async () => {
    const t = await freshTenant();
    await Promise.all(Array.from({ length: 105 }, (_, i) => create({ name: `bulk ${i}` }, t)));
    const page = await request(platform.restUrl, 'GET', '/idv/v1/themes?limit=500', { headers: auth.apiKey(t.apiKey) });
    expect(page.body.data).toHaveLength(100);
    expect(page.body.next_cursor).toEqual(expect.any(String));
  });

  it('lists only the caller scope; archived themes only with status=archived', async () => {
    const t = await freshTenant();
    const a = (await create({ name: 'a' }, t)).body.data;
    const b = (await create({ name: 'b' }, t)).body.data;
    await request(platform.restUrl, 'POST', `/idv/v1/themes/${b.theme_id}/archive`, { headers: auth.apiKey(t.apiKey) });
    const list = await request(platform.restUrl, 'GET', '/idv/v1/themes', { headers: auth.apiKey(t.apiKey) });
    expect(list.body.data.map((theme: { theme_id: string }) => theme.theme_id)).toEqual([a.theme_id]);
    const archived = await request(platform.restUrl, 'GET', '/idv/v1/themes?status=archived', { headers: auth.apiKey(t.apiKey) });
    expect(archived.body.data.map((theme: { theme_id: string }) => theme.theme_id)).toEqual([b.theme_id]);
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['status=deleted', 'query.status'],
    ['cursor=not-a-cursor', 'cursor'],
    ['page_size=5', 'query.page_size'],
  ])('400 schema_validation_failed for %s', async (query, field) => {
    const response = await request(platform.restUrl, 'GET', `/idv/v1/themes?${query}`, { headers: key() });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
    expect(response.body.error.message).toContain(field);
  });
});

describe('PUT /idv/v1/themes/{id} (replace, compare-and-set)', () => {
  it('[idv.themes.revision] replaces the content, increments the revision, and refuses a stale revision with 409', async () => {
    const theme = (await create({ name: 'v1', company_name: 'Acme', colors: { primary: '#000' }, font_family: 'Lato' })).body.data;
    const replaced = await put(theme.theme_id, { name: 'v2', colors: { accent: '#0F0' }, revision: 1 });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      theme_id: theme.theme_id,
      name: 'v2',
      company_name: '', // replace: omitted content fields are unset
      colors: { primary: null, primary_foreground: null, background: null, foreground: null, accent: '#00ff00' },
      font_family: '',
      status: 'draft', // status omitted keeps the current status
      revision: 2,
      created_at: theme.created_at,
    });
    expect(replaced.headers.get('etag')).toBe('"2"');

    const stale = await put(theme.theme_id, { name: 'lost update', revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('idv_theme_revision_conflict');
    expect((await get(theme.theme_id)).body.data.name).toBe('v2');
  });

  it('accepts the revision as If-Match ("2", W/"2" or 2); both forms must agree', async () => {
    const theme = (await create({ name: 'etag' })).body.data;
    const first = await put(theme.theme_id, { name: 'etag 2' }, { 'If-Match': '"1"' });
    expect([first.status, first.body.data.revision]).toEqual([200, 2]);
    const second = await put(theme.theme_id, { name: 'etag 3' }, { 'If-Match': 'W/"2"' });
    expect(second.body.data.revision).toBe(3);
    const third = await put(theme.theme_id, { name: 'etag 4' }, { 'If-Match': '3' });
    expect(third.body.data.revision).toBe(4);
    const stale = await put(theme.theme_id, { name: 'etag stale' }, { 'If-Match': '"3"' });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'idv_theme_revision_conflict']);
    const disagree = await put(theme.theme_id, { name: 'etag x', revision: 4 }, { 'If-Match': '"3"' });
    expect([disagree.status, disagree.body.error.code]).toEqual([400, 'schema_validation_failed']);
    const garbage = await put(theme.theme_id, { name: 'etag x' }, { 'If-Match': 'abc' });
    expect([garbage.status, garbage.body.error.code]).toEqual([400, 'schema_validation_failed']);
  });

  it('only one of two concurrent replaces at the same revision wins', async () => {
    const theme = (await create({ name: 'race' })).body.data;
    const results = await Promise.all([put(theme.theme_id, { name: 'A', revision: 1 }), put(theme.theme_id, { name: 'B', revision: 1 })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await get(theme.theme_id)).body.data.revision).toBe(2);
  });

  it('requires a revision (body or If-Match), rejects status archived, and validates like create', async () => {
    const theme = (await create({ name: 'strict' })).body.data;
    const missing = await put(theme.theme_id, { name: 'no revision' });
    expect([missing.status, missing.body.error.code]).toEqual([400, 'schema_validation_failed']);
    expect(missing.body.error.message).toContain('body.revision');
    const archived = await put(theme.theme_id, { name: 'x', status: 'archived', revision: 1 });
    expect(archived.status).toBe(400);
    expect(archived.body.error.message).toContain('body.status');
    const logo = await put(theme.theme_id, { name: 'x', revision: 1, logo: null });
    expect(logo.status).toBe(400);
    expect(logo.body.error.message).toContain('body.logo');
    const color = await put(theme.theme_id, { name: 'x', revision: 1, colors: { primary: '#12345' } });
    expect(color.body.error.message).toContain('body.colors.primary');
    expect((await get(theme.theme_id)).body.data.revision).toBe(1);
  });

  it('activates and deactivates (draft ⇄ active)', async () => {
    const theme = (await create({ name: 'toggle' })).body.data;
    const active = await put(theme.theme_id, { name: 'toggle', status: 'active', revision: 1 });
    expect(active.body.data.status).toBe('active');
    const draft = await put(theme.theme_id, { name: 'toggle', status: 'draft', revision: 2 });
    expect(draft.body.data).toMatchObject({ status: 'draft', revision: 3 });
  });
});

describe('archive and default', () => {
  it('archive is terminal: status archived, default cleared, later changes 409 idv_state_conflict, repeat is a no-op', async () => {
    const t = await freshTenant();
    const h = auth.apiKey(t.apiKey);
    const theme = (await create({ name: 'to archive', status: 'active' }, t)).body.data;
    expect(theme.is_default).toBe(true);
    const archived = await request(platform.restUrl, 'POST', `/idv/v1/themes/${theme.theme_id}/archive`, { headers: h });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({ status: 'archived', is_default: false, revision: 2 });
    const again = await request(platform.restUrl, 'POST', `/idv/v1/themes/${theme.theme_id}/archive`, { headers: h });
    expect(again.body.data).toMatchObject({ status: 'archived', revision: 2 });
    const replace = await request(platform.restUrl, 'PUT', `/idv/v1/themes/${theme.theme_id}`, {
      headers: h,
      body: { name: 'back', status: 'active', revision: 2 },
    });
    expect([replace.status, replace.body.error.code]).toEqual([409, 'idv_state_conflict']);
    const makeDefault = await request(platform.restUrl, 'POST', `/idv/v1/themes/${theme.theme_id}/default`, { headers: h });
    expect([makeDefault.status, makeDefault.body.error.code]).toEqual([409, 'idv_state_conflict']);
    const logo = await request(platform.restUrl, 'PUT', `/idv/v1/themes/${theme.theme_id}/logo`, {
      headers: { ...h, 'content-type': 'image/png' },
      rawBody: makePng(2, 2),
    });
    expect([logo.status, logo.body.error.code]).toEqual([409, 'idv_state_conflict']);
    // With no default left, the next theme created becomes the default.
    expect((await create({ name: 'next' }, t)).body.data.is_default).toBe(true);
  });

  it('archive honours If-Match', async () => {
    const theme = (await create({ name: 'archive cas' })).body.data;
    const stale = await request(platform.restUrl, 'POST', `/idv/v1/themes/${theme.theme_id}/archive`, {
      headers: { ...key(), 'If-Match': '"7"' },
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'idv_theme_revision_conflict']);
  });

  it('POST /default moves the default; both themes change revision; only one default per scope', async () => {
    const t = await freshTenant();
    const h = auth.apiKey(t.apiKey);
    const first = (await create({ name: 'first' }, t)).body.data;
    const second = (await create({ name: 'second', status: 'active' }, t)).body.data;
    expect([first.is_default, second.is_default]).toEqual([true, false]);
    const moved = await request(platform.restUrl, 'POST', `/idv/v1/themes/${second.theme_id}/default`, { headers: h });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ is_default: true, revision: 2 });
    expect((await get(first.theme_id, h)).body.data).toMatchObject({ is_default: false, revision: 2 });
    const list = await request(platform.restUrl, 'GET', '/idv/v1/themes', { headers: h });
    expect(list.body.data.filter((theme: { is_default: boolean }) => theme.is_default)).toHaveLength(1);
    // Already the default: no-op.
    const again = await request(platform.restUrl, 'POST', `/idv/v1/themes/${second.theme_id}/default`, { headers: h });
    expect(again.body.data.revision).toBe(2);
  });

  it('two concurrent first creates in a fresh scope make exactly one default', async () => {
    const t = await freshTenant();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create({ name: `racer ${i}` }, t)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(results.filter((r) => r.body.data.is_default)).toHaveLength(1);
  });
});

describe('binary logo endpoints', () => {
  it('uploads a PNG logo, records type and dimensions, and serves the bytes back', async () => {
    const theme = (await create({ name: 'with logo' })).body.data;
    const png = makePng(64, 32);
    const uploaded = await upload(theme.theme_id, 'logo', png, 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get('cache-control')).toBe('no-store');
    expect(uploaded.body.data.logo).toEqual({
      asset_id: expect.stringMatching(/^idva_[a-z0-9]{24}$/),
      content_type: 'image/png',
      width: 64,
      height: 32,
    });
    expect(uploaded.body.data.revision).toBe(2);
    expect(uploaded.headers.get('etag')).toBe('"2"');
    expect((await get(theme.theme_id)).body.data.logo).toEqual(uploaded.body.data.logo);

    const bytes = await fetch(`${platform.restUrl}/idv/v1/themes/${theme.theme_id}/logo`, { headers: key() });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(bytes.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);

    // The hosted page reads it without credentials, by asset id.
    const publicBytes = await fetch(`${platform.restUrl}/idv/v1/branding/assets/${uploaded.body.data.logo.asset_id}`);
    expect(publicBytes.status).toBe(200);
    expect(publicBytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await publicBytes.arrayBuffer()).equals(png)).toBe(true);
    // Bytes live in the blob store under the asset id (not in the database).
    expect(fs.existsSync(path.join(blobDir, 'idv', 'theme-assets', uploaded.body.data.logo.asset_id))).toBe(true);
  });

  it('uploads a square JPEG as logo_square (dimensions from the SOF0 frame header)', async () => {
    const theme = (await create({ name: 'square' })).body.data;
    const jpeg = makeJpeg(120, 120);
    const uploaded = await upload(theme.theme_id, 'logo-square', jpeg, 'image/jpeg');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.logo_square).toEqual({ asset_id: expect.any(String), content_type: 'image/jpeg', width: 120, height: 120 });
    expect(uploaded.body.data.logo).toBeNull();
    const bytes = await fetch(`${platform.restUrl}/idv/v1/themes/${theme.theme_id}/logo-square`, { headers: key() });
    expect(bytes.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(jpeg)).toBe(true);
    // JPEG with a content type charset parameter still works; a non-square logo_square does not.
    const wide = await upload(theme.theme_id, 'logo-square', makeJpeg(200, 100), 'image/jpeg');
    expect([wide.status, wide.body.error.code]).toEqual([400, 'schema_validation_failed']);
  });

  it.each([
    ['an SVG declared as image/svg+xml', () => SVG_LOGO, 'image/svg+xml'],
    ['an SVG declared as image/png', () => SVG_LOGO, 'image/png'],
    ['PNG bytes declared as image/jpeg', () => makePng(4, 4), 'image/jpeg'],
    ['JPEG bytes declared as image/png', () => makeJpeg(4, 4), 'image/png'],
    ['a GIF', () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    ['a truncated PNG', () => makePng(4, 4).subarray(0, 20), 'image/png'],
    ['a JSON body', () => Buffer.from('{"url":"https://example.com/logo.png"}'), 'application/json'],
  ])('415 idv_unsupported_media_type for %s', async (_case, bytes, contentType) => {
    const theme = (await create({ name: 'media' })).body.data;
    const response = await upload(theme.theme_id, 'logo', bytes(), contentType);
    expect(response.status).toBe(415);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.error.code).toBe('idv_unsupported_media_type');
    expect((await get(theme.theme_id)).body.data).toMatchObject({ logo: null, revision: 1 });
  });

  it('413 payload_too_large above 1 MB; 400 for an empty body', async () => {
    const theme = (await create({ name: 'big' })).body.data;
    const big = makePng(700, 600, { noise: true });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await upload(theme.theme_id, 'logo', big, 'image/png');
    expect([response.status, response.body.error.code]).toEqual([413, 'payload_too_large']);
    const empty = await upload(theme.theme_id, 'logo', Buffer.alloc(0), 'image/png');
    expect([empty.status, empty.body.error.code]).toEqual([400, 'schema_validation_failed']);
  });

  it('logo writes need an API key; compare-and-set via If-Match; DELETE detaches the logo', async () => {
    const theme = (await create({ name: 'logo cas' })).body.data;
    const noAuth = await request(platform.restUrl, 'PUT', `/idv/v1/themes/${theme.theme_id}/logo`, {
      headers: { 'content-type': 'image/png' },
      rawBody: makePng(2, 2),
    });
    expect([noAuth.status, noAuth.body.error.code]).toEqual([401, 'missing_authentication']);
    const badKey = await upload(theme.theme_id, 'logo', makePng(2, 2), 'image/png', auth.apiKey('vgl_wrong'));
    expect([badKey.status, badKey.body.error.code]).toEqual([401, 'unauthorized']);
    const stale = await upload(theme.theme_id, 'logo', makePng(2, 2), 'image/png', { ...key(), 'If-Match': '"9"' });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'idv_theme_revision_conflict']);
    const ok = await upload(theme.theme_id, 'logo', makePng(2, 2), 'image/png', { ...key(), 'If-Match': '"1"' });
    expect(ok.body.data.revision).toBe(2);
    const assetId = ok.body.data.logo.asset_id;

    const removed = await request(platform.restUrl, 'DELETE', `/idv/v1/themes/${theme.theme_id}/logo`, { headers: key() });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ logo: null, revision: 3 });
    const gone = await request(platform.restUrl, 'GET', `/idv/v1/themes/${theme.theme_id}/logo`, { headers: key() });
    expect([gone.status, gone.body.error.code]).toEqual([404, 'not_found']);
    // Sessions that copied the theme still reference the asset, so its bytes stay readable.
    expect((await fetch(`${platform.restUrl}/idv/v1/branding/assets/${assetId}`)).status).toBe(200);
    // Removing an absent logo is a no-op.
    const again = await request(platform.restUrl, 'DELETE', `/idv/v1/themes/${theme.theme_id}/logo`, { headers: key() });
    expect(again.body.data.revision).toBe(3);
  });

  it('[idv.themes.logos] an unknown public asset id is 404; no external URLs are accepted anywhere', async () => {
    const unknown = await request(platform.restUrl, 'GET', '/idv/v1/branding/assets/idva_000000000000000000000000');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    const traversal = await request(platform.restUrl, 'GET', '/idv/v1/branding/assets/..%2F..%2Fetc');
    expect(traversal.status).toBe(404);
  });

  it('GraphQL cannot attach an asset id that was never uploaded, nor one already attached elsewhere', async () => {
    const theme = (await create({ name: 'graphql attach' })).body.data;
    const attach = (assetId: string) =>
      graphql(
        platform,
        key(),
        `
          mutation ($t: ID!, $a: ID!) {
            attachIdvThemeLogo(themeId: $t, slot: logo, assetId: $a) {
              revision
            }
          }
        `,
        { t: theme.theme_id, a: assetId },
      );
    const never = await attach('idva_000000000000000000000000');
    expect(never.body.errors[0].extensions.code).toBe('schema_validation_failed');
    // Another workspace's attached asset cannot be claimed.
    const theirs = (await create({ name: 'theirs' }, sibling)).body.data;
    const up = await upload(theirs.theme_id, 'logo', makePng(3, 3), 'image/png', auth.apiKey(sibling.apiKey));
    const claimed = await attach(up.body.data.logo.asset_id);
    expect(claimed.body.errors[0].extensions.code).toBe('schema_validation_failed');
  });
});

describe('the public principal (Authorization: Public branding)', () => {
  const publicHeaders = { Authorization: 'Public branding' };

  it.each([
    ['a theme', '{ idvTheme(themeId: "idvt_x") { themeId } }'],
    ['the theme list', '{ idvThemes { nodes { themeId } } }'],
    ['a session', '{ idvSession(sessionId: "idvs_x") { id } }'],
    ['the viewer', '{ viewer { tenantId } }'],
    ['a mixed query', '{ idvBranding(sessionId: "x") { companyName } idvTheme(themeId: "idvt_x") { themeId } }'],
    ['a mutation', 'mutation { createIdvTheme(input: {name: "x"}) { themeId } }'],
    ['a profile mutation', 'mutation { createProfile(input: {name: "x", kind: "individual"}) { id } }'],
    ['introspection', '{ __schema { types { name } } }'],
    ['a root fragment', '{ ...F } fragment F on Query { idvThemes { nodes { themeId } } }'],
  ])('cannot read or write %s', async (_case, query) => {
    const response = await graphql(platform, publicHeaders, query);
    expect(response.body.errors[0].extensions.code).toBe('unauthorized');
    expect(response.body.data ?? null).toBeNull();
  });

  it('may read branding through GraphQL; other values of the scheme are rejected', async () => {
    const ok = await graphql(platform, publicHeaders, '{ idvBranding(sessionId: "nope") { companyName } }');
    expect(ok.body.data.idvBranding.companyName).toEqual(expect.any(String));
    const other = await graphql(platform, { Authorization: 'Public admin' }, '{ idvBranding(sessionId: "nope") { companyName } }');
    expect(other.body.errors[0].extensions.code).toBe('unauthorized');
  });

  it('is refused by the theme resolvers themselves (second line of defence)', async () => {
    const { managementScope } = await import('../../subgraphs/idv/themes');
    expect(() => managementScope({ kind: 'public', tenantId: '', workspaceId: '', actorId: 'public:branding', entitlements: {} })).toThrow(
      'Unauthorized',
    );
    expect(() =>
      managementScope({ kind: 'capture', tenantId: 't', workspaceId: 'w', actorId: 's', entitlements: {}, sessionId: 's' }),
    ).toThrow();
  });

  it('REST theme endpoints do not accept the public scheme', async () => {
    const response = await request(platform.restUrl, 'GET', '/idv/v1/themes', { headers: publicHeaders });
    expect([response.status, response.body.error.code]).toEqual([401, 'unauthorized']);
  });
});
