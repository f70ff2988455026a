// npm run bench:instances — throughput of 1, 2 and 3 platform instances on one PostgreSQL, on this
// one machine: each instance is `npm start` in a process of its own (everything in it: REST adapter,
// gateway, subgraphs, screening index, job worker) on its own ports, all on one fresh embedded
// PostgreSQL, as separate machines would share one database (docs/platform.md, "Many instances").
//  1. One list is imported (us_congress_executive_pep, 617 entities) and BENCH_PROFILES (200)
//     profiles are created, so reads find rows and searches find matches.
//  2. With 1, then 2, then 3 instances running: for BENCH_DURATION seconds (10) each, BENCH_CONNECTIONS
//     (48) connections split evenly over the instances drive
//       - search-sync: POST /v1/search-sync (a listed name), the screening path;
//       - profiles:    GET a profile, GET a page of 20, POST a profile (a read/write mix).
//  3. Printed: req/s per scenario and instance count, and the ratio to 1 instance.
// On one machine the instances share its cores, so the ratios show what sharing one database and
// one CPU costs (or gains from more event loops), not what separate machines would add: run it on a
// machine with cores to spare per instance (or read it beside `nproc`). Rate limits are off
// (per-instance budgets would cap the load, see docs/reliability.md).
import '../app/production-mode';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { importShippedLists, shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { stopChild } from './lib/platform-child';
import { spawnPlatformProcess } from '../test/helpers/platform-process';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PROFILES = Number(process.env.BENCH_PROFILES ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 48);
const LIST = 'us_congress_executive_pep';
const LISTED_NAME = 'Maria Cantwell';

interface Instance {
  child: ChildProcess;
  rest: string;
}

async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** `npm start` on its own ports and local folder; resolves when its REST adapter and index are ready. */
async function startInstance(env: NodeJS.ProcessEnv, dir: string): Promise<Instance> {
  const [rest, screening] = await freePorts(2);

  const child = spawnPlatformProcess([], {
    env: {
      ...env,
      VIGIL_LOCAL_DIR: dir,
      VIGIL_REST_PORT: String(rest),
      VIGIL_GATEWAY_PORT: '0',
      VIGIL_PROFILES_PORT: '0',
      VIGIL_IDV_PORT: '0',
      VIGIL_SCREENING_PORT: String(screening),
      VIGIL_RISK_PORT: '0',
      VIGIL_ACCESS_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${rest}`;
  const index = `http://127.0.0.1:${screening}/readyz/index`;
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`)
      .then(async (response) => response.ok && ((await (await fetch(index)).json()) as { index: { ready: boolean } }).index.ready)
      .catch(() => false);
    if (ready) return { child, rest: url };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('instance did not become ready');
}

type Scenario = (rest: string) => autocannon.Options['requests'];

async function drive(instances: Instance[], scenario: Scenario): Promise<{ reqPerS: number; p99: number; failures: number }> {
  const per = Math.max(1, Math.floor(CONNECTIONS / instances.length));
  const results = await Promise.all(
    instances.map((instance) =>
      autocannon({ url: instance.rest, connections: per, duration: DURATION_S, requests: scenario(instance.rest) }),
    ),
  );
  return {
    reqPerS: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failures: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  };
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-instances-bench-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'postgres'), ephemeral: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    // Shared by every instance, as the docs require.
    VIGIL_INTERNAL_SECRET: crypto.randomBytes(32).toString('base64url'),
    VIGIL_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
    VIGIL_LOG_LEVEL: process.env.VIGIL_LOG_LEVEL ?? 'warn',
    VIGIL_HOST: '127.0.0.1',
    VIGIL_WEB_PROCESSES: '1',
    VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
    VIGIL_SMTP_HOST: '',
    VIGIL_RATE_LIMIT_PER_KEY: 'off',
    VIGIL_RATE_LIMIT_PER_ADDRESS: 'off',
  };
  const instances: Instance[] = [];
  const db = createDb(database.url, 2);
  try {
    await applyMigrations(database.url);
    if (!fs.existsSync(path.join(shippedWatchlistDir(), LIST)))
      throw new Error(`no ${LIST} in ${shippedWatchlistDir()}: set VIGIL_WATCHLIST_DIR`);
    const listDir = path.join(tmp, 'lists');
    fs.mkdirSync(listDir);
    fs.symlinkSync(path.join(shippedWatchlistDir(), LIST), path.join(listDir, LIST));
    await importShippedLists(db, listDir, { origin: 'cli' });
    const tenant = await createTenant(db, 'bench');
    const workspace = await createWorkspace(db, tenant.id, 'bench');
    const { apiKey } = await createApplication(db, { workspaceId: workspace.id, name: 'bench' });
    const headers = { 'x-api-key': apiKey.key, 'content-type': 'application/json' };

    process.stdout.write(`cores ${os.availableParallelism()}; starting the first instance…\n`);
    instances.push(await startInstance(env, path.join(tmp, 'i1')));
    const profileIds: string[] = [];
    for (let i = 0; i < PROFILES; i++) {
      const response = await fetch(`${instances[0].rest}/clm/v1/profiles`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Bench Person ${i}`, kind: 'individual' }),
      });
      if (response.status !== 201) throw new Error(`seeding a profile: ${response.status}`);
      profileIds.push(((await response.json()) as { result: { profile: { id: string } } }).result.profile.id);
    }
    let created = 0;
    const scenarios: Record<string, Scenario> = {
      'search-sync': () => [
        { method: 'POST', path: '/v1/search-sync', headers, body: JSON.stringify({ name: LISTED_NAME, type: 'individual' }) },
      ],
      profiles: () => [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => ({
            ...request,
            path: `/clm/v1/profiles/${profileIds[Math.floor(Math.random() * profileIds.length)]}`,
          }),
        },
        { method: 'GET', path: '/clm/v1/profiles?limit=20', headers },
        {
          method: 'POST',
          path: '/clm/v1/profiles',
          headers,
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: `Bench Created ${created++}`, kind: 'individual' }) }),
        },
      ],
    };

    const rows: { instances: number; scenario: string; reqPerS: number; p99: number; failures: number }[] = [];
    for (let count = 1; count <= 3; count++) {
      while (instances.length < count) {
        process.stdout.write(`starting instance ${instances.length + 1}…\n`);
        instances.push(await startInstance(env, path.join(tmp, `i${instances.length + 1}`)));
      }
      for (const [scenario, requests] of Object.entries(scenarios)) {
        await drive(instances, requests); // warm-up of every instance (JIT, pools, plans): not counted
        const result = await drive(instances, requests);
        rows.push({ instances: count, scenario, ...result });
        process.stdout.write(`  ${count} instance(s), ${scenario}: ${result.reqPerS.toFixed(0)} req/s, p99 ${result.p99} ms\n`);
      }
    }

    process.stdout.write(`\n| scenario | instances | req/s | ratio to 1 | p99 ms | failed |\n|---|---|---|---|---|---|\n`);
    for (const scenario of Object.keys(scenarios)) {
      const one = rows.find((row) => row.scenario === scenario && row.instances === 1)!.reqPerS;
      for (const row of rows.filter((each) => each.scenario === scenario))
        process.stdout.write(
          `| ${scenario} | ${row.instances} | ${row.reqPerS.toFixed(0)} | x${(row.reqPerS / one).toFixed(2)} | ${row.p99} | ${row.failures} |\n`,
        );
    }
    process.stdout.write(
      `\n(${os.availableParallelism()} cores, ${CONNECTIONS} connections split over the instances, ${DURATION_S} s each)\n`,
    );
  } finally {
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    await db.$disconnect();
    await database.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
