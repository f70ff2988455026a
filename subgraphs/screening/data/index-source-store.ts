// The reads the screening index loads from (schema "screening"): active version pointers and the
// entity rows a version selects, on a node-postgres client of the index's own (the index thread
// loads this module, so it imports no Prisma client). Global reference data, not tenant-scoped.
import { Client, type ClientBase } from 'pg';
import { STARTUP_LOAD_FORMAT } from './watchlist-signals';

type Reader = Pick<ClientBase, 'query'>;

/** A connection of the index's own for one load or version check: connect, read, end. */
export type IndexSourceClient = Reader & Pick<Client, 'connect' | 'end'>;

export function indexSourceClient(databaseUrl: string): IndexSourceClient {
  return new Client({ connectionString: databaseUrl });
}

export interface ActivePointerRow {
  source: string;
  active_version_id: string;
  active_seq: number;
}

/** One snapshot for the pointers and the rows they select (until endReadSnapshot). */
export async function beginReadSnapshot(client: Reader): Promise<void> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

export async function endReadSnapshot(client: Reader): Promise<void> {
  await client.query('COMMIT');
}

/** Every source with an active version, by source. */
export async function activePointers(client: Reader): Promise<ActivePointerRow[]> {
  const sources = await client.query<ActivePointerRow>(
    `SELECT source, active_version_id, active_seq FROM screening.watchlist_sources WHERE active_version_id IS NOT NULL ORDER BY source`,
  );
  return sources.rows;
}

/** The active version of each source that has one (the periodic version check). */
export async function activeVersionIds(client: Reader): Promise<{ source: string; active_version_id: string }[]> {
  const result = await client.query<{ source: string; active_version_id: string }>(
    `SELECT source, active_version_id FROM screening.watchlist_sources WHERE active_version_id IS NOT NULL`,
  );
  return result.rows;
}

/** Entities of the source removed after `fromSeq` up to `toSeq` (that existed at `fromSeq`). */
export async function entitiesRemovedBetween(
  client: Reader,
  source: string,
  fromSeq: number,
  toSeq: number,
): Promise<{ source_id: string }[]> {
  const removed = await client.query<{ source_id: string }>(
    `SELECT source_id FROM screening.watchlist_entities WHERE source = $1 AND removed_seq > $2 AND removed_seq <= $3 AND added_seq <= $2`,
    [source, fromSeq, toSeq],
  );
  return removed.rows;
}

/** Entities of the source added after `fromSeq` and still present at `toSeq`. */
export async function entitiesAddedBetween<T>(
  client: Reader,
  source: string,
  fromSeq: number,
  toSeq: number,
): Promise<{ source_id: string; data: T }[]> {
  const added = await client.query<{ source_id: string; data: T }>(
    `SELECT source_id, data FROM screening.watchlist_entities
              WHERE source = $1 AND added_seq > $2 AND added_seq <= $3 AND (removed_seq IS NULL OR removed_seq > $3)`,
    [source, fromSeq, toSeq],
  );
  return added.rows;
}

/** Every entity of the source present at `seq`. */
export async function entitiesAt<T>(client: Reader, source: string, seq: number): Promise<{ source_id: string; data: T }[]> {
  const all = await client.query<{ source_id: string; data: T }>(
    `SELECT source_id, data FROM screening.watchlist_entities
              WHERE source = $1 AND added_seq <= $2 AND (removed_seq IS NULL OR removed_seq > $2)`,
    [source, seq],
  );
  return all.rows;
}

/** A first-start load (loadShippedWatchlistsOnce) is running; stale markers (a crash) expire. */
export async function startupLoadRunning(client: Reader): Promise<boolean> {
  const result = await client.query<{ running: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM screening.watchlist_imports WHERE format = $1 AND status = 'running' AND created_at > now() - interval '15 minutes') AS running`,
    [STARTUP_LOAD_FORMAT],
  );
  return result.rows[0].running;
}

/** Entities of the source present at `seq` (what a streamed load will add, announced to the index build up front). */
export async function countEntitiesAt(client: Reader, source: string, seq: number): Promise<number> {
  const result = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM screening.watchlist_entities
              WHERE source = $1 AND added_seq <= $2 AND (removed_seq IS NULL OR removed_seq > $2)`,
    [source, seq],
  );
  return Number(result.rows[0].n);
}

/**
 * The database sorts text by code point, which is UTF-8 byte order (C/POSIX; glibc's C.UTF-8; the builtin provider of
 * PostgreSQL 17): the primary key's order is then the index's order.
 */
async function sortsByBytes(client: Reader): Promise<boolean> {
  const result = await client.query<{ collate: string; provider: string | null }>(
    `SELECT datcollate AS collate, to_jsonb(d) ->> 'datlocprovider' AS provider FROM pg_database d WHERE datname = current_database()`,
  );
  const row = result.rows[0];
  if (!row) return false;
  if (row.provider === 'b') return true;
  return ['C', 'POSIX', 'C.UTF-8', 'C.utf8'].includes(row.collate) && (row.provider === null || row.provider === 'c');
}

/**
 * Every entity of the source present at `seq`, by source id in byte order (the order the index holds them in, as a
 * JavaScript sort of the ids gives it), handed over `batch` rows at a time: a cursor in the caller's transaction (see
 * beginReadSnapshot), so no more than two batches are ever held as objects. The next batch is fetched while the caller
 * works on the current one. Returns the milliseconds spent waiting for rows.
 */
export async function streamEntitiesAt<T>(
  client: Reader,
  source: string,
  seq: number,
  batch: number,
  onBatch: (rows: { data: T }[]) => void,
): Promise<number> {
  // With a byte-order database the primary key (source, source_id, added_seq) yields this order without a sort.
  const order = (await sortsByBytes(client)) ? 'source_id' : 'source_id COLLATE "C"';
  await client.query(
    `DECLARE vigil_index_entities NO SCROLL CURSOR FOR
       SELECT data FROM screening.watchlist_entities
        WHERE source = $1 AND added_seq <= $2 AND (removed_seq IS NULL OR removed_seq > $2)
        ORDER BY ${order}`,
    [source, seq],
  );
  let waited = 0;
  try {
    const fetch = () => {
      const pending = client.query<{ data: T }>(`FETCH ${Math.max(1, Math.floor(batch))} FROM vigil_index_entities`);
      // A batch that fails while the caller works on the previous one is reported by the await below, not unhandled.
      pending.catch(() => undefined);
      return pending;
    };
    let next = fetch();
    for (;;) {
      const t = performance.now();
      const rows = (await next).rows;
      waited += performance.now() - t;
      if (rows.length === 0) break;
      next = fetch();
      onBatch(rows);
    }
  } finally {
    await client.query('CLOSE vigil_index_entities');
  }
  return Math.round(waited);
}
