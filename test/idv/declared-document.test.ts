// The customer's declaration of the id document's type (with the id_front capture) decides the
// session's required items under sides auto: a passport has no back, so the management view (REST
// and GraphQL) stops listing id_back, an id_back upload is refused, and a back captured before the
// declaration is dropped. Declaring a two-sided type afterwards brings the back again.
import { auth, graphql, TestPlatform, TestTenant } from '../helpers/test-platform';
import { captureCall, testImage, uploadArtifact } from './capture-helpers';
import { createProfile, createSession, idv, newTenant, startIdvPlatform } from './idv-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform();
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant);
});
afterAll(() => platform.close());

async function managementView(id: string) {
  const rest = (await idv(platform, tenant).get(`/sessions/${id}`)).body.data;
  const gql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        verificationSession(id: $id) {
          captureManifest {
            requiredKinds
            idCapture {
              captureSides
            }
          }
          artifacts {
            kind
          }
        }
      }
    `,
    { id },
  );
  expect(gql.body.errors).toBeUndefined();
  return { rest, gql: gql.body.data.verificationSession };
}

describe('[idv.capture.declared-document] required items follow the declared document type', () => {
  it('a declared passport drops id_back from the required items (REST and GraphQL) and refuses an id_back upload; a declared licence needs it again', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const before = await managementView(id);
    expect(before.rest.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back']);
    expect(before.rest.capture_manifest.id_capture.capture_sides).toBe('auto');
    expect((await captureCall(platform, id, token).consent()).status).toBe(200);
    const image = await testImage();

    const front = await uploadArtifact(platform, id, token, { kind: 'id_front', step_id: 'id_capture', id_type: 'passport' }, image);
    expect(front.status).toBe(201);
    const declared = await managementView(id);
    expect(declared.rest.capture_manifest.required_kinds).toEqual(['selfie', 'id_front']);
    expect(declared.rest.capture_manifest.id_capture.capture_sides).toBe('one');
    expect(declared.gql.captureManifest).toEqual({ requiredKinds: ['selfie', 'id_front'], idCapture: { captureSides: 'one' } });
    const status = await idv(platform, tenant)
      .as({ Authorization: `Capture ${token}` })
      .get(`/sessions/${id}/status`);
    expect(status.body.data.required_kinds).toEqual(['selfie', 'id_front']);

    const back = await uploadArtifact(platform, id, token, { kind: 'id_back', step_id: 'id_capture' }, image);
    expect(back.status).toBe(400);
    expect(back.body.error.code).toBe('schema_validation_failed');
    expect(back.body.error.message).toMatch(/kind/);

    const licence = await uploadArtifact(
      platform,
      id,
      token,
      { kind: 'id_front', step_id: 'id_capture', id_type: 'driver_license' },
      image,
    );
    expect(licence.status).toBe(201);
    const redeclared = await managementView(id);
    expect(redeclared.rest.capture_manifest.required_kinds).toEqual(['selfie', 'id_front', 'id_back']);
    expect(redeclared.gql.captureManifest.idCapture).toEqual({ captureSides: 'two' });
    expect((await uploadArtifact(platform, id, token, { kind: 'id_back', step_id: 'id_capture' }, image)).status).toBe(201);
  });

  it('a back captured before a passport was declared is dropped with the declaration', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    expect((await captureCall(platform, id, token).consent()).status).toBe(200);
    const image = await testImage();
    expect((await uploadArtifact(platform, id, token, { kind: 'id_back', step_id: 'id_capture' }, image)).status).toBe(201);
    expect(
      (await uploadArtifact(platform, id, token, { kind: 'id_front', step_id: 'id_capture', id_type: 'passport' }, image)).status,
    ).toBe(201);
    const view = await managementView(id);
    expect(view.rest.artifacts.map((a: { kind: string }) => a.kind)).toEqual(['id_front']);
    expect(view.gql.artifacts).toEqual([{ kind: 'id_front' }]);
  });

  it('a preselected type or fixed sides are not changed by the capture', async () => {
    const { id, token } = await createSession(platform, tenant, {
      profile_id: profileId,
      steps: [
        { step_id: 'consent', type: 'consent' },
        { step_id: 'id_capture', type: 'id_capture', config: { sides: 'two' } },
      ],
    });
    expect((await captureCall(platform, id, token).consent()).status).toBe(200);
    expect(
      (await uploadArtifact(platform, id, token, { kind: 'id_front', step_id: 'id_capture', id_type: 'passport' }, await testImage()))
        .status,
    ).toBe(201);
    const view = await managementView(id);
    expect(view.rest.capture_manifest.required_kinds).toEqual(['id_front', 'id_back']);
    expect(view.rest.capture_manifest.id_capture.capture_sides).toBe('two');
  });
});
