import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';

export type Db = InstanceType<typeof PrismaClient>;
export type { Prisma } from '../../generated/prisma/client';

/** One Prisma client per process and database URL, over node-postgres (no native engine). */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
}
