// The capture plane's rules (capture or invite credential of one session): consent with recorded
// evidence, artifact records, questionnaire answers and submit. Every change takes the session's
// row lock, and the flow moves collecting_artifacts → ready_for_assessment in the same
// transaction as the change that completes the last required step. Submit refuses while
// anything required is missing and names what.
import { open, seal } from '../../../../platform/crypto/envelope';
import { recordEvent } from '../../../../platform/events/outbox';
import { Principal } from '../../../../platform/principal/principal';
import { findSession, lockSession, SessionRow, updateSession } from '../../data/session-store';
import type { DbTx, Scope } from '../../../../platform/db/prisma';
import { IdvError, invalidField, sessionNotFound } from '../../errors';
import { FlowStep } from '../../model/steps';
import { IdvDeps } from '../../services/deps';
import { requireCapture } from '../../services/principals';
import { sealContext } from '../../services/session-service';
import { manifestAfterDeclaration } from '../../services/projection';
import { artifactBlobKey } from '../../../../platform/blobs/idv-artifact-keys';
import { AnswerRecord, captureProgress, CaptureProgress } from './capture-progress';
import type { ArtifactRecord, ArtifactStorageRecord } from '../../model/stored-shapes';
import { consentTextSha256, DEFAULT_CONSENT_TEXT, DEFAULT_CONSENT_VERSION } from './consent-text';
import {
  answersColumn,
  artifactsColumn,
  artifactStorageColumn,
  captureManifestColumn,
  consentEvidenceColumn,
  stepManifestColumn,
} from '../../data/json-columns';

const CAPTURING = ['collecting_artifacts', 'ready_for_assessment'];

export function stepsOf(row: SessionRow): FlowStep[] {
  return stepManifestColumn.read(row.stepManifest).steps ?? [];
}

export function artifactsOf(row: SessionRow): ArtifactRecord[] {
  return artifactsColumn.read(row.artifacts) ?? [];
}

export function answersOf(deps: Pick<IdvDeps, 'keyProvider'>, row: SessionRow): AnswerRecord[] {
  const sealed = answersColumn.read(row.answers);
  return sealed ? open<AnswerRecord[]>(deps.keyProvider, sealed, sealContext(row.id, 'answers')) : [];
}

export function progressOf(deps: Pick<IdvDeps, 'keyProvider'>, row: SessionRow): CaptureProgress {
  return captureProgress({
    steps: stepsOf(row),
    manifest: captureManifestColumn.read(row.captureManifest),
    consentEvidence: row.consentEvidence as Record<string, unknown> | null,
    artifacts: artifactsOf(row),
    answers: answersOf(deps, row),
  });
}

/** The consent text of the session (its consent step's, else the default) with its version. */
export function consentTextOf(row: SessionRow, companyName: string): { stepId: string | null; text: string; version: string } {
  const step = stepsOf(row).find((s) => s.type === 'consent');
  const own = step?.config.text as string | undefined;
  if (own)
    return {
      stepId: step!.step_id,
      text: own,
      version: (step!.config.policy_version as string | undefined) ?? `sha256:${consentTextSha256(own).slice(0, 12)}`,
    };
  return {
    stepId: step?.step_id ?? null,
    text: DEFAULT_CONSENT_TEXT.replace('{company}', companyName || 'the company'),
    version: DEFAULT_CONSENT_VERSION,
  };
}

export function companyNameOf(row: SessionRow): string {
  return ((row.themeSnapshot as { company_name?: string } | null)?.company_name ?? '') || '';
}

