// The screening subgraph's in-memory index: loaded from Postgres (the active version of every
// source) at start, rebuilt off to the side and swapped atomically whenever a version changes on
// any replica: LISTEN screening_versions (NOTIFY is sent by the import transaction) plus a
// periodic version check as a fallback (a missed notification, a dropped connection).
import { PgListener } from '../../../platform/db/pg-listener';
import { ReadyWaiters } from './ready-waiters';
import { Logger } from '../../../platform/logging/logger';
import { VERSIONS_CHANNEL } from '../data/watchlist-signals';
import {
  activePointers,
  activeVersionIds,
  beginReadSnapshot,
  endReadSnapshot,
  entitiesAddedBetween,
  entitiesAt,
  entitiesRemovedBetween,
  indexSourceClient,
  startupLoadRunning,
} from '../data/index-source-store';
import {
  buildEngineIndex,
  CompareParty,
  EngineIndex,
  EngineSearchOptions,
  NameComparison,
  ScreeningMatch,
  WatchlistEntity,
} from './engine-adapter';

/** Why searches answer 503 before the first index is built (in whichever thread holds it). */
export const INDEX_LOADING = 'The screening index is loading; retry in a few seconds';

/** An index as the services use it: searches answer asynchronously, because the index may live on
 * a thread of its own (threaded-index-holder.ts) rather than on the thread that serves requests. */
export interface SearchableIndex {
  readonly entityCount: number;
  readonly nameCount: number;
  readonly buildMs: number;
  search(name: string, options: EngineSearchOptions): Promise<ScreeningMatch[]>;
  /** One name against one candidate, scored as a search would (token rarity from this index). */
  compare(query: CompareParty, candidate: CompareParty, threshold?: number): Promise<NameComparison>;
}

export interface IndexSnapshot {
  index: SearchableIndex;
  /** The holder's swap count when this snapshot went in: searches on it are pinned to it. */
  generation: number;
  /** source → active version id the snapshot was built from. */
  versions: Record<string, string>;
  builtAt: Date;
  loadMs: number;
  buildMs: number;
  /** Rows read for this snapshot: whole sources (full) and version deltas (delta). */
  rowsLoaded: { full: number; delta: number };
}

export interface IndexHolderOptions {
  databaseUrl: string;
  log: Logger;
  /** Fallback version check interval (default 30 s). */
  pollMs?: number;
  /** Delay that coalesces a burst of notifications into one rebuild (default 200 ms). */
  debounceMs?: number;
  /** Called whenever the status may have changed (a swap, a rebuild attempt, a version check). */
  onChange?: () => void;
}

/** What /readyz/index and the screeningIndexStatus query report. */
export interface IndexStatus {
  ready: boolean;
  loading: boolean;
  generation: number;
  entities: number;
  names: number;
  versions: Record<string, string>;
  builtAt: string | null;
  loadMs: number | null;
  buildMs: number | null;
  rowsLoaded: { full: number; delta: number } | null;
  error: string | null;
}

/** A process's screening index, kept current with the database: built here (ScreeningIndexHolder)
 * or on a worker thread (ThreadedIndexHolder); the services cannot tell which. */
export interface IndexHolder {
  start(): void;
  current(): IndexSnapshot | undefined;
  readonly ready: boolean;
  readonly generation: number;
  unavailableReason(): string | undefined;
  status(): IndexStatus;
  whenReady(timeoutMs?: number): Promise<void>;
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** A built engine index answering through the SearchableIndex interface, in this thread. */
export function inThreadIndex(engine: EngineIndex): SearchableIndex {
  return {
    entityCount: engine.entityCount,
    nameCount: engine.nameCount,
    buildMs: engine.buildMs,
    search: async (name, options) => engine.search(name, options),
    compare: async (query, candidate, threshold) => engine.compare(query, candidate, threshold),
  };
}

export class ScreeningIndexHolder implements IndexHolder {
  private snapshot: IndexSnapshot | undefined;
  /** The engine index behind the snapshot (the worker thread answers searches from it). */
  private engine: EngineIndex | undefined;
  /** The entities the snapshot was built from, per source, and the version sequence of each. */
  private entitiesBySource = new Map<string, Map<string, WatchlistEntity>>();
  private seqs = new Map<string, number>();
  private listener: PgListener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private lastError: Error | undefined;
  /** whenReady() callers: released by the first build, or refused when the holder closes first. */
  private readyWaiters = new ReadyWaiters();
  /** A first-start load of the shipped lists is in progress (searches would see part of them). */
  private loading = false;
  /** Number of completed swaps (tests and metrics). */
  generation = 0;

