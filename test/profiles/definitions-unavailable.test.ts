// Rule 4 against a real failure: the services of this file connect as their own database role;
// revoking that role's SELECT on the definitions table makes the definitions unreadable for this
// platform only (other test files are not affected). Writes must then be rejected with
// 503 custom_field_definitions_unavailable and nothing may be saved.
import { Client } from 'pg';
import { startTestPlatform, createTestTenant, TestPlatform } from '../helpers/test-platform';
import { client, PROFILE_SERVICES } from './profiles-helpers';

const role = `vigil_profiles_rule4_${process.pid}_${Date.now()}`;
let admin: Client;
let platform: TestPlatform;
let api: ReturnType<typeof client>;
let workspaceId: string;

beforeAll(async () => {
  admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE ROLE "${role}" LOGIN PASSWORD 'rule4'`);
  await admin.query(`GRANT USAGE ON SCHEMA platform, profiles TO "${role}"`);
  await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA platform, profiles TO "${role}"`);
  await admin.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA platform, profiles TO "${role}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.username = role;
  url.password = 'rule4';
  platform = await startTestPlatform({ services: PROFILE_SERVICES, config: { databaseUrl: url.toString() } });
  const tenant = await createTestTenant(platform);
  workspaceId = tenant.workspaceId;
  api = client(platform, tenant);
});

afterAll(async () => {
  await platform?.close();
  await admin.query(`DROP OWNED BY "${role}"`).catch(() => undefined);
  await admin.query(`DROP ROLE IF EXISTS "${role}"`).catch(() => undefined);
  await admin.end();
});

async function revoke() {
  await admin.query(`REVOKE SELECT ON "profiles"."custom_field_definitions" FROM "${role}"`);
}
async function restore() {
  await admin.query(`GRANT SELECT ON "profiles"."custom_field_definitions" TO "${role}"`);
}
async function storedProfileCount(): Promise<number> {
  const result = await admin.query('SELECT count(*)::int AS n FROM "profiles"."profiles" WHERE workspace_id = $1', [workspaceId]);
  return result.rows[0].n;
}

test('[clm.custom-fields.r4] definitions unreadable → create and custom-field PATCH rejected with 503, nothing saved; works again once readable', async () => {
  await api.defineField({ key: 'code', label: 'Code', type: 'text' });
  const profile = await api.createProfile({ profileCustomFields: { code: 'v1' } });
  const before = await storedProfileCount();
  await revoke();
  try {
    const create = await api.call('POST', '/clm/v1/profiles', {
      name: 'Unvalidated',
      kind: 'individual',
      profileCustomFields: { code: 'x' },
    });
    expect(create.status).toBe(503);
    expect(create.body).toMatchObject({ status: 503, result: null, error: { code: 'custom_field_definitions_unavailable' } });
    // Even without custom fields: required definitions cannot be checked (rule 1), so no create.
    const plain = await api.call('POST', '/clm/v1/profiles', { name: 'Plain', kind: 'individual' });
    expect(plain.status).toBe(503);
    expect(plain.body.error.code).toBe('custom_field_definitions_unavailable');
    const patch = await api.call('PATCH', `/clm/v1/profiles/${profile.id}`, { name: 'Changed too', profileCustomFields: { code: 'v2' } });
    expect(patch.status).toBe(503);
    expect(patch.body.error.code).toBe('custom_field_definitions_unavailable');
    expect(await storedProfileCount()).toBe(before);
    const stored = await admin.query('SELECT name FROM "profiles"."profiles" WHERE id = $1', [profile.id]);
    expect(stored.rows[0].name).toBe('Ada Lovelace');
    const value = await admin.query('SELECT value_json FROM "profiles"."profile_custom_field_values" WHERE profile_id = $1', [profile.id]);
    expect(value.rows).toEqual([{ value_json: '"v1"' }]);
    // Reads keep working from the process's recent copy of the definitions (rule 5).
    const read = await api.call('GET', `/clm/v1/profiles/${profile.id}`);
    expect(read.status).toBe(200);
    expect(read.body.result.profile.profileCustomFields).toEqual([{ key: 'code', label: 'Code', type: 'text', value: 'v1' }]);
  } finally {
    await restore();
  }
  const patch = await api.call('PATCH', `/clm/v1/profiles/${profile.id}`, { profileCustomFields: { code: 'v2' } });
  expect(patch.status).toBe(200);
  expect(patch.body.result.profile.profileCustomFields[0].value).toBe('v2');
  expect((await api.call('POST', '/clm/v1/profiles', { name: 'Plain', kind: 'individual' })).status).toBe(201);
});
