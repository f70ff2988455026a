// The capture plane through REST: consent with evidence, artifact uploads (type by content, size
// limits, sealed at rest, idv.document.captured), questionnaire answers, the flow move to
// ready_for_assessment when the last required step completes, and submit's rules
// (submit refuses a session without consent or with required steps missing, naming them).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LocalKeyProvider } from '../../platform/crypto/envelope';
import { openBytes } from '../../platform/crypto/sealed-bytes';
import { artifactSealContext } from '../../platform/blobs/idv-artifact-keys';
import { auth, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { captureCall, completeDefaultCapture, testImage, uploadArtifact } from './capture-helpers';
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

const read = async (id: string) => (await idv(platform, tenant).get(`/sessions/${id}`)).body.data;
const eventTypes = async (id: string) =>
  (await platform.db.outboxEvent.findMany({ where: { aggregateId: id }, orderBy: { createdAt: 'asc' } })).map((e) => e.type);

describe('consent', () => {
  it('records the evidence: text version and SHA-256, time, IP and user agent; first consent wins', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const calls = captureCall(platform, id, token);
    const view = (await calls.view()).body.data;
    expect(view.consent).toMatchObject({ recorded: false, policy_version: 'vigil-default-1' });
    const response = await calls.consent(
      { accepted: true, policy_version: view.consent.policy_version },
      { 'user-agent': 'TestBrowser/1.0' },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.consent.recorded).toBe(true);
    expect(response.body.data.missing).not.toContain('consent');
    const evidence = (await read(id)).consent_evidence;
    expect(evidence).toMatchObject({
      accepted: true,
      policy_version: 'vigil-default-1',
      text_sha256: crypto.createHash('sha256').update(view.consent.text, 'utf8').digest('hex'),
      user_agent: 'TestBrowser/1.0',
      ip_address: expect.stringMatching(/127\.0\.0\.1/),
      recorded_at: expect.any(String),
    });
    await calls.consent({ accepted: true }, { 'user-agent': 'Other/2.0' });
    expect((await read(id)).consent_evidence.user_agent).toBe('TestBrowser/1.0');
  });

  it('refuses consent for another text version, consent not given, and management credentials', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const calls = captureCall(platform, id, token);
    const stale = await calls.consent({ accepted: true, policy_version: 'v0' });
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('schema_validation_failed');
    expect((await calls.consent({ accepted: false })).status).toBe(400);
    const byKey = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/consent`, {
      headers: auth.apiKey(tenant.apiKey),
      body: { accepted: true },
    });
    expect(byKey.status).toBe(401);
    expect(Object.keys((await read(id)).consent_evidence)).toEqual([]);
  });
});

describe('artifact upload', () => {
  it('[idv.capture.consent-first] [idv.capture.artifacts] needs consent first (409 idv_state_conflict)', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const response = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, await testImage());
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('idv_state_conflict');
    expect((await read(id)).artifacts).toEqual([]);
  });

  it('[idv.capture.artifacts] [idv.events.document-captured] stores the bytes sealed, records idv.document.captured, and never returns storage details', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await captureCall(platform, id, token).consent();
    const image = await testImage();
    const response = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness', frame: 0 }, image);
    expect(response.status).toBe(201);
    const artifactId = response.body.artifact_id;
    expect(response.body.data.artifacts).toEqual([
      expect.objectContaining({ artifact_id: artifactId, kind: 'selfie', step_id: 'liveness', frame: 0, content_type: 'image/jpeg' }),
    ]);
    expect(response.text).not.toMatch(/blob_key|sha256|idv\/artifacts/);
    const file = path.join(process.env.VIGIL_BLOB_DIR ?? path.join(process.cwd(), '.vigil', 'blobs'), 'idv', 'artifacts', id, artifactId);
    const stored = await fs.readFile(file);
    expect(stored.includes(image.subarray(0, 64))).toBe(false);
    expect(openBytes(new LocalKeyProvider(platform.config.masterKey), stored, artifactSealContext(id, artifactId)).equals(image)).toBe(
      true,
    );
    expect(await eventTypes(id)).toEqual(['idv.document.captured']);
    const management = await read(id);
    expect(JSON.stringify(management)).not.toMatch(/blob_key|idv\/artifacts/);
    expect(management.artifacts).toHaveLength(1);
  });

  it('[idv.capture.artifacts] checks the type by content: a PNG declared as JPEG, text, a tiny image and a PDF for a selfie are 415', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await captureCall(platform, id, token).consent();
    const up = (bytes: Buffer, type: string) => uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, bytes, type);
    for (const response of [
      await up(await testImage(320, 240, 'png'), 'image/jpeg'),
      await up(Buffer.from('not an image at all, just text'), 'image/jpeg'),
      await up(await testImage(16, 16), 'image/jpeg'),
      await up(Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n'), 'application/pdf'),
    ]) {
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('idv_unsupported_media_type');
    }
    expect((await read(id)).artifacts).toEqual([]);
  });

  it('refuses oversized images (413), unknown steps and kinds that do not fit the step (400)', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await captureCall(platform, id, token).consent();
    const big = Buffer.concat([await testImage(), Buffer.alloc(9 * 1024 * 1024)]);
    const tooBig = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, big);
    expect(tooBig.status).toBe(413);
    const image = await testImage();
    const wrongStep = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'id_capture' }, image);
    expect(wrongStep.status).toBe(400);
    expect(wrongStep.body.error).toMatchObject({ code: 'schema_validation_failed', message: expect.stringContaining('kind') });
    const noStep = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'nope' }, image);
    expect(noStep.status).toBe(400);
    const badType = await uploadArtifact(platform, id, token, { kind: 'id_front', step_id: 'id_capture', id_type: 'library_card' }, image);
    expect(badType.status).toBe(400);
    expect((await read(id)).artifacts).toEqual([]);
  });

  it('a capture of the same place replaces the earlier one', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await captureCall(platform, id, token).consent();
    const first = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, await testImage());
    const second = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, await testImage(400, 300));
    expect(second.body.data.artifacts.map((a: { artifact_id: string }) => a.artifact_id)).toEqual([second.body.artifact_id]);
    expect(first.body.artifact_id).not.toBe(second.body.artifact_id);
  });

  it("API keys may not upload (401), another session's token is 404", async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const other = await createSession(platform, tenant, { profile_id: profileId });
    const byKey = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/artifacts?kind=selfie&step_id=liveness`, {
      headers: { ...auth.apiKey(tenant.apiKey), 'content-type': 'image/jpeg' },
      rawBody: await testImage(),
    });
    expect(byKey.status).toBe(401);
    const crossed = await uploadArtifact(platform, id, other.token, { kind: 'selfie', step_id: 'liveness' }, await testImage());
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('idv_session_not_found');
    void token;
  });
});

