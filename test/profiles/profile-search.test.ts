// The console's profile list through the gateway (docs/profiles.md "Searching profiles"): search by
// name, e-mail or a custom field value, filters by status, group and creation time, keyset paging
// that stays stable while profiles are added, the profile page's links (groups, status history,
// comments), and the query plan at scale (the trigram and keyset indexes, no scan of the workspace).
import { auth, createSiblingWorkspace, graphql, TestPlatform, TestTenant, createTestTenant } from '../helpers/test-platform';
import { explainProfilePage } from '../../subgraphs/profiles/data/profile-search-store';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof client>;

const LIST = `query ($search: String, $statuses: [ProfileStatus!], $profileGroupIds: [ID!], $createdFrom: DateTime, $createdTo: DateTime,
  $customField: ProfileCustomFieldFilterInput, $first: Int, $after: String) {
  profiles(search: $search, statuses: $statuses, profileGroupIds: $profileGroupIds, createdFrom: $createdFrom, createdTo: $createdTo,
    customField: $customField, first: $first, after: $after) {
    nodes { id name email }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`;

async function list(variables: Record<string, unknown>, t: TestTenant = tenant) {
  const response = await graphql(platform, auth.apiKey(t.apiKey), LIST, variables);
  expect(response.body.errors).toBeUndefined();
  return response.body.data.profiles as {
    nodes: { id: string; name: string; email: string | null }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    totalCount: number;
  };
}

const ids = async (variables: Record<string, unknown>) => (await list(variables)).nodes.map((n) => n.id);

let grace: { id: string };
let alan: { id: string };
let ada: { id: string };
let groupId: string;
let createdBetween: string;

beforeAll(async () => {
  platform = await startProfilesPlatform();
  tenant = await createTestTenant(platform);
  api = client(platform, tenant);
  await api.defineField({ key: 'customer_number', label: 'Customer number', type: 'text' });
  await api.defineField({ key: 'segment_code', label: 'Segment', type: 'number' });
  groupId = (await api.createGroup({ name: 'Private banking' })).id;
  grace = await api.createProfile({
    name: 'Grace Hopper',
    email: 'grace.hopper@navy.example',
    profileCustomFields: { customer_number: 'CN-7781' },
  });
  createdBetween = new Date().toISOString();
  alan = await api.createProfile({
    name: 'Alan Turing',
    email: 'alan@bletchley.example',
    profileGroupIds: [groupId],
    profileCustomFields: { segment_code: 42 },
  });
  ada = await api.createProfile({ name: 'Ada Lovelace', email: 'ada@analytical.example' });
  // Another workspace's profile that would match every search: never listed.
  const sibling = await createSiblingWorkspace(platform, tenant);
  await client(platform, sibling).createProfile({ name: 'Grace Hopper', email: 'grace.hopper@navy.example' });
}, 120_000);
afterAll(() => platform.close());

it('searches by e-mail (substring, any case), by name and by a custom field value', async () => {
  expect(await ids({ search: 'HOPPER@NAVY' })).toEqual([grace.id]);
  expect(await ids({ search: 'bletchley' })).toEqual([alan.id]);
  expect(await ids({ search: 'lovel' })).toEqual([ada.id]);
  // A custom field value, by substring and exactly.
  expect(await ids({ search: '7781' })).toEqual([grace.id]);
  expect(await ids({ customField: { key: 'customer_number', value: 'CN-7781' } })).toEqual([grace.id]);
  expect(await ids({ customField: { key: 'segment_code', value: '42' } })).toEqual([alan.id]);
  expect(await ids({ customField: { key: 'customer_number', value: 'CN-77' } })).toEqual([]);
  // LIKE wildcards are literal characters.
  expect(await ids({ search: '%' })).toEqual([]);
  expect((await list({ search: 'hopper' })).totalCount).toBe(1);
});

it('filters by status, group and creation time (combined with AND)', async () => {
  expect(await ids({ statuses: ['not_screened'] })).toEqual([ada.id, alan.id, grace.id]);
  expect(await ids({ statuses: ['clear', 'confirmed_match'] })).toEqual([]);
  expect(await ids({ profileGroupIds: [groupId] })).toEqual([alan.id]);
  expect(await ids({ createdFrom: createdBetween })).toEqual([ada.id, alan.id]);
  expect(await ids({ createdTo: createdBetween })).toEqual([grace.id]);
  expect(await ids({ createdFrom: createdBetween, search: 'alan' })).toEqual([alan.id]);
  const bad = await graphql(platform, auth.apiKey(tenant.apiKey), LIST, { search: 'x'.repeat(201) });
  expect(bad.body.errors[0].extensions).toMatchObject({ code: 'profile_validation_failed', field: 'search' });
});

