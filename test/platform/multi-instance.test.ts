// Three platform instances (`npm start`, each a process of its own on its own ports, as separate
// machines would run it) on one PostgreSQL: the first start's one-time work happens once; a console
// session and an idempotency key work whichever instance answers; a list update reaches every
// instance's index within the stated time (docs/platform.md, "Many instances") and its monitoring
// run happens once although every instance hears the notification; batches spread over the
// instances' workers, and one instance killed with SIGKILL mid-batch loses no entity and screens
// none twice.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ChildProcess } from 'node:child_process';
import { createDb, Db } from '../../platform/db/prisma';
import { prepareLocalEnvironment } from '../../platform/config/local-environment';
import { ensureConsoleBuilt } from '../../app/console-build';
import { RunningPlatform } from '../../app/start-platform';
import { exited, spawnPlatformProcess } from '../helpers/platform-process';
import { auth, createIsolatedDatabase, createTestTenant, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { ConsoleClient, createConsoleUser, signInToConsole } from '../helpers/console';
import { dplWithAddedRecord, waitForMonitoringCursor } from '../helpers/monitoring-fixtures';
import { batchNames, BIS_DPL, importList, indexStatus } from '../screening/screening-helpers';
import { FIRST_ADMIN_EMAIL } from '../../subgraphs/access/services/first-admin';

jest.setTimeout(420_000);

/** The stated bound (docs/platform.md): an instance's index serves a new list version within this. */
const INDEX_FOLLOW_MS = 30_000;
const ADDED = 'ZEBEDIAH QUIMBLEFORTH VANTERPOOL';

interface Instance {
  name: string;
  child: ChildProcess;
  localDir: string;
  /** What it printed on stdout (npm start's banner). */
  banner: string;
  restUrl: string;
  screeningUrl: string;
}

let db: Db;
let databaseUrl: string;
let tmp: string;
const instances: Instance[] = [];
let tenant: TestTenant;

/**
 * n free TCP ports (held together so that none is handed out twice), below Linux's ephemeral range
 * (32768 and up): a port the kernel hands out there, to another test's listen(0) or as the local end
 * of an outgoing connection, could be taken between this check and the instance's own bind, which
 * then exits with EADDRINUSE.
 */
async function freePorts(n: number): Promise<number[]> {
  const servers: net.Server[] = [];
  while (servers.length < n) {
    const server = net.createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(20_000 + crypto.randomInt(12_000), '127.0.0.1', () => resolve(true));
    });
    if (listening) servers.push(server);
  }
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

class ExitedError extends Error {}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      if (error instanceof ExitedError) throw error;
      return undefined;
    });
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function startInstance(name: string, shared: NodeJS.ProcessEnv, [rest, screening]: number[]): Promise<Instance> {
  const localDir = path.join(tmp, name);
  const env: NodeJS.ProcessEnv = {
    ...shared,
    VIGIL_LOCAL_DIR: localDir,
    VIGIL_HOST: '127.0.0.1',
    VIGIL_REST_PORT: String(rest),
    // In process: only the REST adapter and the screening subgraph (its index status) are called.
    VIGIL_GATEWAY_PORT: '0',
    VIGIL_PROFILES_PORT: '0',
    VIGIL_IDV_PORT: '0',
    VIGIL_SCREENING_PORT: String(screening),
    VIGIL_RISK_PORT: '0',
    VIGIL_ACCESS_PORT: '0',
  };
  // No arguments: everything in one process, the first start's work included (as `npm start`).
  const child = spawnPlatformProcess([], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const instance: Instance = {
    name,
    child,
    localDir,
    banner: '',
    restUrl: `http://127.0.0.1:${rest}`,
    screeningUrl: `http://127.0.0.1:${screening}/graphql`,
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    instance.banner += chunk.toString();
    // An instance's errors (its log goes to stdout) are shown with the test's output: a failed
    // request then says why.
    for (const line of chunk.toString().split('\n')) if (line.includes('"level":50')) process.stderr.write(`[instance ${name}] ${line}\n`);
  });
  instances.push(instance);
  await until(
    `${name} ready`,
    async () => {
      if (child.exitCode !== null) return Promise.reject(new ExitedError(`${name} exited (${child.exitCode})`));
      // The banner comes after the first start's work (demo tenant, first admin).
      if (!instance.banner.includes('Vigil is running')) return false;
      return (await fetch(`${instance.restUrl}/readyz`)).ok && (await indexStatus(instance.screeningUrl)).ready;
    },
    240_000,
    250,
  );
  return instance;
}

