// Prisma 6.19's transaction manager ends an interactive transaction by sending ROLLBACK (or COMMIT)
// through it and only then calling the driver transaction's rollback() (or commit()), which is what
// hands the pooled connection back. When that statement fails because the connection is gone (the
// database restarted or killed the backend mid-transaction), rollback()/commit() is never called:
// the connection stays checked out for ever. Each transaction caught by an outage then shrinks the
// pool by one until requests only wait for a connection and fail, and pool.end() ($disconnect)
// waits without end for the lost ones. This wrapper closes the connection when the ending
// statement fails, which gives its place in the pool back. Listed in platform/library-patches.ts.
import type { PrismaPg } from '@prisma/adapter-pg';

type DriverAdapter = Awaited<ReturnType<PrismaPg['connect']>>;
type DriverTransaction = Awaited<ReturnType<DriverAdapter['startTransaction']>>;
type SqlQuery = Parameters<DriverTransaction['executeRaw']>[0];

/** Statements Prisma sends to end a transaction before it releases the connection. */
const ENDING_STATEMENTS = new Set(['COMMIT', 'ROLLBACK']);

/** PrismaPg whose transactions always give their connection back, even when COMMIT/ROLLBACK fails. */
export class ReleasingPrismaPg {
  readonly provider: PrismaPg['provider'];
  readonly adapterName: string;

  constructor(private readonly inner: PrismaPg) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async connect(): Promise<DriverAdapter> {
    return withReleasingTransactions(await this.inner.connect());
  }

  async connectToShadowDb(): Promise<DriverAdapter> {
    return withReleasingTransactions(await this.inner.connectToShadowDb());
  }
}

function withReleasingTransactions(adapter: DriverAdapter): DriverAdapter {
  return forwarding(adapter, {
    async startTransaction(isolationLevel) {
      return releasingOnFailedEnd(await adapter.startTransaction(isolationLevel));
    },
  });
}

/** The transaction releases its connection at most once: on commit()/rollback(), or as soon as the
 * statement that ends it fails (Prisma then calls neither). A connection whose ending statement
 * failed is closed, not pooled: the server's goodbye can arrive before the socket's end, so the
 * pool could still take it for a live one and hand it to the next query. */
function releasingOnFailedEnd(transaction: DriverTransaction): DriverTransaction {
  let released = false;
  const releaseOnce = async (release: () => unknown) => {
    if (released) return;
    released = true;
    await release();
  };
  return forwarding(transaction, {
    async executeRaw(query: SqlQuery) {
      try {
        return await transaction.executeRaw(query);
      } catch (error) {
        if (ENDING_STATEMENTS.has(query.sql.trim().toUpperCase()))
          await releaseOnce(() => closeConnection(transaction)).catch(() => undefined);
        throw error;
      }
    },
    commit: () => releaseOnce(() => transaction.commit()),
    rollback: () => releaseOnce(() => transaction.rollback()),
  });
}

/** Gives the transaction's pooled connection back as broken (pg-pool closes it). The driver keeps
 * the pg.PoolClient in its `client` field; were it ever renamed, a plain rollback() still releases. */
function closeConnection(transaction: DriverTransaction): Promise<void> | void {
  const connection = (transaction as unknown as { client?: { release?: (destroy: boolean) => void } }).client;
  if (typeof connection?.release !== 'function') return transaction.rollback();
  connection.release(true);
}

/** An object that answers with `overrides` and forwards everything else to `target` (methods bound
 * to it): the driver's classes are not exported, so they cannot be subclassed. */
function forwarding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.prototype.hasOwnProperty.call(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
