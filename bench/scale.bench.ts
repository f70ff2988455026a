// npm run bench:scale -- --entities N [--queries Q] [--seconds S] [--peer 0]
// npm run bench:scale -- --import-only --entities N [--file F | --keep-file F] [--cli-root DIR] [--cpu-prof DIR]
//                        [--trgm 0] [--runs R]
//   (the CLI import alone, see importOnly below)
// npm run bench:scale -- --engine --entities N [--queries Q] [--budgets B1,B2] [--short S]   (the engine alone, in
//   process: time per search, with each candidate budget of the pair retrieval)
// npm run bench:scale -- --engine --compare --entities N [--queries Q]   (retrieval by pairs against the walk of every
//   posting, see bench/lib/retrieval-diff.ts)
// npm run bench:scale -- --build-only --entities N [--engine-root DIR]   (the index build alone, in process)
//
// The screening index at list sizes beyond the shipped lists:
//  1. N synthetic FollowTheMoney entities (JSON lines, the format `npm run watchlists -- --format ftm`
//     reads), drawn from the shipped lists' own distributions: name tokens per script and entity type,
//     tokens per name, aliases and original-script names per entity, birth dates, countries.
//  2. A fresh embedded PostgreSQL; the file imported by the CLI (its progress bar), timed.
//  3. The platform in a child process (every service, one process): time until the index serves
//     (built from PostgreSQL), then the index snapshot it writes; then a restart, timed until it
//     serves again (loaded from the snapshot).
//  4. POST /v1/search-sync at 4 and 16 requests in flight: p50/p95, beside the plain pg_trgm
//     service over the same names (bench/screening-trgm-service.ts) as ratios.
//  5. False positives: names built from the same token pools but listed nowhere, searched at the
//     default threshold; the share answered with any result.
//  6. Resident memory of every process.
import '../app/production-mode';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { loadConfig } from '../platform/config';
import { benchConfig } from './lib/bench-config';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { logger } from '../platform/logging/logger';
import { ServiceName, startPlatform } from '../app/start-platform';
import { peakRssMb, processTreeRssMb, rssMb, startPlatformChild, stopChild } from './lib/platform-child';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { Rng } from '../lib/random/prng';
import { loadList, type WatchlistEntity } from '../subgraphs/screening/services/engine-adapter';
import { derivePools, nameOf, shippedEntities, syntheticEntity, type Pools } from './lib/synthetic-watchlist';
import { snapshotFile } from '../subgraphs/screening/services/index-snapshot';
import { loadTrigramTable } from './lib/trigram-peer';
import { cpuSeconds, postgresCpuSeconds } from './lib/process-cpu';
import { diffReport, diffRetrieval, queryVariants } from './lib/retrieval-diff';
import { percentile } from './lib/evaluation-lists';

const SERVICES: ServiceName[] = ['screening', 'profiles', 'idv', 'risk', 'access', 'gateway', 'rest-adapter'];

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.floor(value);
}

const ms = (x: number) => `${Math.round(x)} ms`;
const ratio = (a: number, b: number) => `x${(a / b).toFixed(2)}`;
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Writes the list; `unlisted` (lower-cased candidate negatives) loses every name the list holds. Only the candidates are
 * held, not the list's names (tens of millions at 10M entities).
 */