const asPlatform = (restUrl = instances[0].restUrl) => ({ db, restUrl }) as unknown as TestPlatform & RunningPlatform;
const call = (instance: Instance, method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(instance.restUrl, method, urlPath, { headers: { ...auth.xApiKey(tenant.apiKey), ...headers }, body });

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-instances-'));
  databaseUrl = await createIsolatedDatabase();
  db = createDb(databaseUrl, 3);
  await ensureConsoleBuilt();
  // The secrets every instance must share (sealed answers, signed principals, audit checkpoints),
  // made once here as an operator would provide them.
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    VIGIL_LOG_LEVEL: 'error',
    VIGIL_WEB_PROCESSES: '1',
    VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
    VIGIL_SMTP_HOST: '',
    VIGIL_BATCH_LEASE_SECONDS: '2',
    VIGIL_BATCH_CHUNK_SIZE: '10',
  };
  await prepareLocalEnvironment(shared);
  await importList({ db } as RunningPlatform, 'bis_dpl', BIS_DPL, 'us_bis_dpl_2022');
  // Every port at once, so that none is handed to two instances.
  const ports = await freePorts(6);
  await Promise.all(['a', 'b', 'c'].map((name, i) => startInstance(name, shared, ports.slice(2 * i, 2 * i + 2))));
  tenant = await createTestTenant(asPlatform());
}, 420_000);

afterAll(async () => {
  await Promise.all(
    instances.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited(child);
      clearTimeout(killer);
    }),
  );
  await db?.$disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('does the first start once: one demo tenant, one first admin, one demo key shown', async () => {
  expect(await db.tenant.count({ where: { name: 'Demo' } })).toBe(1);
  expect(await db.dashboardUser.count({ where: { email: FIRST_ADMIN_EMAIL } })).toBe(1);
  const keyFiles = instances.filter((instance) => fs.existsSync(path.join(instance.localDir, 'demo-api-key')));
  expect(keyFiles).toHaveLength(1);
  // One banner shows the demo key and the one-time admin link; the others say where they are.
  expect(instances.filter((instance) => /Demo API key\s+vgl_/.test(instance.banner))).toHaveLength(1);
  expect(instances.filter((instance) => /Console admin link\s+http/.test(instance.banner))).toHaveLength(1);
});

it('a console session and an idempotency key work whichever instance answers', async () => {
  const [a, b, c] = instances;
  const user = await createConsoleUser(asPlatform(), tenant, { role: 'analyst' });
  const onA = await signInToConsole(asPlatform(a.restUrl), user);
  const onB = new ConsoleClient(asPlatform(b.restUrl), onA.jar);
  const onC = new ConsoleClient(asPlatform(c.restUrl), onA.jar);
  expect((await onB.graphql('{ viewer { role } }')).body.data.viewer.role).toBe('analyst');
  // Signed out through C: B refuses the session at once (sessions are rows, never cached).
  const cookies = onA.jar.header();
  const csrf = onA.jar.csrfToken;
  expect((await onC.post('/console/auth/sign-out', {})).status).toBe(200);
  const after = await request(b.restUrl, 'POST', '/console/graphql', {
    headers: { cookie: cookies, 'x-csrf-token': csrf },
    body: { query: '{ viewer { role } }' },
  });
  expect(after.status).toBe(401);

  const key = { 'Idempotency-Key': `mi-${crypto.randomUUID()}` };
  const body = { name: 'Ada Lovelace', kind: 'individual' };
  const first = await call(a, 'POST', '/clm/v1/profiles', body, key);
  expect(first.status).toBe(201);
  const replays = await Promise.all([call(b, 'POST', '/clm/v1/profiles', body, key), call(c, 'POST', '/clm/v1/profiles', body, key)]);
  for (const replay of replays) expect(replay.body.result.profile.id).toBe(first.body.result.profile.id);
  expect(await db.profile.count({ where: { tenantId: tenant.tenantId, name: 'Ada Lovelace' } })).toBe(1);
  const reused = await call(c, 'POST', '/clm/v1/profiles', { ...body, name: 'Grace Hopper' }, key);
  expect(reused.status).toBe(422);
});

