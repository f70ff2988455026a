// The database a command-line tool works on: DATABASE_URL, or the embedded one of `npm start`
// (started for the command when it is not running), migrated, and always closed afterwards.
import { loadConfig } from '../../platform/config';
import { applyMigrations } from '../../platform/db/migrations';
import { createDb, Db } from '../../platform/db/prisma';
import { prepareLocalEnvironment } from '../../platform/config/local-environment';

export async function withCliDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await prepareLocalEnvironment(process.env);
  const config = loadConfig();
  await applyMigrations(config.databaseUrl);
  const db = createDb(config.databaseUrl, 2);
  try {
    return await work(db);
  } finally {
    await db.$disconnect();
    await database?.stop();
  }
}