describe('flow moves and submit rules', () => {
  it('[idv.capture.consent-first] [idv.capture.submit-requires-steps] [idv.capture.optional-steps] submit without consent or with required steps missing is 409 idv_state_conflict naming what is missing; nothing changes', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const calls = captureCall(platform, id, token);
    const bare = await calls.submit();
    expect(bare.status).toBe(409);
    expect(bare.body.error.code).toBe('idv_state_conflict');
    expect(bare.body.error.message).toMatch(/consent/);
    expect(bare.body.error.message).toMatch(/liveness/);
    expect(bare.body.error.message).toMatch(/id_front/);
    await calls.consent();
    const partial = await calls.submit();
    expect(partial.status).toBe(409);
    expect(partial.body.error.message).not.toMatch(/consent/);
    expect(partial.body.error.message).toMatch(/id_back/);
    expect(await read(id)).toMatchObject({ status: 'collecting_artifacts', review_status: 'request_sent', submitted_at: '' });
  });

  it('[idv.states.ready-for-assessment] the last required step moves the flow to ready_for_assessment; submit → 202 queued / pending, submitted_at; a later consent is 409', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    const calls = captureCall(platform, id, token);
    await calls.consent();
    const image = await testImage();
    await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, image);
    const front = await uploadArtifact(platform, id, token, { kind: 'id_front', step_id: 'id_capture', id_type: 'driver_license' }, image);
    expect(front.body.data).toMatchObject({ status: 'collecting_artifacts', ready_to_submit: false, missing: ['id_capture: id_back'] });
    const back = await uploadArtifact(platform, id, token, { kind: 'id_back', step_id: 'id_capture' }, image);
    expect(back.body.data).toMatchObject({ status: 'ready_for_assessment', ready_to_submit: true, missing: [] });
    expect((await read(id)).status).toBe('ready_for_assessment');
    const submitted = await calls.submit();
    expect(submitted.status).toBe(202);
    expect(submitted.body.data).toMatchObject({ status: 'queued', submitted: true });
    const session = await read(id);
    expect(session).toMatchObject({ status: 'queued', review_status: 'pending' });
    expect(session.submitted_at).not.toBe('');
    const again = await calls.submit();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('idv_state_conflict');
    const lateUpload = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'liveness' }, image);
    expect(lateUpload.status).toBe(409);
    const { recordCaptureConsent } = await import('../../subgraphs/idv/capture/services/capture-service');
    const { idvDeps } = await import('./idv-helpers');
    await expect(
      recordCaptureConsent(
        idvDeps(platform),
        { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, kind: 'capture', actorId: id, sessionId: id, entitlements: {} },
        id,
        { accepted: true },
      ),
    ).rejects.toMatchObject({ code: 'idv_state_conflict' });
  });

  it('a declared passport needs no back side', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await completeDefaultCapture(platform, id, token, { idType: 'passport' });
    expect((await read(id)).status).toBe('ready_for_assessment');
    expect((await captureCall(platform, id, token).submit()).status).toBe(202);
  });

  it('active liveness needs three frames; questionnaire answers are checked by question type and required ones complete the step', async () => {
    const steps = [
      { step_id: 'consent', type: 'consent', config: { text: 'I agree to Acme checking my identity.', policy_version: 'acme-7' } },
      { step_id: 'selfie', type: 'liveness', config: { mode: 'active' } },
      {
        step_id: 'kyc',
        type: 'questionnaire',
        config: {
          questions: [
            { question_id: 'job', prompt: 'Occupation?', type: 'text' },
            { question_id: 'income', prompt: 'Yearly income?', type: 'number' },
            { question_id: 'pep', prompt: 'Are you a PEP?', type: 'boolean' },
            { question_id: 'source', prompt: 'Source of funds', type: 'multi_choice', options: ['salary', 'savings', 'other'] },
            { question_id: 'note', prompt: 'Anything else?', type: 'long_text', required: false },
          ],
        },
      },
    ];
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId, steps });
    const calls = captureCall(platform, id, token);
    const consent = await calls.consent({ accepted: true, policy_version: 'acme-7' });
    expect(consent.body.data.consent).toMatchObject({ text: 'I agree to Acme checking my identity.', policy_version: 'acme-7' });
    expect((await read(id)).consent_evidence).toMatchObject({
      step_id: 'consent',
      policy_version: 'acme-7',
      text_sha256: crypto.createHash('sha256').update('I agree to Acme checking my identity.').digest('hex'),
    });
    const image = await testImage();
    for (const frame of [0, 1]) await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'selfie', frame }, image);
    expect((await calls.view()).body.data.missing).toEqual(['selfie: 1 more selfie frame', 'kyc: answers to job, income, pep, source']);
    const wrongType = await calls.answers({ step_id: 'kyc', answers: [{ question_id: 'income', value: 'lots' }] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toMatch(/answers\[0\]\.value/);
    expect((await calls.answers({ step_id: 'kyc', answers: [{ question_id: 'source', value: ['salary', 'yacht'] }] })).status).toBe(400);
    expect((await calls.answers({ step_id: 'kyc', answers: [{ question_id: 'nope', value: 'x' }] })).status).toBe(400);
    expect((await calls.answers({ step_id: 'selfie', answers: [{ question_id: 'job', value: 'x' }] })).status).toBe(400);
    const answered = await calls.answers({
      step_id: 'kyc',
      answers: [
        { question_id: 'job', value: 'Engineer' },
        { question_id: 'income', value: 52000 },
        { question_id: 'pep', value: false },
        { question_id: 'source', value: ['salary'] },
      ],
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data.missing).toEqual(['selfie: 1 more selfie frame']);
    expect(answered.body.data.status).toBe('collecting_artifacts');
    const last = await uploadArtifact(platform, id, token, { kind: 'selfie', step_id: 'selfie', frame: 2 }, image);
    expect(last.body.data).toMatchObject({ status: 'ready_for_assessment', missing: [] });
    const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row.answers)).not.toContain('Engineer');
    expect((await calls.submit()).status).toBe(202);
  });
});

