// The assessment worker end to end through REST: a customer completes capture with a selfie from
// a real photograph and a synthetic passport (OCR-B MRZ with valid check digits, a portrait from
// a real photograph); the worker (pg-boss) assesses it off the request path. Same person and a
// valid document: automatic_pass; another person's portrait: requires_review with face_mismatch;
// an expired document: requires_review with document_expired. An assessment that cannot complete
// fails after its attempts. GET /data returns the OCR fields, checks and mismatches.
import fs from 'node:fs/promises';
import path from 'node:path';
import { auth, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { renderPassport, specimenPerson } from '../fixtures/idv/specimen-document';
import { selfieFrame, waitForAssessment } from '../helpers/idv-assessment';
import { aamvaText, renderLicenceBack, renderLicenceFront, specimenLicence } from '../fixtures/idv/specimen-licence';
import { captureCall, completeDefaultCapture } from './capture-helpers';
import { createProfile, createSession, idv, IDV_SERVICES, newTenant, startIdvPlatform } from './idv-helpers';

jest.setTimeout(240_000);

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;

beforeAll(async () => {
  platform = await startIdvPlatform({ services: [...IDV_SERVICES, 'worker'], isolatedDatabase: true });
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant, 'Barack Obama', 'barack@example.com');
  // The workspace keeps dates of birth in the conventional `date_of_birth` date field (docs/profiles.md).
  const defined = await request(platform.restUrl, 'POST', '/tenant-config/v1/profile-custom-fields', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { key: 'date_of_birth', label: 'Date of birth', type: 'date' },
  });
  expect(defined.status).toBe(201);
});
afterAll(async () => {
  await platform.close();
  const { closeTesseract } = await import('../../subgraphs/idv/assessment/tesseract-ocr');
  await closeTesseract();
});

const selfie = selfieFrame;
const assessed = (id: string) => waitForAssessment(platform, tenant, id);

async function verify(selfiePhoto: string, document: Parameters<typeof specimenPerson>[0], profile = profileId) {
  const { id, token } = await createSession(platform, tenant, { profile_id: profile });
  await completeDefaultCapture(platform, id, token, {
    selfie: await selfie(selfiePhoto),
    front: await renderPassport(specimenPerson(document)),
    idType: 'passport',
  });
  expect((await captureCall(platform, id, token).submit()).status).toBe(202);
  return { id, session: await assessed(id), data: async () => (await idv(platform, tenant).get(`/sessions/${id}/data`)).body.data };
}

/** A session verified with a US driving licence (no MRZ; the PDF417 on its back carries the data). */
async function verifyLicence(back: (licence: ReturnType<typeof specimenLicence>) => Promise<Buffer>) {
  const licence = specimenLicence();
  const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
  await completeDefaultCapture(platform, id, token, {
    selfie: await selfie('obama-3.jpg'),
    front: await renderLicenceFront(licence),
    back: await back(licence),
    idType: 'driver_license',
  });
  expect((await captureCall(platform, id, token).submit()).status).toBe(202);
  return { id, session: await assessed(id), data: async () => (await idv(platform, tenant).get(`/sessions/${id}/data`)).body.data };
}

const eventTypes = async (id: string) =>
  (await platform.db.outboxEvent.findMany({ where: { aggregateId: id }, orderBy: { createdAt: 'asc' } })).map((e) => e.type);

it('[idv.capture.assessment] [idv.events.approved] [idv.events.completed] same person, valid passport: automatic_pass with every check passing; /data has the OCR fields', async () => {
  const { id, session, data } = await verify('obama-3.jpg', { photo: 'obama-1.jpg' });
  expect(session).toMatchObject({ status: 'assessed', review_status: 'automatic_pass', flag_categories: [] });
  const types = await eventTypes(id);
  expect(types.filter((t) => t === 'idv.document.captured')).toHaveLength(2);
  expect(types.slice(-2)).toEqual(['idv.session.completed', 'idv.session.approved']);
  const result = await data();
  expect(result.document).toMatchObject({ type: 'passport', issuing_country: 'USA' });
  expect(result.ocr_fields).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ field: 'surname', value: 'OBAMA' }),
      expect.objectContaining({ field: 'given_names', value: 'BARACK' }),
      expect.objectContaining({ field: 'document_number', value: 'X12345678' }),
      expect.objectContaining({ field: 'date_of_birth', value: '1961-08-04' }),
      expect.objectContaining({ field: 'date_of_expiry', value: '2034-05-31' }),
    ]),
  );
  const reasons = result.checks.map((c: { reason_code: string }) => c.reason_code);
  expect(reasons).toEqual(
    expect.arrayContaining(['face_match', 'liveness_face_present', 'mrz_valid', 'document_not_expired', 'id_type_accepted', 'name_match']),
  );
  expect(result.checks.filter((c: { outcome: string }) => c.outcome === 'fail')).toEqual([]);
  expect(result.mismatches).toEqual([]);
});

