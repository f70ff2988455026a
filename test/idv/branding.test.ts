// Public branding of a session's hosted page (GET /idv/v1/sessions/{id}/branding): no
// authentication, the session's copied theme merged over the default branding, default branding
// for unknown ids (same shape, no existence oracle), Cache-Control private, max-age=300. Also the
// snapshot sessions copy at create (resolveThemeSnapshotForSession): only an ACTIVE default.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Prisma } from '../../platform/db/prisma-client';
import { newId } from '../../platform/ids/new-id';
import { DEFAULT_BRANDING, resolveThemeSnapshotForSession } from '../../subgraphs/idv/themes';
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { makePng } from './themes-fixtures';

let platform: TestPlatform;
let blobDir: string;

beforeAll(async () => {
  blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-branding-blobs-'));
  process.env.VIGIL_BLOB_DIR = blobDir;
  // All services on free ports: they share one config whose subgraphUrls are the bound addresses,
  // so the IDV core's profile lookup on POST /sessions reaches the real profiles service.
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

const BRANDING_KEYS = ['colors', 'company_name', 'font_family', 'logo', 'logo_square', 'privacy_contact_email'];
const COLOR_KEYS = ['accent', 'background', 'foreground', 'primary', 'primary_foreground'];

const branding = (sessionId: string, headers: Record<string, string> = {}) =>
  request(platform.restUrl, 'GET', `/idv/v1/sessions/${encodeURIComponent(sessionId)}/branding`, { headers });

async function createTheme(tenant: TestTenant, body: Record<string, unknown>) {
  const response = await request(platform.restUrl, 'POST', '/idv/v1/themes', { headers: auth.apiKey(tenant.apiKey), body });
  expect(response.status).toBe(201);
  return response.body.data;
}

/** A session row as the IDV core writes it at create: the theme snapshot is copied onto it via
 * resolveThemeSnapshotForSession (the export the sessions code calls). Inserted directly so this
 * test does not depend on the whole session-create flow. */
async function createSession(tenant: TestTenant, options: { privacyContactEmail?: string } = {}) {
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  const snapshot = await resolveThemeSnapshotForSession(platform.db, scope);
  const id = newId('idvs');
  const now = Date.now();
  await platform.db.idvSession.create({
    data: {
      id,
      ...scope,
      profileId: 'prf_branding_test',
      creatorKind: 'application',
      creatorId: tenant.applicationId,
      creatorApplicationId: tenant.applicationId,
      privacyContactEmail: options.privacyContactEmail ?? '',
      captureManifest: { workflow: 'liveness_and_id', required_kinds: [] },
      stepManifest: { steps: [] },
      themeRef: snapshot ? { theme_id: snapshot.theme_id, revision: snapshot.revision } : undefined,
      themeSnapshot: snapshot ? (snapshot as unknown as Prisma.InputJsonValue) : undefined,
      tokenExpiresAt: new Date(now + 15 * 60_000),
      deleteAfter: new Date(now + 365 * 86_400_000),
    },
  });
  return { id, snapshot };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body: untyped JSON whose shape the test asserts
function expectBrandingShape(body: any) {
  expect(Object.keys(body)).toEqual(['branding']);
  expect(Object.keys(body.branding).sort()).toEqual(BRANDING_KEYS);
  expect(Object.keys(body.branding.colors).sort()).toEqual(COLOR_KEYS);
  for (const key of COLOR_KEYS) expect(body.branding.colors[key]).toMatch(/^#[0-9a-f]{6}$/);
  expect(body.branding.company_name).not.toBe('');
  expect(body.branding.font_family).not.toBe('');
}

describe('GET /idv/v1/sessions/{sessionId}/branding', () => {
  it('[idv.branding.endpoint] needs no credentials; an unknown session gets the default branding, 200, private max-age=300', async () => {
    const response = await branding('idvs_doesnotexist');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expectBrandingShape(response.body);
    expect(response.body.branding).toEqual({ ...DEFAULT_BRANDING, colors: { ...DEFAULT_BRANDING.colors } });
  });

  it('ignores whatever credentials the caller sends (even invalid ones)', async () => {
    const response = await branding('idvs_doesnotexist', auth.apiKey('vgl_garbage'));
    expect(response.status).toBe(200);
    expectBrandingShape(response.body);
  });

  it('odd session ids are still default branding (no 400/404 oracle)', async () => {
    for (const id of ['x', 'a'.repeat(300), "'; DROP TABLE idv.sessions; --", 'a.b', 'idvs_%00']) {
      const response = await branding(id);
      expect([id, response.status]).toEqual([id, 200]);
      expect(response.body.branding.company_name).toBe(DEFAULT_BRANDING.company_name);
    }
  });

  it('a session without a theme (no active default at create) has the default branding, same shape as an unknown id', async () => {
    const tenant = await createTestTenant(platform);
    await createTheme(tenant, { name: 'draft default', company_name: 'Draft Co', colors: { primary: '#123456' } });
    const { id, snapshot } = await createSession(tenant);
    expect(snapshot).toBeNull(); // a draft default is not applied
    const known = await branding(id);
    const unknown = await branding(newId('idvs'));
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers.get('cache-control')).toBe(unknown.headers.get('cache-control'));
  });

  it('[idv.branding.merge] merges the copied theme over the defaults: set fields win, unset fields fall back', async () => {
    const tenant = await createTestTenant(platform);
    const theme = await createTheme(tenant, {
      name: 'Brand',
      company_name: 'Acme Bank',
      colors: { primary: '#0A0', accent: '#FF00AA' },
      font_family: 'Montserrat',
      status: 'active',
    });
    const logo = await request(platform.restUrl, 'PUT', `/idv/v1/themes/${theme.theme_id}/logo`, {
      headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'image/png' },
      rawBody: makePng(40, 20),
    });
    expect(logo.status).toBe(200);
    const assetId = logo.body.data.logo.asset_id;

    const { id, snapshot } = await createSession(tenant, { privacyContactEmail: 'privacy@acme.example' });
    expect(snapshot).toEqual({
      theme_id: theme.theme_id,
      revision: 2,
      name: 'Brand',
      company_name: 'Acme Bank',
      colors: { primary: '#00aa00', primary_foreground: null, background: null, foreground: null, accent: '#ff00aa' },
      font_family: 'Montserrat',
      logo: { asset_id: assetId, content_type: 'image/png', width: 40, height: 20 },
      logo_square: null,
    });

    const response = await branding(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expectBrandingShape(response.body);
    expect(response.body.branding).toEqual({
      company_name: 'Acme Bank',
      privacy_contact_email: 'privacy@acme.example',
      colors: {
        primary: '#00aa00',
        primary_foreground: DEFAULT_BRANDING.colors.primary_foreground,
        background: DEFAULT_BRANDING.colors.background,
        foreground: DEFAULT_BRANDING.colors.foreground,
        accent: '#ff00aa',
      },
      font_family: 'Montserrat',
      logo: { asset_id: assetId },
      logo_square: null,
    });
    // The hosted page can fetch the logo without credentials.
    const bytes = await fetch(`${platform.restUrl}/idv/v1/branding/assets/${assetId}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');

    // No status, steps, scope or assessment detail anywhere in the body.
    const text = response.text;
    for (const leaked of [
      tenant.tenantId,
      tenant.workspaceId,
      theme.theme_id,
      'collecting_artifacts',
      'request_sent',
      'prf_branding_test',
      'liveness',
      'revision',
      'status',
    ]) {
      expect(text).not.toContain(leaked);
    }
  });

  it('later theme edits, logo changes and archive never change an existing session’s branding', async () => {
    const tenant = await createTestTenant(platform);
    const theme = await createTheme(tenant, {
      name: 'Before',
      company_name: 'Before Co',
      colors: { background: '#eeeeee' },
      status: 'active',
    });
    const { id } = await createSession(tenant);
    const before = (await branding(id)).body;
    expect(before.branding.company_name).toBe('Before Co');

    const h = auth.apiKey(tenant.apiKey);
    await request(platform.restUrl, 'PUT', `/idv/v1/themes/${theme.theme_id}`, {
      headers: h,
      body: { name: 'After', company_name: 'After Co', status: 'active', revision: 1 },
    });
    await request(platform.restUrl, 'PUT', `/idv/v1/themes/${theme.theme_id}/logo`, {
      headers: { ...h, 'content-type': 'image/png' },
      rawBody: makePng(8, 8),
    });
    expect((await branding(id)).body).toEqual(before);
    await request(platform.restUrl, 'POST', `/idv/v1/themes/${theme.theme_id}/archive`, { headers: h });
    expect((await branding(id)).body).toEqual(before);

    // A new session of the same scope after archive: no active default, default branding.
    const { id: later, snapshot } = await createSession(tenant);
    expect(snapshot).toBeNull();
    expect((await branding(later)).body.branding.company_name).toBe(DEFAULT_BRANDING.company_name);
  });

  it('end to end: a session created through POST /idv/v1/sessions copies the active default theme', async () => {
    const tenant = await createTestTenant(platform);
    const h = auth.apiKey(tenant.apiKey);
    await createTheme(tenant, { name: 'E2E', company_name: 'E2E Co', colors: { primary: '#abc' }, font_family: 'Lato', status: 'active' });
    const profile = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { name: 'Ada', kind: 'individual' },
    });
    expect(profile.status).toBe(201);
    const profileId = profile.body.result.profile.id ?? profile.body.result.profile.profile_id;
    const session = await request(platform.restUrl, 'POST', '/idv/v1/sessions', { headers: h, body: { profile_id: profileId } });
    expect(session.status).toBe(201);
    const sessionId = session.body.data.id;
    const response = await branding(sessionId);
    expect(response.status).toBe(200);
    expect(response.body.branding).toMatchObject({ company_name: 'E2E Co', font_family: 'Lato', colors: { primary: '#aabbcc' } });
  });

  it('resolution is per scope: a sibling workspace does not see this workspace’s default theme', async () => {
    const tenant = await createTestTenant(platform);
    await createTheme(tenant, { name: 'Mine', company_name: 'Mine Co', status: 'active' });
    const sibling = await createSiblingWorkspace(platform, tenant);
    expect(await resolveThemeSnapshotForSession(platform.db, { tenantId: sibling.tenantId, workspaceId: sibling.workspaceId })).toBeNull();
    const { id } = await createSession(sibling);
    expect((await branding(id)).body.branding.company_name).toBe(DEFAULT_BRANDING.company_name);
  });

  it('[idv.themes.first-default] only the ACTIVE default is resolved: an active non-default theme is not applied; making it default is', async () => {
    const tenant = await createTestTenant(platform);
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    await createTheme(tenant, { name: 'draft default' });
    const active = await createTheme(tenant, { name: 'active', company_name: 'Active Co', status: 'active' });
    expect(await resolveThemeSnapshotForSession(platform.db, scope)).toBeNull();
    await request(platform.restUrl, 'POST', `/idv/v1/themes/${active.theme_id}/default`, { headers: auth.apiKey(tenant.apiKey) });
    expect((await resolveThemeSnapshotForSession(platform.db, scope))?.company_name).toBe('Active Co');
  });
});
