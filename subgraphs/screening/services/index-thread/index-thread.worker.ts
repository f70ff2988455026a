// The index thread: runs the process's ScreeningIndexHolder (loading from Postgres, LISTEN, the
// version check, rebuilds and swaps) and answers searches from its engine index, so the engine's
// CPU time is spent beside the thread that serves HTTP and GraphQL rather than on it.
import { parentPort, workerData } from 'node:worker_threads';
import { logger } from '../../../../platform/logging/logger';
import type { EngineIndex } from '../engine-adapter';
import { INDEX_LOADING, ScreeningIndexHolder } from '../index-holder';
import type { IndexThreadMessage, IndexThreadRequest, IndexThreadSettings, SnapshotDescription } from './protocol';

const settings = workerData as IndexThreadSettings;
const port = parentPort!;
const post = (message: IndexThreadMessage) => port.postMessage(message);

/** Engine indexes by generation: the current one, and superseded ones until their grace ends. */
const engines = new Map<number, EngineIndex>();
let servedGeneration = 0;

const holder = new ScreeningIndexHolder({
  databaseUrl: settings.databaseUrl,
  pollMs: settings.pollMs,
  debounceMs: settings.debounceMs,
  snapshotFile: settings.snapshotFile,
  log: logger.child({ service: 'screening', area: 'index-thread' }),
  onChange: () => publishState(),
});

function publishState(): void {
  const snapshot = holder.current();
  const engine = holder.currentEngine();
  if (snapshot && engine && snapshot.generation !== servedGeneration) {
    const superseded = servedGeneration;
    engines.set(snapshot.generation, engine);
    servedGeneration = snapshot.generation;
    // Searches already pinned to the previous snapshot finish on it; then it is let go.
    if (superseded) setTimeout(() => engines.delete(superseded), settings.retainMs).unref();
  }
  const description: SnapshotDescription | null =
    snapshot && engine
      ? {
          generation: snapshot.generation,
          versions: snapshot.versions,
          builtAt: snapshot.builtAt.toISOString(),
          loadMs: snapshot.loadMs,
          buildMs: snapshot.buildMs,
          rowsLoaded: snapshot.rowsLoaded,
          entityCount: engine.entityCount,
          nameCount: engine.nameCount,
          indexBuildMs: engine.buildMs,
        }
      : null;
  post({ type: 'state', status: holder.status(), unavailableReason: holder.unavailableReason() ?? null, snapshot: description });
}

class IndexUnavailable extends Error {}

/** The engine a pinned request runs on: its own generation's, or the current one once that was let go. */
function engineFor(generation: number): EngineIndex {
  const engine = engines.get(generation) ?? engines.get(servedGeneration);
  if (!engine) throw new IndexUnavailable(INDEX_LOADING);
  return engine;
}

async function answer(request: IndexThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'search':
      return engineFor(request.generation).search(request.name, request.options);
    case 'compare':
      return engineFor(request.generation).compare(request.query, request.candidate, request.threshold);
    case 'refresh':
      // The holder's onChange publishes the state before this reply is posted.
      await holder.refresh();
      return null;
    case 'close':
      await holder.close();
      engines.clear();
      return null;
  }
}

port.on('message', (request: IndexThreadRequest) => {
  answer(request).then(
    (value) => post({ type: 'reply', id: request.id, ok: true, value }),
    (error: Error) =>
      post({ type: 'reply', id: request.id, ok: false, message: error.message, unavailable: error instanceof IndexUnavailable }),
  );
});

publishState();
holder.start();
