// A fresh database: no list is loaded (searches answer 503, never an empty "clear" result), the
// first-start load keeps replicas unready until every list is in, and runs only once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations } from '../../platform/db/migrations';
import { logger } from '../../platform/logging/logger';
import { loadShippedWatchlistsOnce } from '../../subgraphs/screening/services/import-service';
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { BIS_DPL, indexStatus, UN_XML } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let databaseUrl: string;
let shippedDir: string;
const name = `vigil_first_start_${process.pid}`;

beforeAll(async () => {
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  await applyMigrations(databaseUrl);
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'],
    config: { databaseUrl },
  });
  tenant = await createTestTenant(platform);
  // A small "shipped" folder: the DPL and the UN list only.
  shippedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-shipped-'));
  for (const file of [BIS_DPL, UN_XML]) {
    const folder = path.join(shippedDir, path.basename(path.dirname(file)));
    fs.mkdirSync(folder);
    fs.copyFileSync(file, path.join(folder, path.basename(file)));
  }
});
afterAll(async () => {
  await platform.close();
  fs.rmSync(shippedDir, { recursive: true, force: true });
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

const search = () =>
  request(platform.restUrl, 'POST', '/v1/search-sync', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Barzan Ibrahim Hassan al-Tikriti' },
  });
const readyz = async () => (await fetch(platform.urls.screening!.replace(/\/graphql$/, '/readyz'))).status;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('answers 503 screening_index_unavailable while no list is loaded, and stays ready for imports', async () => {
  await until(async () => (await indexStatus(platform.urls.screening!)).generation > 0);
  const response = await search();
  expect(response.status).toBe(503);
  expect(response.body).toMatchObject({
    status: 503,
    result: null,
    error: { code: 'screening_index_unavailable', message: expect.stringContaining('No watchlist') },
  });
  expect(await readyz()).toBe(200);
});

it('is unready while a first-start load runs, then serves every list it loaded; the load runs once', async () => {
  // The load's marker, as loadShippedWatchlistsOnce writes it (checked here without racing the real load).
  await platform.db.watchlistImport.create({
    data: { id: 'f'.repeat(24), format: 'shipped', path: shippedDir, status: 'running', origin: 'startup' },
  });
  await platform.db.$queryRawUnsafe(`SELECT pg_notify('screening_versions', '{}')::text`);
  await until(async () => (await readyz()) === 503);
  expect((await search()).body.error.message).toContain('loaded for the first time');
  await platform.db.watchlistImport.update({ where: { id: 'f'.repeat(24) }, data: { status: 'completed' } });

  const results = await loadShippedWatchlistsOnce(platform.db, logger, shippedDir);
  expect(results.flatMap((result) => result.sources).map((source) => [source.source, source.entities])).toEqual([
    ['bis_dpl', 581],
    ['un', 1003],
  ]);
  await until(async () => (await readyz()) === 200 && (await indexStatus(platform.urls.screening!)).entities === 1584);
  const response = await search();
  expect(response.status).toBe(200);
  expect(response.body.result.results[0].entity).toMatchObject({ source: 'un', source_id: '6908085' });
  expect(await loadShippedWatchlistsOnce(platform.db, logger, shippedDir)).toEqual([]);
  const umbrella = await platform.db.watchlistImport.findMany({
    where: { format: 'shipped', origin: 'startup', NOT: { id: 'f'.repeat(24) } },
  });
  expect(umbrella).toHaveLength(1);
  expect(umbrella[0]).toMatchObject({ status: 'completed' });
});
