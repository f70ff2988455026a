// After a real assessment of a session whose workflow has a questionnaire step: the management
// projection (REST and GraphQL), the list and /data carry none of the session's stored secrets
// (storage keys, checksums, wrapped keys, encryption context, sealed results and answers, the
// token hash) nor raw OCR text (the MRZ lines) or model output; the questionnaire answers given
// through the capture API come back decrypted from /data to the application key, while the
// capture credential is refused there.
import path from 'node:path';
import sharp from 'sharp';
import { auth, graphql, request, TestPlatform, TestTenant } from '../helpers/test-platform';
import { FACES_DIR, renderPassport, specimenPerson, td3Mrz } from '../fixtures/idv/specimen-document';
import { captureCall, uploadArtifact } from './capture-helpers';
import { capture, createProfile, createSession, idv, IDV_SERVICES, newTenant, startIdvPlatform } from './idv-helpers';

jest.setTimeout(240_000);

let platform: TestPlatform;
let tenant: TestTenant;
let profileId: string;
let sessionId: string;
let captureToken: string;
/** What the capture-plane data reads answered while the credential was live. */
let captureChecks: { status: number; dataStatus: number; dataBody: unknown };

const QUESTIONS = [
  { question_id: 'occupation', prompt: 'Your occupation?', type: 'text' },
  { question_id: 'funds', prompt: 'Source of funds', type: 'single_choice', options: ['salary', 'savings'] },
];
const ANSWERS = [
  { question_id: 'occupation', value: 'Community organiser' },
  { question_id: 'funds', value: 'salary' },
];

beforeAll(async () => {
  platform = await startIdvPlatform({ services: [...IDV_SERVICES, 'worker'], isolatedDatabase: true });
  tenant = await newTenant(platform);
  profileId = await createProfile(platform, tenant, 'Barack Obama', 'barack@example.com');
  const workflow = await idv(platform, tenant).post('/workflows', {
    name: 'With questionnaire',
    status: 'active',
    steps: [
      { step_id: 'consent', type: 'consent' },
      { step_id: 'liveness', type: 'liveness' },
      { step_id: 'id_capture', type: 'id_capture' },
      { step_id: 'kyc', type: 'questionnaire', config: { questions: QUESTIONS } },
    ],
  });
  expect(workflow.status).toBe(201);
  const created = await createSession(platform, tenant, { profile_id: profileId, workflow_id: workflow.body.data.id });
  sessionId = created.id;
  captureToken = created.token;

  const calls = captureCall(platform, sessionId, captureToken);
  expect((await calls.consent()).status).toBe(200);
  const selfie = await sharp(path.join(FACES_DIR, 'obama-3.jpg'))
    .rotate()
    .resize({ width: 640, height: 640, fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
  expect((await uploadArtifact(platform, sessionId, captureToken, { kind: 'selfie', step_id: 'liveness', frame: 0 }, selfie)).status).toBe(
    201,
  );
  const passport = await renderPassport(specimenPerson({ photo: 'obama-1.jpg' }));
  expect(
    (await uploadArtifact(platform, sessionId, captureToken, { kind: 'id_front', step_id: 'id_capture', id_type: 'passport' }, passport))
      .status,
  ).toBe(201);
  const answered = await calls.answers({ step_id: 'kyc', answers: ANSWERS });
  expect(answered.status).toBe(200);
  expect(answered.body.data).toMatchObject({ status: 'ready_for_assessment', missing: [] });

  // The credential is live (its own status read works) and still refused on /data.
  const status = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${sessionId}/status`, { headers: capture(captureToken) });
  const data = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${sessionId}/data`, { headers: capture(captureToken) });
  captureChecks = { status: status.status, dataStatus: data.status, dataBody: data.body };

  expect((await calls.submit()).status).toBe(202);
  for (let i = 0; i < 400; i++) {
    const read = (await idv(platform, tenant).get(`/sessions/${sessionId}`)).body.data;
    if (read.status === 'assessed' || read.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
afterAll(async () => {
  await platform?.close();
  const { closeTesseract } = await import('../../subgraphs/idv/assessment/tesseract-ocr');
  await closeTesseract();
});

/** Every string leaf of a stored value (sealed envelopes included: ciphertext, wrapped key, nonce…). */
function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringLeaves(item, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringLeaves(item, out));
  return out;
}

/** The secrets the database holds for the session: none may appear in any management response. */
async function storedSecrets(): Promise<string[]> {
  const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id: sessionId } });
  const secrets = [
    // The artifact's public id is part of the projection; its blob key and checksum are not.
    ...((row.artifactStorage ?? []) as { blob_key: string; sha256: string }[]).flatMap((stored) => [stored.blob_key, stored.sha256]),
    ...stringLeaves(row.results),
    ...stringLeaves(row.answers),
    ...stringLeaves(row.subjectReference),
    ...(row.tokenHash ? [row.tokenHash] : []),
  ];
  // Short enum-like leaves (algorithm names, kinds, step ids) are not secrets; keys, hashes,
  // checksums, ciphertexts and contexts are long.
  const found = [...new Set(secrets.filter((s) => s.length >= 16 && !s.startsWith(sessionId)))];
  expect(found.length).toBeGreaterThan(4);
  return found;
}

/** Names a projection must never carry, whatever their value. */
const FORBIDDEN_KEY =
  /storage|checksum|wrapped|encryption|ciphertext|^(iv|nonce|tag|dek|kek|context)$|raw_?text|raw_?ocr|embedding|model_?output|token_?hash/i;

function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      keysOf(item, out);
    }
  return out;
}

