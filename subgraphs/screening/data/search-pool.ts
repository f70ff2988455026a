// The search path's node-postgres pool: searches are written (and their settings read) with one
// prepared statement each, without Prisma's per-call query compilation (the hottest non-engine cost
// of the search path in CPU profiles). The pool lives here, in the data layer, so only data/
// imports pg.
import { Pool } from 'pg';
import type { RowReader, StatementRunner } from './search-store';

export interface SearchPool {
  /** Runs one (named: prepared) statement. */
  writeStatement: StatementRunner;
  /** Runs one (named: prepared) query; its rows. */
  readRows: RowReader;
  end(): Promise<void>;
}

/** A pool of `max` connections; `onIdleError` hears about errors of idle clients (a dropped
 * connection), which would otherwise crash the process. */
export function createSearchPool(databaseUrl: string, max: number, onIdleError: (error: Error) => void): SearchPool {
  const pool = new Pool({ connectionString: databaseUrl, max });
  pool.on('error', onIdleError);
  return {
    writeStatement: async (sql, params, name) => {
      await pool.query({ name, text: sql, values: params });
    },
    readRows: async (sql, params, name) => (await pool.query<Record<string, unknown>>({ name, text: sql, values: params })).rows,
    end: () => pool.end(),
  };
}
