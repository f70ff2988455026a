// The administration CLI (app/cli/main.ts) run as a real process, as an operator runs it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** Runs `npm run cli -- <args>` (without npm) against the environment's database; answers its JSON output. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the CLI's JSON output, whose shape the tests assert
export async function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<any> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'app/cli/main.ts'), ...args], {
    env,
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}
