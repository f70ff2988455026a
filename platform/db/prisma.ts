import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { PrismaClient } from '../../generated/prisma/client';
import { dbOperationDuration } from '../http/metrics';
import { ReleasingPrismaPg } from './releasing-transactions';
import { parseUtcTimestamp } from './utc-timestamp';
import { envValue } from '../config/env';

// The Prisma namespace is in prisma-client.ts, which only data/ folders may import.

/** One Prisma client per process and database URL, over node-postgres (no native engine), on one
 * bounded pool: a request waits at most 5 s for a connection (during an outage it fails fast with
 * 503 instead of queueing without end), idle connections close after 10 s so a recovered database
 * is met with fresh ones; a transaction whose connection died gives it back all the same
 * (releasing-transactions.ts). Every operation is timed into Prometheus by model and operation
 * (vigil_db_operation_duration_seconds). */
export function createDb(databaseUrl: string, poolSize = poolSizeFromEnv()) {
  // One pool for both: Prisma's adapter and the hot reads of the data layers ($readRows), so the
  // bounds above hold for every query of the process.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 10_000 });
  // An idle connection the server closes (a restart, an outage, the embedded server stopping at
  // shutdown) is an 'error' on the pool, which drops that connection; the next query opens a fresh
  // one. Unheard, it would be an uncaught error that ends the process.
  pool.on('error', () => undefined);
  // Prisma ends the pool on $disconnect, as it would its own.
  const adapter = new ReleasingPrismaPg(new PrismaPg(pool, { disposeExternalPool: true }));
  // A transaction waits for a connection as long as any query does (the pool's 5 s; Prisma's own
  // default is 2 s, so under load a transaction failed while a plain read beside it still waited),
  // and may run 15 s (default 5 s: a loaded machine stretched a search's write past it).
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 5_000, timeout: TRANSACTION_LIMIT_MS } });
  const readRows: RowReader = async (sql, params, name) => {
    const stop = dbOperationDuration.startTimer({ model: 'raw', operation: name ?? 'readRows' });
    try {
      const result = await pool.query<Record<string, unknown>>({ name, text: sql, values: params.map(toParameter), types: RAW_TYPES });
      return result.rows;
    } finally {
      stop();
    }
  };
  /** A statement on one connection (a transaction's), as readRows runs it on the pool. */
  const runOn = async (connection: pg.PoolClient, sql: string, params: readonly unknown[], name?: string) => {
    const stop = dbOperationDuration.startTimer({ model: 'raw', operation: name ?? 'runStatement' });
    try {
      const result = await connection.query<Record<string, unknown>>({
        name,
        text: sql,
        values: params.map(toParameter),
        types: RAW_TYPES,
      });
      return result.rows;
    } finally {
      stop();
    }
  };
  /** COPY … FROM STDIN on one connection: `data` is the whole input in the statement's format; the rows copied. */
  const copyOn = async (connection: pg.PoolClient, sql: string, data: string | Buffer | readonly (string | Buffer)[]) => {
    const stop = dbOperationDuration.startTimer({ model: 'raw', operation: 'copyFrom' });
    try {
      const stream = connection.query(copyFromStdin(sql));
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        // 'finish' comes after the server confirmed the COPY and the connection is ready again (pg-copy-streams >= 4).
        stream.once('finish', () => resolve());
        for (const piece of typeof data === 'string' || Buffer.isBuffer(data) ? [data] : data) stream.write(piece);
        stream.end();
      });
      return stream.rowCount;
    } finally {
      stop();
    }
  };
  const rawTransaction = async <T>(work: (tx: DbRawTx) => Promise<T>, options: RawTransactionOptions = {}): Promise<T> => {
    const stop = dbOperationDuration.startTimer({ model: 'raw', operation: 'transaction' });
    // The pool's bounds hold as for any query: at most 5 s waiting for a connection (or maxWaitMs, retried).
    const connection = await connectWithin(pool, options.maxWaitMs);
    // A connection whose BEGIN, COMMIT or ROLLBACK failed may be dead or mid-transaction: closed,
    // never pooled again (as releasing-transactions.ts does for Prisma's transactions).
    let broken = false;
    // A checked-out connection has no pool listener: a server that ends it mid-transaction (an
    // outage, a restart) would be an uncaught 'error' that ends the process. Heard, the failing
    // statement rejects and the connection is closed on release.
    const onError = () => {
      broken = true;
    };
    connection.on('error', onError);
    const control = async (statement: string) => {
      try {
        await connection.query(statement);
      } catch (error) {
        broken = true;
        throw error;
      }
    };
    // A transaction with a deadline of its own (a long import) is bounded as Prisma bounds an interactive transaction's
    // `timeout`: no statement starts, and nothing commits, after it; the server ends a statement or an idle spell longer
    // than the whole deadline.
    const limit = options.timeoutMs ?? TRANSACTION_LIMIT_MS;
    const deadline = Date.now() + limit;
    const checkDeadline = () => {
      if (options.timeoutMs !== undefined && Date.now() > deadline)
        throw new Error(`transaction deadline of ${options.timeoutMs} ms passed; rolled back`);
    };
    try {
      await control(options.timeoutMs === undefined ? BEGIN_BOUNDED : beginBounded(limit));
      const tx: DbRawTx = {
        [RAW_TX]: true,
        run: async (sql, params, name) => {
          checkDeadline();
          return runOn(connection, sql, params, name);
        },
        copyFrom: async (sql, data) => {
          checkDeadline();
          return copyOn(connection, sql, data);
        },
      };
      let result: T;
      try {
        result = await work(tx);
        checkDeadline();
      } catch (error) {
        await control('ROLLBACK').catch(() => undefined);
        throw error;
      }
      await control('COMMIT');
      return result;
    } finally {
      connection.removeListener('error', onError);
      connection.release(broken);
      stop();
    }
  };
  return client.$extends({
    client: {
      /** Runs one read on the client's pool without Prisma's per-call query compilation, as a named
       * (prepared: parsed and planned once per connection) statement when `name` is given. Rows
       * come back as node-postgres gives them, with `timestamp` columns read as UTC (as Prisma
       * reads them). Outside transactions only: it does not see a transaction's own writes. */
      $readRows: readRows,
      /** One statement in its own implicit transaction (autocommit) on the client's pool, as
       * `$readRows` runs it (named: prepared once per connection): for the single-statement writes
       * of the hot paths (an audited read's audit entry), never inside a transaction. */
      $runStatement: readRows,
      /** A transaction of raw statements on one pooled connection, without Prisma: `work` runs its
       * statements through `tx.run` (named: prepared once per connection, as `$readRows`), then
       * COMMIT; a throw rolls back. For the hot writes (the profile insert) whose Prisma
       * interactive transaction cost more CPU than the rest of the request; data functions take
       * the `DbRawTx` as they take a Prisma `tx` (docs/platform.md "Raw transactions"). */
      $rawTransaction: rawTransaction,
    },
    query: {
      async $allOperations({ model, operation, args, query }): Promise<unknown> {
        const stop = dbOperationDuration.startTimer({ model: model ?? 'raw', operation });
        try {
          return await query(args);
        } finally {
          stop();
        }
      },
    },
  });
}

