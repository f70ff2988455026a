// A Postgres session advisory lock held on its own connection for the length of `work`: serializes
// a task across every worker process of one database (several workers may pick up jobs that must
// not overlap). The connection ends with the lock, so a crash releases it.
import { Client } from 'pg';

export async function withSessionLock<T>(databaseUrl: string, lockName: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
