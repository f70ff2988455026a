// The screening subgraph's in-memory index: loaded from Postgres (the active version of every
// source) at start, rebuilt off to the side and swapped atomically whenever a version changes on
// any replica: LISTEN screening_versions (NOTIFY is sent by the import transaction) plus a
// periodic version check as a fallback (a missed notification, a dropped connection).
import os from 'node:os';
import path from 'node:path';
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
  countEntitiesAt,
  streamEntitiesAt,
  entitiesRemovedBetween,
  indexSourceClient,
  startupLoadRunning,
} from '../data/index-source-store';
import { readIndexSnapshot, writeIndexSnapshot, type SnapshotLists } from './index-snapshot';
import {
  engineEntities,
  startEngineIndexBuild,
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
  /** The index snapshot file (index-snapshot.ts): loaded at start when it matches the active list
   * versions, written after each build from the database. Unset: no snapshot. */
  snapshotFile?: string;
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
  /** The version sequence of each source the snapshot was built from (its entities are in the engine index). */
  private seqs = new Map<string, number>();
  /** Entities of each source in the engine index (one after the other, in source order). */
  private counts = new Map<string, number>();
  /** The snapshot file being written, if one is (close() waits for it). */
  private writing: Promise<void> | undefined;
  /** Where the current index came from (logs and the scale bench). */
  origin: 'database' | 'snapshot' | undefined;
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
    const counts = new Map<string, number>();
    let index: EngineIndex;
    let loadMs: number;
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
      const lists: SnapshotLists = { versions, seqs: Object.fromEntries(sources.map((row) => [row.source, row.active_seq])) };
      if (!this.snapshot && this.options.snapshotFile && sources.length > 0) {
        // First build of this process: the index written by an earlier one, if it is of these very versions.
        await endReadSnapshot(client);
        if (await this.loadSnapshotFile(this.options.snapshotFile, lists, started)) return;
        await beginReadSnapshot(client);
        const again = await activePointers(client);
        if (!sameVersions(versions, Object.fromEntries(again.map((row) => [row.source, row.active_version_id])))) {
          // A version moved meanwhile: the next refresh reads it (a notification or the version check asks for one).
          this.again = true;
        }
        sources.splice(0, sources.length, ...again);
        versions = Object.fromEntries(sources.map((row) => [row.source, row.active_version_id]));
      }
      // Per source: unchanged → reuse; moved forward → apply only the rows that changed between the
      // two versions (the delta log makes this one query each); anything else → load it whole.
      // The previous entities come from the engine index (decoded once, only when a source is reused).
      // Sources are added to the build in source order, each by source id (deterministic: equal
      // scores rank the same on every replica); a whole source streams from a cursor into the build,
      // so the rows of a source are never all held as objects at once.
      const previousOf = previousEntities(this.engine, this.counts);
      const plans: { source: string; seq: number; count: number; entities?: () => Iterable<WatchlistEntity> }[] = [];
      for (const row of [...sources].sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0))) {
        nextSeqs.set(row.source, row.active_seq);
        const previousSeq = this.seqs.get(row.source);
        const known = previousSeq !== undefined && this.snapshot !== undefined;
        if (known && previousSeq === row.active_seq && this.snapshot?.versions[row.source] === row.active_version_id) {
          const range = previousOf.range(row.source);
          plans.push({ source: row.source, seq: row.active_seq, count: range.count, entities: () => range.entities() });
        } else if (known && row.active_seq > previousSeq) {
          const copy = previousOf.map(row.source);
          const removed = await entitiesRemovedBetween(client, row.source, previousSeq, row.active_seq);
          for (const r of removed) copy.delete(r.source_id);
          const added = await entitiesAddedBetween<WatchlistEntity>(client, row.source, previousSeq, row.active_seq);
          for (const r of added) copy.set(r.source_id, r.data);
          loadedRows.delta += removed.length + added.length;
          const ids = [...copy.keys()].sort();
          plans.push({ source: row.source, seq: row.active_seq, count: ids.length, entities: () => ids.map((id) => copy.get(id)!) });
        } else {
          plans.push({ source: row.source, seq: row.active_seq, count: await countEntitiesAt(client, row.source, row.active_seq) });
        }
      }
      let count = 0;
      for (const plan of plans) {
        count += plan.count;
        counts.set(plan.source, plan.count);
      }
      const build = startEngineIndexBuild(count, { spillDir: this.spillDir() });
      let waited = 0;
      const planned = Date.now();
      try {
        for (const plan of plans) {
          if (plan.entities) {
            for (const e of plan.entities()) build.add(e);
            continue;
          }
          let rows = 0;
          waited += await streamEntitiesAt<WatchlistEntity>(client, plan.source, plan.seq, STREAM_BATCH, (batch) => {
            rows += batch.length;
            // A source that changed under the count (it cannot within this snapshot) must not build a wrong index.
            if (rows > plan.count) throw new Error(`screening index: source ${plan.source} has more than ${plan.count} entities`);
            for (const r of batch) build.add(r.data);
          });
          loadedRows.full += rows;
        }
        await endReadSnapshot(client);
        if (this.closed) {
          build.abandon();
          return;
        }
        index = build.finish();
      } catch (error) {
        build.abandon();
        throw error;
      }
      // Loading: the plan (pointers, counts, deltas) and the waits for rows; building: the rest.
      loadMs = planned - started + waited;
    } finally {
      await client.end().catch(() => undefined);
    }
    const built = Date.now();
    this.swap(index, versions, { loadMs, buildMs: built - started - loadMs, rowsLoaded: loadedRows }, nextSeqs, counts, 'database');
    if (this.options.snapshotFile && Object.keys(versions).length > 0) {
      const lists: SnapshotLists = { versions, seqs: Object.fromEntries(nextSeqs), counts: Object.fromEntries(counts) };
      this.writeSnapshotFile(this.options.snapshotFile, index, lists);
    }
  }

  /** Serves the index of the snapshot file when it was built from `lists`; false (and why, logged) when not. */
  private async loadSnapshotFile(file: string, lists: SnapshotLists, started: number): Promise<boolean> {
    const read = await readIndexSnapshot(file, lists);
    if (!read.ok) {
      this.options.log.info({ file, reason: read.reason }, 'screening index snapshot not used; building from the database');
      return false;
    }
    if (this.closed) return true;
    const total = Object.values(read.lists.counts ?? {}).reduce((sum, n) => sum + n, 0);
    if (total !== read.engine.entityCount) {
      this.options.log.info({ file }, 'screening index snapshot not used (entities per source missing); building from the database');
      return false;
    }
    const seqs = new Map(Object.entries(read.lists.seqs));
    const counts = new Map(Object.entries(read.lists.counts ?? {}));
    this.swap(
      read.engine,
      lists.versions,
      { loadMs: Date.now() - started - read.restoreMs, buildMs: read.restoreMs, rowsLoaded: { full: 0, delta: 0 } },
      seqs,
      counts,
      'snapshot',
    );
    this.options.log.info(
      { file, bytes: read.bytes, readMs: read.readMs, restoreMs: read.restoreMs },
      'screening index loaded from its snapshot',
    );
    return true;
  }

  private writeSnapshotFile(file: string, index: EngineIndex, lists: SnapshotLists): void {
    // After the swap, off the search path; a later build's write simply replaces this one.
    const previous = this.writing ?? Promise.resolve();
    const writing = previous
      .then(() => writeIndexSnapshot(file, index, lists))
      .then(
        ({ bytes, ms }) => this.options.log.info({ file, bytes, ms }, 'screening index snapshot written'),
        (error: unknown) => this.options.log.warn({ err: error, file }, 'screening index snapshot not written'),
      )
      .finally(() => {
        if (this.writing === writing) this.writing = undefined;
      });
    this.writing = writing;
  }

  /** Where a build from the database keeps its entity bytes (entity-store.ts): beside the snapshot
   * file, or in the temporary folder. Off the heap either way, so a first start from the database
   * holds what a start from the snapshot holds. */
  private spillDir(): string {
    return this.options.snapshotFile ? path.dirname(this.options.snapshotFile) : os.tmpdir();
  }

  /** Written snapshot files are complete (tests and the scale bench). */
  async snapshotWritten(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private swap(
    index: EngineIndex,
    versions: Record<string, string>,
    timings: { loadMs: number; buildMs: number; rowsLoaded: { full: number; delta: number } },
    seqs: Map<string, number>,
    counts: Map<string, number>,
    origin: 'database' | 'snapshot',
  ): void {
    // The swap: one assignment; searches in flight keep the snapshot they started with.
    this.generation++;
    this.snapshot = {
      index: inThreadIndex(index),
      generation: this.generation,
      versions,
      builtAt: new Date(),
      ...timings,
    };
    this.engine = index;
    this.seqs = seqs;
    this.counts = counts;
    this.origin = origin;
    this.lastError = undefined;
    this.options.log.info({ entities: index.entityCount, names: index.nameCount, ...timings, versions, origin }, 'screening index ready');
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
    await this.snapshotWritten();
    await this.listener?.close();
    this.listener = undefined;
  }
}

