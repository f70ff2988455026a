// The plain PostgreSQL peer of the screening engine: pg_trgm similarity() over every listed name,
// best name per entity, top 10 (the query bench:quality compares recall against), loaded into a
// table of its own.
import pg from 'pg';
import { entityKey, type WatchlistEntity } from '../../subgraphs/screening/lists';

export const TRIGRAM_THRESHOLD = 0.3;

export function trigramQuery(table: string): string {
  return `SELECT entity_id, max(similarity(name, $1)) AS s FROM ${table} WHERE name % $1 GROUP BY entity_id ORDER BY s DESC, entity_id LIMIT 10`;
}

export async function loadTrigramTable(pool: pg.Pool, entities: WatchlistEntity[], table: string): Promise<void> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.query(`CREATE TABLE ${table} (entity_id text NOT NULL, name text NOT NULL)`);
  const rows = entities.flatMap((e) => e.names.map((n) => [entityKey(e), n.value] as const));
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await pool.query(`INSERT INTO ${table} (entity_id, name) SELECT * FROM unnest($1::text[], $2::text[])`, [
      chunk.map((r) => r[0]),
      chunk.map((r) => r[1]),
    ]);
  }
  await pool.query(`CREATE INDEX ${table}_trgm ON ${table} USING gin (name gin_trgm_ops)`);
  await pool.query(`ANALYZE ${table}`);
}
