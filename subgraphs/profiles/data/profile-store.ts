// The only module of the profiles domain that touches Prisma or SQL for profiles, their custom
// field values and their group assignments. Every query carries the caller's tenant and workspace: an id
// from another workspace reads exactly like an absent one.
import { newId } from '../../../platform/ids/new-id';
import type { Db, DbClient, DbRawTx, Scope } from '../../../platform/db/prisma';
import { queryableId } from './scope';

/** The columns of a profile row under the names Prisma gives them (ProfileRow: the raw reads answer the same shape). */
export const PROFILE_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", name, kind, email, status,
  erasure_claimed_at AS "erasureClaimedAt", erased_at AS "erasedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A profile's group ids in assignment order (position, then creation), as an array column of a
 * read whose profile row is `profile` (null without groups): the order readGroupIdsByProfileIds reads. */
export const groupIdsOf = (profile: string) =>
  `(SELECT array_agg(g.group_id ORDER BY g.position, g.created_at) FROM profiles.profile_group_assignments g
     WHERE g.tenant_id = ${profile}.tenant_id AND g.workspace_id = ${profile}.workspace_id AND g.profile_id = ${profile}.id)`;

export async function insertProfile(db: DbClient, scope: Scope, data: { name: string; kind: string; email?: string | null }) {
  return db.profile.create({ data: { id: newId('prf'), ...scope, name: data.name, kind: data.kind, email: data.email ?? null } });
}

export type ProfileRow = Awaited<ReturnType<typeof insertProfile>>;

/** A new profile with its custom field values and group assignments (in the given order), in one
 * prepared statement of a raw transaction (the profile insert: docs/performance.md "Read path"). The
 * row comes back as insertProfile's; `at` is its created and updated time, as Prisma sets both. */
export async function insertProfileWithParts(
  tx: DbRawTx,
  scope: Scope,
  data: { name: string; kind: string; email?: string | null },
  values: { key: string; valueJson: string; bytes: number }[],
  groupIds: string[],
  at = new Date(),
): Promise<ProfileRow> {
  // Unreferenced data-modifying CTEs still run, to completion, in the statement; the values' and
  // assignments' foreign keys are checked at its end, when the profile row is there.
  const rows = await tx.run(
    `WITH profile AS (
       INSERT INTO profiles.profiles (id, tenant_id, workspace_id, name, kind, email, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${PROFILE_COLUMNS}),
     custom_values AS (
       INSERT INTO profiles.profile_custom_field_values (profile_id, key, tenant_id, workspace_id, value_json, bytes, created_at, updated_at)
       SELECT $1, v.key, $2, $3, v.value_json, v.bytes, $7, $7 FROM unnest($8::text[], $9::text[], $10::int[]) AS v(key, value_json, bytes)),
     assignments AS (
       INSERT INTO profiles.profile_group_assignments (profile_id, group_id, tenant_id, workspace_id, position, created_at)
       SELECT $1, a.group_id, $2, $3, (a.ordinality - 1)::int, $7 FROM unnest($11::text[]) WITH ORDINALITY AS a(group_id, ordinality))
     SELECT * FROM profile`,
    [
      newId('prf'),
      scope.tenantId,
      scope.workspaceId,
      data.name,
      data.kind,
      data.email ?? null,
      at,
      values.map((value) => value.key),
      values.map((value) => value.valueJson),
      values.map((value) => value.bytes),
      groupIds,
    ],
    'profiles_insert_with_parts',
  );
  return rows[0] as unknown as ProfileRow;
}

/** Profiles by id, for the request loaders: one prepared statement, without Prisma's per-call
 * compilation (the largest cost of a read in CPU profiles, docs/performance.md "Read path"). */
export async function findProfilesByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<ProfileRow[]> {
  const rows = await db.$readRows(
    `SELECT ${PROFILE_COLUMNS} FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3::text[])`,
    [scope.tenantId, scope.workspaceId, ids.filter(queryableId)],
    'profiles_by_ids',
  );
  return rows as unknown as ProfileRow[];
}

/** A profile with its stored custom field values and its group ids, as the loaders read them. */
export interface ProfileWithParts {
  profile: ProfileRow;
  values: { profileId: string; key: string; valueJson: string; bytes: number }[];
  /** In assignment order. */
  groupIds: string[];
}

/** One profile with its custom field values and group ids in one prepared statement (the same rows
 * as findProfilesByIds, readValuesByProfileIds and readGroupIdsByProfileIds): reading one profile
 * with its parts took three statements in two round trips. Null when absent. */
