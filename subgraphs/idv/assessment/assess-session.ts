// One assessment: decrypts the session's artifacts, normalises them (sharp), gathers the evidence
// through the providers (faces, liveness frames, MRZ), cross-checks against the profile, and
// returns the outcome with a reason code for every check. No state moves here (assessment-job.ts
// moves the session); no network except the profile read from the profiles subgraph.
import sharp from 'sharp';
import { BlobStore } from '../../../platform/blobs';
import { openBytes } from '../../../platform/crypto/sealed-bytes';
import { artifactSealContext } from '../../../platform/blobs/idv-artifact-keys';
import { SessionRow } from '../data/session-store';
import { IdvDeps } from '../services/deps';
import { AssessmentOutcome, AssessmentResults } from '../services/lifecycle-service';
import { answersOf, artifactsOf, stepsOf } from '../capture/services/capture-service';
import { AssessmentEvidence, decide, idTypeOfDocumentCode, LivenessEvidence, mrzDate, runChecks } from './checks';
import type { CheckResult } from './check-result';
import { AamvaLicence, parseAamva } from './aamva';
import { faceSimilarity } from './face-match';
import { readMrz } from './mrz-reader';
import { readPdf417 } from './pdf417-reader';
import { AssessmentProviders, FaceObservation } from './providers';
import { artifactStorageColumn, captureManifestColumn, flagSettingsColumn } from '../data/json-columns';

/** Longest side images are normalised to before analysis. */
const NORMALISED_SIDE = 1600;

export interface ProfileFacts {
  name: string | null;
  birthDate: string | null;
}

export interface AssessmentInput {
  deps: Pick<IdvDeps, 'keyProvider' | 'now'>;
  blobs: BlobStore;
  providers: AssessmentProviders;
  profile: ProfileFacts | null;
}

async function artifactBytes(input: AssessmentInput, row: SessionRow, artifactId: string): Promise<Buffer> {
  const stored = (artifactStorageColumn.read(row.artifactStorage) ?? []).find((s) => s.artifact_id === artifactId);
  if (!stored) throw new Error(`artifact ${artifactId} has no storage record`);
  const sealed = await input.blobs.get(stored.blob_key);
  if (!sealed) throw new Error(`artifact ${artifactId} is missing from the blob store`);
  return openBytes(input.deps.keyProvider, sealed, artifactSealContext(row.id, artifactId));
}

