// The screening index on a thread of its own. A search spends about as much CPU in the name engine
// as in everything else it does (HTTP, GraphQL, the stored search; docs/performance.md): with the
// engine on the thread that serves requests, a process serving searches uses one core however many
// it has. Here the index thread (index-thread.worker.ts) holds the index and keeps it current, and
// this side mirrors its state and sends it the searches; the process still holds one index.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ScreeningError } from '../../errors';
import type { CompareParty, EngineSearchOptions, NameComparison, ScreeningMatch } from '../engine-adapter';
import { ReadyWaiters } from '../ready-waiters';
import { INDEX_LOADING, type IndexHolder, type IndexHolderOptions, type IndexSnapshot, type IndexStatus } from '../index-holder';
import type { IndexThreadMessage, IndexThreadRequest, IndexThreadSettings, SnapshotDescription } from './protocol';

const ENTRY = path.join(__dirname, 'index-thread.entry.js');
/** A superseded snapshot answers the searches pinned to it for this long after a swap. */
const RETAIN_MS = 60_000;
/** A new thread after the first loss; each loss before the thread has run STABLE_MS doubles it (a
 * thread that dies while it loads, e.g. out of memory, must not restart in a tight loop). */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;
const STABLE_MS = 5 * 60_000;

/** The wait before the next thread, after `losses` losses in a row (1 s, 2 s, 4 s ... at most 60 s). */
export function restartDelayMs(losses: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** Math.max(0, losses - 1));
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
/** Each kind of request without its id (the id is assigned when sent). */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Request = WithoutId<IndexThreadRequest>;

const NOT_STARTED: IndexStatus = {
  ready: false,
  loading: false,
  generation: 0,
  entities: 0,
  names: 0,
  versions: {},
  builtAt: null,
  loadMs: null,
  buildMs: null,
  rowsLoaded: null,
  error: null,
};

const restarting = () => new ScreeningError('screening_index_unavailable', 'The screening index is restarting; retry in a few seconds');

export class ThreadedIndexHolder implements IndexHolder {
  private worker: Worker | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private state: IndexStatus = NOT_STARTED;
  private reason: string | null = INDEX_LOADING;
  private snapshot: IndexSnapshot | undefined;
  private readyWaiters = new ReadyWaiters();
  private closed = false;
  private restartTimer: NodeJS.Timeout | undefined;
  /** Threads lost in a row, each before it had run STABLE_MS. */
  private losses = 0;
  private startedAt = 0;

  constructor(private readonly options: IndexHolderOptions & { retainMs?: number }) {}

  start(): void {
    if (this.worker || this.closed) return;
    const settings: IndexThreadSettings = {
      databaseUrl: this.options.databaseUrl,
      pollMs: this.options.pollMs,
      debounceMs: this.options.debounceMs,
      snapshotFile: this.options.snapshotFile,
      retainMs: this.options.retainMs ?? RETAIN_MS,
    };
    const worker = new Worker(ENTRY, { workerData: settings });
    this.startedAt = Date.now();
    // The servers keep a process alive, not its index thread.
    worker.unref();
    worker.on('message', (message: IndexThreadMessage) => this.receive(message));
    worker.on('error', (error) => this.options.log.error({ err: error }, 'screening index thread failed'));
    worker.on('exit', (code) => this.exited(worker, code));
    this.worker = worker;
  }

  current(): IndexSnapshot | undefined {
    return this.snapshot;
  }

  get ready(): boolean {
    return this.worker !== undefined && this.state.ready;
  }

  get generation(): number {
    return this.state.generation;
  }

  unavailableReason(): string | undefined {
    if (this.closed) return 'The screening index is closed';
    if (!this.worker) return 'The screening index is restarting; retry in a few seconds';
    return this.reason ?? undefined;
  }

  status(): IndexStatus {
    return { ...this.state, ready: this.ready };
  }

  whenReady(timeoutMs = 60_000): Promise<void> {
    if (this.snapshot) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('screening index holder closed'));
    return this.readyWaiters.wait(timeoutMs);
  }

  async refresh(): Promise<void> {
    await this.send({ op: 'refresh' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.readyWaiters.refuse(new Error('screening index holder closed'));
    const worker = this.worker;
    if (!worker) return;
    // The thread closes its listener and database clients itself, then stops.
    await Promise.race([this.send({ op: 'close' }).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    this.worker = undefined;
    this.snapshot = undefined;
    this.state = { ...this.state, ready: false };
    for (const pending of this.pending.values())
      pending.reject(new ScreeningError('screening_index_unavailable', 'The screening index is closed'));
    this.pending.clear();
    await worker.terminate();
  }

  private send(request: Request): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new ScreeningError('screening_index_unavailable', this.unavailableReason()!));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private receive(message: IndexThreadMessage): void {
    if (message.type === 'state') {
      this.state = message.status;
      this.reason = message.unavailableReason;
      if (message.snapshot && message.snapshot.generation !== this.snapshot?.generation) this.snapshot = this.pinned(message.snapshot);
      if (this.snapshot) this.readyWaiters.release();
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else
      pending.reject(message.unavailable ? new ScreeningError('screening_index_unavailable', message.message) : new Error(message.message));
  }

  /** The snapshot the services see: its searches run on the index thread, on this generation. */
  private pinned(description: SnapshotDescription): IndexSnapshot {
    const { generation } = description;
    return {
      generation,
      versions: description.versions,
      builtAt: new Date(description.builtAt),
      loadMs: description.loadMs,
      buildMs: description.buildMs,
      rowsLoaded: description.rowsLoaded,
      index: {
        entityCount: description.entityCount,
        nameCount: description.nameCount,
        buildMs: description.indexBuildMs,
        search: (name: string, options: EngineSearchOptions) =>
          this.send({ op: 'search', generation, name, options }) as Promise<ScreeningMatch[]>,
        compare: (query: CompareParty, candidate: CompareParty, threshold?: number) =>
          this.send({ op: 'compare', generation, query, candidate, threshold }) as Promise<NameComparison>,
      },
    };
  }

  /** The thread stopped: requests in flight fail (503 to their callers) and a new thread is started,
   * which rebuilds the index from the database. */
  private exited(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.snapshot = undefined;
    this.state = { ...this.state, ready: false };
    for (const pending of this.pending.values()) pending.reject(restarting());
    this.pending.clear();
    if (this.closed) return;
    this.losses = Date.now() - this.startedAt >= STABLE_MS ? 1 : this.losses + 1;
    const delayMs = restartDelayMs(this.losses);
    this.options.log.error({ code, delayMs, losses: this.losses }, 'screening index thread stopped; starting a new one');
    this.restartTimer = setTimeout(() => this.start(), delayMs);
    this.restartTimer.unref();
  }
}
