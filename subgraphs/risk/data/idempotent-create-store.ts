// Records of keyed creates of the risk domain (risk.idempotent_creates), written in the create's
// transaction (platform/idempotency/create-once.ts).
import type { CreateKey, CreateRecordStore } from '../../../platform/idempotency/create-once';
import { DbClient, DbTx, Scope } from './scope';

export function riskCreateRecords(db: DbClient, scope: Scope): CreateRecordStore<DbTx> {
  const idOf = (key: CreateKey) => ({ ...scope, operation: key.operation, keyHash: key.keyHash });
  return {
    async find(key, notBefore) {
      const row = await db.riskIdempotentCreate.findUnique({ where: { tenantId_workspaceId_operation_keyHash: idOf(key) } });
      return row && row.createdAt >= notBefore ? { fingerprint: row.fingerprint, objectId: row.objectId } : null;
    },
    async insert(tx, key, objectId, notBefore) {
      await tx.riskIdempotentCreate.deleteMany({ where: { ...idOf(key), createdAt: { lt: notBefore } } });
      await tx.riskIdempotentCreate.create({ data: { ...idOf(key), fingerprint: key.fingerprint, objectId } });
    },
  };
}
