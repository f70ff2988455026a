// Records of keyed creates of the risk domain (risk.idempotent_creates), written in the create's
// transaction (platform/idempotency/create-once.ts).
import { createRecordStore, CreateRecordStore } from '../../../platform/idempotency/create-once';
import type { DbClient, DbTx, Scope } from '../../../platform/db/prisma';

export function riskCreateRecords(db: DbClient, scope: Scope): CreateRecordStore<DbTx> {
  return createRecordStore<DbClient, DbTx>(db, scope, (client) => client.riskIdempotentCreate);
}
