// `npm start` as a newcomer runs it: the process migrates, seeds the demo tenant, prints a
// working API key and the URLs, answers through the REST adapter, and stops cleanly on SIGTERM.
// Twice: as this machine's default (one process on 2 cores: one web process per core but one) and
// as a cluster of a primary and two web processes (what larger machines run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createIsolatedDatabase } from '../helpers/test-platform';

const root = path.resolve(__dirname, '../..');

it.each([
  { topology: 'the default topology', webProcesses: undefined },
  { topology: 'a primary and two web processes', webProcesses: '2' },
])('$topology: prints a working demo key and shuts down cleanly on SIGTERM', async ({ webProcesses }) => {
  // Its own state folder: the demo key it writes must not replace the one of the checkout's .vigil
  // (a developer's running `npm start` would answer 401 to the key in the file).
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-start-'));
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'app/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      // A database of its own: the demo is seeded (and its key printed) only on a first start.
      DATABASE_URL: await createIsolatedDatabase(),
      VIGIL_LOG_LEVEL: 'warn',
      VIGIL_REST_PORT: '0',
      VIGIL_GATEWAY_PORT: '0',
      VIGIL_PROFILES_PORT: '0',
      VIGIL_IDV_PORT: '0',
      VIGIL_SCREENING_PORT: '0',
      VIGIL_RISK_PORT: '0',
      VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
      VIGIL_LOCAL_DIR: localDir,
      ...(webProcesses ? { VIGIL_WEB_PROCESSES: webProcesses } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // Up to three processes load their code at once: allow for a busy machine.
    await waitFor(() => /Demo API key/.test(output), 100_000, () => output);
    const restUrl = output.match(/REST API\s+(http:\/\/\S+)/)![1];
    expect(output).toMatch(/GraphQL playground\s+http:\/\/\S+\/playground/);
    expect(output).toMatch(/REST docs\s+http:\/\/\S+\/docs/);
    const apiKey = output.match(/Demo API key\s+(vgl_\S+)/)?.[1];
    expect(apiKey).toBeDefined();
    const response = await fetch(`${restUrl}/clm/v1/profiles`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey!, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', kind: 'individual' }),
    });
    expect(response.status).toBe(201);
    expect((await fetch(`${restUrl}/readyz`)).status).toBe(200);
    // Saved where VIGIL_LOCAL_DIR says.
    expect(fs.readFileSync(path.join(localDir, 'demo-api-key'), 'utf8').trim()).toBe(apiKey);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  fs.rmSync(localDir, { recursive: true, force: true });
}, 150_000);

async function waitFor(condition: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