it('pages newest first with a keyset cursor that stays stable when profiles are added', async () => {
  const first = await list({ first: 2 });
  expect(first.nodes.map((n) => n.id)).toEqual([ada.id, alan.id]);
  expect(first.pageInfo.hasNextPage).toBe(true);
  expect(first.totalCount).toBe(3);
  // A profile created between two page reads does not shift the next page.
  const late = await api.createProfile({ name: 'Katherine Johnson' });
  const second = await list({ first: 2, after: first.pageInfo.endCursor });
  expect(second.nodes.map((n) => n.id)).toEqual([grace.id]);
  expect(second.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  expect((await list({ first: 1 })).nodes[0].id).toBe(late.id);
  // The REST list keeps its page numbers.
  const rest = await api.call('GET', '/clm/v1/profiles?page=2&perPage=2');
  expect(rest.status).toBe(200);
});

it('the profile page reaches its groups, status history and comments', async () => {
  const comment = await api.call('POST', `/clm/v1/profiles/${alan.id}/comments`, { text: 'Called the customer.', kind: 'profile' });
  expect(comment.status).toBe(201);
  const response = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        profile(id: $id) {
          groups {
            id
            name
          }
          statusHistory {
            previousStatus
            newStatus
            origin
            at
          }
          comments(first: 5) {
            nodes {
              text
            }
            totalCount
          }
        }
      }
    `,
    { id: alan.id },
  );
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.profile).toEqual({
    groups: [{ id: groupId, name: 'Private banking' }],
    statusHistory: [],
    comments: { nodes: [{ text: 'Called the customer.' }], totalCount: 1 },
  });
});

it('keeps the totals exact from counters written in each transaction: status moves, rollbacks, deletes, many writers', async () => {
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  // The hand count the counters must equal, per status and in all.
  const counted = async (statuses?: string[]) => {
    const rows = await platform.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 AND ($3::text[] IS NULL OR status = ANY($3::text[]))`,
      scope.tenantId,
      scope.workspaceId,
      statuses ?? null,
    );
    return rows[0].n;
  };
  const expectExact = async () => {
    expect((await list({})).totalCount).toBe(await counted());
    expect((await list({ statuses: ['in_review'] })).totalCount).toBe(await counted(['in_review']));
    expect((await list({ statuses: ['not_screened', 'in_review'] })).totalCount).toBe(await counted(['not_screened', 'in_review']));
  };
  await expectExact();
  // A status change moves the profile from one status total to the other; other updates move nothing.
  await platform.db.$executeRawUnsafe(`UPDATE profiles.profiles SET status = 'in_review' WHERE id = $1`, grace.id);
  await platform.db.$executeRawUnsafe(`UPDATE profiles.profiles SET name = name WHERE tenant_id = $1`, scope.tenantId);
  expect((await list({ statuses: ['in_review'] })).totalCount).toBe(1);
  await expectExact();
  // A rolled-back insert never counts.
  const before = (await list({})).totalCount;
  await expect(
    platform.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(
        `INSERT INTO profiles.profiles (id, tenant_id, workspace_id, name, kind, status, updated_at) VALUES ('prf_rolled_back', $1, $2, 'Gone', 'individual', 'not_screened', now())`,
        scope.tenantId,
        scope.workspaceId,
      );
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect((await list({})).totalCount).toBe(before);
  // Writers on eight connections at once (each its own counter shard), then deletes through others.
  await Promise.all(
    Array.from({ length: 8 }, (_, writer) =>
      platform.db.$transaction(async (tx) => {
        for (let n = 0; n < 5; n += 1)
          await tx.$executeRawUnsafe(
            `INSERT INTO profiles.profiles (id, tenant_id, workspace_id, name, kind, status, updated_at) VALUES ($1, $2, $3, 'Writer', 'individual', 'in_review', now())`,
            `prf_writer_${writer}_${n}`,
            scope.tenantId,
            scope.workspaceId,
          );
      }),
    ),
  );
  expect((await list({})).totalCount).toBe(before + 40);
  await expectExact();
  await Promise.all(
    Array.from({ length: 4 }, (_, writer) =>
      platform.db.$executeRawUnsafe(`DELETE FROM profiles.profiles WHERE id LIKE $1`, `prf\\_writer\\_${writer}\\_%`),
    ),
  );
  await platform.db.$executeRawUnsafe(`UPDATE profiles.profiles SET status = 'not_screened' WHERE id = $1`, grace.id);
  expect((await list({})).totalCount).toBe(before + 20);
  await expectExact();
  await platform.db.$executeRawUnsafe(`DELETE FROM profiles.profiles WHERE id LIKE 'prf\\_writer\\_%'`);
  await expectExact();
});

it('uses the indexes at 100,000 profiles: trigram search and keyset pages without scanning the workspace', async () => {
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  // Bulk rows straight into the table (the API would take minutes); then fresh statistics.
  await platform.db.$executeRawUnsafe(`
    INSERT INTO "profiles"."profiles" (id, tenant_id, workspace_id, name, kind, email, status, created_at, updated_at)
    SELECT 'prf_bulk' || g, '${scope.tenantId}', '${scope.workspaceId}', 'Person ' || md5(g::text), 'individual',
           'p' || g || '@bulk.example', 'not_screened', now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, 100000) g`);
  await platform.db.$executeRawUnsafe(`ANALYZE "profiles"."profiles"`);
  const search = await explainProfilePage(platform.db, scope, { search: 'hopper@navy' }, 21);
  expect(search).toMatch(/profiles_email_trgm_idx/);
  expect(search).toMatch(/profiles_name_trgm_idx/);
  const page = await explainProfilePage(platform.db, scope, {}, 21);
  expect(page).toMatch(/profiles_tenant_id_workspace_id_created_at_id_idx/);
  expect(page).not.toMatch(/Seq Scan on profiles p/);
  const started = Date.now();
  const deep = await list({ first: 100, search: 'bulk.example' });
  expect(deep.totalCount).toBe(100000);
  let after = deep.pageInfo.endCursor;
  for (let i = 0; i < 3; i += 1) after = (await list({ first: 100, after })).pageInfo.endCursor;
  expect(Date.now() - started).toBeLessThan(20_000);
}, 180_000);
