import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';
import { dbOperationDuration } from '../http/metrics';
import { ReleasingPrismaPg } from './releasing-transactions';
import { envValue } from '../config/env';

// The Prisma namespace is in prisma-client.ts, which only data/ folders may import.

/** One Prisma client per process and database URL, over node-postgres (no native engine), on one
 * bounded pool: a request waits at most 5 s for a connection (during an outage it fails fast with
 * 503 instead of queueing without end), idle connections close after 10 s so a recovered database
 * is met with fresh ones; a transaction whose connection died gives it back all the same
 * (releasing-transactions.ts). Every operation is timed into Prometheus by model and operation
 * (vigil_db_operation_duration_seconds). */
export function createDb(databaseUrl: string, poolSize = poolSizeFromEnv()) {
  const adapter = new ReleasingPrismaPg(
    new PrismaPg({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 10_000 }),
  );
  const client = new PrismaClient({ adapter });
  return client.$extends({
    query: {
      async $allOperations({ model, operation, args, query }): Promise<unknown> {
        const stop = dbOperationDuration.startTimer({ model: model ?? 'raw', operation });
        try {
          return await query(args);
        } finally {
          stop();
        }
      },
    },
  });
}

export type Db = ReturnType<typeof createDb>;

/** The client of an interactive transaction (`db.$transaction(async (tx) => ...)`) of Db. */
export type DbTx = Omit<Db, '$extends' | '$transaction' | '$connect' | '$disconnect' | '$on' | '$use'>;

/** The client or a transaction's client: data functions take either (they never open a transaction
 * themselves unless they take Db). */
export type DbClient = Db | DbTx;

/** The tenant + workspace every domain query filters by. Callers may pass richer objects (a
 * principal's scope); data functions read exactly these two fields. */
export interface Scope {
  tenantId: string;
  workspaceId: string;
}

function poolSizeFromEnv(): number {
  return envValue('VIGIL_DB_POOL_SIZE');
}
