// A plain POST /v1/search-sync carrying a profile_id moves the profile's status like onboarding,
// batch and monitoring do: the search records screening.profile_screening_settled in its own
// transaction, the outbox relay sends profiles.screening-outcome (origin search), and the profiles
// worker re-derives the status, recording profile_status_updated only on a change. Real queue,
// real worker, events read from a real HTTP receiver.
import { auth, createTestTenant, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { startWebhookReceiver, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';
import { idv } from '../idv/idv-helpers';
import { profileEvents } from '../profiles/onboarding-helpers';
import { importList, UN_XML, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let receiver: WebhookReceiver;
let tenant: TestTenant;

const LISTED = 'Barzan Ibrahim Hasan al-Tikriti';
const UNLISTED = 'Quillfeather Abernathy Marchbanks';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
    config: { delivery: { webhookAllowPrivateNetworks: true, webhookTimeScale: 0.0001, webhookTimeoutMs: 2000 } },
  });
  tenant = await createTestTenant(platform);
  expect((await idv(platform, tenant).post('/webhooks', { url: receiver.url })).status).toBe(201);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await receiver?.close();
});

const search = (body: Record<string, unknown>) =>
  request(platform.restUrl, 'POST', '/v1/search-sync', { headers: auth.xApiKey(tenant.apiKey), body });

async function newProfile(): Promise<string> {
  const response = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Search Subject', kind: 'individual' },
  });
  expect(response.body.result.profile.status).toBe('not_screened');
  return response.body.result.profile.id;
}

async function statusOf(profileId: string): Promise<string> {
  const response = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.xApiKey(tenant.apiKey) });
  return response.body.result.profile.status;
}

const statusMoves = (profileId: string) =>
  profileEvents(receiver, profileId)
    .filter((e) => e.json.type === 'profile_status_updated')
    .map((e) => ({
      origin: e.json.data.origin,
      previous: e.json.data.previous_status,
      next: e.json.data.new_status,
      searchId: e.json.data.search_id,
    }));

it('[screening.search.sync, psr.events.profile] a search-sync with a profile_id and unresolved matches moves the profile to potential_match; a repeat records nothing; a later clean search moves it to clear', async () => {
  const profileId = await newProfile();
  const first = await search({ type: 'individual', name: LISTED, profile_id: profileId });
  expect(first.status).toBe(200);
  expect(first.body.result.results.length).toBeGreaterThan(0);
  await waitFor(async () => (await statusOf(profileId)) === 'potential_match', 20_000, 'potential_match');

  // The same outcome again changes nothing; the clean search after it is the latest and decides.
  expect((await search({ type: 'individual', name: LISTED, profile_id: profileId })).status).toBe(200);
  const clean = await search({ type: 'individual', name: UNLISTED, profile_id: profileId });
  expect(clean.body.result.results).toEqual([]);
  await waitFor(async () => (await statusOf(profileId)) === 'clear', 20_000, 'clear');
  await waitFor(() => statusMoves(profileId).length >= 2, 20_000, 'two status events');

  expect(statusMoves(profileId)).toEqual([
    { origin: 'search', previous: 'not_screened', next: 'potential_match', searchId: first.body.result.searchId },
    { origin: 'search', previous: 'potential_match', next: 'clear', searchId: clean.body.result.searchId },
  ]);
});

it('[screening.search.sync, psr.events.profile] a search-sync with a profile_id and no matches moves a never-screened profile to clear; a search without a profile_id moves nothing', async () => {
  const profileId = await newProfile();
  const untouched = await newProfile();
  expect((await search({ type: 'individual', name: LISTED })).status).toBe(200);
  expect((await search({ name: UNLISTED, profile_id: profileId })).status).toBe(200);
  await waitFor(async () => (await statusOf(profileId)) === 'clear', 20_000, 'clear');
  await waitFor(() => statusMoves(profileId).length >= 1, 20_000, 'status event');
  expect(statusMoves(profileId)).toEqual([{ origin: 'search', previous: 'not_screened', next: 'clear', searchId: expect.any(String) }]);
  expect(await statusOf(untouched)).toBe('not_screened');
  expect(statusMoves(untouched)).toEqual([]);
});
