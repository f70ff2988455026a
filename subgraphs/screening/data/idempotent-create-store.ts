// Records of keyed creates of the screening domain (screening.idempotent_creates), written in the
// create's transaction (platform/idempotency/create-once.ts).
import type { Db, Scope } from '../../../platform/db/prisma';
import { createRecordStore, CreateRecordStore } from '../../../platform/idempotency/create-once';

/** What a create's transaction needs to write the record (the client or a transaction's client). */
export type CreateRecordTx = Pick<Db, 'screeningIdempotentCreate'>;

export function screeningCreateRecords(db: Db, scope: Scope): CreateRecordStore<CreateRecordTx> {
  return createRecordStore<Db, CreateRecordTx>(db, scope, (client) => client.screeningIdempotentCreate);
}
