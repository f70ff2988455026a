import { Db } from '../../../platform/db/prisma';

export interface Scope {
  tenantId: string;
  workspaceId: string;
}

/** An interactive transaction's client. */
export type DbTx = Omit<Db, '$extends' | '$transaction' | '$connect' | '$disconnect' | '$on'>;
/** The client or a transaction: data functions work with either. */
export type DbClient = Db | DbTx;
