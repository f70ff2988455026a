// Many profiles at once for list and search tests: rows written straight into profiles.profiles
// (one INSERT), dated in the past so they sort after the profiles a test creates through the API.
import { newId } from '../../platform/ids/new-id';
import { TestPlatform, TestTenant } from './test-platform';

/** Seeds `names.length` individual profiles of the tenant's workspace, a minute apart from 2020-01-01 on; their ids in order. */
export async function seedProfiles(platform: TestPlatform, tenant: TestTenant, names: string[]): Promise<string[]> {
  const start = Date.UTC(2020, 0, 1);
  const rows = names.map((name, index) => ({
    id: newId('prf'),
    tenantId: tenant.tenantId,
    workspaceId: tenant.workspaceId,
    name,
    kind: 'individual',
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@seed.example`,
    createdAt: new Date(start + index * 60_000),
  }));
  await platform.db.profile.createMany({ data: rows });
  return rows.map((row) => row.id);
}
