// The messages between a ThreadedIndexHolder (the thread that serves requests) and its index
// thread (index-thread.worker.ts). Plain data only: they cross threads by structured clone.
import type { CompareParty, EngineSearchOptions } from '../engine-adapter';
import type { IndexSnapshot, IndexStatus } from '../index-holder';

/** What the index thread is started with (workerData). */
export interface IndexThreadSettings {
  databaseUrl: string;
  pollMs?: number;
  debounceMs?: number;
  /** The index snapshot file (index-snapshot.ts), if any. */
  snapshotFile?: string;
  /** How long a superseded snapshot still answers searches pinned to it. */
  retainMs: number;
}

export type IndexThreadRequest =
  | { id: number; op: 'search'; generation: number; name: string; options: EngineSearchOptions }
  | { id: number; op: 'compare'; generation: number; query: CompareParty; candidate: CompareParty; threshold?: number }
  | { id: number; op: 'refresh' }
  | { id: number; op: 'close' };

/** The serving snapshot's description (its index stays on the index thread). */
export interface SnapshotDescription extends Omit<IndexSnapshot, 'index' | 'builtAt'> {
  builtAt: string;
  entityCount: number;
  nameCount: number;
  indexBuildMs: number;
}

export type IndexThreadMessage =
  /** Sent at start and whenever the status may have changed; always before the replies it affects. */
  | { type: 'state'; status: IndexStatus; unavailableReason: string | null; snapshot: SnapshotDescription | null }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  /** unavailable: the index cannot answer now (503 screening_index_unavailable, retry). */
  | { type: 'reply'; id: number; ok: false; message: string; unavailable: boolean };
