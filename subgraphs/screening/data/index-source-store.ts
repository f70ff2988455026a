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
