// Records of keyed creates of the profiles domain (profiles.idempotent_creates), written in the
// create's transaction (platform/idempotency/create-once.ts).
import { createRecordStore, CreateRecordStore } from '../../../platform/idempotency/create-once';
import type { DbClient, Scope } from '../../../platform/db/prisma';

export function profilesCreateRecords(db: DbClient, scope: Scope): CreateRecordStore<DbClient> {
  return createRecordStore<DbClient, DbClient>(db, scope, (client) => client.profilesIdempotentCreate);
}