it("[idv.capture.assessment] [idv.events.requires-review] another person's portrait on the document: requires_review with face_mismatch", async () => {
  const { id, session, data } = await verify('obama-3.jpg', { photo: 'biden-2.jpg' });
  expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review', flag_categories: ['idv'] });
  expect((await eventTypes(id)).slice(-2)).toEqual(['idv.session.completed', 'idv.session.requires_review']);
  const result = await data();
  expect(result.checks).toEqual(
    expect.arrayContaining([expect.objectContaining({ check: 'face_match', outcome: 'fail', reason_code: 'face_mismatch' })]),
  );
  expect(result.mismatches).toEqual([expect.objectContaining({ field: 'face' })]);
});

it('[idv.capture.assessment] an expired document: requires_review with document_expired', async () => {
  const { session, data } = await verify('obama-3.jpg', { photo: 'obama-1.jpg', expiryDate: '2019-02-28' });
  expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review', flag_categories: ['document'] });
  const result = await data();
  expect(result.checks).toEqual(
    expect.arrayContaining([expect.objectContaining({ check: 'document_expiry', outcome: 'fail', reason_code: 'document_expired' })]),
  );
});

it('[idv.events.failed] an assessment that cannot complete (its stored artifacts are gone) is retried, then failed with idv.session.failed', async () => {
  const { MAX_ATTEMPTS } = await import('../../subgraphs/idv/assessment/assessment-job');
  const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
  await completeDefaultCapture(platform, id, token);
  await fs.rm(path.join(process.env.VIGIL_BLOB_DIR ?? path.join(process.cwd(), '.vigil', 'blobs'), 'idv', 'artifacts', id), {
    recursive: true,
    force: true,
  });
  expect((await captureCall(platform, id, token).submit()).status).toBe(202);
  const session = await assessed(id);
  expect(session).toMatchObject({ status: 'failed', review_status: 'pending' });
  const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id } });
  expect(row.assessmentAttempts).toBe(MAX_ATTEMPTS);
  expect(row.failureReason).toBe('assessment_error');
  expect((await eventTypes(id)).at(-1)).toBe('idv.session.failed');
});

