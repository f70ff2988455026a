import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';
import { dbOperationDuration } from '../http/metrics';

export type { Prisma } from '../../generated/prisma/client';

/** One Prisma client per process and database URL, over node-postgres (no native engine). Every
 * operation is timed into Prometheus by model and operation (vigil_db_operation_duration_seconds). */
export function createDb(databaseUrl: string, poolSize = 10) {
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
  return client.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
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
