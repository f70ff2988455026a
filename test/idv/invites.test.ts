// POST /idv/v1/sessions/{id}/invite through REST (and GraphQL), against a real SMTP server in the
// test process: every numbered rule of email invites and direct links, and cancel consuming them.
import { auth, createDashboardToken, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { linkIn, startSmtpReceiver, SmtpReceiver } from '../helpers/smtp-receiver';
import { createProfile, createSession, driveTo, idv, newTenant, startIdvPlatform } from './idv-helpers';

let smtp: SmtpReceiver;
let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  platform = await startIdvPlatform({
    config: { smtp: { host: '127.0.0.1', port: smtp.port, from: 'verify@bank.example' }, delivery: { smtpTimeoutMs: 1500 } },
  });
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
});
afterAll(async () => {
  await platform.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.mode = 'accept';
  smtp.messages.length = 0;
});

const invite = (id: string, body: unknown = {}, key?: string) =>
  idv(platform, tenant).post(`/sessions/${id}/invite`, body, key ? { 'Idempotency-Key': key } : {});
const status = (id: string, code: string) =>
  request(platform.restUrl, 'GET', `/idv/v1/sessions/${id}/status`, { headers: { Authorization: `Invite ${code}` } });
const codeOf = (link: string) => decodeURIComponent(new URL(link).hash.replace('#code=', ''));
const newSession = async () => (await createSession(platform, tenant, { profile_id: profileId })).id;