export async function findProfileWithParts(db: Db, scope: Scope, id: string): Promise<ProfileWithParts | null> {
  if (!queryableId(id)) return null;
  const rows = await db.$readRows(
    `SELECT ${PROFILE_COLUMNS}, v.value_keys AS "valueKeys", v.value_jsons AS "valueJsons", v.value_bytes AS "valueBytes", ${groupIdsOf('p')} AS "groupIds"
       FROM profiles.profiles p
       LEFT JOIN LATERAL (
         SELECT array_agg(key ORDER BY key) AS value_keys, array_agg(value_json ORDER BY key) AS value_jsons, array_agg(bytes ORDER BY key) AS value_bytes
           FROM profiles.profile_custom_field_values WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = p.id) v ON true
      WHERE p.tenant_id = $1 AND p.workspace_id = $2 AND p.id = $3`,
    [scope.tenantId, scope.workspaceId, id],
    'profile_with_parts',
  );
  if (rows.length === 0) return null;
  const { valueKeys, valueJsons, valueBytes, groupIds, ...profile } = rows[0] as Record<string, unknown> & {
    valueKeys: string[] | null;
    valueJsons: string[] | null;
    valueBytes: number[] | null;
    groupIds: string[] | null;
  };
  return {
    profile: profile as unknown as ProfileRow,
    values: (valueKeys ?? []).map((key, i) => ({ profileId: id, key, valueJson: valueJsons![i], bytes: valueBytes![i] })),
    groupIds: groupIds ?? [],
  };
}

export async function findProfile(db: DbClient, scope: Scope, id: string) {
  if (!queryableId(id)) return null;
  return db.profile.findFirst({ where: { ...scope, id } });
}

/** Takes the profile's row lock for the rest of the transaction (writes to one profile serialize,
 * and an erasure claim cannot slip in between validation and save). Null when absent. */
export async function lockProfile(db: DbClient, scope: Scope, id: string) {
  if (!queryableId(id)) return null;
  const rows = await db.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "profiles"."profiles" WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return db.profile.findFirst({ where: { ...scope, id } });
}

export async function updateProfileFields(
  db: DbClient,
  scope: Scope,
  id: string,
  data: { name?: string; kind?: string; email?: string | null },
) {
  await db.profile.updateMany({ where: { ...scope, id }, data: { ...data, updatedAt: new Date() } });
  return db.profile.findFirstOrThrow({ where: { ...scope, id } });
}

// --- custom field values -------------------------------------------------------------------

/** The loaders' read of findValuesByProfileIds (same rows, one prepared statement). */
export async function readValuesByProfileIds(db: Db, scope: Scope, profileIds: readonly string[]) {
  const rows = await db.$readRows(
    `SELECT profile_id AS "profileId", key, value_json AS "valueJson", bytes FROM profiles.profile_custom_field_values
      WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = ANY($3::text[])`,
    [scope.tenantId, scope.workspaceId, profileIds],
    'profiles_values_by_ids',
  );
  return rows as unknown as { profileId: string; key: string; valueJson: string; bytes: number }[];
}

export async function findValuesByProfileIds(db: DbClient, scope: Scope, profileIds: readonly string[]) {
  return db.profileCustomFieldValue.findMany({
    where: { ...scope, profileId: { in: [...profileIds] } },
    select: { profileId: true, key: true, valueJson: true, bytes: true },
  });
}

export async function writeValues(
  db: DbClient,
  scope: Scope,
  profileId: string,
  set: { key: string; valueJson: string; bytes: number }[],
  clear: string[],
) {
  if (clear.length) await db.profileCustomFieldValue.deleteMany({ where: { ...scope, profileId, key: { in: clear } } });
  for (const value of set) {
    await db.profileCustomFieldValue.upsert({
      where: { profileId_key: { profileId, key: value.key } },
      create: { profileId, key: value.key, ...scope, valueJson: value.valueJson, bytes: value.bytes },
      update: { valueJson: value.valueJson, bytes: value.bytes },
    });
  }
}

export async function deleteAllValues(db: DbClient, scope: Scope, profileId: string) {
  await db.profileCustomFieldValue.deleteMany({ where: { ...scope, profileId } });
}

// --- group assignments ------------------------------------------------------------------------

/** The loaders' read of findGroupIdsByProfileIds (same rows and order, one prepared statement). */
export async function readGroupIdsByProfileIds(db: Db, scope: Scope, profileIds: readonly string[]) {
  const rows = await db.$readRows(
    `SELECT profile_id AS "profileId", group_id AS "groupId" FROM profiles.profile_group_assignments
      WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = ANY($3::text[]) ORDER BY position, created_at`,
    [scope.tenantId, scope.workspaceId, profileIds],
    'profiles_group_ids_by_ids',
  );
  return rows as unknown as { profileId: string; groupId: string }[];
}

export async function findGroupIdsByProfileIds(db: DbClient, scope: Scope, profileIds: readonly string[]) {
  return db.profileGroupAssignment.findMany({
    where: { ...scope, profileId: { in: [...profileIds] } },
    select: { profileId: true, groupId: true },
    orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
  });
}

export async function replaceGroupAssignments(db: DbClient, scope: Scope, profileId: string, groupIds: string[]) {
  await db.profileGroupAssignment.deleteMany({ where: { ...scope, profileId } });
  await insertGroupAssignments(db, scope, profileId, groupIds);
}

/** The assignments of a profile that has none yet (a create), in the given order. */
export async function insertGroupAssignments(db: DbClient, scope: Scope, profileId: string, groupIds: string[]) {
  if (groupIds.length) {
    await db.profileGroupAssignment.createMany({ data: groupIds.map((groupId, position) => ({ profileId, groupId, position, ...scope })) });
  }
}
