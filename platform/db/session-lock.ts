// A Postgres session advisory lock held on its own connection for the length of `work`: serializes
// a task across every worker process of one database (several workers may pick up jobs that must
// not overlap). The connection ends with the lock, so a crash or a database restart releases it.
// The lock is polled, never waited on in the server, so a stop or an outage never leaves a caller
// blocked inside Postgres; a caller that does not get it within waitMs skips its turn (null).
import { Client } from 'pg';

export interface SessionLockOptions {
  /** How long to try for the lock before giving up (default 30 s). */
  waitMs?: number;
  pollMs?: number;
}

export async function withSessionLock<T>(
  databaseUrl: string,
  lockName: string,
  work: () => Promise<T>,
  options: SessionLockOptions = {},
): Promise<T | null> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
  // A connection the server ends (restart, outage) reports here; the lock went with it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const deadline = Date.now() + (options.waitMs ?? 30_000);
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lockName]);
      if (rows[0].locked) break;
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
