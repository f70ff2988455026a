// Webhook destinations and delivery through REST against a real HTTP receiver, with the real
// worker (outbox relay → pg-boss → dispatcher) and compressed backoff (time scale 0.0001: the day
// of retries takes about ten seconds).
import { verifySignature } from '../../subgraphs/idv/webhooks/services/signing';
import { auth, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { ReceivedWebhook, startWebhookReceiver, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';
import { createProfile, createSession, driveTo, IDV_SERVICES, idv, newTenant, startIdvPlatform } from './idv-helpers';
import { recordEvent } from '../../platform/events/outbox';
import { newId } from '../../platform/ids/new-id';
import { dispatcherDeps } from '../../subgraphs/idv/jobs/delivery-jobs';
import { fanOut } from '../../subgraphs/idv/webhooks/services/dispatcher';

let platform: TestPlatform;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  platform = await startIdvPlatform({
    services: [...IDV_SERVICES, 'worker'],
    isolatedDatabase: true,
    config: { delivery: { webhookAllowPrivateNetworks: true, webhookTimeScale: 0.0001, webhookTimeoutMs: 2000 } },
  });
});
afterAll(async () => {
  await platform.close();
  await receiver.close();
});

async function destination(tenant: TestTenant, body: Record<string, unknown> = {}) {
  const response = await idv(platform, tenant).post('/webhooks', { url: receiver.url, ...body });
  expect(response.status).toBe(201);
  return response.body as { data: { id: string }; signing_secret: string; webhook_key: string };
}

// IDV's own events of a session; the profiles domain's profile_status_updated (origin idv) names the
// session too, but belongs to the profile's chain (docs/profiles.md "Profile status").
const ofSession = (sessionId: string) => (r: ReceivedWebhook) => r.json.data.session_id === sessionId && r.json.data.origin === undefined;
const forSession = (sessionId: string) => receiver.acknowledged().filter(ofSession(sessionId));
/** The profiles domain's profile_status_updated deliveries of a profile, in arrival order. */
const profileUpdates = (profileId: string) =>
  receiver.acknowledged().filter((r) => r.json.type === 'profile_status_updated' && r.json.data.profile_id === profileId);

