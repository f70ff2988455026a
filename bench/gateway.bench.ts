// npm run bench:gateway — the price of the public path. The same trivial authenticated read
// (one profile by id) sent, in one run, (a) straight to the profiles subgraph with a signed
// principal, (b) through REST adapter → gateway → subgraph in one process (in-process calls, as
// `npm start` runs) and (c) the same path over loopback HTTP between the services (as separate
// services run it, VIGIL_IN_PROCESS=0), at 1 connection (added latency) and BENCH_CONNECTIONS
// (throughput), each as a ratio of (a). autocannon on loopback; the process RSS is printed.
// Then (d) the same read on npm start's cluster in a child process (a primary and
// BENCH_WEB_PROCESSES web processes, default as npm start, at least 2; 0 skips it), REST beside
// that cluster's own profiles subgraph. On 2 cores npm start runs one process, as (b).
// Production mode, as `npm start` and the Docker image run (before graphql and express load).
import '../app/production-mode';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { benchConfig } from './lib/bench-config';
import { logger } from '../platform/logging/logger';
import { PRINCIPAL_HEADER, signPrincipal } from '../platform/principal/principal';
import { startPlatform } from '../app/start-platform';
import { benchWebProcesses, npmStartTopology, processTreeRssMb, startClusterChild, stopChild } from './lib/platform-child';
import { allRoutes } from '../rest-adapter/routes';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WEB_PROCESSES = benchWebProcesses();

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-bench-${process.pid}`), ephemeral: true });
  process.env.DATABASE_URL ??= database!.url;
  process.env.VIGIL_INTERNAL_SECRET ??= crypto.randomBytes(32).toString('base64url');
  process.env.VIGIL_MASTER_KEY ??= crypto.randomBytes(32).toString('base64');
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  await applyMigrations(process.env.DATABASE_URL);
  const config = benchConfig();
  const services = ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'] as const;
  const platform = await startPlatform(config, services, { inProcess: true });
  const overHttp = await startPlatform(config, services, { inProcess: false });
  try {
    const tenant = await createTenant(platform.db, 'bench');
    const workspace = await createWorkspace(platform.db, tenant.id, 'bench');
    const { application, apiKey } = await createApplication(platform.db, { workspaceId: workspace.id, name: 'bench' });
    const created = await fetch(`${platform.urls['rest-adapter']}/clm/v1/profiles`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey.key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Mark', kind: 'individual' }),
    });
    const createdBody = (await created.json()) as { result?: { profile: { id: string } } };
    if (!createdBody.result) throw new Error(`could not create the benchmark profile: ${JSON.stringify(createdBody)}`);
    const profileId = createdBody.result.profile.id;

    const principal = {
      tenantId: tenant.id,
      workspaceId: workspace.id,
      actorId: application.id,
      kind: 'application' as const,
      entitlements: {},
    };
    // The very operation the REST route sends.
    const operation = allRoutes.find((route) => route.method === 'get' && route.path === '/clm/v1/profiles/:profileId')?.operation;
    if (!operation) throw new Error('no GET /clm/v1/profiles/:profileId route');
    const direct = {
      url: platform.urls.profiles!,
      method: 'POST' as const,
      headers: {
        'content-type': 'application/json',
        [PRINCIPAL_HEADER]: signPrincipal(principal, config.internalSecret, Date.now(), 3600_000),
      },
      body: JSON.stringify({ query: operation, variables: { id: profileId } }),
    };
    const probe = (await (await fetch(direct.url, direct)).json()) as { errors?: unknown };
    if (probe.errors) throw new Error(`direct probe failed: ${JSON.stringify(probe.errors)}`);
    const rest = (base: string) => ({
      url: `${base}/clm/v1/profiles/${profileId}`,
      method: 'GET' as const,
      headers: { 'x-api-key': apiKey.key },
    });
    await run('warm-up', { ...rest(platform.urls['rest-adapter']!), connections: 4, duration: 2 });
    await run('warm-up', { ...rest(overHttp.urls['rest-adapter']!), connections: 4, duration: 2 });
    const rows = [];
    for (const connections of [1, CONNECTIONS]) {
      const base = await run(`subgraph direct, ${connections} conn`, { ...direct, connections });
      const local = await run(`REST → gateway → subgraph, in process, ${connections} conn`, {
        ...rest(platform.urls['rest-adapter']!),
        connections,
      });
      const http = await run(`REST → gateway → subgraph, over HTTP, ${connections} conn`, {
        ...rest(overHttp.urls['rest-adapter']!),
        connections,
      });
      rows.push(
        base,
        ...[local, http].map((row) => ({
          ...row,
          added_p50_ms: row.p50_ms - base.p50_ms,
          throughput_vs_direct: `x${(row.req_per_s / base.req_per_s).toFixed(2)}`,
        })),
      );
    }
    let clusterRss: number[] | undefined;
    if (WEB_PROCESSES > 1) {
      // (d) npm start's cluster: the profiles subgraph and the REST tier run in every web process.
      const cluster = await startClusterChild(WEB_PROCESSES, process.env);
      try {
        await run('warm-up', { ...rest(cluster.urls['rest-adapter']), connections: 4, duration: 2 });
        for (const connections of [1, CONNECTIONS]) {
          const base = await run(`cluster (${WEB_PROCESSES} web + primary): subgraph direct, ${connections} conn`, {
            ...direct,
            url: cluster.urls.profiles,
            connections,
          });
          const local = await run(`cluster (${WEB_PROCESSES} web + primary): REST → gateway → subgraph, ${connections} conn`, {
            ...rest(cluster.urls['rest-adapter']),
            connections,
          });
          rows.push(base, {
            ...local,
            added_p50_ms: local.p50_ms - base.p50_ms,
            throughput_vs_direct: `x${(local.req_per_s / base.req_per_s).toFixed(2)}`,
          });
        }
        clusterRss = processTreeRssMb(cluster.child.pid);
      } finally {
        await stopChild(cluster.child);
      }
    }
    console.log(
      '\nGET one profile, 1 and %d connections, %d s each, loopback, %d cores, load average %s',
      CONNECTIONS,
      DURATION_S,
      os.cpus().length,
      os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join('/'),
    );
    console.table(rows);
    console.log('targets: added p50 <= 2 ms at 1 conn; throughput >= x0.80 of direct at %d conn', CONNECTIONS);
    console.log(`RSS of this process (two platforms, no screening lists loaded): ${Math.round(process.memoryUsage().rss / 1048576)} MB`);
    console.log(`npm start on this machine runs ${npmStartTopology()}`);
    if (clusterRss) console.log(`cluster RSS after its runs (primary first): ${clusterRss.map((mb) => `${mb} MB`).join(' + ')}`);
  } finally {
    await overHttp.close();
    await platform.close();
    await database?.stop();
  }
}

async function run(
  name: string,
  options: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; connections: number; duration?: number },
) {
  process.stdout.write(`running ${name} for ${options.duration ?? DURATION_S} s…\n`);
  const result = await autocannon({ duration: DURATION_S, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    path: name,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    req_per_s: Math.round(result.requests.average),
    requests: result.requests.total,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
