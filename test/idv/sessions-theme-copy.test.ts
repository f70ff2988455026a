// The scope's active default theme is copied onto a session at create (theme_ref + snapshot);
// later theme edits never change an existing session.
import { request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

it('without an active default theme the session carries the default theme_ref', async () => {
  const response = await idv(platform, tenant).post('/sessions', { profile_id: profileId });
  expect(response.body.data.theme_ref).toEqual({ source: 'default', theme_id: null, revision: null });
});

it('[idv.sessions.copy-at-create] copies the active default theme; a later replace does not change the session', async () => {
  const theme = await idv(platform, tenant).post('/themes', {
    name: 'Brand',
    company_name: 'Acme',
    status: 'active',
    colors: { primary: '#112233' },
  });
  expect(theme.status).toBe(201);
  const themeId = theme.body.data.theme_id;
  const created = await idv(platform, tenant).post('/sessions', { profile_id: profileId });
  expect(created.status).toBe(201);
  expect(created.body.data.theme_ref).toEqual({ source: 'theme', theme_id: themeId, revision: 1, name: 'Brand' });
  const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id: created.body.data.id } });
  expect(row.themeSnapshot).toMatchObject({ theme_id: themeId, company_name: 'Acme', colors: { primary: '#112233' } });

  const replaced = await request(platform.restUrl, 'PUT', `/idv/v1/themes/${themeId}`, {
    headers: { Authorization: `Api-Key ${tenant.apiKey}` },
    body: { name: 'Brand v2', company_name: 'Acme Two', status: 'active', colors: { primary: '#445566' }, revision: 1 },
  });
  expect(replaced.status).toBe(200);
  const read = await idv(platform, tenant).get(`/sessions/${created.body.data.id}`);
  expect(read.body.data.theme_ref).toEqual({ source: 'theme', theme_id: themeId, revision: 1, name: 'Brand' });
  const after = await platform.db.idvSession.findUniqueOrThrow({ where: { id: created.body.data.id } });
  expect(after.themeSnapshot).toEqual(row.themeSnapshot);
  const next = await idv(platform, tenant).post('/sessions', { profile_id: profileId });
  expect(next.body.data.theme_ref).toMatchObject({ theme_id: themeId, revision: 2, name: 'Brand v2' });
});