describe('destinations', () => {
  it('create (secrets once), list, get, update, disable/enable, delete', async () => {
    const tenant = await newTenant(platform);
    const api = idv(platform, tenant);
    const created = await destination(tenant, { description: 'core banking', event_types: ['idv.session.approved'] });
    expect(created.signing_secret).toMatch(/^whsec_/);
    expect(created.webhook_key).toMatch(/^whk_/);
    expect(created.data).toMatchObject({
      url: receiver.url,
      kinds: ['idv', 'profile'],
      event_types: ['idv.session.approved'],
      enabled: true,
      disabled_reason: null,
    });
    const id = created.data.id;
    const read = await api.get(`/webhooks/${id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(created.signing_secret);
    expect((await api.get('/webhooks')).body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    const patched = await api.patch(`/webhooks/${id}`, { kinds: ['idv'], event_types: [] });
    expect(patched.body.data).toMatchObject({ kinds: ['idv'], event_types: [] });
    const disabled = await api.post(`/webhooks/${id}/disable`);
    expect(disabled.body.data).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect((await api.post(`/webhooks/${id}/enable`)).body.data).toMatchObject({ enabled: true, disabled_reason: null });
    const rotated = await api.post(`/webhooks/${id}/rotate-secret`);
    expect(rotated.body.signing_secret).not.toBe(created.signing_secret);
    expect(rotated.body.data.previous_secret_expires_at).not.toBeNull();
    const deleted = await request(platform.restUrl, 'DELETE', `/idv/v1/webhooks/${id}`, { headers: auth.apiKey(tenant.apiKey) });
    expect(deleted.status).toBe(200);
    const gone = await api.get(`/webhooks/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('idv_webhook_not_found');
  });

  it('[idv.events.destinations-limit] 404 for another workspace, 400 for bad bodies, 409 idv_webhook_limit_reached past 10', async () => {
    const tenant = await newTenant(platform);
    const created = await destination(tenant);
    const stranger = await newTenant(platform);
    const foreign = await idv(platform, stranger).get(`/webhooks/${created.data.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('idv_webhook_not_found');
    expect((await idv(platform, stranger).patch(`/webhooks/${created.data.id}`, { description: 'x' })).status).toBe(404);
    const bad = await idv(platform, tenant).post('/webhooks', { url: receiver.url, event_types: ['idv.session.exploded'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('schema_validation_failed');
    const badUrl = await idv(platform, tenant).post('/webhooks', { url: 'ftp://example.com/x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.code).toBe('idv_webhook_url_forbidden');
    for (let i = 1; i < 10; i++) await destination(tenant, { enabled: false });
    const over = await idv(platform, tenant).post('/webhooks', { url: receiver.url });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('idv_webhook_limit_reached');
  });

  it('is reachable from GraphQL', async () => {
    const tenant = await newTenant(platform);
    const response = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        mutation ($url: URL!) {
          createWebhookDestination(input: { url: $url, kinds: [idv], eventTypes: [idv_session_completed] }) {
            destination {
              id
              kinds
              eventTypes
              enabled
            }
            signingSecret
          }
        }
      `,
      { url: receiver.url },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.createWebhookDestination.destination).toMatchObject({
      kinds: ['idv'],
      eventTypes: ['idv_session_completed'],
      enabled: true,
    });
    const list = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        {
          webhookDestinations {
            id
            deliveries(first: 5) {
              nodes {
                id
              }
              pageInfo {
                hasNextPage
              }
              totalCount
            }
          }
        }
      `,
    );
    expect(list.body.data.webhookDestinations[0].deliveries).toEqual({ nodes: [], pageInfo: { hasNextPage: false }, totalCount: 0 });
  });
});

describe('delivery', () => {
  it('[idv.events.delivery] [idv.events.completed] [idv.events.requires-review] [idv.events.profile-status-updated] signed, keyed, id-stable payloads without personal data, in order per session', async () => {
    receiver.mode = 'up';
    const tenant = await newTenant(platform);
    const created = await destination(tenant);
    const profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
    const { id } = await createSession(platform, tenant, { profile_id: profileId, subject_reference: 'customer-4711' });
    await driveTo(platform, tenant, id, 'requires_review');
    expect((await idv(platform, tenant).post(`/sessions/${id}/review`, { status: 'accepted', note: 'ok' })).status).toBe(200);
    await waitFor(() => forSession(id).length === 2 && profileUpdates(profileId).length === 2, 20_000, 'IDV and profile events');
    const got = [...forSession(id), ...profileUpdates(profileId)];
    expect(forSession(id).map((r) => r.json.type)).toEqual(['idv.session.completed', 'idv.session.requires_review']);
    for (const r of got) {
      expect(r.headers['x-webhook-key']).toBe(created.webhook_key);
      expect(r.headers['webhook-id']).toBe(r.json.id);
      expect(
        verifySignature(
          created.signing_secret,
          {
            id: String(r.headers['webhook-id']),
            timestamp: String(r.headers['webhook-timestamp']),
            signature: String(r.headers['webhook-signature']),
          },
          r.body,
        ),
      ).toBe(true);
      for (const value of Object.values(r.json.meta)) expect(typeof value).toBe('string');
      expect(r.body).not.toContain('ada@example.com');
      expect(r.body).not.toContain('Ada Lovelace');
      expect(r.body).not.toContain('customer-4711');
    }
    expect(got[0].json).toMatchObject({ kind: 'idv', data: { session_id: id, profile_id: profileId, outcome: 'requires_review' } });
  });

  it.each([
    ['accepted', 'clear'],
    ['rejected', 'rejected'],
    ['escalation', 'in_review'],
  ])(
    '[idv.events.profile-status-updated] [idv.events.profile-status-shape] review %s: exactly one profile_status_updated, carrying the profile status (%s)',
    async (decision, profileStatus) => {
      receiver.mode = 'up';
      const tenant = await newTenant(platform);
      await destination(tenant);
      const profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
      const { id } = await createSession(platform, tenant, { profile_id: profileId });
      await driveTo(platform, tenant, id, 'requires_review');
      // The assessment's outcome moves the profile to in_review first (one event of its own).
      await waitFor(() => profileUpdates(profileId).length === 1, 20_000, 'the in_review event');
      expect(profileUpdates(profileId)[0].json.data).toMatchObject({ previous_status: 'not_screened', new_status: 'in_review' });
      expect((await idv(platform, tenant).post(`/sessions/${id}/review`, { status: decision })).status).toBe(200);
      await waitFor(() => profileUpdates(profileId).length === 2, 20_000, 'the decision event');
      // Give a second event (the old IDV-shaped one) time to show up if it were still sent.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const updates = profileUpdates(profileId);
      expect(updates).toHaveLength(2);
      expect(updates[1].json).toMatchObject({ type: 'profile_status_updated', kind: 'profile' });
      expect(updates[1].json.data).toEqual({
        profile_id: profileId,
        previous_status: 'in_review',
        new_status: profileStatus,
        origin: 'idv',
        session_id: id,
        review_status: decision,
      });
      expect(
        receiver.acknowledged().filter((r) => r.json.data.previous_review_status !== undefined && r.json.data.session_id === id),
      ).toEqual([]);
    },
  );

  it('[idv.events.delivery] [idv.events.completed] [idv.events.approved] [idv.events.failed] a receiver down for "ten minutes" (compressed) gets every event after recovery, once after dedup, in order, verifiable', async () => {
    const tenant = await newTenant(platform);
    const created = await destination(tenant, { kinds: ['idv'] });
    const profileId = await createProfile(platform, tenant);
    receiver.mode = 'down';
    const sessions: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { id } = await createSession(platform, tenant, { profile_id: profileId });
      await driveTo(platform, tenant, id, i % 2 ? 'automatic_pass' : 'failed');
      sessions.push(id);
    }
    // Down for 60 ms × 10 000: the first retries (0.5 ms … 0.7 s apart) all fail.
    await waitFor(
      () => receiver.received.filter((r) => r.status === 503 && sessions.includes(String(r.json.data.session_id))).length >= 8,
      20_000,
      'failed attempts',
    );
    receiver.mode = 'up';
    await waitFor(
      () => sessions.every((s) => forSession(s).length === (sessions.indexOf(s) % 2 ? 2 : 1)),
      30_000,
      'every event after recovery',
    );
    for (const [i, s] of sessions.entries()) {
      const types = forSession(s).map((r) => r.json.type);
      expect(types).toEqual(i % 2 ? ['idv.session.completed', 'idv.session.approved'] : ['idv.session.failed']);
      for (const r of forSession(s)) {
        expect(
          verifySignature(
            created.signing_secret,
            { id: r.json.id, timestamp: String(r.headers['webhook-timestamp']), signature: String(r.headers['webhook-signature']) },
            r.body,
          ),
        ).toBe(true);
      }
    }
    // The log shows the failures and the success.
    const log = await idv(platform, tenant).get(`/webhooks/${created.data.id}/deliveries?limit=100`);
    expect(log.status).toBe(200);
    expect(log.body.data.every((d: { status: string }) => d.status === 'succeeded')).toBe(true);
    const retried = log.body.data.find((d: { attempts: number }) => d.attempts > 1);
    expect(retried.attempt_log[0]).toMatchObject({ number: 1, status_code: 503, succeeded: false, trigger: 'automatic' });
    expect(retried.attempt_log.at(-1)).toMatchObject({ status_code: 200, succeeded: true });
    expect(typeof retried.attempt_log[0].latency_ms).toBe('number');
  }, 60_000);

  it('[idv.events.delivery] manual redelivery sends the same event id again; the log marks it manual', async () => {
    receiver.mode = 'up';
    const tenant = await newTenant(platform);
    const created = await destination(tenant);
    const profileId = await createProfile(platform, tenant);
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    await driveTo(platform, tenant, id, 'failed');
    await waitFor(() => forSession(id).length === 1, 20_000, 'first delivery');
    const log = await idv(platform, tenant).get(`/webhooks/${created.data.id}/deliveries`);
    const deliveryId = log.body.data[0].id;
    const again = await idv(platform, tenant).post(`/webhooks/${created.data.id}/deliveries/${deliveryId}/redeliver`);
    expect(again.status).toBe(202);
    await waitFor(() => receiver.received.filter(ofSession(id)).length === 2, 20_000, 'redelivery');
    const [first, second] = receiver.received.filter(ofSession(id));
    expect(second.json.id).toBe(first.json.id);
    const one = await idv(platform, tenant).get(`/webhooks/${created.data.id}/deliveries/${deliveryId}`);
    expect(one.body.data.attempt_log.map((a: { trigger: string }) => a.trigger)).toEqual(['automatic', 'manual']);
    const missing = await idv(platform, tenant).get(`/webhooks/${created.data.id}/deliveries/whdl_nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('idv_webhook_delivery_not_found');
  });

  it('[idv.events.document-captured] delivers idv.document.captured events recorded by the capture plane', async () => {
    receiver.mode = 'up';
    const tenant = await newTenant(platform);
    await destination(tenant, { event_types: ['idv.document.captured'] });
    const profileId = await createProfile(platform, tenant);
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    await platform.db.$transaction((tx) =>
      recordEvent(tx, {
        tenantId: tenant.tenantId,
        workspaceId: tenant.workspaceId,
        type: 'idv.document.captured',
        aggregateType: 'idv.session',
        aggregateId: id,
        payload: { session_id: id, profile_id: profileId, artifact_kind: 'id_front', step_id: 'id', ocr_text: 'SECRET' },
      }),
    );
    await waitFor(() => forSession(id).length === 1, 20_000, 'captured event');
    const [captured] = forSession(id);
    expect(captured.json).toMatchObject({
      type: 'idv.document.captured',
      kind: 'idv',
      data: { artifact_kind: 'id_front' },
      meta: { artifact_kind: 'id_front' },
    });
    expect(captured.body).not.toContain('SECRET');
  });

  it("[idv.events.delivery] a profile event fanned out before its session's idv event still arrives after it", async () => {
    receiver.mode = 'up';
    const tenant = await newTenant(platform);
    await destination(tenant);
    const profileId = await createProfile(platform, tenant);
    const { id } = await createSession(platform, tenant, { profile_id: profileId });
    // Recorded as already relayed, so only this test fans them out, and in the wrong order: the
    // queue may hand over the later event's job first.
    const at = new Date();
    const event = (type: string, offsetMs: number, payload: Record<string, unknown>) =>
      platform.db.outboxEvent.create({
        data: {
          id: newId('evt'),
          tenantId: tenant.tenantId,
          workspaceId: tenant.workspaceId,
          type,
          aggregateType: 'idv.session',
          aggregateId: id,
          payload: { session_id: id, profile_id: profileId, ...payload },
          createdAt: new Date(at.getTime() + offsetMs),
          publishedAt: at,
        },
      });
    const review = await event('idv.session.requires_review', 0, { status: 'completed', review_status: 'requires_review' });
    const profile = await event('profile_status_updated', 1000, { previous_review_status: 'requires_review', new_status: 'accepted' });
    const deps = dispatcherDeps(platform.db, platform.config);
    await fanOut(deps, profile.id);
    await fanOut(deps, review.id);
    await waitFor(() => forSession(id).length === 2, 20_000, 'two events');
    expect(forSession(id).map((r) => r.json.type)).toEqual(['idv.session.requires_review', 'profile_status_updated']);
  });

  it('a destination failing for a day (compressed) is disabled and says so', async () => {
    const dead = await startWebhookReceiver();
    dead.mode = 'down';
    try {
      const tenant = await newTenant(platform);
      const response = await idv(platform, tenant).post('/webhooks', { url: dead.url });
      const profileId = await createProfile(platform, tenant);
      const { id } = await createSession(platform, tenant, { profile_id: profileId });
      await driveTo(platform, tenant, id, 'failed');
      await waitFor(
        async () => (await idv(platform, tenant).get(`/webhooks/${response.body.data.id}`)).body.data.enabled === false,
        40_000,
        'disabled',
      );
      const read = (await idv(platform, tenant).get(`/webhooks/${response.body.data.id}`)).body.data;
      expect(read).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      expect(read.failing_since).not.toBeNull();
    } finally {
      await dead.close();
    }
  }, 60_000);
});
