// While PostgreSQL is unreachable every route answers 503 service_unavailable with Retry-After, in
// its area's envelope (REST) or with extensions.code and the HTTP header (GraphQL): never 500
// internal_error. Both paths a request takes to the database are covered: an API key the gateway
// has cached (the subgraph's query fails) and one it has not (resolving the credential fails).
// Once PostgreSQL is back the same calls answer 200 again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '../../platform/db/migrations';
import { OutageDatabase, startOutageDatabase } from '../helpers/outage-database';
import {
  ApiResponse,
  auth,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-unavailable-'));
let database: OutageDatabase;
let port: number;
let platform: TestPlatform;
/** Used before the outage: its principal is in the gateway's credential cache. */
let cached: TestTenant;
/** Never used before the outage: the gateway must read the database to resolve it. */
let uncached: TestTenant;
let setup: Promise<void> | undefined;

beforeAll(() => {
  setup = (async () => {
    fs.chmodSync(dataDir, 0o755);
    database = await startOutageDatabase(path.join(dataDir, 'pg'));
    port = Number(new URL(database.url).port);
    await applyMigrations(database.url);
    platform = await startTestPlatform({ config: { databaseUrl: database.url } });
    cached = await createTestTenant(platform, { riskAssessments: true });
    uncached = await createTestTenant(platform, { riskAssessments: true });
  })();
  return setup;
}, 240_000);

afterAll(async () => {
  await setup?.catch(() => undefined);
  const closing = platform?.close();
  await Promise.race([closing, delay(30_000)]);
  await database?.stop();
  await Promise.race([closing, delay(30_000)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 240_000);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

type Envelope = 'clm' | 'idv' | 'risk';

const calls: { name: string; envelope: Envelope; send(key: string): Promise<ApiResponse> }[] = [
  { name: 'GET /clm/v1/profiles', envelope: 'clm', send: (key) => rest('GET', '/clm/v1/profiles', key) },
  {
    name: 'POST /clm/v1/profiles',
    envelope: 'clm',
    send: (key) => rest('POST', '/clm/v1/profiles', key, { name: 'Ada Lovelace', kind: 'individual' }),
  },
  { name: 'GET /idv/v1/sessions', envelope: 'idv', send: (key) => rest('GET', '/idv/v1/sessions', key) },
  { name: 'GET /v2/search/requests', envelope: 'clm', send: (key) => rest('GET', '/v2/search/requests', key) },
  { name: 'GET /risk-assessments/v2/assessments', envelope: 'risk', send: (key) => rest('GET', '/risk-assessments/v2/assessments', key) },
];

const rest = (method: string, route: string, key: string, body?: unknown) =>
  request(platform.restUrl, method, route, { headers: auth.apiKey(key), body });

const PROFILES_QUERY = '{ profiles(first: 1) { nodes { id } } }';

function expectUnavailable(response: ApiResponse, envelope: Envelope): void {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  const error = { code: 'service_unavailable', message: expect.any(String) };
  if (envelope === 'idv') expect(response.body).toEqual({ error });
  if (envelope === 'clm') expect(response.body).toEqual({ msg: expect.any(String), status: 503, result: null, error });
  if (envelope === 'risk') expect(response.body).toEqual({ msg: expect.any(String), status: 503, error });
  expect(response.text).not.toMatch(/ECONNREFUSED|Prisma|stack|127\.0\.0\.1/i);
}

function expectGraphQLUnavailable(response: ApiResponse): void {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors.length).toBeGreaterThan(0);
  for (const error of response.body.errors) {
    expect(error.extensions).toMatchObject({ code: 'service_unavailable', http: { status: 503 } });
    expect(error.extensions.retryAfter).toBeGreaterThanOrEqual(1);
  }
  expect(response.text).not.toMatch(/ECONNREFUSED|Prisma|stack|127\.0\.0\.1/i);
}

it('answers 503 service_unavailable with Retry-After on every area while the database is down, 200 once it is back', async () => {
  for (const call of calls)
    expect([call.name, (await call.send(cached.apiKey)).status]).toEqual([call.name, call.name.startsWith('POST') ? 201 : 200]);
  expect((await graphql(platform, auth.apiKey(cached.apiKey), PROFILES_QUERY)).status).toBe(200);

  await database.stop();
  try {
    for (const tenant of [cached, uncached]) {
      for (const call of calls) {
        const response = await call.send(tenant.apiKey);
        expect([call.name, tenant === cached ? 'cached key' : 'uncached key', response.status]).toEqual([
          call.name,
          tenant === cached ? 'cached key' : 'uncached key',
          503,
        ]);
        expectUnavailable(response, call.envelope);
      }
      expectGraphQLUnavailable(await graphql(platform, auth.apiKey(tenant.apiKey), PROFILES_QUERY));
    }
    // A mutation through GraphQL too, keyed (the idempotency store is the database as well).
    const mutation = await request(platform.gatewayUrl.replace(/\/graphql$/, ''), 'POST', '/graphql', {
      headers: { ...auth.apiKey(cached.apiKey), 'Idempotency-Key': 'outage-create' },
      body: { query: 'mutation { createProfile(input: { name: "Grace Hopper", kind: "individual" }) { id } }' },
    });
    expectGraphQLUnavailable(mutation);
  } finally {
    database = await startOutageDatabase(path.join(dataDir, 'pg'), port);
  }

  // Back: the pool reconnects on its own within a few seconds.
  const deadline = Date.now() + 15_000;
  let statuses: [string, number][] = [];
  while (Date.now() < deadline) {
    statuses = [];
    for (const tenant of [cached, uncached]) for (const call of calls) statuses.push([call.name, (await call.send(tenant.apiKey)).status]);
    statuses.push(['graphql', (await graphql(platform, auth.apiKey(uncached.apiKey), PROFILES_QUERY)).status]);
    if (statuses.every(([, status]) => status === 200 || status === 201)) break;
    await delay(250);
  }
  expect(statuses.filter(([, status]) => status !== 200 && status !== 201)).toEqual([]);
}, 180_000);