async function withCaptureLock<T>(
  deps: Pick<IdvDeps, 'db'>,
  scope: Scope,
  id: string,
  work: (row: SessionRow, tx: DbTx) => Promise<T>,
): Promise<T> {
  return deps.db.$transaction(
    async (tx) => {
      const row = await lockSession(tx, scope, id);
      if (!row) throw sessionNotFound();
      return work(row, tx);
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

function assertCapturing(row: SessionRow, action: string): void {
  if (!CAPTURING.includes(row.status)) throw new IdvError('idv_state_conflict', `${action} is not possible in status ${row.status}`);
}

/** After a change: collecting_artifacts → ready_for_assessment when nothing required is missing. */
async function settleFlow(deps: IdvDeps, tx: DbTx, scope: Scope, row: SessionRow): Promise<SessionRow> {
  if (row.status === 'collecting_artifacts' && progressOf(deps, row).complete)
    return updateSession(tx, scope, row.id, { status: 'ready_for_assessment' });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Consent

export interface ConsentInput {
  accepted: boolean;
  /** The version of the text the page showed; must be the session's current one when given. */
  policyVersion?: string | null;
  /** Observed by the edge that served the customer (the REST adapter), not declared by them. */
  clientIp?: string | null;
  userAgent?: string | null;
}

/** Records who consented to which text, when, from where. First consent wins (a repeat is a
 * no-op); after submit it is 409 idv_state_conflict. */
export async function recordCaptureConsent(deps: IdvDeps, principal: Principal, id: string, input: ConsentInput): Promise<SessionRow> {
  const scope = requireCapture(principal, id);
  if (input.accepted !== true) throw invalidField('body.accepted', 'must be true (consent is given explicitly)');
  return withCaptureLock(deps, scope, id, async (row, tx) => {
    assertCapturing(row, 'Consent');
    if (Object.keys((row.consentEvidence as object) ?? {}).length > 0) return row;
    const consent = consentTextOf(row, companyNameOf(row));
    if (input.policyVersion && input.policyVersion !== consent.version) {
      throw invalidField('body.policy_version', `must be the version of the text shown (${consent.version})`);
    }
    const evidence = {
      accepted: true,
      step_id: consent.stepId,
      policy_version: consent.version,
      text_sha256: consentTextSha256(consent.text),
      recorded_at: deps.now().toISOString(),
      ip_address: (input.clientIp ?? '').slice(0, 64),
      user_agent: (input.userAgent ?? '').slice(0, 512),
      credential: principal.kind,
    };
    const updated = await updateSession(tx, scope, id, { consentEvidence: consentEvidenceColumn.write(evidence) });
    return settleFlow(deps, tx, scope, updated);
  });
}

// ---------------------------------------------------------------------------------------------
// Artifacts

export interface StoredArtifactInput {
  artifactId: string;
  kind: ArtifactRecord['kind'];
  stepId: string;
  frame: number;
  declaredIdType: string | null;
  contentType: string;
  byteSize: number;
  sha256: string;
}

/** Which kinds of artifacts a step type takes. */
const KINDS_OF_STEP: Record<string, readonly ArtifactRecord['kind'][]> = {
  liveness: ['selfie'],
  id_capture: ['id_front', 'id_back'],
  document: ['document'],
};

/** Validates an artifact against the session's steps (kind, step, frame, declared id type). */
export function checkArtifactPlace(
  row: SessionRow,
  input: Pick<StoredArtifactInput, 'kind' | 'stepId' | 'frame' | 'declaredIdType' | 'contentType'>,
): void {
  const step = stepsOf(row).find((s) => s.step_id === input.stepId);
  if (!step) throw invalidField('step_id', `no step ${input.stepId} in this session`);
  if (!(KINDS_OF_STEP[step.type] ?? []).includes(input.kind))
    throw invalidField('kind', `a ${step.type} step does not take ${input.kind} artifacts`);
  const manifest = captureManifestColumn.read(row.captureManifest);
  if (input.kind === 'selfie') {
    if (!Number.isInteger(input.frame) || input.frame < 0 || input.frame > 9) throw invalidField('frame', 'must be an integer from 0 to 9');
  } else if (input.frame !== 0) throw invalidField('frame', 'only selfie frames are numbered');
  if (input.kind === 'id_back' && manifest.id_capture?.capture_sides === 'one')
    throw invalidField('kind', 'this session captures one side of the id document');
  if (input.kind === 'id_front') {
    const accepted = manifest.id_capture?.accepted_id_types ?? [];
    const preselected = manifest.id_capture?.preselected_id_type ?? null;
    if (input.declaredIdType !== null) {
      if (!accepted.includes(input.declaredIdType)) throw invalidField('id_type', `must be one of ${accepted.join(', ')}`);
      if (preselected && input.declaredIdType !== preselected) throw invalidField('id_type', `this session accepts only ${preselected}`);
    }
  } else if (input.declaredIdType !== null) throw invalidField('id_type', 'only the id_front capture declares an id type');
  if (input.kind === 'document') {
    const formats = (step.config.accepted_formats as string[] | undefined) ?? ['pdf', 'jpeg', 'png'];
    const format = input.contentType === 'application/pdf' ? 'pdf' : input.contentType === 'image/jpeg' ? 'jpeg' : 'png';
    if (!formats.includes(format)) throw new IdvError('idv_unsupported_media_type', `This document step accepts ${formats.join(', ')}`);
  } else if (input.contentType !== 'image/jpeg' && input.contentType !== 'image/png') {
    throw new IdvError('idv_unsupported_media_type', `${input.kind} captures must be JPEG or PNG images`);
  }
}

/** Records an artifact whose sealed bytes the REST adapter stored. A new capture of the same
 * place (kind, step, frame) replaces the earlier one; `idv.document.captured` is recorded for
 * each. Returns the session and the blob keys the replacement orphaned (the caller deletes them
 * after commit). */
export async function recordCaptureArtifact(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  input: StoredArtifactInput,
  verifyStored: (input: StoredArtifactInput) => Promise<void>,
): Promise<{ row: SessionRow; orphaned: string[] }> {
  const scope = requireCapture(principal, id);
  await verifyStored(input);
  return withCaptureLock(deps, scope, id, async (row, tx) => {
    assertCapturing(row, 'Capture');
    if (Object.keys((row.consentEvidence as object) ?? {}).length === 0)
      throw new IdvError('idv_state_conflict', 'Consent must be recorded before capture begins');
    checkArtifactPlace(row, input);
    // Declaring the document's type decides its sides (sides auto): the manifest's required items
    // follow, and a back captured before a one-sided type was declared is no part of it any more.
    const manifest = captureManifestColumn.read(row.captureManifest);
    const declared =
      input.kind === 'id_front' && input.declaredIdType !== null
        ? manifestAfterDeclaration(manifest, stepsOf(row), input.declaredIdType)
        : manifest;
    const oneSided = declared.id_capture?.capture_sides === 'one';
    const samePlace = (a: { kind: string; step_id: string; frame: number }) =>
      (a.kind === input.kind && a.step_id === input.stepId && a.frame === input.frame) ||
      (oneSided && a.kind === 'id_back' && a.step_id === input.stepId);
    const previous = artifactsOf(row).filter(samePlace);
    const storage = artifactStorageColumn.read(row.artifactStorage) ?? [];
    const orphaned = storage.filter((s) => previous.some((p) => p.artifact_id === s.artifact_id)).map((s) => s.blob_key);
    const record: ArtifactRecord = {
      artifact_id: input.artifactId,
      kind: input.kind,
      step_id: input.stepId,
      frame: input.frame,
      declared_id_type: input.declaredIdType,
      content_type: input.contentType,
      state: 'stored',
      captured_at: deps.now().toISOString(),
    };
    const stored: ArtifactStorageRecord = {
      artifact_id: input.artifactId,
      blob_key: artifactBlobKey(id, input.artifactId),
      sha256: input.sha256,
      byte_size: input.byteSize,
      content_type: input.contentType,
    };
    const artifacts = [...artifactsOf(row).filter((a) => !samePlace(a)), record];
    const artifactStorage = [...storage.filter((s) => !previous.some((p) => p.artifact_id === s.artifact_id)), stored];
    const updated = await updateSession(tx, scope, id, {
      artifacts: artifactsColumn.write(artifacts),
      artifactStorage: artifactStorageColumn.write(artifactStorage),
      ...(declared !== manifest ? { captureManifest: captureManifestColumn.write(declared), declaredIdType: input.declaredIdType } : {}),
    });
    await recordEvent(tx, {
      tenantId: row.tenantId,
      workspaceId: row.workspaceId,
      type: 'idv.document.captured',
      aggregateType: 'idv.session',
      aggregateId: id,
      payload: {
        session_id: id,
        profile_id: row.profileId,
        artifact_id: input.artifactId,
        kind: input.kind,
        step_id: input.stepId,
        frame: input.frame,
        captured_at: record.captured_at,
      },
    });
    return { row: await settleFlow(deps, tx, scope, updated), orphaned };
  });
}

// ---------------------------------------------------------------------------------------------
// Questionnaire answers

export interface AnswerInput {
  questionId: string;
  value: unknown;
}

interface Question {
  question_id: string;
  prompt: string;
  type: 'text' | 'long_text' | 'number' | 'date' | 'boolean' | 'single_choice' | 'multi_choice';
  options?: string[];
}

function checkAnswer(question: Question, value: unknown, field: string): unknown {
  const fail = (problem: string) => invalidField(field, problem);
  switch (question.type) {
    case 'text':
    case 'long_text': {
      const max = question.type === 'text' ? 500 : 5000;
      if (typeof value !== 'string' || value.trim() === '' || value.length > max) throw fail(`must be text of 1 to ${max} characters`);
      return value;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw fail('must be a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw fail('must be true or false');
      return value;
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        throw fail('must be a date YYYY-MM-DD');
      return value;
    case 'single_choice':
      if (typeof value !== 'string' || !question.options?.includes(value)) throw fail(`must be one of ${question.options?.join(', ')}`);
      return value;
    case 'multi_choice':
      if (
        !Array.isArray(value) ||
        value.length === 0 ||
        value.some((v) => typeof v !== 'string' || !question.options?.includes(v)) ||
        new Set(value).size !== value.length
      ) {
        throw fail(`must be a non-empty list of distinct values from ${question.options?.join(', ')}`);
      }
      return value;
  }
}

/** Records (or replaces) answers to questions of one questionnaire step; sealed at rest. */
export async function recordCaptureAnswers(
  deps: IdvDeps,
  principal: Principal,
  id: string,
  stepId: string,
  answers: AnswerInput[],
): Promise<SessionRow> {
  const scope = requireCapture(principal, id);
  if (answers.length === 0 || answers.length > 50) throw invalidField('body.answers', 'must hold 1 to 50 answers');
  return withCaptureLock(deps, scope, id, async (row, tx) => {
    assertCapturing(row, 'Answering');
    if (Object.keys((row.consentEvidence as object) ?? {}).length === 0)
      throw new IdvError('idv_state_conflict', 'Consent must be recorded before capture begins');
    const step = stepsOf(row).find((s) => s.step_id === stepId && s.type === 'questionnaire');
    if (!step) throw invalidField('body.step_id', `no questionnaire step ${stepId} in this session`);
    const questions = (step.config.questions as Question[]) ?? [];
    const seen = new Set<string>();
    const checked: AnswerRecord[] = answers.map((answer, index) => {
      const question = questions.find((q) => q.question_id === answer.questionId);
      if (!question) throw invalidField(`body.answers[${index}].question_id`, `no question ${answer.questionId} in step ${stepId}`);
      if (seen.has(answer.questionId)) throw invalidField(`body.answers[${index}].question_id`, `duplicate question ${answer.questionId}`);
      seen.add(answer.questionId);
      return {
        step_id: stepId,
        question_id: answer.questionId,
        answer: checkAnswer(question, answer.value, `body.answers[${index}].value`),
      };
    });
    const kept = answersOf(deps, row).filter((a) => !(a.step_id === stepId && seen.has(a.question_id)));
    const sealed = seal(deps.keyProvider, [...kept, ...checked], sealContext(id, 'answers'));
    const updated = await updateSession(tx, scope, id, { answers: answersColumn.write(sealed) });
    return settleFlow(deps, tx, scope, updated);
  });
}

// ---------------------------------------------------------------------------------------------
// Submit

/** The customer submits: refused (409 idv_state_conflict naming what is missing) until consent
 * and every required step are done; then flow → queued, review request_sent → pending, first
 * submit sets submitted_at. The assessment dispatcher enqueues queued sessions. */
export async function submitCapture(deps: IdvDeps, principal: Principal, id: string): Promise<SessionRow> {
  const scope = requireCapture(principal, id);
  return withCaptureLock(deps, scope, id, async (row, tx) => {
    if (!CAPTURING.includes(row.status) || row.reviewStatus !== 'request_sent') {
      throw new IdvError(
        'idv_state_conflict',
        row.submittedAt ? 'The session was already submitted' : `Submit is not possible in status ${row.status}`,
      );
    }
    const progress = progressOf(deps, row);
    if (!progress.complete) throw new IdvError('idv_state_conflict', `The capture is incomplete; missing: ${progress.missing.join('; ')}`);
    return updateSession(tx, scope, id, { status: 'queued', reviewStatus: 'pending', submittedAt: row.submittedAt ?? deps.now() });
  });
}

/** A capture principal's view, read fresh. */
export async function readCaptureSession(deps: Pick<IdvDeps, 'db'>, principal: Principal, id: string): Promise<SessionRow> {
  const scope = requireCapture(principal, id);
  const row = await findSession(deps.db, scope, id);
  if (!row) throw sessionNotFound();
  return row;
}
