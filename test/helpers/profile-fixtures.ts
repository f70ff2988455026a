// Many profiles at once for list and search tests: rows written straight into profiles.profiles
// (one INSERT), dated in the past so they sort after the profiles a test creates through the API.
import { newId } from '../../platform/ids/new-id';
import { auth, graphql, TestPlatform, TestTenant } from './test-platform';

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

/** Seeds one stored search with two matches (scores 0.9, listed refs test:0 and test:1) on each of
 * these profiles, searched for `name` (no lists need be loaded: the rows are written directly, the
 * stored entity as a search stores it, so the history reads them too). */
export async function seedStoredSearches(platform: TestPlatform, tenant: TestTenant, profileIds: string[], name: string): Promise<void> {
  await platform.db.$executeRawUnsafe(
    `WITH requests AS (
       INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, config, entities, profile_id)
       SELECT substr(md5(p), 1, 24), $1, $2, 'application', 'app_test', '{"threshold": 0.7, "limit": 10}'::jsonb,
              jsonb_build_array(jsonb_build_object('type', 'individual', 'name', $4::text, 'feeds', '["Sanctions", "PEP"]'::jsonb, 'custom_id', NULL)), p
         FROM unnest($3::text[]) AS p RETURNING id),
     results AS (
       INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, match_count)
       SELECT id || '_0', id, 0, $1, $2, 'individual', $4, 2 FROM requests RETURNING id, request_id)
     INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload)
     SELECT substr(md5(r.id || k), 1, 24), r.id, r.request_id, $1, $2, k, 'test:' || k, 0.9, jsonb_build_object('score', 0.9)
       FROM results r CROSS JOIN generate_series(0, 1) AS k`,
    tenant.tenantId,
    tenant.workspaceId,
    profileIds,
    name,
  );
}

/** Defines a text custom field per key in the tenant's workspace, through the GraphQL API. */
export async function defineTextCustomFields(platform: TestPlatform, tenant: TestTenant, keys: string[]): Promise<void> {
  for (const key of keys) {
    const defined = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      'mutation ($input: CreateProfileCustomFieldDefinitionInput!) { createProfileCustomFieldDefinition(input: $input) { key } }',
      { input: { key, label: key, type: 'text' } },
    );
    if (defined.body.errors) throw new Error(`custom field ${key}: ${JSON.stringify(defined.body.errors)}`);
  }
}
