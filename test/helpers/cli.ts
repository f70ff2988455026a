// The administration CLI (app/cli/main.ts) run as a real process, as an operator runs it: the one
// runner of every test that calls it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

export interface CliOptions {
  /** Variables set for this run over the test process's environment (`''` empties one). */
  env?: NodeJS.ProcessEnv;
}

/** What a run printed and how it ended. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run that exited non-zero (its code, stdout and stderr; the message carries stderr). */
export class CliFailure extends Error implements CliRun {
  constructor(
    readonly code: number,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(`the CLI exited with ${code}: ${stderr.trim()}`);
  }
}

/** Runs `npm run cli -- <args>` (without npm) against the environment's database; answers its exit
 * code and output, also when it fails (for the tests of refusals). */
export async function runCliProcess(args: string[], options: CliOptions = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'app/cli/main.ts'), ...args], {
      env: { ...process.env, ...options.env },
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    // A spawn failure (no node, no tsx) has a string code and no exit: the test should see it as is.
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs the CLI and answers its JSON output; a non-zero exit rejects with a CliFailure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the CLI's JSON output, whose shape the tests assert
export async function runCli(args: string[], options: CliOptions = {}): Promise<any> {
  const result = await runCliProcess(args, options);
  if (result.code !== 0) throw new CliFailure(result.code, result.stdout, result.stderr);
  return JSON.parse(result.stdout);
}
