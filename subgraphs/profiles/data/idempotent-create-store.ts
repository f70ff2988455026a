// Records of keyed creates of the profiles domain (profiles.idempotent_creates), written in the
// create's transaction (platform/idempotency/create-once.ts): a Prisma transaction's client or a raw
// transaction (the profile insert), whichever the create runs in.
import { createRecordStore, CreateRecordStore } from '../../../platform/idempotency/create-once';
import { isRawTx, type Db, type DbClient, type DbRawTx, type Scope } from '../../../platform/db/prisma';

export function profilesCreateRecords(db: Db, scope: Scope): CreateRecordStore<DbClient | DbRawTx> {
  const prisma = createRecordStore<DbClient, DbClient>(db, scope, (client) => client.profilesIdempotentCreate);
  return {
    // Read before every keyed create, outside its transaction: one prepared statement on the pool.
    async find(key, notBefore) {
      const [row] = await db.$readRows(
        `SELECT fingerprint, object_id AS "objectId", created_at AS "createdAt" FROM profiles.idempotent_creates
          WHERE tenant_id = $1 AND workspace_id = $2 AND operation = $3 AND key_hash = $4`,
        [scope.tenantId, scope.workspaceId, key.operation, key.keyHash],
        'profiles_create_record',
      );
      return row && (row.createdAt as Date) >= notBefore
        ? { fingerprint: row.fingerprint as string, objectId: row.objectId as string }
        : null;
    },
    async insert(tx, key, objectId, notBefore) {
      if (!isRawTx(tx)) return prisma.insert(tx, key, objectId, notBefore);
      // An expired record of the key is as good as absent: deleted first (the insert reads the
      // delete's count, so it runs after it), then the insert fails on the primary key when
      // another create holds the key, as Prisma's create did.
      await tx.run(
        `WITH expired AS (
           DELETE FROM profiles.idempotent_creates
            WHERE tenant_id = $1 AND workspace_id = $2 AND operation = $3 AND key_hash = $4 AND created_at < $5 RETURNING 1)
         INSERT INTO profiles.idempotent_creates (tenant_id, workspace_id, operation, key_hash, fingerprint, object_id, created_at)
         SELECT $1, $2, $3, $4, $6, $7, $8 WHERE (SELECT count(*) FROM expired) >= 0`,
        [scope.tenantId, scope.workspaceId, key.operation, key.keyHash, notBefore, key.fingerprint, objectId, new Date()],
        'profiles_create_record_insert',
      );
    },
  };
}