describe('email invites', () => {
  it('[idv.invites.endpoint] [idv.invites.email.r2] [idv.invites.email.r3] 202 invited, 72 h reusable link emailed to the profile address in HTML and text', async () => {
    const id = await newSession();
    const before = Date.now();
    const response = await invite(id, { delivery: 'email' }, 'k-first');
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ invited: true, invite_expires_at: expect.any(String), delivery_state: 'sent' });
    const expires = Date.parse(response.body.invite_expires_at) - before;
    expect(expires).toBeGreaterThan(72 * 3600_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(72 * 3600_000 + 5_000);
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0];
    expect(message.to).toMatchObject({ text: 'ada@example.com' });
    expect(message.html).toContain('<a href=');
    const link = linkIn(message);
    expect(link).toMatch(new RegExp(`/verify/${id}#code=`));
    expect(message.html).toContain(link.replace(/&/g, '&amp;'));
    // Reusable within the window.
    expect((await status(id, codeOf(link))).status).toBe(200);
    expect((await status(id, codeOf(link))).status).toBe(200);
  });

  it('[idv.invites.endpoint] delivery defaults to email; locale and org_name shape the message', async () => {
    const id = await newSession();
    const response = await invite(id, { locale: 'de-CH', org_name: 'Musterbank AG' });
    expect(response.status).toBe(202);
    expect(smtp.messages[0].subject).toBe('Musterbank AG: Bitte bestätigen Sie Ihre Identität');
    expect(smtp.messages[0].text).toContain('Identität bestätigen');
  });

  it('[idv.invites.email.r1] resolves the recipient at send time', async () => {
    const otherProfile = await createProfile(platform, tenant, 'Grace Hopper', 'grace@old.example');
    const { id } = await createSession(platform, tenant, { profile_id: otherProfile });
    const patched = await request(platform.restUrl, 'PATCH', `/clm/v1/profiles/${otherProfile}`, {
      headers: auth.xApiKey(tenant.apiKey),
      body: { email: 'grace@new.example' },
    });
    expect(patched.status).toBe(200);
    expect((await invite(id)).status).toBe(202);
    expect(smtp.messages[0].to).toMatchObject({ text: 'grace@new.example' });
  });

  it('[idv.invites.email.r1] [idv.errors.idv_profile_email_missing] 422 idv_profile_email_missing when the profile has no email', async () => {
    const noEmail = await createProfile(platform, tenant, 'No Mail', null);
    const { id } = await createSession(platform, tenant, { profile_id: noEmail });
    const response = await invite(id);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('idv_profile_email_missing');
    expect(smtp.messages).toHaveLength(0);
  });

  it('[idv.invites.email.r4] a replay with the same Idempotency-Key never sends a second email', async () => {
    const id = await newSession();
    const first = await invite(id, {}, 'replay-1');
    const second = await invite(id, {}, 'replay-1');
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(smtp.messages).toHaveLength(1);
  });

  it('[idv.invites.email.r4] [idv.invites.email.r5] [idv.invites.email.r6] [idv.errors.invite_delivery_failed] a 5xx refusal is 502 invite_delivery_failed; its replay stays failed without sending; a new key replaces it', async () => {
    const id = await newSession();
    smtp.mode = 'reject';
    const failed = await invite(id, {}, 'rej-1');
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('invite_delivery_failed');
    smtp.mode = 'accept';
    const replay = await invite(id, {}, 'rej-1');
    expect(replay.status).toBe(502);
    expect(replay.body.error.code).toBe('invite_delivery_failed');
    expect(smtp.messages).toHaveLength(0);
    const replaced = await invite(id, {}, 'rej-2');
    expect(replaced.status).toBe(202);
    expect(smtp.messages).toHaveLength(1);
  });

  it('[idv.invites.email.r5] [idv.invites.email.r6] [idv.errors.invite_delivery_failed] a 4xx answer is 502 invite_delivery_retrying; the link stays valid; a different key is 409 idv_state_conflict while it is in flight', async () => {
    const id = await newSession();
    smtp.mode = 'defer';
    const retrying = await invite(id, {}, 'def-1');
    expect(retrying.status).toBe(502);
    expect(retrying.body.error.code).toBe('invite_delivery_retrying');
    const other = await invite(id, {}, 'def-2');
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idv_state_conflict');
    const rows = await platform.db.idvInvite.findMany({ where: { sessionId: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ consumedAt: null, deliveryState: 'retrying' });
  });

  it('[idv.invites.email.r4] [idv.invites.email.r5] an ambiguous outcome (the provider hangs after the message) counts as in flight', async () => {
    const id = await newSession();
    smtp.mode = 'hang';
    const response = await invite(id, {}, 'hang-1');
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('invite_delivery_retrying');
    smtp.mode = 'accept';
    const other = await invite(id, {}, 'hang-2');
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idv_state_conflict');
    const replay = await invite(id, {}, 'hang-1');
    expect(replay.status).toBe(502);
    expect(replay.body.error.code).toBe('invite_delivery_failed');
    expect(smtp.messages).toHaveLength(0);
  }, 20_000);

  it('[idv.invites.email.r7] [idv.errors.idv_invite_conflict] 409 idv_invite_conflict when the session is canceled while the provider answers', async () => {
    const id = await newSession();
    smtp.mode = 'hold';
    const arrived = smtp.nextArrival();
    const pending = invite(id, {}, 'hold-1');
    await arrived;
    expect((await idv(platform, tenant).post(`/sessions/${id}/cancel`, {})).status).toBe(200);
    smtp.release();
    const response = await pending;
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('idv_invite_conflict');
    const again = await invite(id, {}, 'hold-1b');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('idv_state_conflict');
  });

  it('[idv.invites.endpoint] rejects bad input with 400 schema_validation_failed and unknown sessions with 404', async () => {
    const id = await newSession();
    expect((await invite(id, { delivery: 'sms' })).body.error.code).toBe('schema_validation_failed');
    expect((await invite(id, { recipient: 'x@example.com' })).status).toBe(400);
    const badKey = await invite(id, {}, 'has spaces');
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.code).toBe('schema_validation_failed');
    const missing = await invite('idvs_doesnotexist', {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('idv_session_not_found');
    const stranger = await newTenant(platform);
    const foreign = await idv(platform, stranger).post(`/sessions/${id}/invite`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(smtp.messages).toHaveLength(0);
  });

  it('409 idv_state_conflict for a submitted session', async () => {
    const id = await newSession();
    await driveTo(platform, tenant, id, 'queued');
    const response = await invite(id);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('idv_state_conflict');
  });
});

describe('direct links', () => {
  it('[idv.invites.link.r1] [idv.invites.link.r2] 200 verify_url with the code in the fragment, at most 900 s, single use', async () => {
    const id = await newSession();
    const before = Date.now();
    const response = await invite(id, { delivery: 'none' }, 'ignored-key');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['invite_expires_at', 'verify_url']);
    expect(response.body.verify_url).toMatch(new RegExp(`^${platform.restUrl}/verify/${id}#code=idvic_[A-Za-z0-9_-]+$`));
    expect(Date.parse(response.body.invite_expires_at) - before).toBeLessThanOrEqual(900_000 + 1000);
    const code = codeOf(response.body.verify_url);
    expect((await status(id, code)).status).toBe(200);
    const reused = await status(id, code);
    expect(reused.status).toBe(401);
    // The link resolves to the hosted page route.
    const page = await fetch(response.body.verify_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('[idv.invites.link.r3] [idv.errors.idv_direct_invite_forbidden] 403 idv_direct_invite_forbidden for dashboard users', async () => {
    const id = await newSession();
    const { token } = await createDashboardToken(platform, tenant, `dash-${Date.now()}@example.com`);
    const response = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/invite`, {
      headers: auth.bearer(token),
      body: { delivery: 'none' },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('idv_direct_invite_forbidden');
  });

  it('cancel consumes every invite (emailed and direct)', async () => {
    const id = await newSession();
    await invite(id, {}, 'c-1');
    const emailed = codeOf(linkIn(smtp.messages[0]));
    const direct = codeOf((await invite(id, { delivery: 'none' })).body.verify_url);
    expect((await idv(platform, tenant).post(`/sessions/${id}/cancel`, {})).status).toBe(200);
    expect((await status(id, emailed)).status).toBe(401);
    expect((await status(id, direct)).status).toBe(401);
  });

  it('is reachable from GraphQL', async () => {
    const id = await newSession();
    const response = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        mutation ($id: ID!) {
          sendVerificationInvite(sessionId: $id, input: { delivery: none }) {
            __typename
            ... on VerificationDirectLink {
              verifyUrl
              inviteExpiresAt
            }
          }
        }
      `,
      { id },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.sendVerificationInvite).toMatchObject({
      __typename: 'VerificationDirectLink',
      verifyUrl: expect.stringContaining(`/verify/${id}#code=`),
    });
    const email = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        mutation ($id: ID!) {
          sendVerificationInvite(sessionId: $id, input: { idempotencyKey: "gql-1" }) {
            ... on VerificationEmailInvite {
              invited
              deliveryState
            }
          }
        }
      `,
      { id },
    );
    expect(email.body.data.sendVerificationInvite).toEqual({ invited: true, deliveryState: 'sent' });
  });
});

describe('direct links without a secure verify base', () => {
  let insecure: TestPlatform;
  beforeAll(async () => {
    insecure = await startIdvPlatform({ config: { verifyBaseUrl: 'http://verify.bank.example' } });
  });
  afterAll(() => insecure.close());

  it('[idv.invites.link.r4] [idv.errors.idv_direct_invite_unavailable] 503 idv_direct_invite_unavailable (fail closed)', async () => {
    const t = await newTenant(insecure);
    const profile = await createProfile(insecure, t);
    const { id } = await createSession(insecure, t, { profile_id: profile });
    const response = await idv(insecure, t).post(`/sessions/${id}/invite`, { delivery: 'none' });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('idv_direct_invite_unavailable');
    expect(await insecure.db.idvInvite.count({ where: { sessionId: id } })).toBe(0);
  });
});
