// A worker as its own process (started by agent-crash.test.ts, which kills it with SIGKILL).
import { loadConfig } from '../../platform/config';
import { createDb } from '../../platform/db/prisma';
import { startWorker } from '../../app/worker';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = createDb(config.databaseUrl, 4);
  await startWorker(db, config);
  process.stdout.write('worker ready\n');
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