describe('bad input on the upload', () => {
  it('junk queries and bodies answer 4xx, never 5xx, and store nothing', async () => {
    const { id, token } = await createSession(platform, tenant, { profile_id: profileId });
    await captureCall(platform, id, token).consent();
    const image = await testImage();
    const queries = [
      '',
      'kind=selfie',
      'kind=nope&step_id=liveness',
      'kind=selfie&step_id=..%2F..',
      'kind=selfie&step_id=liveness&frame=abc',
      'kind=selfie&step_id=liveness&frame=99',
      'kind=selfie&step_id=liveness&extra=1',
      'kind=id_back&step_id=id_capture&id_type=passport',
    ];
    for (const query of queries) {
      const response = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/artifacts?${query}`, {
        headers: { Authorization: `Capture ${token}`, 'content-type': 'image/jpeg' },
        rawBody: image,
      });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.error.code).toBe('schema_validation_failed');
    }
    const empty = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${id}/artifacts?kind=selfie&step_id=liveness`, {
      headers: { Authorization: `Capture ${token}`, 'content-type': 'image/jpeg' },
    });
    expect(empty.status).toBe(415);
    const badId = await request(platform.restUrl, 'POST', `/idv/v1/sessions/..%2Fetc/artifacts?kind=selfie&step_id=liveness`, {
      headers: { Authorization: `Capture ${token}`, 'content-type': 'image/jpeg' },
      rawBody: image,
    });
    expect(badId.status).toBeLessThan(500);
    expect((await read(id)).artifacts).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('describes the capture-plane endpoints, the binary upload among them', async () => {
    const { paths } = (await request(platform.restUrl, 'GET', '/openapi.json')).body;
    for (const [path, method] of [
      ['capture', 'get'],
      ['consent', 'post'],
      ['answers', 'post'],
      ['submit', 'post'],
    ]) {
      expect(paths[`/idv/v1/sessions/{sessionId}/${path}`]?.[method]?.tags).toEqual(['IDV capture plane']);
    }
    const upload = paths['/idv/v1/sessions/{sessionId}/artifacts'].post;
    expect(Object.keys(upload.requestBody.content).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '409', '413', '415']));
  });
});
