// Profile groups: the only Prisma access for them.
import { Prisma } from '../../../generated/prisma/client';
import { newId } from '../../../platform/ids/new-id';
import { isRawTx, type Db, type DbClient, type DbRawTx, type Scope } from '../../../platform/db/prisma';
import { queryableId } from './scope';

/** A group row's columns under Prisma's field names. */
const GROUP_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", key, name, description, priority,
       monitoring_feed_frequencies AS "monitoringFeedFrequencies", archived_at AS "archivedAt",
       created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The workspace's groups, the highest priority first (the console's group filter on every
 * profiles list): one prepared statement per shape, no Prisma per call. */
export async function findGroups(db: Db, scope: Scope, includeArchived: boolean): Promise<GroupRow[]> {
  const rows = await db.$readRows(
    `SELECT ${GROUP_COLUMNS} FROM profiles.profile_groups
      WHERE tenant_id = $1 AND workspace_id = $2 ${includeArchived ? '' : 'AND archived_at IS NULL'}
      ORDER BY priority DESC, created_at ASC, id ASC`,
    [scope.tenantId, scope.workspaceId],
    includeArchived ? 'profiles_groups_with_archived' : 'profiles_groups',
  );
  return rows as unknown as GroupRow[];
}

export async function findGroup(db: DbClient, scope: Scope, id: string) {
  if (!queryableId(id)) return null;
  return db.profileGroup.findFirst({ where: { ...scope, id } });
}

/** The group's row, locked until the transaction ends (a change's audited `from` is the row it replaces). */
export async function lockGroup(db: DbClient, scope: Scope, id: string) {
  if (!queryableId(id)) return null;
  await db.$queryRaw`SELECT id FROM "profiles"."profile_groups" WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  return db.profileGroup.findFirst({ where: { ...scope, id } });
}

/** A group as Prisma reads it (the raw reads below answer the same shape). */
export type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

/** Groups by id, for the request loaders (a profile page's groups): one prepared statement, no
 * Prisma per call. */
export async function findGroupsByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<GroupRow[]> {
  const rows = await db.$readRows(
    `SELECT ${GROUP_COLUMNS} FROM profiles.profile_groups WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3::text[])`,
    [scope.tenantId, scope.workspaceId, ids.filter(queryableId)],
    'profiles_groups_by_ids',
  );
  return rows as unknown as GroupRow[];
}

/** Whether each of these groups exists and is archived, for a write's assignment check; in a raw
 * transaction (the profile insert) one prepared statement on its connection. */
export async function findGroupStates(
  db: DbClient | DbRawTx,
  scope: Scope,
  ids: readonly string[],
): Promise<{ id: string; archivedAt: Date | null }[]> {
  if (!isRawTx(db))
    return db.profileGroup.findMany({ where: { ...scope, id: { in: ids.filter(queryableId) } }, select: { id: true, archivedAt: true } });
  const rows = await db.run(
    `SELECT id, archived_at AS "archivedAt" FROM profiles.profile_groups WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3::text[])`,
    [scope.tenantId, scope.workspaceId, ids.filter(queryableId)],
    'profiles_group_states',
  );
  return rows as unknown as { id: string; archivedAt: Date | null }[];
}

export async function keysStartingWith(db: DbClient, scope: Scope, prefix: string): Promise<string[]> {
  const rows = await db.profileGroup.findMany({ where: { ...scope, key: { startsWith: prefix } }, select: { key: true } });
  return rows.map((row) => row.key);
}

export async function insertGroup(
  db: DbClient,
  scope: Scope,
  data: {
    key: string;
    name: string;
    description: string | null;
    priority: number;
    monitoringFeedFrequencies: Record<string, string> | null;
  },
) {
  return db.profileGroup.create({
    data: {
      id: newId('pgr'),
      ...scope,
      ...data,
      monitoringFeedFrequencies:
        data.monitoringFeedFrequencies === null ? Prisma.DbNull : (data.monitoringFeedFrequencies as Prisma.InputJsonValue),
    },
  });
}

export async function updateGroup(
  db: DbClient,
  scope: Scope,
  id: string,
  data: {
    name?: string;
    description?: string | null;
    priority?: number;
    monitoringFeedFrequencies?: Record<string, string> | null;
    archivedAt?: Date | null;
  },
) {
  if (!queryableId(id)) return null;
  const { monitoringFeedFrequencies, ...rest } = data;
  await db.profileGroup.updateMany({
    where: { ...scope, id },
    data: {
      ...rest,
      ...(monitoringFeedFrequencies === undefined
        ? {}
        : {
            monitoringFeedFrequencies:
              monitoringFeedFrequencies === null ? Prisma.DbNull : (monitoringFeedFrequencies as Prisma.InputJsonValue),
          }),
      updatedAt: new Date(),
    },
  });
  return db.profileGroup.findFirst({ where: { ...scope, id } });
}
