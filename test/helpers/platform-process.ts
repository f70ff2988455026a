// TypeScript entry points (the platform's `platform/main.ts`, test servers) as real child
// processes, for crash and outage tests. Node itself runs them with tsx as a loader, never the tsx
// CLI: the CLI runs the script in a grandchild, so a SIGKILL ends only the wrapper and leaves the
// script running orphaned; and it relays SIGTERM by force-killing a child that has not confirmed
// the signal within 30 ms, so on a loaded machine a graceful stop turns into a SIGKILL (a
// PostgreSQL a test meant to stop then kept running, orphaned).
import { ChildProcess, spawn, StdioOptions } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
}

/** A TypeScript file of the project (path relative to the root) in a child process of its own. */
export function spawnTypeScript(file: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file), ...args], {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: options.stdio ?? 'ignore',
  });
}

/** `npm start` with the given arguments (e.g. `--service worker`). */
export function spawnPlatformProcess(args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawnTypeScript('platform/main.ts', args, options);
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
