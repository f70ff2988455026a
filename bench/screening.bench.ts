// npm run bench:screening — screening speed, engine only and end to end.
//  1. A fresh embedded PostgreSQL; every shipped list imported (newest edition per source, as
//     `npm start` does): ~17,000 entities.
//  2. Engine only: the index built from the active rows in Postgres (what the subgraph serves),
//     p50/p95/p99 per query over the evaluation query mix (listed-name variants and non-listed names).
//  3. End to end: the platform in a CHILD process (REST adapter → gateway → screening subgraph →
//     Postgres), autocannon on loopback from this process, POST /v1/search-sync with a realistic mix
//     of names (each search stored: request, result and matches in one statement). Latency at one
//     connection (unloaded), at 4 in flight and throughput at BENCH_CONNECTIONS; beside it, in the
//     same run, the same operation straight to the subgraph (signed principal: the price of the
//     REST + gateway hops) and a plain node:http + pg_trgm service over the same active names
//     (bench/screening-trgm-service.ts, the query bench:quality uses), as ratios. Every answered
//     search must be stored (counted), and the platform's RSS is printed.
//  4. The same REST load on `npm start`'s cluster: a primary (screening index, jobs) and web processes
//     (REST adapter, gateway, stateless subgraphs) calling the primary's screening over HTTP
//     (app/web-cluster.ts), beside its own subgraph direct path. npm start runs one web
//     process per core but one; where that is one (2 cores), it runs one process (step 3's rows) and
//     this step shows what a 2-web-process cluster would cost.
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 16), BENCH_SPLIT=1 runs the REST
// adapter, the gateway and the screening subgraph as three child processes (as docker-compose does).
// BENCH_WEB_PROCESSES: web processes of step 4 (default: as npm start, at least 2; 0 skips it).
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each child process there.
// Production mode, as `npm start` and the Docker image run (before graphql and express load).
import '../app/production-mode';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client, Pool } from 'pg';
import { loadConfig } from '../platform/config';
import { benchConfig } from './lib/bench-config';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { logger } from '../platform/logging/logger';
import { PRINCIPAL_HEADER, signPrincipal } from '../platform/principal/principal';
import { ServiceName, startPlatform } from '../app/start-platform';
import {
  benchWebProcesses,
  npmStartTopology,
  processTreeRssMb,
  rssMb,
  startClusterChild,
  startPlatformChild,
  stopChild,
} from './lib/platform-child';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { generateEvaluationSet } from '../subgraphs/screening/evaluation/generate';
import { Rng } from '../lib/random/prng';
import { buildEngineIndex, DEFAULT_THRESHOLD, WatchlistEntity } from '../subgraphs/screening/services/engine-adapter';
import { importShippedLists, shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { allRoutes } from '../rest-adapter/routes';
import { loadTrigramTable } from './lib/trigram-peer';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SPLIT = process.env.BENCH_SPLIT === '1';
const WEB_PROCESSES = benchWebProcesses();

interface Row {
  measure: string;
  p50_ms: number;
  p95_ms?: number;
  p99_ms: number;
  req_per_s?: number;
  requests?: number;
  target: string;
  ok: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** Child mode: start the given services against DATABASE_URL and print their URLs. */
async function serve(services: ServiceName[]): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const config = benchConfig({ ports: loadConfig().ports });
  const platform = await startPlatform(config, services);
  process.stdout.write(`READY ${JSON.stringify(platform.urls)}\n`);
  const stop = () => void platform.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function startChild(services: ServiceName[], env: NodeJS.ProcessEnv, script: string[] = [__filename, '--serve', services.join(',')]) {
  return startPlatformChild(script, env);
}

async function activeEntities(databaseUrl: string): Promise<WatchlistEntity[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ data: WatchlistEntity }>(
      `SELECT e.data FROM screening.watchlist_entities e JOIN screening.watchlist_sources s ON s.source = e.source
        WHERE e.added_seq <= s.active_seq AND (e.removed_seq IS NULL OR e.removed_seq > s.active_seq) ORDER BY e.source, e.source_id`,
    );
    return rows.rows.map((row) => row.data);
  } finally {
    await client.end();
  }
}

