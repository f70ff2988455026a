// TypeScript entry points (the platform's `app/main.ts`, test servers) as real child
// processes, for crash and outage tests. Node itself runs them with tsx as a loader, never the tsx
// CLI: the CLI runs the script in a grandchild, so a SIGKILL ends only the wrapper and leaves the
// script running orphaned; and it relays SIGTERM by force-killing a child that has not confirmed
// the signal within 30 ms, so on a loaded machine a graceful stop turns into a SIGKILL (a
// PostgreSQL a test meant to stop then kept running, orphaned).
import { ChildProcess, spawn, StdioOptions } from 'node:child_process';
import path from 'node:path';
import { PLATFORM_NODE_FLAGS } from '../../app/node-flags';

export const ROOT = path.resolve(__dirname, '../..');

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  /** V8 settings before the loader (the platform's own for `app/main.ts`). */
  nodeFlags?: readonly string[];
}

/** A TypeScript file of the project (path relative to the root) in a child process of its own. */
export function spawnTypeScript(file: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(ROOT, file), ...args], {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: options.stdio ?? 'ignore',
  });
}

/** `npm start` with the given arguments (e.g. `--service worker`), with its V8 settings. */
export function spawnPlatformProcess(args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawnTypeScript('app/main.ts', args, { nodeFlags: PLATFORM_NODE_FLAGS, ...options });
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A platform process (`npm start -- --service <services>`) on fixed ports, ready to answer REST. */
export interface PlatformChild {
  child: ChildProcess;
  restUrl: string;
}

/**
 * Starts the platform in a child process on the given ports (`{ REST: 5701, GATEWAY: ... }`, the
 * VIGIL_<NAME>_PORT settings) and resolves once its REST adapter is ready; the same ports let a
 * test restart it after a kill -9 and find it where its clients left it.
 */
export async function startPlatformChild(
  services: string,
  ports: Record<string, number>,
  env: NodeJS.ProcessEnv = {},
): Promise<PlatformChild> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, VIGIL_LOG_LEVEL: 'error', ...env };
  for (const [name, port] of Object.entries(ports)) childEnv[`VIGIL_${name}_PORT`] = String(port);
  const child = spawnPlatformProcess(['--service', services], { env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const restUrl = `http://127.0.0.1:${ports.REST}`;
  for (let waited = 0; waited < 120_000 && child.exitCode === null; waited += 250) {
    const ready = await fetch(`${restUrl}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { child, restUrl };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the platform process did not become ready (exit ${child.exitCode ?? child.signalCode ?? 'none'})`);
}
