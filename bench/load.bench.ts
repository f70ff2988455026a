// npm run bench:load: mixed traffic through the public REST path at 50 connections for 30 s (a page
// of 20 profiles, one profile by id, a create with an Idempotency-Key), printing req/s, p50/p99
// latency, errors and the process's RSS before, during (peak) and after. The baseline is the
// same frame's cheapest route (/healthz, no database) at the same concurrency; each figure is
// printed next to it as a ratio. BENCH_DURATION and BENCH_CONNECTIONS change the size.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchConfig } from './lib/bench-config';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { logger } from '../platform/logging/logger';
import { startPlatform } from '../app/start-platform';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-load-${process.pid}`), ephemeral: true });
  process.env.DATABASE_URL ??= database!.url;
  process.env.VIGIL_INTERNAL_SECRET ??= crypto.randomBytes(32).toString('base64url');
  process.env.VIGIL_MASTER_KEY ??= crypto.randomBytes(32).toString('base64');
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  await applyMigrations(process.env.DATABASE_URL);
  // Rate limits off: this measures capacity, not the limiter.
  const config = benchConfig();
  const platform = await startPlatform(config, ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter']);
  try {
    const tenant = await createTenant(platform.db, 'load');
    const workspace = await createWorkspace(platform.db, tenant.id, 'load');
    const { apiKey } = await createApplication(platform.db, { workspaceId: workspace.id, name: 'load' });
    const rest = platform.urls['rest-adapter']!;
    const headers = { 'x-api-key': apiKey.key, 'content-type': 'application/json' };
    let profileId = '';
    for (let i = 0; i < 40; i++) {
      const created = await fetch(`${rest}/clm/v1/profiles`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Load Seed ${i}`, kind: 'individual' }),
      });
      profileId = ((await created.json()) as { result: { profile: { id: string } } }).result.profile.id;
    }

    const baseline = await run(rest, [{ method: 'GET', path: '/healthz' }], Math.min(DURATION_S, 10));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 250);
    let counter = 0;
    const mixed = await run(
      rest,
      [
        { method: 'GET', path: '/clm/v1/profiles?page=1&perPage=20', headers },
        { method: 'GET', path: `/clm/v1/profiles/${profileId}`, headers },
        {
          method: 'POST',
          path: '/clm/v1/profiles',
          headers,
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            headers: { ...headers, 'idempotency-key': `load-${process.pid}-${counter++}` },
            body: JSON.stringify({ name: `Load ${counter}`, kind: 'individual' }),
          }),
        },
      ],
      DURATION_S,
    );
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    global.gc?.();
    const after = process.memoryUsage().rss;

    const ratio = (value: number, base: number) => (base ? (value / base).toFixed(2) : 'n/a');
    console.log(
      `\nbench:load  ${CONNECTIONS} connections, ${DURATION_S} s mixed (page of 20, one by id, idempotent create), node ${process.version}, ${os.cpus().length} cores`,
    );
    console.log('path                       req/s    p50 ms  p99 ms  errors  non-2xx   req/s vs baseline   p50 vs baseline');
    const line = (name: string, result: autocannon.Result) =>
      `${name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)}  ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result.errors + result.timeouts).padStart(7)} ${String(result.non2xx).padStart(8)}   ${ratio(result.requests.average, baseline.requests.average).padStart(17)}   ${ratio(result.latency.p50, baseline.latency.p50).padStart(15)}`;
    console.log(line('baseline GET /healthz', baseline));
    console.log(line('mixed REST traffic', mixed));
    console.log(`RSS MB: before ${mb(before)}, peak during ${mb(peak)}, after (5 s settle) ${mb(after)}`);
  } finally {
    await platform.close();
    await database?.stop();
  }
}

function run(url: string, requests: autocannon.Request[], duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, requests }, (error: Error | null, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