it('[idv.capture.assessment] a driving licence is read from the PDF417 on its back: automatic_pass, the AAMVA fields in /data (REST and GraphQL)', async () => {
  const { id, session, data } = await verifyLicence((licence) => renderLicenceBack(licence));
  const result = await data();
  expect(result.checks.filter((c: { outcome: string }) => c.outcome === 'fail')).toEqual([]);
  expect(session).toMatchObject({ status: 'assessed', review_status: 'automatic_pass', flag_categories: [] });
  const reasons = result.checks.map((c: { reason_code: string }) => c.reason_code);
  expect(reasons).toEqual(
    expect.arrayContaining([
      'face_match',
      'mrz_not_present',
      'id_type_accepted',
      'barcode_decoded',
      'barcode_not_expired',
      'barcode_front_match',
      'barcode_name_match',
    ]),
  );
  expect(reasons).not.toContain('barcode_not_checked');
  expect(result.document).toEqual({ type: 'driver_license', issuing_country: 'USA', issuing_subdivision: 'CA', confidence: 1 });
  expect(result.ocr_fields).toEqual(
    expect.arrayContaining([
      { field: 'surname', value: 'OBAMA', confidence: 1, source: 'barcode' },
      { field: 'given_names', value: 'BARACK', confidence: 1, source: 'barcode' },
      { field: 'document_number', value: 'D1234562', confidence: 1, source: 'barcode' },
      { field: 'date_of_birth', value: '1961-08-04', confidence: 1, source: 'barcode' },
      { field: 'date_of_expiry', value: '2034-05-31', confidence: 1, source: 'barcode' },
      { field: 'sex', value: 'M', confidence: 1, source: 'barcode' },
      { field: 'issuing_subdivision', value: 'CA', confidence: 1, source: 'barcode' },
    ]),
  );
  expect(result.ocr_fields.map((f: { field: string }) => f.field)).not.toContain('middle_names'); // AAMVA "NONE"
  const viaGraphql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        verificationSessionData(id: $id) {
          document {
            type
            issuingSubdivision
          }
          ocrFields {
            field
            value
            source
          }
        }
      }
    `,
    { id },
  );
  expect(viaGraphql.body.errors).toBeUndefined();
  expect(viaGraphql.body.data.verificationSessionData.document).toEqual({ type: 'driver_license', issuingSubdivision: 'CA' });
  expect(viaGraphql.body.data.verificationSessionData.ocrFields).toEqual(
    expect.arrayContaining([{ field: 'document_number', value: 'D1234562', source: 'barcode' }]),
  );
  // Nothing of the barcode in the session's events.
  const payloads = JSON.stringify((await platform.db.outboxEvent.findMany({ where: { aggregateId: id } })).map((e) => e.payload));
  expect(payloads).not.toContain('D1234562');
  expect(payloads).not.toContain('SPRINGFIELD');
});

it('[idv.capture.assessment] a licence barcode naming someone else than the profile: requires_review with barcode_name_mismatch and the mismatch in /data', async () => {
  const { session, data } = await verifyLicence((licence) =>
    renderLicenceBack(licence, aamvaText({ ...licence, surname: 'Biden', givenNames: 'Joseph' })),
  );
  expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review', flag_categories: ['idv'] });
  const result = await data();
  expect(result.checks).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ check: 'barcode', outcome: 'fail', reason_code: 'barcode_name_mismatch', category: 'idv' }),
    ]),
  );
  expect(result.mismatches).toEqual([
    expect.objectContaining({ field: 'name', profile_value: 'Barack Obama', document_value: 'JOSEPH BIDEN' }),
  ]);
});

it('[idv.capture.assessment] a licence back without a readable barcode: requires_review with barcode_unreadable', async () => {
  const { session, data } = await verifyLicence((licence) => renderLicenceFront(licence));
  expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review', flag_categories: ['document'] });
  const reasons = (await data()).checks
    .filter((c: { outcome: string }) => c.outcome === 'fail')
    .map((c: { reason_code: string }) => c.reason_code);
  expect(reasons).toEqual(expect.arrayContaining(['barcode_unreadable', 'mrz_unreadable']));
});

it("[idv.capture.assessment] the profile's date of birth (its date_of_birth field) equals the document's: date_of_birth_match", async () => {
  const born = await createProfile(platform, tenant, 'Barack Obama', null, { profileCustomFields: { date_of_birth: '1961-08-04' } });
  const { session, data } = await verify('obama-3.jpg', { photo: 'obama-1.jpg' }, born);
  expect(session).toMatchObject({ status: 'assessed', review_status: 'automatic_pass' });
  expect((await data()).checks).toEqual(
    expect.arrayContaining([expect.objectContaining({ check: 'date_of_birth', outcome: 'pass', reason_code: 'date_of_birth_match' })]),
  );
});

it("[idv.capture.assessment] the profile's date of birth differs from the document's: requires_review with date_of_birth_mismatch, both dates in /data", async () => {
  const born = await createProfile(platform, tenant, 'Barack Obama', null, { profileCustomFields: { date_of_birth: '1962-01-01' } });
  const { session, data } = await verify('obama-3.jpg', { photo: 'obama-1.jpg' }, born);
  expect(session).toMatchObject({ status: 'assessed', review_status: 'requires_review', flag_categories: ['idv'] });
  const result = await data();
  expect(result.checks).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ check: 'date_of_birth', outcome: 'fail', reason_code: 'date_of_birth_mismatch', category: 'idv' }),
    ]),
  );
  expect(result.mismatches).toEqual([{ field: 'date_of_birth', profile_value: '1962-01-01', document_value: '1961-08-04' }]);
});

it('[idv.capture.assessment] a profile without a date of birth: the check is recorded as date_of_birth_not_on_profile, not as a mismatch', async () => {
  const { data } = await verify('obama-3.jpg', { photo: 'obama-1.jpg' });
  expect((await data()).checks).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ check: 'date_of_birth', outcome: 'info', reason_code: 'date_of_birth_not_on_profile' }),
    ]),
  );
});