export type Db = ReturnType<typeof createDb>;

/** One read of raw SQL ($1, $2, … parameters); `name` makes it a prepared statement. */
export type RowReader = (sql: string, params: readonly unknown[], name?: string) => Promise<Record<string, unknown>[]>;

/** How long a transaction may run, Prisma's and the raw ones alike (a loaded machine stretched a search's write past 5 s). */
const TRANSACTION_LIMIT_MS = 15_000;
/** A raw transaction's BEGIN, bounded as Prisma bounds its own: no statement runs longer, and a transaction its
 * holder leaves idle (a request that hangs between statements) is ended by the server, which frees its locks and
 * its connection. One round trip (the simple protocol runs the three in order). */
const beginBounded = (ms: number) =>
  `BEGIN; SET LOCAL statement_timeout = ${Math.round(ms)}; SET LOCAL idle_in_transaction_session_timeout = ${Math.round(ms)}`;
const BEGIN_BOUNDED = beginBounded(TRANSACTION_LIMIT_MS);

/** Bounds of a raw transaction other than the default 15 s (a watchlist import of millions of rows). */
export interface RawTransactionOptions {
  /** The transaction's deadline: no statement starts and nothing commits after it (rolled back). Default 15 s. */
  timeoutMs?: number;
  /** How long to wait for a pooled connection (the pool's own 5 s, retried until this passes). */
  maxWaitMs?: number;
}

