export type { DbClient, DbTx, Scope } from '../../../platform/db/prisma';