async function waitForIndex(subgraphUrl: string, entities: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = (await (await fetch(subgraphUrl.replace(/\/graphql$/, '/readyz/index'))).json()) as {
      index: { ready: boolean; entities: number };
    };
    if (status.index.ready && status.index.entities === entities) return;
    if (Date.now() > deadline) throw new Error(`screening index not ready: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function cannon(
  name: string,
  options: { url: string; headers: Record<string, string>; bodies: string[]; connections: number; duration: number },
) {
  process.stdout.write(`running ${name}: ${options.connections} connection(s), ${options.duration} s …\n`);
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    requests: options.bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...options.headers }, body })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    answered: result['2xx'],
  };
}

type Run = Awaited<ReturnType<typeof cannon>>;

const ratio = (a: number, b: number) => `x${(a / b).toFixed(2)}`;

async function main(): Promise<void> {
  const serveIndex = process.argv.indexOf('--serve');
  if (serveIndex >= 0) return serve(process.argv[serveIndex + 1].split(',') as ServiceName[]);

  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const database = await startEmbeddedPostgres({
    dataDir: path.join(os.tmpdir(), `vigil-screening-bench-${process.pid}`),
    ephemeral: true,
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    VIGIL_INTERNAL_SECRET: crypto.randomBytes(32).toString('base64url'),
    VIGIL_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
    VIGIL_LOG_LEVEL: process.env.VIGIL_LOG_LEVEL ?? 'warn',
    VIGIL_HOST: '127.0.0.1',
  };
  Object.assign(process.env, {
    DATABASE_URL: env.DATABASE_URL,
    VIGIL_INTERNAL_SECRET: env.VIGIL_INTERNAL_SECRET,
    VIGIL_MASTER_KEY: env.VIGIL_MASTER_KEY,
  });
  const children: ChildProcess[] = [];
  const db = createDb(database.url, 4);
  try {
    await applyMigrations(database.url);
    // 1. import
    let t = performance.now();
    const imports = await importShippedLists(db, shippedWatchlistDir(), { origin: 'cli' });
    const importMs = performance.now() - t;
    const sources = imports.flatMap((result) => result.sources);
    const entityCount = sources.reduce((sum, source) => sum + source.entities, 0);
    const nameCount = sources.reduce((sum, source) => sum + source.names, 0);
    console.log(
      `\nimported ${sources.length} lists: ${entityCount} entities, ${nameCount} names in ${(importMs / 1000).toFixed(1)} s (${sources.map((s) => `${s.source} ${s.entities}`).join(', ')})`,
    );

    // 2. engine only, over the rows the subgraph loads
    t = performance.now();
    const entities = await activeEntities(database.url);
    const loadMs = performance.now() - t;
    t = performance.now();
    const index = buildEngineIndex(entities);
    const buildMs = performance.now() - t;
    console.log(
      `index from Postgres: ${index.entityCount} entities, ${index.nameCount} indexed names; load ${loadMs.toFixed(0)} ms, build ${buildMs.toFixed(0)} ms`,
    );
    const set = generateEvaluationSet(entities, { positives: 2000, negatives: 3000 });
    const queries = new Rng(7).shuffle([
      ...set.positives.map((p) => ({ name: p.query, type: p.type })),
      ...set.negatives.map((n) => ({ name: n.query, type: n.kind === 'person' ? 'individual' : 'entity' })),
    ]);
    const engineTimes: number[] = [];
    const options = (type: string) => ({
      limit: 10,
      threshold: DEFAULT_THRESHOLD,
      feeds: 'all' as const,
      type: type as WatchlistEntity['type'],
    });
    for (const q of queries.slice(0, 300)) index.search(q.name, options(q.type)); // warm-up
    for (const q of queries) {
      const start = performance.now();
      index.search(q.name, options(q.type));
      engineTimes.push(performance.now() - start);
    }
    engineTimes.sort((a, b) => a - b);
    const engine = { p50: percentile(engineTimes, 50), p95: percentile(engineTimes, 95), p99: percentile(engineTimes, 99) };
    // The same queries, each timed 3 times keeping its best: filters out preemption by other
    // processes and GC pauses on a shared machine (the query's own cost).
    const bestTimes = queries
      .map((q) => {
        let best = Infinity;
        for (let i = 0; i < 3; i++) {
          const start = performance.now();
          index.search(q.name, options(q.type));
          best = Math.min(best, performance.now() - start);
        }
        return best;
      })
      .sort((a, b) => a - b);
    const engineBest = { p50: percentile(bestTimes, 50), p95: percentile(bestTimes, 95), p99: percentile(bestTimes, 99) };

    // 3. end to end through REST, the platform in child process(es)
    const services: ServiceName[][] = SPLIT
      ? [['screening'], ['gateway'], ['rest-adapter']]
      : [['screening', 'profiles', 'idv', 'risk', 'gateway', 'rest-adapter']];
    const urls: Record<string, string> = {};
    if (SPLIT) {
      // Fixed ports so the gateway and REST adapter find the others.
      const base = 20_000 + (process.pid % 10_000);
      Object.assign(env, {
        VIGIL_SCREENING_PORT: String(base + 3),
        VIGIL_GATEWAY_PORT: String(base),
        VIGIL_REST_PORT: String(base + 10),
        VIGIL_PROFILES_PORT: String(base + 1),
        VIGIL_IDV_PORT: String(base + 2),
        VIGIL_RISK_PORT: String(base + 4),
        VIGIL_ACCESS_PORT: String(base + 5),
      });
      // The gateway composes every subgraph's SDL and needs them reachable for queries it plans to
      // them; the search touches only screening, so the other subgraphs run with the gateway.
      services[1] = ['profiles', 'idv', 'risk', 'access', 'gateway'];
    } else {
      Object.assign(env, {
        VIGIL_SCREENING_PORT: '0',
        VIGIL_GATEWAY_PORT: '0',
        VIGIL_REST_PORT: '0',
        VIGIL_PROFILES_PORT: '0',
        VIGIL_IDV_PORT: '0',
        VIGIL_RISK_PORT: '0',
        VIGIL_ACCESS_PORT: '0',
      });
    }
    for (const group of services) {
      const started = await startChild(group, env);
      children.push(started.child);
      Object.assign(urls, started.urls);
    }
    await waitForIndex(urls.screening, entityCount);
    const tenant = await createTenant(db, 'bench');
    const workspace = await createWorkspace(db, tenant.id, 'bench');
    const { application, apiKey } = await createApplication(db, { workspaceId: workspace.id, name: 'bench' });
    const mix = new Rng(11).shuffle([...queries]).slice(0, 1000);
    const restBodies = mix.map((q) => JSON.stringify({ name: q.name, type: q.type, feeds: ['all'] }));
    const restUrl = `${urls['rest-adapter']}/v1/search-sync`;
    const restHeaders = { 'x-api-key': apiKey.key };
    const principal = {
      tenantId: tenant.id,
      workspaceId: workspace.id,
      actorId: application.id,
      kind: 'application' as const,
      entitlements: {},
    };
    const directHeaders = { [PRINCIPAL_HEADER]: signPrincipal(principal, env.VIGIL_INTERNAL_SECRET!, Date.now(), 3600_000) };
    // The very operation the REST route sends (same fields, same stored search).
    const screenOperation = allRoutes.find((route) => route.method === 'post' && route.path === '/v1/search-sync')?.operation;
    if (!screenOperation) throw new Error('no POST /v1/search-sync route');
    const directBodies = mix.map((q) =>
      JSON.stringify({ query: screenOperation, variables: { input: { name: q.name, type: q.type, feeds: ['all'] } } }),
    );
    // The plain pg_trgm service over the same active names, in a child process of its own.
    const trgmPool = new Pool({ connectionString: database.url, max: 4 });
    await loadTrigramTable(trgmPool, entities, 'bench_trgm_names');
    await trgmPool.end();
    const trgm = await startChild([], env, [path.join(__dirname, 'screening-trgm-service.ts'), database.url, 'bench_trgm_names']);
    children.push(trgm.child);
    const trgmBodies = mix.map((q) => JSON.stringify({ name: q.name }));
    // sanity + warm-up (JIT, query plans, connection pools)
    const probe = await fetch(restUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...restHeaders },
      body: restBodies[0],
    });
    if (probe.status !== 200) throw new Error(`probe search failed: ${probe.status} ${await probe.text()}`);
    const directProbe = (await (
      await fetch(urls.screening, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...directHeaders },
        body: directBodies[0],
      })
    ).json()) as { errors?: unknown };
    if (directProbe.errors) throw new Error(`direct probe failed: ${JSON.stringify(directProbe.errors)}`);
    const warm = await cannon('warm-up', { url: restUrl, headers: restHeaders, bodies: restBodies, connections: 4, duration: 3 });
    await cannon('warm-up pg_trgm', { url: trgm.urls.trgm, headers: {}, bodies: trgmBodies, connections: 4, duration: 2 });
    const rest = (connections: number) =>
      cannon(`REST, ${connections} connection(s)`, {
        url: restUrl,
        headers: restHeaders,
        bodies: restBodies,
        connections,
        duration: DURATION_S,
      });
    const direct = (connections: number) =>
      cannon(`subgraph direct, ${connections} connection(s)`, {
        url: urls.screening,
        headers: directHeaders,
        bodies: directBodies,
        connections,
        duration: DURATION_S,
      });
    const plain = (connections: number) =>
      cannon(`pg_trgm service, ${connections} connection(s)`, {
        url: trgm.urls.trgm,
        headers: {},
        bodies: trgmBodies,
        connections,
        duration: DURATION_S,
      });
    const restSerial = await rest(1);
    const directSerial = await direct(1);
    const rest4 = await rest(4);
    const plain4 = await plain(4);
    const direct4 = await direct(4);
    const restLoaded = await rest(CONNECTIONS);
    const directLoaded = await direct(CONNECTIONS);
    const plainLoaded = await plain(CONNECTIONS);
    const platformRss = children.filter((child) => child !== trgm.child).map((child) => rssMb(child.pid));

    // 4. the same REST load on npm start's topology (primary + web processes), alone on the machine
    let cluster: { rest1: Run; rest4: Run; rest16: Run; direct16: Run; rssMb: number[] } | undefined;
    if (WEB_PROCESSES > 1) {
      for (const child of children.filter((child) => child !== trgm.child)) await stopChild(child);
      const started = await startClusterChild(WEB_PROCESSES, env);
      children.push(started.child);
      await waitForIndex(started.urls.screening, entityCount);
      const clusterRest = `${started.urls['rest-adapter']}/v1/search-sync`;
      const run = (name: string, url: string, headers: Record<string, string>, bodies: string[], connections: number) =>
        cannon(`cluster (${WEB_PROCESSES} web + primary), ${name}, ${connections} connection(s)`, {
          url,
          headers,
          bodies,
          connections,
          duration: DURATION_S,
        });
      await cannon('warm-up cluster', { url: clusterRest, headers: restHeaders, bodies: restBodies, connections: 4, duration: 3 }).then(
        (w) => (warm.answered += w.answered),
      );
      const rest1 = await run('REST', clusterRest, restHeaders, restBodies, 1);
      const rest4 = await run('REST', clusterRest, restHeaders, restBodies, 4);
      const rest16 = await run('REST', clusterRest, restHeaders, restBodies, CONNECTIONS);
      const direct16 = await run('subgraph direct', started.urls.screening, directHeaders, directBodies, CONNECTIONS);
      cluster = { rest1, rest4, rest16, direct16, rssMb: processTreeRssMb(started.child.pid) };
    }
    const stored = await db.$queryRawUnsafe<{ requests: number; matches: number }[]>(
      `SELECT (SELECT count(*)::int FROM screening.search_requests) AS requests, (SELECT count(*)::int FROM screening.search_matches) AS matches`,
    );
    const answered =
      2 +
      warm.answered +
      [
        restSerial,
        directSerial,
        rest4,
        direct4,
        restLoaded,
        directLoaded,
        ...(cluster ? [cluster.rest1, cluster.rest4, cluster.rest16, cluster.direct16] : []),
      ].reduce((sum, run) => sum + run.answered, 0);

    const rows: Row[] = [
      {
        measure: 'engine only, per query',
        p50_ms: round(engine.p50),
        p95_ms: round(engine.p95),
        p99_ms: round(engine.p99),
        target: 'p50 <= 1, p99 <= 5',
        ok: engine.p50 <= 1 && engine.p99 <= 5 ? 'yes' : 'NO',
      },
      {
        measure: 'engine only, best of 3 per query',
        p50_ms: round(engineBest.p50),
        p95_ms: round(engineBest.p95),
        p99_ms: round(engineBest.p99),
        target: 'p50 <= 1, p99 <= 5',
        ok: engineBest.p50 <= 1 && engineBest.p99 <= 5 ? 'yes' : 'NO',
      },
      {
        measure: 'REST POST /v1/search-sync, 1 conn',
        p50_ms: restSerial.p50,
        p99_ms: restSerial.p99,
        req_per_s: restSerial.rps,
        requests: restSerial.total,
        target: `added p50 <= 2 ms (+${restSerial.p50 - directSerial.p50})`,
        ok: restSerial.p50 - directSerial.p50 <= 2 ? 'yes' : 'NO',
      },
      {
        measure: 'subgraph direct (no REST/gateway), 1 conn',
        p50_ms: directSerial.p50,
        p99_ms: directSerial.p99,
        req_per_s: directSerial.rps,
        requests: directSerial.total,
        target: '-',
        ok: '-',
      },
      {
        measure: 'REST POST /v1/search-sync, 4 conn',
        p50_ms: rest4.p50,
        p99_ms: rest4.p99,
        req_per_s: rest4.rps,
        requests: rest4.total,
        target: `p50 <= pg_trgm's (${ratio(rest4.p50, plain4.p50)})`,
        ok: rest4.p50 <= plain4.p50 ? 'yes' : 'NO',
      },
      {
        measure: 'subgraph direct, 4 conn',
        p50_ms: direct4.p50,
        p99_ms: direct4.p99,
        req_per_s: direct4.rps,
        requests: direct4.total,
        target: '-',
        ok: '-',
      },
      {
        measure: 'plain pg_trgm service, 4 conn',
        p50_ms: plain4.p50,
        p99_ms: plain4.p99,
        req_per_s: plain4.rps,
        requests: plain4.total,
        target: '-',
        ok: '-',
      },
      {
        measure: `REST POST /v1/search-sync, ${CONNECTIONS} conn`,
        p50_ms: restLoaded.p50,
        p99_ms: restLoaded.p99,
        req_per_s: restLoaded.rps,
        requests: restLoaded.total,
        target: `>= 400 req/s, >= 0.8x direct (${ratio(restLoaded.rps, directLoaded.rps)})`,
        ok: restLoaded.rps >= 400 && restLoaded.rps >= 0.8 * directLoaded.rps ? 'yes' : 'NO',
      },
      {
        measure: `subgraph direct, ${CONNECTIONS} conn`,
        p50_ms: directLoaded.p50,
        p99_ms: directLoaded.p99,
        req_per_s: directLoaded.rps,
        requests: directLoaded.total,
        target: '-',
        ok: '-',
      },
      {
        measure: `plain pg_trgm service, ${CONNECTIONS} conn`,
        p50_ms: plainLoaded.p50,
        p99_ms: plainLoaded.p99,
        req_per_s: plainLoaded.rps,
        requests: plainLoaded.total,
        target: '-',
        ok: '-',
      },
    ];
    if (cluster) {
      rows.push(
        {
          measure: `cluster: REST, 1 conn`,
          p50_ms: cluster.rest1.p50,
          p99_ms: cluster.rest1.p99,
          req_per_s: cluster.rest1.rps,
          requests: cluster.rest1.total,
          target: '-',
          ok: '-',
        },
        {
          measure: `cluster: REST, 4 conn`,
          p50_ms: cluster.rest4.p50,
          p99_ms: cluster.rest4.p99,
          req_per_s: cluster.rest4.rps,
          requests: cluster.rest4.total,
          target: `vs pg_trgm p50 ${ratio(cluster.rest4.p50, plain4.p50)}`,
          ok: '-',
        },
        {
          measure: `cluster: REST, ${CONNECTIONS} conn`,
          p50_ms: cluster.rest16.p50,
          p99_ms: cluster.rest16.p99,
          req_per_s: cluster.rest16.rps,
          requests: cluster.rest16.total,
          target: `vs its direct ${ratio(cluster.rest16.rps, cluster.direct16.rps)}`,
          ok: '-',
        },
        {
          measure: `cluster: subgraph direct, ${CONNECTIONS} conn`,
          p50_ms: cluster.direct16.p50,
          p99_ms: cluster.direct16.p99,
          req_per_s: cluster.direct16.rps,
          requests: cluster.direct16.total,
          target: '-',
          ok: '-',
        },
      );
    }
    console.log(
      `\nload average (1/5/15 min) at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' / ')} on ${os.cpus().length} cores (other processes on this machine skew every figure)`,
    );
    console.log(
      `\nScreening bench: ${entityCount} entities (${nameCount} names) from ${sources.length} shipped lists; ${queries.length} engine queries (${set.positives.length} listed-name variants, ${set.negatives.length} non-listed); REST mix of ${mix.length} names; ${os.cpus().length} cores; platform in ${SPLIT ? 'three child processes' : 'one child process'}; log level ${env.VIGIL_LOG_LEVEL}`,
    );
    console.table(rows);
    console.log(
      `REST vs subgraph direct: added p50 at 1 conn +${restSerial.p50 - directSerial.p50} ms; throughput at ${CONNECTIONS} conn ${ratio(restLoaded.rps, directLoaded.rps)}`,
    );
    console.log(
      `REST vs plain pg_trgm service: p50 at 4 conn ${ratio(rest4.p50, plain4.p50)}; throughput at ${CONNECTIONS} conn ${ratio(restLoaded.rps, plainLoaded.rps)}`,
    );
    console.log(
      `stored: ${stored[0].requests} search requests for ${answered} answered searches (${stored[0].requests >= answered ? 'every answered search stored; requests cut off in flight at the end of a run may add a few' : 'MISSING STORED SEARCHES'}), ${stored[0].matches} matches`,
    );
    console.log(`npm start on this machine runs ${npmStartTopology()}`);
    if (cluster)
      console.log(
        `cluster (${WEB_PROCESSES} web processes + primary) RSS after its runs: ${cluster.rssMb.map((mb) => `${mb} MB`).join(' + ')} = ${cluster.rssMb.reduce((a, b) => a + b, 0)} MB (primary first)`,
      );
    console.log(
      `platform RSS with the shipped lists (${entityCount} entities): ${platformRss.map((mb) => `${mb} MB`).join(' + ')} (process${platformRss.length > 1 ? 'es' : ''} of ${services.map((group) => group.join(',')).join(' | ')})`,
    );
  } finally {
    await Promise.all(children.map(stopChild));
    await db.$disconnect();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