it('a list update reaches every index within the stated time, and its monitoring run happens once', async () => {
  const [a, b, c] = instances;
  expect(
    (await call(a, 'PATCH', '/tenant-config/v1/monitoring-default', { monitoringFeedFrequencies: { Sanctions: 'deltas' } })).status,
  ).toBe(200);
  const created = await call(b, 'POST', '/clm/v1/profiles', { name: ADDED, kind: 'individual' });
  const profileId = created.body.result.profile.id as string;
  const screened = await call(c, 'POST', '/v1/search-sync', { name: ADDED, type: 'individual', profile_id: profileId });
  expect(screened.body.result.results).toEqual([]);
  await waitForMonitoringCursor(asPlatform(), 'bis_dpl');

  const sweepsBefore = await sweepJobs();
  const started = Date.now();
  const update = await importList({ db } as RunningPlatform, 'bis_dpl', dplWithAddedRecord(tmp, ADDED), 'dpl-added');
  const versionId = update.sources[0].versionId;
  const followed = await Promise.all(
    instances.map(async (instance) => {
      await until(
        `${instance.name}'s index`,
        async () => (await indexStatus(instance.screeningUrl)).versions.bis_dpl === versionId,
        INDEX_FOLLOW_MS,
        50,
      );
      return Date.now() - started;
    }),
  );
  process.stdout.write(`index follow delay per instance (ms): ${followed.join(', ')}\n`);
  for (const instance of instances) {
    const found = await call(instance, 'POST', '/v1/search-sync', { name: ADDED, type: 'individual' });
    expect({ instance: instance.name, status: found.status, matches: found.body.result?.results?.length ?? found.text }).toEqual({
      instance: instance.name,
      status: 200,
      matches: 1,
    });
  }

  // Every instance's worker heard the NOTIFY and sent a sweep; the sweeps ran one after another.
  await until('the monitoring alert', async () => (await db.monitoringAlert.count({ where: { profileId } })) === 1, 60_000, 250);
  await until(
    'all sweeps done',
    async () => {
      const sweeps = await sweepJobs();
      return sweeps.total - sweepsBefore.total >= instances.length && sweeps.pending === 0;
    },
    60_000,
    250,
  );
  const toSeq = (await db.watchlistSource.findUniqueOrThrow({ where: { source: 'bis_dpl' } })).activeSeq;
  expect(await db.monitoringRun.count({ where: { source: 'bis_dpl', toSeq } })).toBe(1);
  expect(await db.monitoringAlert.count({ where: { profileId } })).toBe(1);
  const alert = await db.monitoringAlert.findFirstOrThrow({ where: { profileId } });
  expect(await db.outboxEvent.count({ where: { type: 'screening.monitoring.alert', aggregateId: alert.id } })).toBe(1);
  const outcomes = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'profiles.screening-outcome' AND data->>'profileId' = $1 AND data->>'origin' = 'monitoring'`,
    profileId,
  );
  expect(outcomes[0].n).toBe(1);
});

async function sweepJobs(): Promise<{ total: number; pending: number }> {
  const [row] = await db.$queryRawUnsafe<{ total: number; pending: number }[]>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS pending
       FROM pgboss.job WHERE name = 'screening.monitoring.sweep'`,
  );
  return row;
}

it('batches spread over the workers; SIGKILL of one instance mid-batch loses nothing and screens nothing twice', async () => {
  const SIZE = 200;
  const ids: string[] = [];
  for (const instance of instances) {
    const submitted = await call(instance, 'POST', '/v1/search', { requests: batchNames(SIZE), feeds: 'all' });
    expect(submitted.status).toBe(200);
    ids.push(submitted.body.result.id);
  }
  // Watch who holds each batch; kill the holder of one in the middle of it.
  const owners = new Set<string>();
  const victim = await until(
    'a batch in the middle of its run',
    async () => {
      const jobs = await db.batchJob.findMany({ where: { id: { in: ids } } });
      for (const job of jobs) if (job.leaseOwner) owners.add(job.leaseOwner.split(':')[1]);
      const mid = jobs.find((job) => job.status === 'running' && job.leaseOwner && job.processed > 0 && job.processed < job.total);
      if (!mid) return undefined;
      const pid = Number(mid.leaseOwner!.split(':')[1]);
      return instances.find((instance) => instance.child.pid === pid);
    },
    120_000,
    20,
  );
  victim.child.kill('SIGKILL');
  await exited(victim.child);
  const survivor = instances.find((instance) => instance !== victim)!;

  const done = await until(
    'every batch finished',
    async () => {
      const jobs = await db.batchJob.findMany({ where: { id: { in: ids } } });
      for (const job of jobs) if (job.leaseOwner) owners.add(job.leaseOwner.split(':')[1]);
      return jobs.every((job) => job.status === 'completed' || job.status === 'failed') && jobs;
    },
    180_000,
    100,
  );
  expect(done.map((job) => job.status)).toEqual(['completed', 'completed', 'completed']);
  // More than one instance's worker took batches.
  expect(owners.size).toBeGreaterThanOrEqual(2);
  for (const job of done) {
    const [rows] = await db.$queryRawUnsafe<{ n: number; distinct_indexes: number }[]>(
      'SELECT count(*)::int AS n, count(DISTINCT entity_index)::int AS distinct_indexes FROM screening.search_results WHERE request_id = $1',
      job.requestId,
    );
    expect(rows).toEqual({ n: SIZE, distinct_indexes: SIZE });
    const [dup] = await db.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM (SELECT search_result_id, rank FROM screening.search_matches WHERE request_id = $1 GROUP BY 1, 2 HAVING count(*) > 1) d',
      job.requestId,
    );
    expect(dup.n).toBe(0);
    const answered = await call(survivor, 'GET', `/v1/search/${job.id}?limit=1`);
    expect(answered.body.result).toMatchObject({ status: 'completed', progress: { total: SIZE, processed: SIZE } });
  }
});
