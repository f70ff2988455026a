// A PostgreSQL outage mid-traffic: the platform keeps answering (errors, no hangs), serves again
// within 5 s of the database's return without a restart, loses nothing it acknowledged, opens a
// bounded number of connections (no reconnect storm), and retries under the same Idempotency-Key
// create nothing twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '../../platform/db/migrations';
import { Client } from 'pg';
import { OutageDatabase, startOutageDatabase } from '../helpers/outage-database';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-outage-'));
let database: OutageDatabase;
let port: number;
let platform: TestPlatform;
let tenant: TestTenant;
// The writers' traffic; stopped before teardown even when an expectation failed mid-test.
let stop = false;
let traffic: Promise<unknown> | undefined;

// Setup starts a PostgreSQL cluster of its own (initdb, every migration): minutes on a loaded
// machine. Should it still outlast its hook, teardown waits for it and stops what it started, so
// no platform of this file keeps running into the next test file.
let setup: Promise<void> | undefined;

beforeAll(() => {
  setup = (async () => {
    fs.chmodSync(dataDir, 0o755);
    database = await startOutageDatabase(path.join(dataDir, 'pg'));
    port = Number(new URL(database.url).port);
    await applyMigrations(database.url);
    platform = await startTestPlatform({ config: { databaseUrl: database.url } });
    tenant = await createTestTenant(platform);
  })();
  return setup;
}, 240_000);

afterAll(async () => {
  stop = true;
  await setup?.catch(() => undefined);
  await traffic?.catch(() => undefined);
  // After other test files, closing the platform once hung past 4 min (a pool
  // connection that never came back?). Stopping PostgreSQL ends whatever still waits on it, so the
  // close is bounded here and finished after the database is gone.
  const closing = platform?.close();
  await Promise.race([closing, delay(30_000)]);
  await database?.stop();
  await Promise.race([closing, delay(30_000)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 240_000);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

const create = (key: string) =>
  request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: { ...auth.apiKey(tenant.apiKey), 'Idempotency-Key': key },
    body: { name: key, kind: 'individual' },
  });

async function connectionCount(): Promise<number> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*) FROM pg_stat_activity WHERE datname = 'vigil'`)).rows[0].count);
  } finally {
    await client.end();
  }
}

// The clients behave like real integrations: each retries a failed create under the same key
// (after a short pause) until it is acknowledged, then moves on. The work the test checks at the end
// is therefore bounded by what the platform acknowledged, not by how fast failures came back
// during the outage (unpaced, a loaded machine piled up hundreds of keys whose one-by-one retries
// outran the test's time limit).
const WRITERS = 2;
const RETRY_PAUSE_MS = 200;

it('recovers within 5 s of the database returning, with nothing acknowledged lost and no duplicates', async () => {
  // The jest process also holds what earlier test files loaded (a full screening index among them):
  // the bound is on what the outage adds, not on the process as a whole.
  const rssBefore = process.memoryUsage().rss;
  const acknowledged = new Map<string, string>();
  const attempted = new Set<string>();
  const statuses: number[] = [];
  const writers = Array.from({ length: WRITERS }, (_, writer) =>
    (async () => {
      for (let i = 0; !stop; i++) {
        const key = `outage-${writer}-${i}`;
        attempted.add(key);
        for (;;) {
          const response = await create(key);
          statuses.push(response.status);
          if (response.status === 201) {
            acknowledged.set(key, response.body.result.profile.id);
            break;
          }
          if (stop) return;
          await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        }
      }
    })(),
  );
  traffic = Promise.all(writers);

  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await database.stop();
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const duringOutage = await request(platform.restUrl, 'GET', '/readyz');
  expect(duringOutage.status).toBe(503);
  expect((await request(platform.restUrl, 'GET', '/healthz')).status).toBe(200);

  database = await startOutageDatabase(path.join(dataDir, 'pg'), port);
  const back = Date.now();
  let recoveredAfter = Infinity;
  while (Date.now() - back < 15_000) {
    const probe = await create(`probe-${Date.now()}`);
    if (probe.status === 201) {
      recoveredAfter = Date.now() - back;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(recoveredAfter).toBeLessThan(5_000);
  expect((await request(platform.restUrl, 'GET', '/readyz')).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  stop = true;
  await traffic;

  expect(statuses.filter((status) => status >= 500 && status !== 500 && status !== 503)).toEqual([]);
  // Nothing acknowledged is lost.
  const stored = await platform.db.profile.findMany({ where: { tenantId: tenant.tenantId }, select: { id: true, name: true } });
  const storedIds = new Set(stored.map((profile) => profile.id));
  for (const id of acknowledged.values()) expect(storedIds.has(id)).toBe(true);
  // Every key retried once more (the last of each writer may never have been acknowledged):
  // one profile per key, and an acknowledged key answers with its profile again.
  const keys = [...attempted];
  while (keys.length > 0) {
    await Promise.all(
      keys.splice(0, 4).map(async (key) => {
        const retried = await create(key);
        expect([key, retried.status]).toEqual([key, 201]);
        if (acknowledged.has(key)) expect(retried.body.result.profile.id).toBe(acknowledged.get(key));
      }),
    );
  }
  const after = await platform.db.profile.findMany({
    where: { tenantId: tenant.tenantId, name: { startsWith: 'outage-' } },
    select: { name: true },
  });
  const perKey = new Map<string, number>();
  for (const profile of after) perKey.set(profile.name, (perKey.get(profile.name) ?? 0) + 1);
  expect([...perKey.values()].filter((count) => count > 1)).toEqual([]);
  expect(perKey.size).toBe(attempted.size);
  // Bounded: one pool (10) + listeners + pg-boss, not a storm.
  expect(await connectionCount()).toBeLessThan(40);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(512 * 1024 ** 2);
}, 180_000);