function expectNoSecrets(where: string, body: unknown, secrets: string[]) {
  const text = JSON.stringify(body);
  expect({ where, leaked: secrets.filter((secret) => text.includes(secret)) }).toEqual({ where, leaked: [] });
  expect({ where, keys: keysOf(body).filter((key) => FORBIDDEN_KEY.test(key)) }).toEqual({ where, keys: [] });
  // Raw OCR: the machine-readable zone lines the document carries (only parsed fields may leave).
  for (const line of td3Mrz(specimenPerson({ photo: 'obama-1.jpg' })))
    expect({ where, mrz: text.includes(line) || text.includes(line.slice(0, 20)) }).toEqual({ where, mrz: false });
}

/** A selection of every field of a GraphQL type (depth-limited, fields without required args). */
async function fullSelection(typeName: string, depth = 4): Promise<string> {
  type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
  const introspect = async (name: string) =>
    (
      await graphql(
        platform,
        auth.apiKey(tenant.apiKey),
        'query($n: String!) { __type(name: $n) { fields { name args { type { kind } } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }',
        { n: name },
      )
    ).body.data.__type;
  const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);
  const build = async (name: string, level: number): Promise<string> => {
    const type = await introspect(name);
    const parts: string[] = [];
    for (const field of type.fields as { name: string; args: { type: { kind: string } }[]; type: TypeRef }[]) {
      if (field.args.some((arg) => arg.type.kind === 'NON_NULL')) continue;
      const inner = named(field.type);
      // The federated Profile belongs to the profiles domain (and pulls in screening and risk,
      // which this file does not start); the session's own fields are what is checked here.
      if (inner.name === 'Profile') continue;
      if (inner.kind === 'SCALAR' || inner.kind === 'ENUM') parts.push(field.name);
      else if (inner.kind === 'OBJECT' && level > 0) {
        const sub = await build(inner.name!, level - 1);
        if (sub) parts.push(`${field.name} { ${sub} }`);
      }
    }
    return parts.join(' ');
  };
  return build(typeName, depth);
}

it('[idv.sessions.projection.no-secrets] after a real assessment, the REST read, list and /data carry no stored key, checksum, wrapped key, context, sealed value, token hash or raw OCR', async () => {
  const secrets = await storedSecrets();
  const read = await idv(platform, tenant).get(`/sessions/${sessionId}`);
  expect(read.status).toBe(200);
  expect(read.body.data.status).toBe('assessed');
  expect(read.body.data.artifacts.length).toBeGreaterThanOrEqual(2);
  expectNoSecrets('GET /sessions/{id}', read.body, secrets);
  const list = await idv(platform, tenant).get(`/sessions?profile_id=${profileId}`);
  expect(list.status).toBe(200);
  expect(JSON.stringify(list.body)).toContain(sessionId);
  expectNoSecrets('GET /sessions?profile_id', list.body, secrets);
  const data = await idv(platform, tenant).get(`/sessions/${sessionId}/data`);
  expect(data.status).toBe(200);
  expect(data.body.data.results_available).toBe(true);
  expectNoSecrets('GET /sessions/{id}/data', data.body, secrets);
});

it('[idv.sessions.projection.no-secrets] the GraphQL session, session list and session data (every field) carry none of them either', async () => {
  const secrets = await storedSecrets();
  const ask = async (query: string, variables: Record<string, unknown>) => {
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), query, variables);
    expect(response.body.errors).toBeUndefined();
    return response.body.data;
  };
  const sessionFields = await fullSelection('VerificationSession', 2);
  const one = await ask(`query($id: ID!) { verificationSession(id: $id) { ${sessionFields} } }`, { id: sessionId });
  expect(one.verificationSession.id).toBe(sessionId);
  expectNoSecrets('GraphQL verificationSession', one, secrets);
  const list = await ask(
    `query($profileId: String) { verificationSessions(profileId: $profileId, first: 5) { nodes { ${sessionFields} } } }`,
    { profileId },
  );
  expect(list.verificationSessions.nodes.map((n: { id: string }) => n.id)).toContain(sessionId);
  expectNoSecrets('GraphQL verificationSessions', list, secrets);
  const data = await ask(`query($id: ID!) { verificationSessionData(id: $id) { ${await fullSelection('VerificationSessionData', 2)} } }`, {
    id: sessionId,
  });
  expect(JSON.stringify(data)).toContain('Community organiser');
  expectNoSecrets('GraphQL verificationSessionData', data, secrets);
});

it('[idv.sessions.data] questionnaire answers given through the capture API come back decrypted from /data to the application key; the live capture credential is refused there', async () => {
  const data = await idv(platform, tenant).get(`/sessions/${sessionId}/data`);
  expect(data.status).toBe(200);
  expect(data.body.data).toMatchObject({ session_id: sessionId, profile_id: profileId, status: 'assessed', results_available: true });
  expect(data.body.data.questionnaire_answers).toEqual([
    { step_id: 'kyc', question_id: 'occupation', question: 'Your occupation?', answer: 'Community organiser' },
    { step_id: 'kyc', question_id: 'funds', question: 'Source of funds', answer: 'salary' },
  ]);
  expect(data.body.data.document).toMatchObject({ type: 'passport' });
  // Sealed at rest: the answer text is not in the row.
  const row = await platform.db.idvSession.findUniqueOrThrow({ where: { id: sessionId } });
  expect(JSON.stringify([row.answers, row.results])).not.toContain('Community organiser');

  expect(captureChecks.status).toBe(200);
  expect(captureChecks.dataStatus).toBe(401);
  expect(captureChecks.dataBody).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  expect(JSON.stringify(captureChecks.dataBody)).not.toContain('Community organiser');
  const afterwards = await request(platform.restUrl, 'GET', `/idv/v1/sessions/${sessionId}/data`, { headers: capture(captureToken) });
  expect(afterwards.status).toBe(401);
  expect(afterwards.text).not.toContain('Community organiser');
});
