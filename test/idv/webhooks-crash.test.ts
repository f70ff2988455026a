// At least once across a crash: a worker process killed with SIGKILL in the middle of a delivery
// (the receiver has the request, no answer yet) loses nothing; a worker started afterwards picks
// the delivery up once the dead worker's lease expires, and the receiver acknowledges it.
import { startWorker } from '../../app/worker';
import { spawnPlatformProcess } from '../helpers/platform-process';
import { TestPlatform } from '../helpers/test-platform';
import { startWebhookReceiver, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';
import { createProfile, createSession, driveTo, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  platform = await startIdvPlatform({
    config: { delivery: { webhookAllowPrivateNetworks: true, webhookTimeScale: 0.0001, webhookTimeoutMs: 2000 } },
  });
});
afterAll(async () => {
  await platform.close();
  await receiver.close();
});

it('kill -9 of the worker mid-delivery loses no event', async () => {
  const tenant = await newTenant(platform);
  await idv(platform, tenant).post('/webhooks', { url: receiver.url, kinds: ['idv'] });
  receiver.mode = 'hang';
  const child = spawnPlatformProcess(['--service', 'worker'], {
    env: {
      ...process.env,
      VIGIL_LOG_LEVEL: 'warn',
      VIGIL_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      VIGIL_WEBHOOK_TIMEOUT_MS: '5000',
      VIGIL_WEBHOOK_TIME_SCALE: '0.0001',
    },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  try {
    const profileId = await createProfile(platform, tenant);
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    await driveTo(platform, tenant, id, 'failed');
    await waitFor(() => receiver.arrivals >= 1, 60_000, 'the child worker to post');
    child.kill('SIGKILL');
    await exited;
    const leased = await platform.db.webhookDelivery.findFirstOrThrow({ where: { tenantId: tenant.tenantId } });
    expect(leased).toMatchObject({ status: 'pending', attempts: 0 });
    expect(leased.leaseUntil).not.toBeNull();
    receiver.mode = 'up';
    // Another worker takes over once the dead worker's lease (its 5 s timeout + 10 s) expires.
    worker = await startWorker(platform.db, platform.config);
    await waitFor(
      async () => (await platform.db.webhookDelivery.findUniqueOrThrow({ where: { id: leased.id } })).status === 'succeeded',
      45_000,
      'the delivery after the crash',
    );
    expect(receiver.acknowledged().filter((r) => r.json.data.session_id === id)).toHaveLength(1);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await worker?.close();
  }
}, 120_000);
