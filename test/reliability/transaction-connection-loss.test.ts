// A transaction whose database connection dies (a PostgreSQL restart, a killed backend) gives the
// connection back to the pool: the pool keeps its size, later queries get a connection, and
// $disconnect returns. Prisma 6.19 alone leaks it when the ending COMMIT/ROLLBACK fails
// (platform/db/releasing-transactions.ts). A pool of one connection makes one leak visible.
import { Client } from 'pg';
import { createDb, Db } from '../../platform/db/prisma';

let db: Db;
let admin: Client;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 1);
  admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
});

/** Terminates the backend serving this transaction and waits until it has gone. */
async function killBackendOf(tx: Parameters<Parameters<Db['$transaction']>[0]>[0]): Promise<void> {
  const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  for (;;) {
    const alive = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
    if (alive.rowCount === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function selectOne(): Promise<unknown> {
  return db.$queryRaw`SELECT 1 AS one`;
}

it('gives the connection back when the ROLLBACK after a failed statement cannot be sent', async () => {
  await expect(
    db.$transaction(async (tx) => {
      await killBackendOf(tx);
      await tx.$queryRaw`SELECT 1`;
    }),
  ).rejects.toThrow();
  // A leaked connection would leave this query waiting for the pool (5 s) and failing.
  await expect(selectOne()).resolves.toEqual([{ one: 1 }]);
});

it('gives the connection back when the COMMIT cannot be sent', async () => {
  await expect(
    db.$transaction(async (tx) => {
      await killBackendOf(tx);
    }),
  ).rejects.toThrow();
  await expect(selectOne()).resolves.toEqual([{ one: 1 }]);
});

it('disconnects at once afterwards (no connection left checked out)', async () => {
  await expect(db.$transaction(async (tx) => killBackendOf(tx))).rejects.toThrow();
  const outcome = await Promise.race([
    db.$disconnect().then(() => 'disconnected'),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
  ]);
  expect(outcome).toBe('disconnected');
});