async function writeSynthetic(file: string, n: number, pools: Pools, unlisted: Set<string>): Promise<{ positives: string[] }> {
  const rng = new Rng(20261127);
  const out = fs.createWriteStream(file);
  const positives: string[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const { line, names } = syntheticEntity(rng, pools, i);
    for (const name of names) unlisted.delete(name.toLowerCase());
    if (positives.length < 2000 && rng.float() < 2000 / n) positives.push(names[0]);
    if (!out.write(`${line}\n`)) await new Promise((resolve) => out.once('drain', () => resolve(undefined)));
    if ((i + 1) % 100_000 === 0) say(`  generated ${i + 1}/${n} entities (${ms(performance.now() - started)})`);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { positives };
}

/** Names built like the listed ones (other draws): candidates, of which writeSynthetic strikes the listed ones. */
function candidateNegatives(pools: Pools, count: number): string[] {
  const rng = new Rng(7);
  const out: string[] = [];
  while (out.length < count) out.push(nameOf(rng, pools, 'individual', 'Latn', rng.pick(pools.tokensPerName.get('individual') ?? [2])));
  return out;
}

/** Child mode: every service against DATABASE_URL. */
async function serve(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const platform = await startPlatform(benchConfig({ ports: loadConfig().ports }), SERVICES);
  process.stdout.write(`READY ${JSON.stringify(platform.urls)}\n`);
  const stop = () => void platform.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

interface IndexReady {
  entities: number;
  loadMs: number | null;
  buildMs: number | null;
  rowsLoaded: { full: number; delta: number } | null;
}

/** Starts the platform and waits for its index; ms until it serves searches. */
async function startAndWait(
  env: NodeJS.ProcessEnv,
  entities: number,
): Promise<{ child: ChildProcess; urls: Record<string, string>; ms: number; index: IndexReady }> {
  const started = performance.now();
  const { child, urls } = await startPlatformChild([__filename, '--serve'], env);
  const readyz = urls.screening.replace(/\/graphql$/, '/readyz/index');
  let last = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`platform child exited (${child.exitCode ?? child.signalCode})`);
    // A refused or reset poll (the server is still starting, an idle socket closed) is polled again.
    const status = (await fetch(readyz)
      .then((response) => response.json())
      .catch(() => ({ index: { ready: false, entities: 0 } }))) as { index: IndexReady & { ready: boolean } };
    if (status.index.ready && status.index.entities >= entities)
      return { child, urls, ms: performance.now() - started, index: status.index };
    if (performance.now() - last > 10_000) {
      last = performance.now();
      say(`  waiting for the index … ${ms(performance.now() - started)} (rss ${processTreeRssMb(child.pid).join('+')} MB)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `count` requests, `inFlight` at a time: latency percentiles and the answers. */
async function load(url: string, headers: Record<string, string>, bodies: string[], inFlight: number, count: number) {
  const latencies: number[] = [];
  const answers: unknown[] = new Array(count);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const t = performance.now();
      // One retry for a keep-alive socket the server closed as the request went out.
      const send = () =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: bodies[i % bodies.length],
        });
      const response = await send().catch(send);
      const body = (await response.json()) as unknown;
      if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      latencies.push(performance.now() - t);
      answers[i] = body;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p95: at(0.95), rps: (count / (performance.now() - started)) * 1000, answers };
}

async function main(): Promise<void> {
  const n = flag('entities', 10_000);
  const queries = flag('queries', 400);
  const withPeer = !(process.argv.indexOf('--peer') >= 0 && process.argv[process.argv.indexOf('--peer') + 1] === '0');
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scale-'));
  const children: ChildProcess[] = [];
  say(
    `bench:scale — ${n} entities, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, ${os.availableParallelism()} cores`,
  );

  // 1. distributions and the synthetic list
  const shipped = await shippedEntities();
  const pools = derivePools(shipped);
  say(
    `distributions from ${shipped.length} shipped entities: ${pools.tokens.size} token pools, ${pools.scripts.length} original-script names`,
  );
  const file = path.join(work, 'scale_synthetic.ftm.jsonl');
  // Twice the negatives needed as candidates: the list may hold a few of them (the same pools).
  const candidates = candidateNegatives(pools, 2 * Math.min(queries, 500));
  const unlisted = new Set(candidates.map((name) => name.toLowerCase()));
  const { positives } = await writeSynthetic(file, n, pools, unlisted);
  const negatives = candidates.filter((name) => unlisted.has(name.toLowerCase())).slice(0, Math.min(queries, 500));
  say(`wrote ${file} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);

  const database = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), ephemeral: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    VIGIL_INTERNAL_SECRET: crypto.randomBytes(32).toString('base64url'),
    VIGIL_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
    VIGIL_LOG_LEVEL: process.env.VIGIL_LOG_LEVEL ?? 'warn',
    VIGIL_HOST: '127.0.0.1',
    VIGIL_SKIP_SHIPPED_WATCHLISTS: '1',
    VIGIL_SCREENING_SNAPSHOT_DIR: path.join(work, 'index'),
    VIGIL_SCREENING_PORT: '0',
    VIGIL_GATEWAY_PORT: '0',
    VIGIL_REST_PORT: '0',
    VIGIL_PROFILES_PORT: '0',
    VIGIL_IDV_PORT: '0',
    VIGIL_RISK_PORT: '0',
    VIGIL_ACCESS_PORT: '0',
  };
  const db = createDb(database.url, 2);
  try {
    await applyMigrations(database.url);
    // 2. the CLI import, with its progress bar
    let t = performance.now();
    await new Promise<void>((resolve, reject) => {
      const cli = spawn(process.execPath, ['--import', 'tsx', 'app/cli/import-watchlist.ts', '--format', 'ftm', '--path', file], {
        env,
        cwd: path.resolve(__dirname, '..'),
        stdio: 'inherit',
      });
      cli.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited ${code}`))));
    });
    const importMs = performance.now() - t;
    say(`import: ${ms(importMs)}`);

    // 3. first start (built from PostgreSQL), the snapshot, a restart (loaded from it)
    const postgresCpuBefore = postgresCpuSeconds(path.join(work, 'pg'));
    const first = await startAndWait(env, n);
    children.push(first.child);
    say(
      `first start: serves after ${ms(first.ms)} (load ${first.index.loadMs} ms, build ${first.index.buildMs} ms); ` +
        `platform ${cpuSeconds(first.child.pid).toFixed(1)} s CPU, peak RSS ${peakRssMb(first.child.pid)} MB; ` +
        `PostgreSQL ${(postgresCpuSeconds(path.join(work, 'pg')) - postgresCpuBefore).toFixed(1)} s CPU; load average ${loadAverage()}`,
    );
    const snapshot = snapshotFile(path.join(work, 'index'));
    t = performance.now();
    while (!fs.existsSync(snapshot)) await new Promise((resolve) => setTimeout(resolve, 200));
    say(`snapshot: ${(fs.statSync(snapshot).size / 1e6).toFixed(1)} MB, on disk ${ms(performance.now() - t)} after ready`);
    const firstRss = processTreeRssMb(first.child.pid);
    await stopChild(first.child);
    const restart = await startAndWait(env, n);
    children.push(restart.child);
    say(
      `restart: serves after ${ms(restart.ms)} (read ${restart.index.loadMs} ms, restore ${restart.index.buildMs} ms): ${ratio(restart.ms, first.ms)} of the first start`,
    );

    // 4. search-sync at 4 and 16 in flight, beside the pg_trgm peer
    const tenant = await createTenant(db, 'scale');
    const workspace = await createWorkspace(db, tenant.id, 'scale');
    const { apiKey } = await createApplication(db, { workspaceId: workspace.id, name: 'scale' });
    const rng = new Rng(3);
    const mix = rng.shuffle([...positives]).slice(0, queries);
    const restBodies = mix.map((name) => JSON.stringify({ name, feeds: ['all'] }));
    const restUrl = `${restart.urls['rest-adapter']}/v1/search-sync`;
    const headers = { 'x-api-key': apiKey.key };
    await load(restUrl, headers, restBodies, 2, Math.min(50, queries)); // warm-up
    // The peer is optional (--peer 0): at 10M entities its table and trigram index take longer than the index itself.
    let trgm: { child: ChildProcess; urls: Record<string, string> } | undefined;
    if (withPeer) {
      say(`loading the pg_trgm peer table …`);
      const pool = new Pool({ connectionString: database.url, max: 2 });
      const entities: WatchlistEntity[] = await loadList('ftm_jsonl', file);
      await loadTrigramTable(pool, entities, 'scale_trgm_names');
      entities.length = 0;
      await pool.end();
      trgm = await startPlatformChild([path.join(__dirname, 'screening-trgm-service.ts'), database.url, 'scale_trgm_names'], env);
      children.push(trgm.child);
    }
    const trgmBodies = mix.map((name) => JSON.stringify({ name }));
    for (const inFlight of [4, 16]) {
      const vigil = await load(restUrl, headers, restBodies, inFlight, queries);
      const peer = trgm ? await load(trgm.urls.trgm, {}, trgmBodies, inFlight, queries) : undefined;
      say(
        `search-sync, ${inFlight} in flight: p50 ${ms(vigil.p50)}, p95 ${ms(vigil.p95)}, ${vigil.rps.toFixed(1)}/s` +
          (peer
            ? ` | pg_trgm peer p50 ${ms(peer.p50)} p95 ${ms(peer.p95)}: ${ratio(vigil.p50, peer.p50)}, ${ratio(vigil.p95, peer.p95)}`
            : ''),
      );
    }

    // 5. false positives on names listed nowhere
    const negative = await load(
      restUrl,
      headers,
      negatives.map((name) => JSON.stringify({ name, feeds: ['all'] })),
      4,
      negatives.length,
    );
    const hits = negative.answers.filter((a) => ((a as { result?: { results?: unknown[] } }).result?.results?.length ?? 0) > 0).length;
    const peerNegative = trgm
      ? await load(
          trgm.urls.trgm,
          {},
          negatives.map((name) => JSON.stringify({ name })),
          4,
          negatives.length,
        )
      : undefined;
    const peerHits = peerNegative?.answers.filter((a) => ((a as { results?: unknown[] }).results?.length ?? 0) > 0).length;
    say(
      `false positives: ${hits}/${negatives.length} unlisted names answered with a match (${((hits / negatives.length) * 100).toFixed(1)} %)` +
        (peerHits !== undefined ? `; pg_trgm peer ${peerHits}/${negatives.length}` : ''),
    );

    // 6. memory
    say(
      `rss: first start ${firstRss.join(' + ')} MB; after restart ${processTreeRssMb(restart.child.pid).join(' + ')} MB; pg_trgm service ${trgm ? rssMb(trgm.child.pid) : '-'} MB; bench ${rssMb(process.pid)} MB`,
    );
  } finally {
    for (const child of children) await stopChild(child);
    await db.$disconnect();
    await database.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** What the in-process modes build with: the shipped lists' distributions (the lists themselves let go), the FtM
 * reader, the index builder and the generator's seed. */
async function inProcessBuild() {
  const pools = derivePools(await shippedEntities());
  const { ftmToEntity } = await import('../subgraphs/screening/lists');
  const { IndexBuilder } = await import('../subgraphs/screening/engine');
  return { pools, ftmToEntity, IndexBuilder, rng: new Rng(20261127) };
}

/**
 * `--heap`: the index of N synthetic entities built in this process (entity bytes spilled to a file, as the platform does),
 * and where its memory goes: heap and array buffers per entity, the largest typed arrays and string tables.
 */
async function heap(): Promise<void> {
  const n = flag('entities', 100_000);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npx tsx --expose-gc bench/scale.bench.ts --heap --entities N)');
  const { pools, ftmToEntity, IndexBuilder, rng } = await inProcessBuild();
  gc();
  const before = process.memoryUsage();
  const spill = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scale-heap-'));
  const started = performance.now();
  const builder = new IndexBuilder(n, undefined, { spillDir: spill });
  for (let i = 0; i < n; i++) {
    const raw = JSON.parse(syntheticEntity(rng, pools, i).line) as Parameters<typeof ftmToEntity>[0];
    builder.add(ftmToEntity(raw, 'scale_synthetic', i)!);
  }
  const index = builder.finish();
  const buildMs = performance.now() - started;
  gc();
  const after = process.memoryUsage();
  const mb = (x: number) => `${(x / 1e6).toFixed(1)} MB`;
  const per = (x: number) => `${(x / n).toFixed(0)} B/entity`;
  say(`heap: ${n} entities built in ${ms(buildMs)}; ${index.stats.names} names, vocabulary ${index.stats.vocabulary}`);
  for (const key of ['heapUsed', 'external', 'arrayBuffers', 'rss'] as const)
    say(`  ${key}: +${mb(after[key] - before[key])} (${per(after[key] - before[key])})`);
  const state = index.exportState();
  const sizes: [string, number][] = Object.entries(state.arrays).map(([name, a]) => [name, a.byteLength]);
  for (const name of ['chunkOf', 'start', 'length', 'type'] as const) sizes.push([`store.${name}`, state.store[name].byteLength]);
  sizes.sort((a, b) => b[1] - a[1]);
  say(`  typed arrays: ${sizes.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}`);
  let entityBytes = 0;
  for (let c = 0; c < state.store.chunks.count; c++) entityBytes += state.store.chunks.byteLength(c);
  say(`  entity bytes in the spill file (off the heap): ${mb(entityBytes)} (${per(entityBytes)})`);
  say(
    `  string tables: ${Object.entries(state.strings)
      .map(([name, list]) => `${name} ${list.length}`)
      .join(', ')}`,
  );
  // Search scratch (per name) and the prepared-name cache's slots are allocated with the index.
  fs.rmSync(spill, { recursive: true, force: true });
}

/**
 * `--engine`: the index of N synthetic entities built in this process, then `--queries` searches of listed names (as
 * step 4 draws them) one at a time: the engine's own time per search, without HTTP, the gateway or the database. With
 * `node --cpu-prof` (npx tsx --cpu-prof bench/scale.bench.ts --engine --entities N) it shows where a search's time goes.
 */
async function engine(): Promise<void> {
  const n = flag('entities', 100_000);
  const queries = flag('queries', 400);
  const { pools, ftmToEntity, IndexBuilder, rng } = await inProcessBuild();
  const spill = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scale-engine-'));
  try {
    const positives: string[] = [];
    let started = performance.now();
    const builder = new IndexBuilder(n, undefined, { spillDir: spill });
    for (let i = 0; i < n; i++) {
      const { line, names } = syntheticEntity(rng, pools, i);
      if (positives.length < 2000 && rng.float() < 2000 / n) positives.push(names[0]);
      builder.add(ftmToEntity(JSON.parse(line) as Parameters<typeof ftmToEntity>[0], 'scale_synthetic', i)!);
    }
    const index = builder.finish();
    say(`engine: ${n} entities generated and built in ${ms(performance.now() - started)}`);
    const mix = new Rng(3).shuffle([...positives]).slice(0, queries);
    const short = option('short');
    if (short) index.retrieval.shortPosting = Number(short);
    if (process.argv.includes('--compare')) {
      // the pair retrieval against the walk of every posting at this size, and the CPU time of both, side by side
      const budget = option('budget');
      if (budget) index.retrieval.budget = Number(budget);
      for (const name of mix.slice(0, 50)) index.search(name, { feeds: 'all' }); // warm-up
      const diff = diffRetrieval(index, queryVariants(mix, new Rng(5)));
      for (const line of diffReport(diff)) say(line);
      return;
    }
    for (const name of mix.slice(0, 50)) index.search(name, { feeds: 'all' }); // warm-up
    // `--budgets 4000,1500`: the same searches with each candidate budget of the pair retrieval, side by side
    for (const budget of (option('budgets') ?? String(index.retrieval.budget)).split(',').map(Number)) {
      index.retrieval.budget = budget;
      const times: number[] = [];
      let results = 0;
      started = performance.now();
      for (const name of mix) {
        const t = performance.now();
        results += index.search(name, { feeds: 'all' }).length;
        times.push(performance.now() - t);
      }
      const total = performance.now() - started;
      times.sort((a, b) => a - b);
      const at = (p: number) => percentile(times, p).toFixed(1);
      say(
        `engine search, one at a time, budget ${budget}: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms, ` +
          `${((mix.length / total) * 1000).toFixed(0)}/s; ${(results / mix.length).toFixed(1)} results per search`,
      );
    }
  } finally {
    fs.rmSync(spill, { recursive: true, force: true });
  }
}

/**
 * `--build-only`: the index of N synthetic entities built in this process as the platform builds it (entity bytes spilled
 * to a file), timed apart from generating the entities (drawn in batches between the timed parts): wall and CPU time of
 * adding the entities and of finishing the build, and the process's peak RSS. `--engine-root DIR` builds with the engine
 * of another checkout (a same-session A/B against older code).
 */
async function buildOnly(): Promise<void> {
  const n = flag('entities', 100_000);
  const engineRoot = path.resolve(option('engine-root') ?? path.resolve(__dirname, '..'));
  const pools = derivePools(await shippedEntities());
  const { ftmToEntity } = await import('../subgraphs/screening/lists');
  type Engine = typeof import('../subgraphs/screening/engine');
  const { IndexBuilder } = (await import(path.join(engineRoot, 'subgraphs/screening/engine/index.ts'))) as Engine;
  const rng = new Rng(20261127);
  const spill = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scale-build-'));
  const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
  const timed = <T>(work: () => T): { value: T; wallMs: number; cpuS: number } => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const value = work();
    return { value, wallMs: performance.now() - wall, cpuS: cpuSeconds(process.cpuUsage(cpu)) };
  };
  try {
    say(`build-only: ${n} entities, engine of ${engineRoot}, load average ${loadAverage()}`);
    const builder = new IndexBuilder(n, undefined, { spillDir: spill });
    let addMs = 0;
    let addCpu = 0;
    for (let i = 0; i < n;) {
      const batch: WatchlistEntity[] = [];
      for (; batch.length < 10_000 && i < n; i++) {
        const raw = JSON.parse(syntheticEntity(rng, pools, i).line) as Parameters<typeof ftmToEntity>[0];
        batch.push(ftmToEntity(raw, 'scale_synthetic', i)!);
      }
      const added = timed(() => {
        for (const e of batch) builder.add(e);
      });
      addMs += added.wallMs;
      addCpu += added.cpuS;
    }
    const finished = timed(() => builder.finish());
    const index = finished.value;
    say(
      `build: ${ms(addMs + finished.wallMs)} wall, ${(addCpu + finished.cpuS).toFixed(1)} s CPU ` +
        `(adding ${ms(addMs)} / ${addCpu.toFixed(1)} s CPU, finishing ${ms(finished.wallMs)} / ${finished.cpuS.toFixed(1)} s CPU); ` +
        `${index.stats.names} names, vocabulary ${index.stats.vocabulary}; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; ` +
        `load average ${loadAverage()}`,
    );
  } finally {
    fs.rmSync(spill, { recursive: true, force: true });
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * `--import-only`: the CLI import of N synthetic entities into a fresh embedded PostgreSQL, nothing else: wall time,
 * records per second, CPU seconds of the CLI and of PostgreSQL (the whole server), the CLI's peak RSS, WAL written and the
 * statements PostgreSQL spent its time in (pg_stat_statements), with the load average before and after. `--file` imports
 * an existing file (`--keep-file` keeps the generated one), `--cli-root` runs another checkout's CLI (a same-time A/B
 * against the code before), `--cpu-prof DIR` profiles the CLI, `--trgm 0` drops the trigram index on `names` first (its
 * share of the import), `--runs R` imports R times into fresh databases.
 */
async function importOnly(): Promise<void> {
  const n = flag('entities', 100_000);
  const runs = flag('runs', 1);
  const cliRoot = path.resolve(option('cli-root') ?? path.resolve(__dirname, '..'));
  const cpuProf = option('cpu-prof');
  const withTrgm = option('trgm') !== '0';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scale-import-'));
  try {
    let file = option('file');
    if (!file) {
      const shipped = await shippedEntities();
      const pools = derivePools(shipped);
      shipped.length = 0;
      file = option('keep-file') ?? path.join(work, 'scale_synthetic.ftm.jsonl');
      await writeSynthetic(file, n, pools, new Set());
    }
    const bytes = fs.statSync(file).size;
    say(`import-only: ${file} (${(bytes / 1e6).toFixed(1)} MB), CLI of ${cliRoot}${withTrgm ? '' : ', trigram index dropped'}`);
    for (let run = 1; run <= runs; run++) {
      const dataDir = path.join(work, `pg-${run}`);
      const database = await startEmbeddedPostgres({
        dataDir,
        ephemeral: true,
        settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
      });
      const pool = new Pool({ connectionString: database.url, max: 1 });
      // The server stopping under an idle connection is no failure of the run.
      pool.on('error', () => undefined);
      try {
        // The schema of the checkout whose CLI runs (an A/B against older code imports into the tables it had).
        await applyMigrations(database.url, undefined, path.join(cliRoot, 'prisma/migrations'));
        await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        if (!withTrgm) await pool.query('DROP INDEX IF EXISTS screening.watchlist_entities_names_trgm');
        await pool.query('SELECT pg_stat_statements_reset(), pg_stat_reset_shared($1)', ['wal']);
        const timeFile = path.join(work, `time-${run}.txt`);
        const loadBefore = loadAverage();
        const pgBefore = postgresCpuSeconds(dataDir);
        const started = performance.now();
        await new Promise<void>((resolve, reject) => {
          const cli = spawn(
            '/usr/bin/time',
            [
              '-f',
              '%e %U %S %M',
              '-o',
              timeFile,
              process.execPath,
              ...(cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProf)] : []),
              '--import',
              'tsx',
              'app/cli/import-watchlist.ts',
              '--format',
              'ftm',
              '--path',
              file,
            ],
            {
              env: {
                ...process.env,
                DATABASE_URL: database.url,
                VIGIL_INTERNAL_SECRET: crypto.randomBytes(32).toString('base64url'),
                VIGIL_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
                VIGIL_LOG_LEVEL: 'warn',
              },
              cwd: cliRoot,
              stdio: 'inherit',
            },
          );
          cli.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited ${code}`))));
        });
        const wallMs = performance.now() - started;
        const pgCpu = postgresCpuSeconds(dataDir) - pgBefore;
        const [, user, system, maxRssKb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
        const rows = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM screening.watchlist_entities`)).rows[0].n;
        const wal = (await pool.query<{ wal_bytes: string }>(`SELECT wal_bytes::text FROM pg_stat_wal`)).rows[0].wal_bytes;
        say(
          `run ${run}: ${rows} rows in ${(wallMs / 1000).toFixed(1)} s = ${Math.round(rows / (wallMs / 1000))} rows/s; ` +
            `CLI ${(user + system).toFixed(1)} s CPU (user ${user.toFixed(1)}, sys ${system.toFixed(1)}), peak RSS ${Math.round(maxRssKb / 1024)} MB; ` +
            `PostgreSQL ${pgCpu.toFixed(1)} s CPU; WAL ${(Number(wal) / 1e6).toFixed(0)} MB; load ${loadBefore} -> ${loadAverage()}`,
        );
        const top = await pool.query<{ calls: string; ms: number; query: string }>(
          `SELECT calls::text, round(total_exec_time)::float8 AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
             FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8`,
        );
        for (const row of top.rows) say(`    ${String(Math.round(row.ms)).padStart(8)} ms ${row.calls.padStart(6)} calls  ${row.query}`);
      } finally {
        await pool.end();
        await database.stop();
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// The child serves until SIGTERM; the bench itself exits when done.
(process.argv.includes('--serve')
  ? serve()
  : process.argv.includes('--heap')
    ? heap()
    : process.argv.includes('--engine')
      ? engine().then(() => process.exit(0))
      : process.argv.includes('--build-only')
        ? buildOnly().then(() => process.exit(0))
        : process.argv.includes('--import-only')
          ? importOnly().then(() => process.exit(0))
          : main().then(() => process.exit(0))
).then(
  () => undefined,
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
