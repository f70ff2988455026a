// npm run bench:assessment — the IDV assessment on this machine, models local, no database:
//  1. Face match on the shipped photographs (shared/data/faces): every same-person pair must be
//     at or above FACE_MATCH_THRESHOLD and every different-person pair below it; prints each
//     pair's similarity and its margin to the threshold.
//  2. Seconds per session: the full assessment of BENCH_SESSIONS sessions (a camera-size selfie
//     and a synthetic passport each: normalisation, two face reads, MRZ OCR, checks), after a
//     warm-up; p50 and p95, next to the target (p95 <= 3 s) as a ratio.
// Env: BENCH_SESSIONS (default 6).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MemoryBlobStore } from '../platform/blobs';
import { artifactBlobKey, artifactSealContext } from '../platform/blobs/idv-artifact-keys';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import { sealBytes } from '../platform/crypto/sealed-bytes';
import { presetSteps } from '../subgraphs/idv/model/steps';
import { assessSession } from '../subgraphs/idv/assessment/assess-session';
import { faceSimilarity, FACE_MATCH_THRESHOLD } from '../subgraphs/idv/assessment/face-match';
import { HumanFaceAnalyzer } from '../subgraphs/idv/assessment/human-face-analyzer';
import { closeTesseract, TesseractOcr } from '../subgraphs/idv/assessment/tesseract-ocr';
import { SessionRow } from '../subgraphs/idv/data/session-store';
import { FACES_DIR, renderPassport, specimenPerson } from '../test/fixtures/idv/specimen-document';
import { percentile } from './lib/evaluation-lists';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 6);
const TARGET_P95_S = 3;

const personOf = (file: string) => file.split('-')[0];

async function faceMargins(faces: HumanFaceAnalyzer): Promise<boolean> {
  const files = fs
    .readdirSync(FACES_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  const embeddings = new Map<string, number[]>();
  for (const file of files) {
    const face = await faces.analyze(fs.readFileSync(path.join(FACES_DIR, file)));
    if (!face) throw new Error(`no face found in ${file}`);
    embeddings.set(file, face.embedding);
  }
  const rows: { pair: string; same: boolean; similarity: string; margin: string; ok: boolean }[] = [];
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const same = personOf(files[i]) === personOf(files[j]);
      const similarity = faceSimilarity(embeddings.get(files[i])!, embeddings.get(files[j])!);
      const margin = same ? similarity - FACE_MATCH_THRESHOLD : FACE_MATCH_THRESHOLD - similarity;
      rows.push({ pair: `${files[i]} / ${files[j]}`, same, similarity: similarity.toFixed(3), margin: margin.toFixed(3), ok: margin > 0 });
    }
  }
  console.log(
    `\nFace match on the shipped photographs (threshold ${FACE_MATCH_THRESHOLD}; margin = distance to the threshold on the right side)`,
  );
  console.table(rows);
  const same = rows.filter((r) => r.same).map((r) => Number(r.similarity));
  const different = rows.filter((r) => !r.same).map((r) => Number(r.similarity));
  console.log(
    `same-person min ${Math.min(...same).toFixed(3)}, different-person max ${Math.max(...different).toFixed(3)}; all pairs on the right side: ${rows.every((r) => r.ok)}`,
  );
  return rows.every((r) => r.ok);
}

/** An in-memory session of the liveness_and_id preset with a declared passport. */
async function benchSession(keyProvider: LocalKeyProvider, blobs: MemoryBlobStore, index: number): Promise<SessionRow> {
  const id = `idvs_bench${String(index).padStart(19, '0')}`;
  const selfie = await sharp(path.join(FACES_DIR, 'obama-3.jpg'))
    .rotate()
    .resize({ width: 640, height: 640, fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const passport = await renderPassport(specimenPerson({ documentNumber: `B${String(10000000 + index)}` }));
  const artifacts = [];
  const storage = [];
  for (const [kind, stepId, bytes] of [
    ['selfie', 'liveness', selfie],
    ['id_front', 'id_capture', passport],
  ] as const) {
    const artifactId = `idvart_${String(index).padStart(12, '0')}${kind === 'selfie' ? 'aaaaaaaaaaaa' : 'bbbbbbbbbbbb'}`;
    await blobs.put(artifactBlobKey(id, artifactId), sealBytes(keyProvider, bytes, artifactSealContext(id, artifactId)));
    artifacts.push({
      artifact_id: artifactId,
      kind,
      step_id: stepId,
      frame: 0,
      declared_id_type: kind === 'id_front' ? 'passport' : null,
      content_type: 'image/jpeg',
      state: 'stored',
      captured_at: new Date().toISOString(),
    });
    storage.push({
      artifact_id: artifactId,
      blob_key: artifactBlobKey(id, artifactId),
      sha256: '',
      byte_size: bytes.length,
      content_type: 'image/jpeg',
    });
  }
  const steps = presetSteps('liveness_and_id');
  return {
    id,
    stepManifest: { steps },
    captureManifest: {
      workflow: 'liveness_and_id',
      required_kinds: ['selfie', 'id_front'],
      optional_kinds: [],
      id_capture: {
        step_id: 'id_capture',
        sides: 'auto',
        accepted_id_types: ['passport', 'national_id', 'driver_license'],
        custom_id_types: [],
        preselected_id_type: null,
        capture_sides: 'auto',
      },
      documents: [],
      completion: { action: 'close_tab' },
    },
    artifacts,
    artifactStorage: storage,
    answers: null,
  } as unknown as SessionRow;
}

async function main() {
  console.log(`IDV assessment bench — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const faces = new HumanFaceAnalyzer();
  const ocr = new TesseractOcr();
  const marginsOk = await faceMargins(faces);

  const keyProvider = new LocalKeyProvider(Buffer.alloc(32, 7));
  const blobs = new MemoryBlobStore();
  const input = {
    deps: { keyProvider, now: () => new Date() },
    blobs,
    providers: { faces, ocr },
    profile: { name: 'Barack Obama', birthDate: '1961-08-04' },
  };
  await assessSession(input, await benchSession(keyProvider, blobs, 999)); // warm-up: models and OCR worker loaded
  const seconds: number[] = [];
  let passes = 0;
  for (let i = 0; i < SESSIONS; i++) {
    const row = await benchSession(keyProvider, blobs, i);
    const started = process.hrtime.bigint();
    const outcome = await assessSession(input, row);
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
    if (outcome.decision === 'pass') passes++;
    process.stdout.write(`\rassessed ${i + 1}/${SESSIONS}`);
  }
  seconds.sort((a, b) => a - b);
  const p50 = percentile(seconds, 50);
  const p95 = percentile(seconds, 95);
  console.log(`\n\nSeconds per session (${SESSIONS} sessions, ${passes} automatic passes)`);
  console.table([
    { measure: 'p50 s', value: p50.toFixed(2), target: '', ratio: '' },
    { measure: 'p95 s', value: p95.toFixed(2), target: `<= ${TARGET_P95_S}`, ratio: `${(p95 / TARGET_P95_S).toFixed(2)}x of target` },
  ]);
  await closeTesseract();
  if (!marginsOk) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