/** A pooled connection, waiting up to `maxWaitMs` (the pool gives up after its own 5 s; retried until then). */
async function connectWithin(pool: pg.Pool, maxWaitMs?: number): Promise<pg.PoolClient> {
  const until = Date.now() + (maxWaitMs ?? 0);
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      // pg-pool's wait for a free connection ran out; any other failure (the server is down) is reported at once.
      if (maxWaitMs === undefined || Date.now() >= until || !/timeout exceeded when trying to connect/i.test((error as Error).message))
        throw error;
    }
  }
}

/** A count read as `$readRows` reads (a prepared statement when named): the statement answers one row
 * whose column `n` is the count. */
export async function readCount(db: Db, sql: string, params: readonly unknown[], name: string): Promise<number> {
  const rows = await db.$readRows(sql, params, name);
  return Number(rows[0]?.n ?? 0);
}

/** Prisma stores DateTime as `timestamp(3)` (no zone) in UTC; node-postgres would read it as local time. */
const TIMESTAMP_OID = 1114;
const RAW_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? parseUtcTimestamp
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Dates go out as ISO text with their zone: a `timestamp` column takes the UTC wall time, as Prisma writes it
 * (node-postgres would send local time, whose offset such a column ignores). */
function toParameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

const RAW_TX = Symbol('raw transaction');

/** A raw transaction's handle ($rawTransaction): its statements run on its one connection, in order. */
export interface DbRawTx {
  readonly [RAW_TX]: true;
  /** One statement of the transaction ($1, $2, … parameters); `name` makes it a prepared statement. */
  run: RowReader;
  /** `COPY … FROM STDIN` in the transaction, `data` being the whole input in the statement's format; the rows copied. */
  copyFrom(sql: string, data: string | Buffer | readonly (string | Buffer)[]): Promise<number>;
}

/** Whether `db` is a raw transaction's handle (not the client, nor a Prisma transaction's client). */
export function isRawTx(db: object): db is DbRawTx {
  return (db as Partial<DbRawTx>)[RAW_TX] === true;
}

/** The client of an interactive transaction (`db.$transaction(async (tx) => ...)`) of Db. */
export type DbTx = Omit<
  Db,
  '$extends' | '$transaction' | '$connect' | '$disconnect' | '$on' | '$use' | '$readRows' | '$runStatement' | '$rawTransaction'
>;

/** Whether `db` is the client itself, not a transaction's client (which has no `$transaction` at run time). */
export function isRootClient(db: DbClient): db is Db {
  return typeof (db as Partial<Db>).$transaction === 'function';
}

/** The client or a transaction's client: data functions take either (they never open a transaction
 * themselves unless they take Db). */
export type DbClient = Db | DbTx;

/** The tenant + workspace every domain query filters by. Callers may pass richer objects (a
 * principal's scope); data functions read exactly these two fields. */
export interface Scope {
  tenantId: string;
  workspaceId: string;
}

function poolSizeFromEnv(): number {
  return envValue('VIGIL_DB_POOL_SIZE');
}
