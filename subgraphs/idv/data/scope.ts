import { Db } from '../../../platform/db/prisma';

export interface Scope {
  tenantId: string;
  workspaceId: string;
}

/** The client of an interactive transaction of the platform's (extended) Prisma client. */
export type DbTx = Omit<Db, '$extends' | '$transaction' | '$connect' | '$disconnect' | '$on'>;

/** The client or an interactive transaction's client: data functions work with either. */
export type DbClient = Db | DbTx;

/** Exactly the two scope columns (callers may pass richer objects). */
export function scoped(scope: Scope): Scope {
  return { tenantId: scope.tenantId, workspaceId: scope.workspaceId };
}
