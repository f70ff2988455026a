// A PostgreSQL restart in the middle of webhook traffic loses no accepted event: deliveries that
// were pending (receiver down) when the database went away, and events recorded after it came
// back, all reach the receiver once (after dedup by id), in order per session. The test runs on a
// PostgreSQL of its own (test/helpers/outage-database.ts): restarting the shared test server would
// pull the database from under the test files other jest workers run at the same time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '../../platform/db/migrations';
import { OutageDatabase, startOutageDatabase } from '../helpers/outage-database';
import { TestPlatform, TestTenant } from '../helpers/test-platform';
import { startWebhookReceiver, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';
import { createProfile, createSession, driveTo, IDV_SERVICES, idv, newTenant, startIdvPlatform } from './idv-helpers';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pg-restart-'));
let database: OutageDatabase | undefined;
let port: number;
let platform: TestPlatform;
let receiver: WebhookReceiver;
let tenant: TestTenant;

beforeAll(async () => {
  fs.chmodSync(dataDir, 0o755);
  receiver = await startWebhookReceiver();
  database = await startOutageDatabase(path.join(dataDir, 'pg'));
  port = Number(new URL(database.url).port);
  await applyMigrations(database.url);
  platform = await startIdvPlatform({
    services: [...IDV_SERVICES, 'worker'],
    config: {
      databaseUrl: database.url,
      delivery: { webhookAllowPrivateNetworks: true, webhookTimeScale: 0.0001, webhookTimeoutMs: 2000 },
    },
  });
  tenant = await newTenant(platform);
}, 240_000);
afterAll(async () => {
  await platform?.close();
  await database?.stop();
  await receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

async function restartPostgres(): Promise<void> {
  await database!.stop();
  database = await startOutageDatabase(path.join(dataDir, 'pg'), port);
}

async function retrying<T>(work: () => Promise<T>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

it('loses no event across a Postgres restart mid-traffic', async () => {
  expect((await idv(platform, tenant).post('/webhooks', { url: receiver.url, kinds: ['idv'] })).status).toBe(201);
  const profileId = await createProfile(platform, tenant);
  receiver.mode = 'down';
  const sessions: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    await driveTo(platform, tenant, id, 'automatic_pass');
    sessions.push(id);
  }
  await waitFor(() => receiver.received.length >= 3, 20_000, 'failing attempts before the restart');
  await restartPostgres();
  receiver.mode = 'up';
  // Traffic after the restart: the first calls may meet closed pool connections and fail
  // (not accepted); retried until the services reconnect.
  for (let i = 0; i < 2; i++) {
    const { id } = await retrying(() => createSession(platform, tenant, { profile_id: profileId }), 'create after restart');
    await retrying(() => driveTo(platform, tenant, id, 'automatic_pass'), 'drive after restart');
    sessions.push(id);
  }
  const delivered = (s: string) =>
    receiver
      .acknowledged()
      .filter((r) => r.json.data.session_id === s)
      .map((r) => r.json.type);
  await waitFor(() => sessions.every((s) => delivered(s).length === 2), 90_000, 'every event after the restart').catch(async (e) => {
    for (const s of sessions) {
      const ev = await platform.db.outboxEvent.findMany({ where: { aggregateId: s } });
      const dl = await platform.db.webhookDelivery.findMany({ where: { orderingKey: s } });
      console.log(
        'diagnostic',
        s,
        delivered(s),
        ev.map((x) => [x.type, !!x.publishedAt]),
        dl.map((d) => [d.eventType, d.status, d.attempts, d.leaseUntil, d.nextAttemptAt]),
      );
    }
    throw e;
  });
  for (const s of sessions) expect(delivered(s)).toEqual(['idv.session.completed', 'idv.session.approved']);
}, 180_000);
