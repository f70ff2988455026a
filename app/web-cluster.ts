// `npm start` on every core: the stateless tier (REST adapter, gateway and the profiles, IDV and
// risk subgraphs, calling each other in process) runs as a cluster of web processes sharing the
// public ports; the primary keeps what must exist once: the screening subgraph with its in-memory
// index (one copy per machine, not one per process: at 1M entities the index alone is most of the
// 3 GB budget), the pg-boss job worker, migrations, the embedded database and the local mail sink.
// The web processes reach screening over pooled keep-alive HTTP. docs/performance.md has the
// memory per process. VIGIL_WEB_PROCESSES=1 keeps one process for everything.
import cluster, { Worker } from 'node:cluster';
import os from 'node:os';
import { logger } from '../platform/logging/logger';
import { ServiceName } from './start-platform';
import { envValue } from '../platform/config/env';

/** Services every web process runs; the primary runs the rest. */
export const WEB_TIER: readonly ServiceName[] = ['profiles', 'idv', 'risk', 'access', 'gateway', 'rest-adapter'];
export const PRIMARY_TIER: readonly ServiceName[] = ['screening', 'worker'];

export const WEB_ROLE_ENV = 'VIGIL_CLUSTER_ROLE' as const;

/** How many web processes: VIGIL_WEB_PROCESSES, else one per core but one, the core the primary's
 * screening index thread searches on (services/index-thread); 0 or 1 means no cluster, so a 2-core
 * machine runs one process (its request thread and index thread use both cores; docs/performance.md,
 * "Every core"). */
export function webProcessCount(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): number {
  const configured = envValue('VIGIL_WEB_PROCESSES', env) ?? cores - 1;
  return Number.isFinite(configured) && configured > 1 ? Math.floor(configured) : 1;
}

export function isWebProcess(): boolean {
  return cluster.isWorker && envValue(WEB_ROLE_ENV) === 'web';
}

interface ReadyMessage {
  vigilReady: Partial<Record<ServiceName, string>>;
}
interface StartMessage {
  vigilStart: Record<string, string>;
}
/** A web process has loaded its code and listens for the start message (a message sent before it
 * listens would be lost). */
interface AwaitingMessage {
  vigilAwaitingStart: true;
}

export interface WebCluster {
  /** The URLs the web processes bound (the same in each: the ports are shared). */
  urls: Partial<Record<ServiceName, string>>;
  stop(): Promise<void>;
}

export interface ForkedWebCluster {
  /** Hands the web processes what the primary resolved meanwhile (database, screening URL) and
   * resolves once all of them serve. */
  start(env: Record<string, string>): Promise<WebCluster>;
  stop(): Promise<void>;
}

/** Forks the web processes at once, so that they load their code while the primary migrates and
 * starts screening; they start serving on start(env). A web process that dies while the cluster
 * runs is replaced (and started with the same env). */
export function forkWebCluster(count: number): ForkedWebCluster {
  let stopping = false;
  let startEnv: Record<string, string> | undefined;
  const workers = new Set<Worker>();
  const awaiting = new Set<Worker>();
  let urls: Partial<Record<ServiceName, string>> = {};
  const ready: Promise<void>[] = [];
  const fork = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ [WEB_ROLE_ENV]: 'web' });
      workers.add(worker);
      worker.on('message', (message: ReadyMessage & AwaitingMessage) => {
        if (message?.vigilAwaitingStart) {
          if (startEnv) worker.send({ vigilStart: startEnv } satisfies StartMessage);
          else awaiting.add(worker);
        }
        if (!message?.vigilReady) return;
        urls = message.vigilReady;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        workers.delete(worker);
        awaiting.delete(worker);
        reject(new Error(`web process exited before serving (${code ?? signal})`));
        if (stopping) return;
        logger.error({ code, signal, pid: worker.process.pid }, 'web process died; starting a replacement');
        void fork().catch((error: unknown) => logger.error({ err: error }, 'replacement web process failed'));
      });
    });
  for (let i = 0; i < count; i++) {
    const started = fork();
    started.catch(() => undefined); // observed by start(); a stop before start is no failure
    ready.push(started);
  }
  const stop = async () => {
    stopping = true;
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };
  return {
    async start(env) {
      startEnv = env;
      for (const worker of awaiting) worker.send({ vigilStart: env } satisfies StartMessage);
      awaiting.clear();
      await Promise.all(ready);
      return {
        get urls() {
          return urls;
        },
        stop,
      };
    },
    stop,
  };
}

/** In a web process: waits for the primary's start message and applies its env. */
export function awaitStart(): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: StartMessage) => {
      if (!message?.vigilStart) return;
      process.off('message', listener);
      Object.assign(process.env, message.vigilStart);
      resolve();
    };
    process.on('message', listener);
    process.send?.({ vigilAwaitingStart: true } satisfies AwaitingMessage);
  });
}

/** In a web process: tell the primary what this process serves. */
export function reportReady(urls: Partial<Record<ServiceName, string>>): void {
  process.send?.({ vigilReady: urls } satisfies ReadyMessage);
}
