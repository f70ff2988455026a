// Custom field definitions: the only Prisma access for them.
import { Prisma } from '../../../platform/db/prisma-client';
import { newId } from '../../../platform/ids/new-id';
import { isRawTx, type DbClient, type DbRawTx, type Scope } from '../../../platform/db/prisma';
import { queryableId } from './scope';

type DefinitionRow = Awaited<ReturnType<DbClient['profileCustomFieldDefinition']['findFirstOrThrow']>>;

/** The workspace's definitions, highest priority first. In a raw transaction (the profile insert)
 * one prepared statement on its connection, the same rows and order as Prisma's. */
export async function findDefinitions(db: DbClient | DbRawTx, scope: Scope): Promise<DefinitionRow[]> {
  if (isRawTx(db)) {
    const rows = await db.run(
      `SELECT id, tenant_id AS "tenantId", workspace_id AS "workspaceId", key, label, type, required, priority, options,
              archived_at AS "archivedAt", created_at AS "createdAt", updated_at AS "updatedAt"
         FROM profiles.custom_field_definitions WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY priority DESC, key ASC`,
      [scope.tenantId, scope.workspaceId],
      'profiles_definitions_for_write',
    );
    return rows as unknown as DefinitionRow[];
  }
  return db.profileCustomFieldDefinition.findMany({ where: scope, orderBy: [{ priority: 'desc' }, { key: 'asc' }] });
}

export async function findDefinition(db: DbClient, scope: Scope, key: string) {
  if (!queryableId(key)) return null;
  return db.profileCustomFieldDefinition.findFirst({ where: { ...scope, key } });
}

/** Locks the definition row for the rest of the transaction (updates serialize). */
export async function lockDefinition(db: DbClient, scope: Scope, key: string) {
  if (!queryableId(key)) return null;
  const rows = await db.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "profiles"."custom_field_definitions" WHERE key = ${key} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return db.profileCustomFieldDefinition.findFirst({ where: { ...scope, key } });
}

export async function keyExists(db: DbClient, scope: Scope, key: string): Promise<boolean> {
  return (await db.profileCustomFieldDefinition.count({ where: { ...scope, key } })) > 0;
}

export async function countDefinitions(db: DbClient, scope: Scope): Promise<number> {
  return db.profileCustomFieldDefinition.count({ where: scope });
}

export async function insertDefinition(
  db: DbClient,
  scope: Scope,
  data: { key: string; label: string; type: string; required: boolean; priority: number; options: { value: string; label: string }[] },
) {
  return db.profileCustomFieldDefinition.create({
    data: { id: newId('cfd'), ...scope, ...data, options: data.options as Prisma.InputJsonValue },
  });
}

export async function updateDefinition(
  db: DbClient,
  scope: Scope,
  key: string,
  data: { label?: string; required?: boolean; priority?: number; options?: { value: string; label: string }[]; archivedAt?: Date | null },
) {
  const { options, ...rest } = data;
  await db.profileCustomFieldDefinition.updateMany({
    where: { ...scope, key },
    data: { ...rest, ...(options ? { options: options as Prisma.InputJsonValue } : {}), updatedAt: new Date() },
  });
  return db.profileCustomFieldDefinition.findFirstOrThrow({ where: { ...scope, key } });
}
