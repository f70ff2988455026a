// Invite email retries in the worker: a transient provider answer (4xx) is retried with backoff
// (compressed here) until the provider accepts; the replay of the key then answers 202 sent. A
// cancel stops pending retries.
import { TestPlatform, TestTenant } from '../helpers/test-platform';
import { linkIn, startSmtpReceiver, SmtpReceiver } from '../helpers/smtp-receiver';
import { waitFor } from '../helpers/webhook-receiver';
import { createProfile, createSession, IDV_SERVICES, idv, newTenant, startIdvPlatform } from './idv-helpers';

let smtp: SmtpReceiver;
let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  platform = await startIdvPlatform({
    services: [...IDV_SERVICES, 'worker'],
    isolatedDatabase: true,
    config: {
      smtp: { host: '127.0.0.1', port: smtp.port, from: 'verify@bank.example' },
      delivery: { smtpTimeoutMs: 1500, webhookTimeScale: 0.0001 },
    },
  });
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
});
afterAll(async () => {
  await platform.close();
  await smtp.close();
});

it('[idv.invites.email.r4] a deferred invite is retried by the worker until sent; the replay then answers 202 sent', async () => {
  const { id } = await createSession(platform, tenant, { profile_id: profileId });
  smtp.mode = 'defer';
  const first = await idv(platform, tenant).post(`/sessions/${id}/invite`, {}, { 'Idempotency-Key': 'retry-1' });
  expect(first.status).toBe(502);
  expect(first.body.error.code).toBe('invite_delivery_retrying');
  smtp.mode = 'accept';
  await waitFor(() => smtp.messages.length === 1, 20_000, 'the retried email');
  expect(linkIn(smtp.messages[0])).toContain(`/verify/${id}#code=`);
  await waitFor(
    async () => (await platform.db.idvInviteSend.findFirst({ where: { sessionId: id } }))?.state === 'sent',
    10_000,
    'sent state',
  );
  const replay = await idv(platform, tenant).post(`/sessions/${id}/invite`, {}, { 'Idempotency-Key': 'retry-1' });
  expect(replay.status).toBe(202);
  expect(replay.body.delivery_state).toBe('sent');
  expect(smtp.messages).toHaveLength(1);
});

it('a cancel stops the retries of a deferred invite', async () => {
  smtp.messages.length = 0;
  const { id } = await createSession(platform, tenant, { profile_id: profileId });
  smtp.mode = 'defer';
  expect((await idv(platform, tenant).post(`/sessions/${id}/invite`, {}, { 'Idempotency-Key': 'retry-2' })).status).toBe(502);
  expect((await idv(platform, tenant).post(`/sessions/${id}/cancel`, {})).status).toBe(200);
  smtp.mode = 'accept';
  await waitFor(
    async () => (await platform.db.idvInviteSend.findFirst({ where: { sessionId: id } }))?.state === 'canceled',
    10_000,
    'canceled send',
  );
  expect(smtp.messages).toHaveLength(0);
});