/** EXIF-rotated, flattened, bounded in size, JPEG: every provider sees the same kind of image. */
export async function normaliseImage(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: NORMALISED_SIDE, height: NORMALISED_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function assessSession(input: AssessmentInput, row: SessionRow): Promise<AssessmentOutcome & { checks: CheckResult[] }> {
  const steps = stepsOf(row);
  const manifest = captureManifestColumn.read(row.captureManifest);
  const artifacts = artifactsOf(row);
  const livenessStep = steps.find((s) => s.type === 'liveness');
  const idStep = steps.find((s) => s.type === 'id_capture');

  const analyse = async (artifactId: string): Promise<FaceObservation | null> =>
    input.providers.faces.analyze(await normaliseImage(await artifactBytes(input, row, artifactId)));

  const selfies = artifacts.filter((a) => a.kind === 'selfie' && a.step_id === livenessStep?.step_id).sort((a, b) => a.frame - b.frame);
  const front = artifacts.find((a) => a.kind === 'id_front' && a.step_id === idStep?.step_id);
  const back = artifacts.find((a) => a.kind === 'id_back' && a.step_id === idStep?.step_id);

  const selfieFaces: (FaceObservation | null)[] = [];
  for (const selfie of selfies) selfieFaces.push(await analyse(selfie.artifact_id));
  const frontImage = front ? await normaliseImage(await artifactBytes(input, row, front.artifact_id)) : null;
  const documentFace = frontImage ? await input.providers.faces.analyze(frontImage) : null;
  const mrz = frontImage ? await readMrz(frontImage, input.providers.ocr) : undefined;

  // The selfie face compared with the document: the best-matching frame (frames differ in pose).
  const seen = selfieFaces.filter((f): f is FaceObservation => f !== null);
  const similarity = documentFace && seen.length ? Math.max(...seen.map((f) => faceSimilarity(f.embedding, documentFace.embedding))) : null;
  const liveness: LivenessEvidence | null = livenessStep
    ? {
        mode: livenessStep.config.mode === 'active' ? 'active' : 'passive',
        frames: selfieFaces.map((f) => (f ? f.gestures : null)),
        minFrameSimilarity: seen.length > 1 ? Math.min(...seen.slice(1).map((f) => faceSimilarity(f.embedding, seen[0].embedding))) : null,
      }
    : null;

  const today = input.deps.now().toISOString().slice(0, 10);
  const declaredIdType = manifest.id_capture?.preselected_id_type ?? front?.declared_id_type ?? null;
  const barcode: AssessmentEvidence['barcode'] =
    idStep && declaredIdType === 'driver_license'
      ? back
        ? { captured: true, licence: await readLicenceBarcode(await artifactBytes(input, row, back.artifact_id)) }
        : { captured: false }
      : undefined;
  const evidence: AssessmentEvidence = {
    today,
    profileName: input.profile?.name ?? null,
    profileBirthDate: input.profile?.birthDate ?? null,
    selfieFace: livenessStep && idStep ? { found: seen.length > 0 } : null,
    documentFace: livenessStep && idStep ? { found: documentFace !== null } : null,
    faceSimilarity: similarity,
    liveness,
    ...(idStep ? { mrz: mrz ?? null } : {}),
    declaredIdType,
    acceptedIdTypes: manifest.id_capture?.accepted_id_types ?? [],
    ...(barcode ? { barcode } : {}),
    questionnaires: steps
      .filter((s) => s.type === 'questionnaire')
      .map((s) => ({ stepId: s.step_id, answered: answersOf(input.deps, row).filter((a) => a.step_id === s.step_id).length })),
  };
  const checks = runChecks(evidence);
  const { decision, flagCategories } = decide(checks, flagSettingsColumn.read(row.flagSettings) ?? {});
  return { decision, flagCategories, checks, results: resultsOf(input, row, evidence, checks) };
}

/** The AAMVA licence of the PDF417 on a licence's back; null when none can be decoded. The image
 * is only rotated upright and kept lossless at full size: the barcode's narrow modules do not
 * survive the 1600 px JPEG the other providers get. */
async function readLicenceBarcode(bytes: Buffer): Promise<AamvaLicence | null> {
  try {
    const png = await sharp(bytes).rotate().flatten({ background: '#ffffff' }).png().toBuffer();
    const text = await readPdf417(new Uint8Array(png));
    return text ? parseAamva(text) : null;
  } catch {
    return null; // an undecodable image is an unreadable barcode, not a failed assessment
  }
}

/** What GET /sessions/{id}/data returns (sealed at rest with the session). */
function resultsOf(input: AssessmentInput, row: SessionRow, e: AssessmentEvidence, checks: CheckResult[]): AssessmentResults {
  const mrz = e.mrz ?? null;
  const confidence = mrz ? Math.round((mrz.valid ? Math.max(0.9, mrz.confidence) : mrz.confidence) * 100) / 100 : 0;
  const field = (name: string, value: string | null | undefined) =>
    value ? [{ field: name, value, confidence, source: 'mrz' as const }] : [];
  const licence = e.barcode?.captured ? e.barcode.licence : null;
  const documentName = mrz ? [mrz.fields.firstName, mrz.fields.lastName].filter(Boolean).join(' ') : '';
  const birth = mrz ? mrzDate(mrz.fields.birthDate, 'birth', e.today) : null;
  const mismatches: NonNullable<AssessmentResults['mismatches']> = [];
  const nameCheck = checks.find((c) => c.check === 'name');
  if (nameCheck?.reason_code === 'name_mismatch')
    mismatches.push({
      field: 'name',
      profile_value: e.profileName,
      document_value: documentName,
      detail: `name similarity ${nameCheck.score}`,
    });
  if (checks.some((c) => c.reason_code === 'date_of_birth_mismatch'))
    mismatches.push({ field: 'date_of_birth', profile_value: e.profileBirthDate, document_value: birth });
  const barcodeName = checks.find((c) => c.reason_code === 'barcode_name_mismatch');
  if (barcodeName && licence)
    mismatches.push({
      field: 'name',
      profile_value: e.profileName,
      document_value: [licence.firstName, licence.lastName].filter(Boolean).join(' '),
      detail: `licence barcode; name similarity ${barcodeName.score}`,
    });
  if (licence && checks.some((c) => c.reason_code === 'barcode_date_of_birth_mismatch'))
    mismatches.push({
      field: 'date_of_birth',
      profile_value: e.profileBirthDate,
      document_value: licence.birthDate,
      detail: 'licence barcode',
    });
  if (licence && checks.some((c) => c.reason_code === 'barcode_front_mismatch'))
    mismatches.push({
      field: 'barcode',
      profile_value: null,
      document_value: null,
      detail: 'the licence barcode disagrees with the front (document number, date of birth or expiry)',
    });
  const face = checks.find((c) => c.check === 'face_match');
  if (face?.reason_code === 'face_mismatch')
    mismatches.push({
      field: 'face',
      profile_value: null,
      document_value: null,
      detail: `selfie and document portrait similarity ${face.score}`,
    });
  const answers = answersOf(input.deps, row);
  const questions = new Map(
    stepsOf(row).flatMap((s) =>
      ((s.config.questions as { question_id: string; prompt: string }[] | undefined) ?? []).map(
        (q) => [`${s.step_id}/${q.question_id}`, q.prompt] as const,
      ),
    ),
  );
  return {
    document: mrz
      ? {
          type: e.declaredIdType ?? idTypeOfDocumentCode(mrz.fields.documentCode),
          issuing_country: mrz.fields.issuingState ?? null,
          issuing_subdivision: licence?.elements.DAJ ?? null,
          confidence,
        }
      : licence
        ? {
            type: e.declaredIdType ?? 'driver_license',
            issuing_country: licence.country,
            issuing_subdivision: licence.elements.DAJ ?? null,
            confidence: BARCODE_CONFIDENCE,
          }
        : null,
    ocr_fields: [
      ...(mrz
        ? [
            ...field('document_code', mrz.fields.documentCode),
            ...field('issuing_country', mrz.fields.issuingState),
            ...field('surname', mrz.fields.lastName),
            ...field('given_names', mrz.fields.firstName),
            ...field('document_number', mrz.fields.documentNumber),
            ...field('nationality', mrz.fields.nationality),
            ...field('date_of_birth', birth),
            ...field('sex', mrz.fields.sex),
            ...field('date_of_expiry', mrzDate(mrz.fields.expirationDate, 'expiry', e.today)),
          ]
        : []),
      ...(licence ? barcodeFields(licence) : []),
    ],
    questionnaire_answers: answers.map((a) => ({
      step_id: a.step_id,
      question_id: a.question_id,
      question: questions.get(`${a.step_id}/${a.question_id}`) ?? '',
      answer: a.answer,
    })),
    mismatches,
    checks: checks.map(({ check, outcome, reason_code, category, score }) => ({
      check,
      outcome,
      reason_code,
      category,
      ...(score !== undefined ? { score } : {}),
    })),
  };
}

/** A decoded PDF417 is error-corrected: what it yields is what the issuer encoded. */
const BARCODE_CONFIDENCE = 1;

/** AAMVA element ids of the fields /data shows, in the names the MRZ fields use. */
const BARCODE_ELEMENTS: [field: string, element: string][] = [
  ['surname', 'DCS'],
  ['given_names', 'DAC'],
  ['middle_names', 'DAD'],
  ['document_number', 'DAQ'],
  ['issuing_country', 'DCG'],
  ['issuing_subdivision', 'DAJ'],
  ['address_street', 'DAG'],
  ['address_city', 'DAI'],
  ['address_postal_code', 'DAK'],
  ['vehicle_class', 'DCA'],
];
const AAMVA_SEX: Record<string, string> = { '1': 'M', '2': 'F', '9': 'X' };

function barcodeFields(licence: AamvaLicence): NonNullable<AssessmentResults['ocr_fields']> {
  // AAMVA writes NONE / unavl for a field the issuer has no value for.
  const at = (field: string, value: string | null | undefined) =>
    value && !/^(none|unavl)$/i.test(value) ? [{ field, value, confidence: BARCODE_CONFIDENCE, source: 'barcode' as const }] : [];
  return [
    ...BARCODE_ELEMENTS.flatMap(([field, element]) => at(field, licence.elements[element])),
    ...at('date_of_birth', licence.birthDate),
    ...at('date_of_expiry', licence.expiryDate),
    ...at('sex', AAMVA_SEX[licence.elements.DBC ?? '']),
  ];
}