  constructor(private readonly options: IndexHolderOptions) {}

  /** Starts loading in the background; searches answer 503 until the first build is in. */
  start(): void {
    void this.connectListener();
    this.requestRefresh(0);
    this.timer = setInterval(() => void this.checkVersions(), this.options.pollMs ?? 30_000);
    this.timer.unref();
  }

  current(): IndexSnapshot | undefined {
    return this.snapshot;
  }

  /** The engine index of the current snapshot (undefined before the first build). */
  currentEngine(): EngineIndex | undefined {
    return this.engine;
  }

  /** Readiness of the replica (/readyz): the index is built and no first-start load is running.
   * An empty index is ready (admins must be able to reach importWatchlist); searches on it answer 503. */
  get ready(): boolean {
    return this.snapshot !== undefined && !this.loading;
  }

  /** Why searches cannot be answered now (503 screening_index_unavailable), or undefined.
   * An empty index is not "ready": screening against no list would clear everyone. */
  unavailableReason(): string | undefined {
    if (!this.snapshot) return INDEX_LOADING;
    if (this.loading) return 'The watchlists are being loaded for the first time; retry in a few seconds';
    if (Object.keys(this.snapshot.versions).length === 0) return 'No watchlist is loaded; import one (see docs/screening.md)';
    return undefined;
  }

  status(): IndexStatus {
    return {
      loading: this.loading,
      loadMs: this.snapshot?.loadMs ?? null,
      buildMs: this.snapshot?.buildMs ?? null,
      rowsLoaded: this.snapshot?.rowsLoaded ?? null,
      ready: this.ready,
      generation: this.generation,
      entities: this.snapshot?.index.entityCount ?? 0,
      names: this.snapshot?.index.nameCount ?? 0,
      versions: this.snapshot?.versions ?? {},
      builtAt: this.snapshot?.builtAt.toISOString() ?? null,
      error: this.lastError?.message ?? null,
    };
  }

  /** Resolves once the first index is built (or rejects after timeoutMs). */
  whenReady(timeoutMs = 60_000): Promise<void> {
    if (this.snapshot) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('screening index holder closed'));
    return this.readyWaiters.wait(timeoutMs);
  }