function sameVersions(a: Record<string, string>, b: Record<string, string>): boolean {
  return Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([source, id]) => a[source] === id);
}

/** The entities of one source of an index, decoded when asked for (a rebuild that reuses no source
 * decodes nothing): in index order, or as a map by source id (a delta applies to it). The index
 * holds the sources one after the other, in source order. */
function previousEntities(
  engine: EngineIndex | undefined,
  counts: Map<string, number>,
): {
  range: (source: string) => { count: number; entities: () => Iterable<WatchlistEntity> };
  map: (source: string) => Map<string, WatchlistEntity>;
} {
  const ranges = new Map<string, [number, number]>();
  let at = 0;
  for (const source of [...counts.keys()].sort()) {
    ranges.set(source, [at, at + counts.get(source)!]);
    at += counts.get(source)!;
  }
  const range = (source: string) => {
    const r = ranges.get(source);
    if (!engine || !r) return { count: 0, entities: () => [] };
    return { count: r[1] - r[0], entities: () => engineEntities(engine, r[0], r[1]).entities };
  };
  return {
    range,
    map: (source) => {
      const map = new Map<string, WatchlistEntity>();
      for (const e of range(source).entities()) map.set(e.sourceId, e);
      return map;
    },
  };
}

/** Rows per fetch of a streamed source load (two batches are held at a time). */
const STREAM_BATCH = 2000;
