// Evidence packs (docs/audit.md "Evidence packs"): a pack of each of the four object kinds is made
// through GraphQL and downloaded through REST and the console's file routes; it verifies offline
// (the CLI as a child process, no database); one changed byte is named by the check it fails; the
// PDF is a real PDF listing the decisions and carrying the JSON; other workspaces and lower roles
// get nothing; a pack of an erased profile holds no personal data and still verifies.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSigningKeyText, signingKeyFrom } from '../../platform/audit/signing';
import { SignedEvidencePack, verifyPack } from '../../platform/audit/evidence/pack-format';
import { verifyPackBytes } from '../../platform/audit/evidence/verify-pack-file';
import { runCliProcess } from '../helpers/cli';
import { driveTo } from '../idv/idv-helpers';
import { loadUnList, UN_LISTED_PERSON } from '../risk/risk-helpers';
import { pdfText } from '../risk/pdf-text';
import {
  auth,
  createDashboardToken,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';

const keyText = generateSigningKeyText();
const publicKeyText = signingKeyFrom(keyText).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const PERSON = 'Evidence Person Ada';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;
let reviewer: Record<string, string>;
let analyst: Record<string, string>;
let dir: string;
const ids = { profile: '', session: '', search: '', match: '', assessment: '' };

const CREATE = `mutation($input: CreateEvidencePackInput!) {
  createEvidencePack(input: $input) { id subjectKind subjectId profileId objectCount entryCount checkpointCount keyId fingerprint sha256 jsonPath pdfPath consoleJsonPath consolePdfPath }
}`;

async function createPack(headers: Record<string, string>, subjectKind: string, subjectId: string) {
  return graphql(platform, headers, CREATE, { input: { subjectKind, subjectId } });
}

async function download(url: string, headers: Record<string, string>) {
  const response = await fetch(`${platform.restUrl}${url}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

// No database: the command must not need one (an unreachable DATABASE_URL proves it).
const cli = (args: string[]) =>
  runCliProcess(args, { env: { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none', VIGIL_AUDIT_SIGNING_KEY: '', NODE_ENV: 'test' } });

beforeAll(async () => {
  // The profiles subgraph signs packs with the configured key (read when a pack is made).
  process.env.VIGIL_AUDIT_SIGNING_KEY = keyText;
  platform = await startTestPlatform();
  tenant = await createTestTenant(platform, { riskAssessments: true });
  sibling = await createSiblingWorkspace(platform, tenant);
  reviewer = auth.bearer((await createDashboardToken(platform, tenant, 'reviewer@example.com', 'reviewer')).token);
  analyst = auth.bearer((await createDashboardToken(platform, tenant, 'analyst@example.com', 'analyst')).token);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-packs-'));
  const key = auth.apiKey(tenant.apiKey);

  const profile = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: key,
    body: { name: PERSON, kind: 'individual', email: 'evidence.person@example.com' },
  });
  ids.profile = profile.body.result.profile.id;

  // A session assessed with failing checks, then decided by a reviewer.
  const session = await request(platform.restUrl, 'POST', '/idv/v1/sessions', { headers: key, body: { profile_id: ids.profile } });
  expect(session.status).toBe(201);
  ids.session = session.body.data.id;
  await driveTo(platform, tenant, ids.session, 'requires_review', {
    results: {
      document: { type: 'passport', issuing_country: 'DE', confidence: 0.93 },
      ocr_fields: [{ field: 'last_name', value: 'Person', confidence: 0.9, source: 'mrz' }],
      mismatches: [{ field: 'date_of_birth', profile_value: '1980-01-01', document_value: '1981-01-01' }],
      checks: [
        { check: 'face_match', outcome: 'fail', reason_code: 'face_mismatch', category: 'idv', score: 0.41 },
        { check: 'mrz_checksum', outcome: 'pass', reason_code: 'mrz_valid', category: 'document' },
      ],
    },
  });
  const decided = await request(platform.restUrl, 'POST', `/idv/v1/sessions/${ids.session}/review`, {
    headers: key,
    body: { status: 'accepted', note: `${PERSON} matched on second look` },
  });
  expect(decided.status).toBe(200);

  // A screening of the profile against the UN list, one match decided.
  await loadUnList(platform);
  const screened = await graphql(
    platform,
    reviewer,
    'mutation($input: ScreenInput!) { screen(input: $input) { id searchId matches { id score } } }',
    {
      input: { name: UN_LISTED_PERSON, profileId: ids.profile },
    },
  );
  expect(screened.body.errors).toBeUndefined();
  ids.search = screened.body.data.screen.id;
  ids.match = screened.body.data.screen.matches[0].id;
  const review = await graphql(
    platform,
    reviewer,
    'mutation($id: ID!, $input: ReviewScreeningMatchInput!) { reviewScreeningMatch(id: $id, input: $input) { id reviewStatus } }',
    { id: ids.match, input: { reviewStatus: 'false_positive', note: 'different person' } },
  );
  expect(review.body.errors).toBeUndefined();

  // A risk assessment of the profile (a draft: no decision yet).
  const assessment = await request(platform.restUrl, 'POST', '/risk-assessments/v2/assessments', {
    headers: key,
    body: { title: 'Onboarding review', subjects: [{ type: 'individual', name: PERSON, profile_id: ids.profile }] },
  });
  expect(assessment.status).toBe(201);
  ids.assessment = assessment.body.result.assessment.assessment_id;
}, 120_000);

afterAll(async () => {
  await platform?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('a pack of each kind is made, downloaded as JSON and PDF, and verifies offline', async () => {
  const kinds = [
    ['profile', ids.profile],
    ['verification_session', ids.session],
    ['screening_search', ids.search],
    ['risk_assessment', ids.assessment],
  ] as const;
  for (const [kind, id] of kinds) {
    const made = await createPack(reviewer, kind, id);
    expect(made.body.errors).toBeUndefined();
    const pack = made.body.data.createEvidencePack;
    expect(pack).toMatchObject({ subjectKind: kind, subjectId: id, profileId: ids.profile, keyId: signingKeyFrom(keyText).keyId });
    expect(pack.jsonPath).toBe(`/v1/audit/packs/${pack.id}.json`);

    const json = await download(pack.jsonPath, auth.apiKey(tenant.apiKey));
    expect({ status: json.status, type: json.type }).toEqual({ status: 200, type: 'application/json' });
    const signed = JSON.parse(json.bytes.toString('utf8')) as SignedEvidencePack;
    const verification = verifyPack(signed);
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
    expect(signed.pack.objects[0]).toMatchObject({ kind, id });
    expect(verification.entriesAbout).toBe(pack.entryCount);
    if (kind !== 'risk_assessment') expect(pack.entryCount).toBeGreaterThan(0);

    const pdf = await download(pack.pdfPath, auth.apiKey(tenant.apiKey));
    expect({ status: pdf.status, type: pdf.type }).toEqual({ status: 200, type: 'application/pdf' });
    const fromPdf = verifyPackBytes(pdf.bytes, publicKeyText);
    expect({ ok: fromPdf.ok, fileKind: fromPdf.fileKind }).toEqual({ ok: true, fileKind: 'pdf' });
    fs.writeFileSync(path.join(dir, `${kind}.json`), json.bytes);
    fs.writeFileSync(path.join(dir, `${kind}.pdf`), pdf.bytes);
  }

  // The profile's pack holds its session, search and assessment with their evidence.
  const profilePack = (JSON.parse(fs.readFileSync(path.join(dir, 'profile.json'), 'utf8')) as SignedEvidencePack).pack;
  expect(profilePack.objects.map((object) => `${object.kind}:${object.id}`).sort()).toEqual(
    [
      `profile:${ids.profile}`,
      `verification_session:${ids.session}`,
      `screening_search:${ids.search}`,
      `risk_assessment:${ids.assessment}`,
    ].sort(),
  );
  const session = profilePack.objects.find((object) => object.kind === 'verification_session')!;
  expect(session.decisions).toEqual([expect.objectContaining({ kind: 'review', from: 'requires_review', to: 'accepted' })]);
  expect(session.evidence).toMatchObject({
    reasonCodes: ['face_mismatch'],
    checks: expect.arrayContaining([expect.objectContaining({ check: 'face_match', reasonCode: 'face_mismatch', score: 0.41 })]),
    documentFieldsRead: [expect.objectContaining({ field: 'last_name', source: 'mrz' })],
  });
  const search = profilePack.objects.find((object) => object.kind === 'screening_search')!;
  expect(search.evidence).toMatchObject({ inputHash: expect.stringMatching(/^[0-9a-f]{64}$/), threshold: expect.any(Number) });
  expect(search.decisions).toEqual([expect.objectContaining({ kind: 'match_review', on: ids.match, to: 'false_positive' })]);
  expect(profilePack.listVersions.length).toBeGreaterThan(0);
  const actions = profilePack.chain.segments
    .flatMap((s) => s.entries)
    .filter((e) => e.about)
    .map((e) => e.action);
  expect(actions).toEqual(expect.arrayContaining(['idv.session.review', 'screening.search', 'screening.match.review']));
  // No personal data: neither the name, the email, a document value nor a note.
  const text = fs.readFileSync(path.join(dir, 'profile.json'), 'utf8');
  for (const personal of [PERSON, 'evidence.person@example.com', '1981-01-01', 'second look', 'different person', UN_LISTED_PERSON])
    expect(text).not.toContain(personal);
}, 120_000);

test('audit verify-pack checks a pack offline and names the check a changed byte fails', async () => {
  const file = path.join(dir, 'profile.json');
  const keyFile = path.join(dir, 'public.key');
  fs.writeFileSync(keyFile, publicKeyText);
  const ok = await cli(['audit', 'verify-pack', file, '--public-key', keyFile]);
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain('audit verify-pack OK');
  const pdf = await cli(['audit', 'verify-pack', path.join(dir, 'verification_session.pdf')]);
  expect(pdf.code).toBe(0);
  expect(pdf.stdout).toContain('audit verify-pack OK');

  // One byte of an entry's detail: its hash and the pack's signature fail.
  const original = fs.readFileSync(file, 'utf8');
  const at = original.indexOf('"action":"screening.search"');
  expect(at).toBeGreaterThan(0);
  const changed = original.slice(0, at) + original.slice(at).replace('"action":"screening.search"', '"action":"screening.searcH"');
  expect(changed.length).toBe(original.length);
  fs.writeFileSync(path.join(dir, 'changed.json'), changed);
  const bad = await cli(['audit', 'verify-pack', path.join(dir, 'changed.json'), '--public-key', keyFile]);
  expect(bad.code).toBe(1);
  expect(bad.stdout).toMatch(/FAIL signature: /);
  expect(bad.stdout).toMatch(/FAIL entry_hash: entry seq \d+ \(screening\.searcH on screening\.search /);
  expect(bad.stdout).toContain('audit verify-pack FAILED');

  // One byte of a checkpoint signature: that checkpoint (and the link ending at it) and the pack's signature.
  const signed = JSON.parse(original) as SignedEvidencePack;
  const sig = signed.pack.chain.checkpoints[0].signature;
  const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
  const checkpointChanged = verifyPackBytes(Buffer.from(original.replace(sig, flipped)), publicKeyText);
  expect(checkpointChanged.checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(expect.arrayContaining(['signature', 'checkpoint']));
  expect(checkpointChanged.checks.filter((c) => !c.ok && c.check === 'entry_hash')).toEqual([]);

  // A pack verified against another key names the key.
  const otherKey = signingKeyFrom(generateSigningKeyText()).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const wrongKey = verifyPackBytes(Buffer.from(original), otherKey);
  expect(wrongKey.checks.find((c) => !c.ok)?.check).toBe('public_key');
}, 60_000);

test('the PDF is a real PDF listing the decisions, with the JSON pack attached', () => {
  const pdf = fs.readFileSync(path.join(dir, 'profile.pdf'));
  const text = pdfText(pdf);
  expect(text).toContain('Evidence pack');
  expect(text).toContain(ids.profile);
  expect(text).toMatch(/review on \S+: requires_review → accepted/);
  expect(text).toMatch(/match_review on \S+: unresolved → false_positive/);
  expect(text).toContain('idv.session.review');
  expect(text).not.toContain(PERSON);
  const attachments = execFileSync('pdfdetach', ['-list', path.join(dir, 'profile.pdf')]).toString('utf8');
  expect(attachments).toMatch(/evidence-pack-evp_[0-9a-z]{24}\.json/);
});

test('out-of-scope ids are absent; reading a pack is audited; analysts are refused', async () => {
  const made = (await createPack(reviewer, 'profile', ids.profile)).body.data.createEvidencePack;
  // Another workspace: its objects are not found, its packs are absent, its downloads 404.
  const siblingKey = auth.apiKey(sibling.apiKey);
  for (const [kind, id] of [
    ['profile', ids.profile],
    ['verification_session', ids.session],
    ['screening_search', ids.search],
    ['risk_assessment', ids.assessment],
  ]) {
    const refused = await createPack(siblingKey, kind, id);
    expect(refused.body.errors[0].extensions.code).toBe('not_found');
  }
  const absent = await graphql(platform, siblingKey, 'query($id: ID!) { evidencePack(id: $id) { id } }', { id: made.id });
  expect(absent.body.data.evidencePack).toBeNull();
  expect((await download(made.jsonPath, siblingKey)).status).toBe(404);
  const notFound = await request(platform.restUrl, 'GET', made.pdfPath, { headers: siblingKey });
  expect(notFound.body.error.code).toBe('not_found');
  expect((await download('/v1/audit/packs/evp_000000000000000000000000.json', auth.apiKey(tenant.apiKey))).status).toBe(404);
  expect((await download('/v1/audit/packs/nonsense.json', auth.apiKey(tenant.apiKey))).status).toBe(404);
  expect((await download(made.jsonPath, {})).status).toBe(401);

  // The console: a reviewer reads it, an analyst is refused (role policy), another workspace's id is 404.
  const consolePdf = await download(made.consolePdfPath, reviewer);
  expect({ status: consolePdf.status, type: consolePdf.type }).toEqual({ status: 200, type: 'application/pdf' });
  expect((await download(made.consoleJsonPath, reviewer)).status).toBe(200);
  expect((await download(made.consolePdfPath, analyst)).status).toBe(403);
  expect((await createPack(analyst, 'profile', ids.profile)).body.errors[0].extensions.code).toBe('insufficient_role');
  const siblingReviewer = auth.bearer((await createDashboardToken(platform, sibling, 'reviewer@example.com', 'reviewer')).token);
  expect((await download(made.consolePdfPath, siblingReviewer)).status).toBe(404);

  // Every read of the pack is in the trail, about the profile.
  const reads = await platform.db.auditLogEntry.findMany({
    where: { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, action: 'audit.evidence_pack.read', resourceId: made.id },
  });
  expect(reads.length).toBeGreaterThanOrEqual(2);
  expect(reads.every((entry) => entry.profileId === ids.profile)).toBe(true);
}, 60_000);

test('a pack of an erased profile holds no personal data and still verifies', async () => {
  const erased = await request(platform.restUrl, 'POST', `/clm/v1/profiles/${ids.profile}/erasure`, {
    headers: auth.apiKey(tenant.apiKey),
    body: { reason: `${PERSON} asked by letter` },
  });
  expect(erased.status).toBe(200);
  const made = (await createPack(reviewer, 'profile', ids.profile)).body.data.createEvidencePack;
  const json = await download(made.jsonPath, auth.apiKey(tenant.apiKey));
  const text = json.bytes.toString('utf8');
  const signed = JSON.parse(text) as SignedEvidencePack;
  expect(signed.pack.profileErased).toBe(true);
  expect(verifyPack(signed).ok).toBe(true);
  expect(signed.pack.chain.segments.flatMap((s) => s.entries).map((e) => e.action)).toEqual(
    expect.arrayContaining(['profile.erasure.claimed', 'profile.erasure.completed']),
  );
  for (const personal of [PERSON, 'asked by letter', 'evidence.person@example.com', UN_LISTED_PERSON]) expect(text).not.toContain(personal);
  const pdf = await download(made.pdfPath, auth.apiKey(tenant.apiKey));
  expect(pdfText(pdf.bytes)).not.toContain(PERSON);
  expect(verifyPackBytes(pdf.bytes, publicKeyText).ok).toBe(true);
}, 60_000);