  /** Rebuilds now (coalescing concurrent calls); resolves when the resulting swap is done. */
  async refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          await this.rebuild();
        } while (this.again && !this.closed);
      } finally {
        this.refreshing = undefined;
        this.options.onChange?.();
      }
    })();
    return this.refreshing;
  }

  private requestRefresh(delay = this.options.debounceMs ?? 200): void {
    if (this.closed) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      this.refresh().catch((error: unknown) => {
        this.lastError = error as Error;
        this.options.onChange?.();
        this.options.log.error({ err: error }, 'screening index rebuild failed; keeping the previous index');
        if (!this.snapshot) this.requestRefresh(2_000);
      });
    }, delay);
  }

  private async rebuild(): Promise<void> {
    const started = Date.now();
    const client = indexSourceClient(this.options.databaseUrl);
    await client.connect();
    let versions: Record<string, string>;
    const nextSeqs = new Map<string, number>();
    const loadedRows = { full: 0, delta: 0 };
    let nextEntities: Map<string, Map<string, WatchlistEntity>>;
    try {
      // One snapshot for the pointers and the rows they select.
      await beginReadSnapshot(client);
      const sources = await activePointers(client);
      versions = Object.fromEntries(sources.map((row) => [row.source, row.active_version_id]));
      this.loading = await startupLoadRunning(client);
      if (this.snapshot && sameVersions(this.snapshot.versions, versions)) {
        // A notification for a version this snapshot already serves (or a no-op import): nothing to do.
        await endReadSnapshot(client);
        return;
      }
      // Per source: unchanged → reuse; moved forward → apply only the rows that changed between the
      // two versions (the delta log makes this one query each); anything else → load it whole.
      nextEntities = new Map();
      for (const row of sources) {
        nextSeqs.set(row.source, row.active_seq);
        const previousSeq = this.seqs.get(row.source);
        const previous = this.entitiesBySource.get(row.source);
        if (previous && previousSeq === row.active_seq && this.snapshot?.versions[row.source] === row.active_version_id) {
          nextEntities.set(row.source, previous);
        } else if (previous && previousSeq !== undefined && row.active_seq > previousSeq) {
          const copy = new Map(previous);
          const removed = await entitiesRemovedBetween(client, row.source, previousSeq, row.active_seq);
          for (const r of removed) copy.delete(r.source_id);
          const added = await entitiesAddedBetween<WatchlistEntity>(client, row.source, previousSeq, row.active_seq);
          for (const r of added) copy.set(r.source_id, r.data);
          loadedRows.delta += removed.length + added.length;
          nextEntities.set(row.source, copy);
        } else {
          const all = await entitiesAt<WatchlistEntity>(client, row.source, row.active_seq);
          loadedRows.full += all.length;
          nextEntities.set(row.source, new Map(all.map((r) => [r.source_id, r.data])));
        }
      }
      await endReadSnapshot(client);
    } finally {
      await client.end().catch(() => undefined);
    }
    if (this.closed) return;
    const loaded = Date.now();
    // Deterministic order (source, source id): equal scores rank the same on every replica.
    const entities: WatchlistEntity[] = [];
    for (const source of [...nextEntities.keys()].sort()) {
      const bySource = nextEntities.get(source)!;
      for (const id of [...bySource.keys()].sort()) entities.push(bySource.get(id)!);
    }
    const index = buildEngineIndex(entities);
    const built = Date.now();
    // The swap: one assignment; searches in flight keep the snapshot they started with.
    this.generation++;
    this.snapshot = {
      index: inThreadIndex(index),
      generation: this.generation,
      versions,
      builtAt: new Date(),
      loadMs: loaded - started,
      buildMs: built - loaded,
      rowsLoaded: loadedRows,
    };
    this.engine = index;
    this.entitiesBySource = nextEntities;
    this.seqs = nextSeqs;
    this.lastError = undefined;
    this.options.log.info(
      {
        entities: index.entityCount,
        names: index.nameCount,
        rowsLoaded: loadedRows,
        loadMs: loaded - started,
        buildMs: built - loaded,
        versions,
      },
      'screening index ready',
    );
    this.readyWaiters.release();
  }

  /** The fallback: compares the active version pointers with the snapshot's. */
  async checkVersions(): Promise<boolean> {
    if (this.closed) return false;
    const client = indexSourceClient(this.options.databaseUrl);
    try {
      await client.connect();
      const now = Object.fromEntries((await activeVersionIds(client)).map((row) => [row.source, row.active_version_id]));
      this.loading = await startupLoadRunning(client);
      const known = this.snapshot?.versions ?? {};
      const same = sameVersions(known, now);
      this.options.onChange?.();
      if (!same && this.snapshot) {
        this.options.log.info({ known, now }, 'watchlist versions changed (periodic check); rebuilding the screening index');
        this.requestRefresh(0);
      }
      return !same;
    } catch (error) {
      this.options.log.warn({ err: error }, 'watchlist version check failed');
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async connectListener(): Promise<void> {
    // One reconnect loop with capped, jittered backoff (platform/db/pg-listener.ts); after each
    // reconnect the version check catches up on notifications missed while it was down.
    this.listener = new PgListener({
      databaseUrl: this.options.databaseUrl,
      channels: [VERSIONS_CHANNEL],
      name: 'screening versions listener',
      log: this.options.log,
      onNotification: (message) => {
        if (message.channel !== VERSIONS_CHANNEL) return;
        this.options.log.info({ payload: message.payload }, 'watchlist version notification; rebuilding the screening index');
        this.requestRefresh();
      },
      onConnected: () => void this.checkVersions(),
    });
    await this.listener.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.debounce) clearTimeout(this.debounce);
    this.readyWaiters.refuse(new Error('screening index holder closed'));
    await this.refreshing?.catch(() => undefined);
    await this.listener?.close();
    this.listener = undefined;
  }
}

function sameVersions(a: Record<string, string>, b: Record<string, string>): boolean {
  return Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([source, id]) => a[source] === id);
}
