// Records of keyed creates of the screening domain (screening.idempotent_creates), written in the
// create's transaction (platform/idempotency/create-once.ts).
import type { Db } from '../../../platform/db/prisma';
import type { CreateKey, CreateRecordStore } from '../../../platform/idempotency/create-once';
import type { Scope } from './search-store';

/** What a create's transaction needs to write the record (the client or a transaction's client). */
export type CreateRecordTx = Pick<Db, 'screeningIdempotentCreate'>;

export function screeningCreateRecords(db: Db, scope: Scope): CreateRecordStore<CreateRecordTx> {
  const idOf = (key: CreateKey) => ({ ...scope, operation: key.operation, keyHash: key.keyHash });
  return {
    async find(key, notBefore) {
      const row = await db.screeningIdempotentCreate.findUnique({ where: { tenantId_workspaceId_operation_keyHash: idOf(key) } });
      return row && row.createdAt >= notBefore ? { fingerprint: row.fingerprint, objectId: row.objectId } : null;
    },
    async insert(tx, key, objectId, notBefore) {
      await tx.screeningIdempotentCreate.deleteMany({ where: { ...idOf(key), createdAt: { lt: notBefore } } });
      await tx.screeningIdempotentCreate.create({ data: { ...idOf(key), fingerprint: key.fingerprint, objectId } });
    },
  };
}
