// session_overrides on POST /sessions: entitlement (rule 7, 403 idv_session_overrides_forbidden),
// version, the id_capture subset rules, preselected_id_type, completion and return_url.
import { auth, createDashboardToken, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createProfile, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let entitled: TestTenant;
let plain: TestTenant;
let profileId: string;
let plainProfileId: string;

const PREFIXES = [
  'https://app.example.com/verify/done',
  'http://localhost:3000/return',
  'http://127.0.0.1:8080/',
  'http://[::1]:9000/back',
];

beforeAll(async () => {
  platform = await startIdvPlatform();
  entitled = await newTenant(platform, { sessionOverrides: true, returnUrlPrefixes: PREFIXES });
  plain = await newTenant(platform);
  profileId = await createProfile(platform, entitled);
  plainProfileId = await createProfile(platform, plain);
});
afterAll(() => platform.close());

const create = (body: Record<string, unknown>, tenant = entitled) =>
  idv(platform, tenant).post('/sessions', { profile_id: tenant === entitled ? profileId : plainProfileId, ...body });
const completion = (action: string, return_url?: string) => ({
  session_overrides: { version: 1, completion: { action, ...(return_url !== undefined ? { return_url } : {}) } },
});
const idCapture = (accepted_id_types: string[], preselected_id_type?: string) => ({
  session_overrides: { version: 1, id_capture: { accepted_id_types, ...(preselected_id_type ? { preselected_id_type } : {}) } },
});

describe('[idv.sessions.create.r7, idv.errors.overrides-forbidden] rule 7: entitlement', () => {
  it('403 idv_session_overrides_forbidden for an application without the entitlement', async () => {
    const response = await create(completion('close_tab'), plain);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { code: 'idv_session_overrides_forbidden', message: expect.any(String) } });
  });

  it('403 for a dashboard user (entitlements belong to applications)', async () => {
    const { token } = await createDashboardToken(platform, entitled);
    const response = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: auth.bearer(token),
      body: { profile_id: profileId, ...completion('close_tab') },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('idv_session_overrides_forbidden');
  });

  it('an entitled application may send overrides', async () => {
    const response = await create(completion('close_tab'));
    expect(response.status).toBe(201);
    expect(response.body.data.capture_manifest.completion).toEqual({ action: 'close_tab' });
  });
});

