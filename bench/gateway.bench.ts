// npm run bench:gateway — the price of the public path. The same trivial authenticated read
// (one profile by id) sent (a) through REST adapter → gateway → profiles subgraph → Postgres and
// (b) straight to the profiles subgraph with a signed principal. autocannon on loopback.
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { loadConfig } from '../platform/config';
import { logger } from '../platform/logging/logger';
import { PRINCIPAL_HEADER, signPrincipal } from '../platform/principal/principal';
import { startPlatform } from '../platform/runtime/start-platform';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-bench-${process.pid}`), ephemeral: true });
  process.env.DATABASE_URL ??= database!.url;
  process.env.VIGIL_INTERNAL_SECRET ??= crypto.randomBytes(32).toString('base64url');
  process.env.VIGIL_MASTER_KEY ??= crypto.randomBytes(32).toString('base64');
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  await applyMigrations(process.env.DATABASE_URL);
  const config = { ...loadConfig(), ports: { rest: 0, gateway: 0, profiles: 0, idv: 0, screening: 0, risk: 0 } };
  const platform = await startPlatform(config, ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter']);
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

    const principal = { tenantId: tenant.id, workspaceId: workspace.id, actorId: application.id, kind: 'application' as const, entitlements: {} };
    const direct = await run('subgraph (direct)', {
      url: platform.urls.profiles!,
      method: 'POST',
      headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: signPrincipal(principal, config.internalSecret, Date.now(), 3600_000) },
      body: JSON.stringify({ query: 'query($id: ID!) { profile(id: $id) { id name kind email status createdAt updatedAt } }', variables: { id: profileId } }),
    });
    const viaRest = await run('REST → gateway → subgraph', {
      url: `${platform.urls['rest-adapter']}/clm/v1/profiles/${profileId}`,
      method: 'GET',
      headers: { 'x-api-key': apiKey.key },
    });
    console.log('\nGET one profile, %d connections, %d s each, loopback, %d cores', CONNECTIONS, DURATION_S, os.cpus().length);
    console.table([direct, viaRest]);
    console.log(`REST path / direct: p50 x${(viaRest.p50_ms / direct.p50_ms).toFixed(2)}, p99 x${(viaRest.p99_ms / direct.p99_ms).toFixed(2)}, throughput x${(viaRest.req_per_s / direct.req_per_s).toFixed(2)}`);
  } finally {
    await platform.close();
    await database?.stop();
  }
}

async function run(name: string, options: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) {
  process.stdout.write(`running ${name} for ${DURATION_S} s…\n`);
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { path: name, p50_ms: result.latency.p50, p99_ms: result.latency.p99, req_per_s: Math.round(result.requests.average), requests: result.requests.total };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
