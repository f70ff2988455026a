// Automatic profile writes (profile_update_enabled, copied from the workflow at create), through
// REST with the real worker: a verified session (automatic_pass, or a reviewer's accepted) of an
// opted-in workflow writes the document's verified name, date of birth and document data onto the
// profile (through the profiles subgraph; only custom fields the workspace defines). A session of
// a workflow without the opt-in, or one that is rejected, leaves the profile as it was.
import { auth, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { waitFor } from '../helpers/webhook-receiver';
import { AssessmentResults } from '../../subgraphs/idv/services/lifecycle-service';
import { createProfile, createSession, driveTo, idv, IDV_SERVICES, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

const RESULTS: AssessmentResults = {
  document: { type: 'passport', issuing_country: 'USA', confidence: 0.97 },
  ocr_fields: [
    { field: 'surname', value: 'LOVELACE', confidence: 0.97, source: 'mrz' },
    { field: 'given_names', value: 'AUGUSTA ADA', confidence: 0.97, source: 'mrz' },
    { field: 'document_number', value: 'L18151210', confidence: 0.97, source: 'mrz' },
    { field: 'date_of_birth', value: '1815-12-10', confidence: 0.97, source: 'mrz' },
    { field: 'date_of_expiry', value: '2031-11-27', confidence: 0.97, source: 'mrz' },
  ],
  checks: [],
};

beforeAll(async () => {
  platform = await startIdvPlatform({ services: [...IDV_SERVICES, 'worker'], isolatedDatabase: true });
  tenant = await newTenant(platform);
  for (const field of [
    { key: 'date_of_birth', label: 'Date of birth', type: 'date' },
    { key: 'document_number', label: 'Document number', type: 'text' },
  ]) {
    const defined = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-custom-fields', {
      headers: auth.xApiKey(tenant.apiKey),
      body: field,
    });
    expect(defined.status).toBe(201);
  }
});
afterAll(() => platform.close());

async function workflow(profileUpdateEnabled: boolean): Promise<string> {
  const response = await idv(platform, tenant).post('/workflows', {
    name: `updates ${profileUpdateEnabled}`,
    status: 'active',
    profile_update_enabled: profileUpdateEnabled,
  });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

async function readProfile(profileId: string) {
  const response = await request(platform.restUrl, 'GET', `/clm/v1/profiles/${profileId}`, { headers: auth.xApiKey(tenant.apiKey) });
  expect(response.status).toBe(200);
  const profile = response.body.result.profile;
  const fields = Object.fromEntries(
    ((profile.profileCustomFields ?? []) as { key: string; value: unknown }[]).map((f) => [f.key, f.value]),
  );
  return { name: profile.name as string, fields };
}

/** Waits until the relay published the session's events and no profile-update job is left. */
async function settled(sessionId: string) {
  await waitFor(
    async () => (await platform.db.outboxEvent.count({ where: { aggregateId: sessionId, publishedAt: null } })) === 0,
    20_000,
    'relay',
  );
  await waitFor(
    async () =>
      (
        await platform.db.$queryRaw<
          { n: bigint }[]
        >`SELECT count(*) AS n FROM pgboss.job WHERE name = 'idv.profile-update' AND state NOT IN ('completed', 'failed', 'cancelled')`
      )[0].n === 0n,
    20_000,
    'profile-update jobs',
  );
}

describe('[idv.sessions.profile-update] automatic profile writes', () => {
  it('opted in, accepted by a reviewer: the verified name, date of birth and document number land on the profile', async () => {
    const profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada@example.com');
    const { id } = await createSession(platform, tenant, { profile_id: profileId, workflow_id: await workflow(true) });
    await driveTo(platform, tenant, id, 'requires_review', { results: RESULTS });
    await settled(id);
    expect(await readProfile(profileId)).toEqual({ name: 'Ada Lovelace', fields: {} }); // not verified yet
    expect((await idv(platform, tenant).post(`/sessions/${id}/review`, { status: 'accepted' })).status).toBe(200);
    await waitFor(async () => (await readProfile(profileId)).name === 'Augusta Ada Lovelace', 20_000, 'profile write');
    expect(await readProfile(profileId)).toEqual({
      name: 'Augusta Ada Lovelace',
      fields: { date_of_birth: '1815-12-10', document_number: 'L18151210' },
    });
    const audit = await platform.db.auditLogEntry.findMany({ where: { resourceId: id, action: 'idv.session.profile_update' } });
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toEqual({ profile_id: profileId, fields: ['name', 'date_of_birth', 'document_number'] });
  });

  it('opted in, automatic_pass: written too', async () => {
    const profileId = await createProfile(platform, tenant, 'A. Lovelace', 'ada2@example.com');
    const { id } = await createSession(platform, tenant, { profile_id: profileId, workflow_id: await workflow(true) });
    await driveTo(platform, tenant, id, 'automatic_pass', { results: RESULTS });
    await waitFor(async () => (await readProfile(profileId)).name === 'Augusta Ada Lovelace', 20_000, 'profile write');
    expect((await readProfile(profileId)).fields).toEqual({ date_of_birth: '1815-12-10', document_number: 'L18151210' });
  });

  it('without the opt-in (and when rejected) the profile is left as it was', async () => {
    const profileId = await createProfile(platform, tenant, 'Ada Lovelace', 'ada3@example.com');
    const plain = await createSession(platform, tenant, { profile_id: profileId, workflow_id: await workflow(false) });
    expect(plain.body.data.profile_update_enabled).toBe(false);
    await driveTo(platform, tenant, plain.id, 'automatic_pass', { results: RESULTS });
    const rejected = await createSession(platform, tenant, { profile_id: profileId, workflow_id: await workflow(true) });
    await driveTo(platform, tenant, rejected.id, 'requires_review', { results: RESULTS });
    expect((await idv(platform, tenant).post(`/sessions/${rejected.id}/review`, { status: 'rejected' })).status).toBe(200);
    await settled(plain.id);
    await settled(rejected.id);
    expect(await readProfile(profileId)).toEqual({ name: 'Ada Lovelace', fields: {} });
    expect(
      await platform.db.auditLogEntry.count({
        where: { resourceId: { in: [plain.id, rejected.id] }, action: 'idv.session.profile_update' },
      }),
    ).toBe(0);
  });
});