describe('[idv.overrides.version, idv.overrides.accepted-id-types, idv.versioning.prefix] shape', () => {
  it.each([
    ['version 2', { session_overrides: { version: 2, completion: { action: 'close_tab' } } }],
    ['no version', { session_overrides: { completion: { action: 'close_tab' } } }],
    ['version "1"', { session_overrides: { version: '1', completion: { action: 'close_tab' } } }],
    ['neither id_capture nor completion', { session_overrides: { version: 1 } }],
    ['an unknown field', { session_overrides: { version: 1, completion: { action: 'close_tab' }, theme: 'dark' } }],
    ['an unknown completion field', { session_overrides: { version: 1, completion: { action: 'close_tab', delay: 3 } } }],
    ['an unknown action', completion('redirect', 'https://app.example.com/verify/done')],
    ['return_link without return_url', completion('return_link')],
    ['id_capture without accepted_id_types', { session_overrides: { version: 1, id_capture: {} } }],
    ['empty accepted_id_types', idCapture([])],
    ['17 accepted_id_types', idCapture(Array.from({ length: 17 }, (_, i) => `custom_${i}`))],
    ['duplicate accepted_id_types', idCapture(['passport', 'passport'])],
    ['unknown as a declared type', idCapture(['unknown'])],
    ['a malformed custom type', idCapture(['Not Valid'])],
    ['preselected with two accepted types', idCapture(['passport', 'driver_license'], 'passport')],
    ['preselected not in accepted types', idCapture(['driver_license'], 'passport')],
    ['a type outside the copied step', idCapture(['voter_card'])],
  ])('%s → 400 schema_validation_failed', async (_name, body) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it('id_capture overrides on a flow without an id_capture step → 400', async () => {
    const response = await create({ workflow: 'liveness_only', ...idCapture(['passport']) });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });
});

describe('id_capture', () => {
  it('[idv.overrides.accepted-id-types, idv.overrides.cannot-remove] narrows the accepted types of the copied id_capture step without changing the steps', async () => {
    const response = await create(idCapture(['passport', 'driver_license']));
    expect(response.status).toBe(201);
    const data = response.body.data;
    expect(data.capture_manifest.id_capture.accepted_id_types).toEqual(['passport', 'driver_license']);
    expect(data.capture_manifest.id_capture.preselected_id_type).toBeNull();
    expect(data.step_manifest.steps.map((s: { type: string }) => s.type)).toEqual(['consent', 'liveness', 'id_capture']);
    expect(data.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back']);
  });

  it('[idv.overrides.preselected, idv.overrides.id-types] preselected passport with sides auto derives one-sided capture (drops id_back)', async () => {
    const response = await create(idCapture(['passport'], 'passport'));
    expect(response.status).toBe(201);
    const manifest = response.body.data.capture_manifest;
    expect(manifest.id_capture.preselected_id_type).toBe('passport');
    expect(manifest.id_capture.capture_sides).toBe('one');
    expect(manifest.required_kinds).toEqual(['selfie', 'id_front']);
  });

  it('[idv.overrides.preselected] preselected driver_license derives two-sided capture', async () => {
    const response = await create(idCapture(['driver_license'], 'driver_license'));
    expect(response.status).toBe(201);
    expect(response.body.data.capture_manifest.id_capture.capture_sides).toBe('two');
    expect(response.body.data.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back']);
  });

  it('[idv.overrides.id-types] custom types of the step may be declared; their sides decide the capture', async () => {
    const steps = [
      {
        step_id: 'id',
        type: 'id_capture',
        config: {
          accepted_id_types: ['passport'],
          custom_id_types: [
            { id: 'voter_card', label: 'Voter card', sides: 'one' },
            { id: 'work_permit', label: 'Work permit', sides: 'two' },
          ],
        },
      },
    ];
    const voter = await create({ steps, ...idCapture(['voter_card'], 'voter_card') });
    expect(voter.status).toBe(201);
    expect(voter.body.data.capture_manifest.required_kinds).toEqual(['id_front']);
    const permit = await create({ steps, ...idCapture(['work_permit'], 'work_permit') });
    expect(permit.body.data.capture_manifest.required_kinds).toEqual(['id_front', 'id_back']);
    const notInStep = await create({ steps, ...idCapture(['driver_license']) });
    expect(notInStep.status).toBe(400);
  });

  it('explicit sides on the step win over the declared type', async () => {
    const steps = [{ step_id: 'id', type: 'id_capture', config: { sides: 'two' } }];
    const response = await create({ steps, ...idCapture(['passport'], 'passport') });
    expect(response.status).toBe(201);
    expect(response.body.data.capture_manifest.required_kinds).toEqual(['id_front', 'id_back']);
  });
});

describe('[idv.overrides.completion, idv.overrides.return-url] completion and return_url', () => {
  it.each([
    'https://app.example.com/verify/done',
    'https://app.example.com/verify/done/step-2',
    'http://localhost:3000/return',
    'http://127.0.0.1:8080/anything',
    'http://[::1]:9000/back',
  ])('return_link to %s is accepted', async (url) => {
    const response = await create(completion('return_link', url));
    expect(response.status).toBe(201);
    expect(response.body.data.capture_manifest.completion).toEqual({ action: 'return_link', return_url: url });
  });

  it('a return_url of exactly 2048 characters is accepted', async () => {
    const base = 'https://app.example.com/verify/done/';
    const url = base + 'a'.repeat(2048 - base.length);
    expect(url).toHaveLength(2048);
    const response = await create(completion('return_link', url));
    expect(response.status).toBe(201);
  });

  it('close_tab with an optional fallback return_url', async () => {
    const response = await create(completion('close_tab', 'https://app.example.com/verify/done'));
    expect(response.status).toBe(201);
    expect(response.body.data.capture_manifest.completion).toEqual({
      action: 'close_tab',
      return_url: 'https://app.example.com/verify/done',
    });
  });

  it.each([
    ['http (not loopback)', 'http://app.example.com/verify/done'],
    ['userinfo', 'https://user:pw@app.example.com/verify/done'],
    ['a query', 'https://app.example.com/verify/done?x=1'],
    ['an empty query', 'https://app.example.com/verify/done?'],
    ['a fragment', 'https://app.example.com/verify/done#top'],
    ['a relative URL', '/verify/done'],
    ['another scheme', 'javascript:alert(1)'],
    ['dot segments', 'https://app.example.com/verify/done/../../admin'],
    ['over 2048 characters', `https://app.example.com/verify/done/${'a'.repeat(2048)}`],
  ])('return_url with %s → 400 schema_validation_failed', async (_name, url) => {
    const response = await create(completion('return_link', url));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('schema_validation_failed');
  });

  it.each([
    ['another host', 'https://evil.example.com/verify/done'],
    ['a sibling path', 'https://app.example.com/verify/done-evil'],
    ['a parent path', 'https://app.example.com/verify'],
    ['another port', 'https://app.example.com:8443/verify/done'],
    ['a lookalike host', 'https://app.example.com.evil.test/verify/done'],
  ])('return_url outside the entitlement (%s) → 403 idv_session_overrides_forbidden', async (_name, url) => {
    const response = await create(completion('return_link', url));
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('idv_session_overrides_forbidden');
  });

  it('an application with the entitlement but no prefixes cannot use any return_url', async () => {
    const noPrefixes = await newTenant(platform, { sessionOverrides: true });
    const profile = await createProfile(platform, noPrefixes, 'No Prefix');
    const response = await idv(platform, noPrefixes).post('/sessions', {
      profile_id: profile,
      ...completion('return_link', 'https://app.example.com/verify/done'),
    });
    expect(response.status).toBe(403);
    const closeTab = await idv(platform, noPrefixes).post('/sessions', { profile_id: profile, ...completion('close_tab') });
    expect(closeTab.status).toBe(201);
  });
});
