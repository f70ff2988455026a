// One screening index per process. The screening subgraph, the batch worker and the monitoring
// worker each needed an index; each built its own, so a process running all three (npm start's
// primary) held up to three copies of the same lists. At 1M entities one copy is ~1.9 GB of the
// platform's 3 GB budget (docs/screening-matching.md, docs/performance.md): they now share one
// holder per database, built once and kept current once (LISTEN + version check), and stopped when
// the last of them lets go.
//
// The index lives on a thread of its own (index-thread/), so searches use a second core;
// VIGIL_SCREENING_INDEX_THREAD=0 keeps it on the thread that serves requests.
import { IndexHolder, IndexHolderOptions, ScreeningIndexHolder } from './index-holder';
import { ThreadedIndexHolder } from './index-thread/threaded-index-holder';
import { envValue } from '../../../platform/config/env';
import os from 'node:os';
import path from 'node:path';
import { snapshotFile } from './index-snapshot';

export interface IndexHolderLease {
  holder: IndexHolder;
  /** Lets go of the holder; the last lease to go stops it. Idempotent. */
  release(): Promise<void>;
}

const shared = new Map<string, { holder: IndexHolder; leases: number }>();

/** The index on its own thread unless VIGIL_SCREENING_INDEX_THREAD is 0 or false. */
export function indexThreadEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return envValue('VIGIL_SCREENING_INDEX_THREAD', env);
}

/** The index snapshot file (index-snapshot.ts) of VIGIL_SCREENING_SNAPSHOT_DIR, default in the OS
 * temp folder; undefined when it is `off`. */
export function indexSnapshotFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = envValue('VIGIL_SCREENING_SNAPSHOT_DIR', env)?.trim();
  if (dir && ['off', 'false', '0'].includes(dir.toLowerCase())) return undefined;
  return snapshotFile(dir ? path.resolve(dir) : path.join(os.tmpdir(), 'vigil-screening-index'));
}

/** Holders kept alike (same database, same version-check and debounce intervals) are one. */
const keyOf = (options: IndexHolderOptions) => `${options.databaseUrl}|${options.pollMs}|${options.debounceMs ?? ''}`;

/** The process's index holder for this database (started on first use). Its fallback version check
 * runs every VIGIL_SCREENING_VERSION_CHECK_MS (default 30 s) unless `pollMs` says otherwise. */
export function leaseIndexHolder(requested: IndexHolderOptions): IndexHolderLease {
  const options = {
    ...requested,
    pollMs: requested.pollMs ?? envValue('VIGIL_SCREENING_VERSION_CHECK_MS'),
    snapshotFile: 'snapshotFile' in requested ? requested.snapshotFile : indexSnapshotFile(),
  };
  const key = keyOf(options);
  let entry = shared.get(key);
  if (!entry) {
    entry = { holder: indexThreadEnabled() ? new ThreadedIndexHolder(options) : new ScreeningIndexHolder(options), leases: 0 };
    shared.set(key, entry);
    entry.holder.start();
  }
  entry.leases++;
  const leased = entry;
  let released = false;
  return {
    holder: leased.holder,
    async release() {
      if (released) return;
      released = true;
      leased.leases--;
      if (leased.leases > 0) return;
      if (shared.get(key) === leased) shared.delete(key);
      await leased.holder.close();
    },
  };
}
