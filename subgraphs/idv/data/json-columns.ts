// The JSON columns of IDV (sessions, workflows, invites, webhook destinations): one typed codec
// each, so services neither cast stored JSON nor the values they store (see platform/db/json-column).
import type { SealedValue } from '../../../platform/crypto/envelope';
import { isJsonArray, isJsonObject, jsonColumn, orNull } from '../../../platform/db/json-column';
import type { FlowStep } from '../model/steps';
import type { ArtifactRecord, ArtifactStorageRecord, CaptureManifest } from '../model/stored-shapes';

/** What a session copies of its flow at create; `steps` is read defensively (older rows). */
export interface StepManifest {
  version?: number;
  steps?: FlowStep[];
}

/** idv.sessions.capture_manifest */
export const captureManifestColumn = jsonColumn<CaptureManifest>('idv.sessions.capture_manifest', isJsonObject);
/** idv.sessions.step_manifest */
export const stepManifestColumn = jsonColumn<StepManifest>('idv.sessions.step_manifest', isJsonObject);
/** idv.sessions.artifacts (readers treat null as none) */
export const artifactsColumn = jsonColumn<ArtifactRecord[] | null>('idv.sessions.artifacts', orNull(isJsonArray));
/** idv.sessions.artifact_storage (readers treat null as none) */
export const artifactStorageColumn = jsonColumn<ArtifactStorageRecord[] | null>('idv.sessions.artifact_storage', orNull(isJsonArray));
/** idv.sessions.subject_reference, sealed (NULL when the create had none) */
export const subjectReferenceColumn = jsonColumn<SealedValue | null>('idv.sessions.subject_reference', orNull(isJsonObject));
/** idv.sessions.results, sealed (NULL until assessed) */
export const resultsColumn = jsonColumn<SealedValue | null>('idv.sessions.results', orNull(isJsonObject));
/** idv.sessions.answers, sealed (NULL until the first answer) */
export const answersColumn = jsonColumn<SealedValue | null>('idv.sessions.answers', orNull(isJsonObject));

/** idv.sessions.flag_settings and idv.workflows.flag_settings: flag code → review | ignore */
export const flagSettingsColumn = jsonColumn<Record<string, string>>('idv.flag_settings', isJsonObject);
/** idv.sessions.consent_evidence ({} until consent is recorded) */
export const consentEvidenceColumn = jsonColumn<Record<string, unknown>>('idv.sessions.consent_evidence', isJsonObject);
/** idv.sessions.review_history: one entry per review decision */
export const reviewHistoryColumn = jsonColumn<unknown[]>('idv.sessions.review_history', isJsonArray);
/** idv.sessions.workflow_ref (NULL when the session used no stored workflow) */
export const workflowRefColumn = jsonColumn<Record<string, unknown> | null>('idv.sessions.workflow_ref', orNull(isJsonObject));
/** idv.sessions.theme_ref */
export const themeRefColumn = jsonColumn<Record<string, unknown> | null>('idv.sessions.theme_ref', orNull(isJsonObject));
/** idv.sessions.theme_snapshot (NULL: the default theme) */
export const themeSnapshotColumn = jsonColumn<object | null>('idv.sessions.theme_snapshot', orNull(isJsonObject));
/** idv.sessions.completion (NULL: the flow's own completion) */
export const completionColumn = jsonColumn<object | null>('idv.sessions.completion', orNull(isJsonObject));

/** idv.workflows.steps */
export const workflowStepsColumn = jsonColumn<FlowStep[]>('idv.workflows.steps', isJsonArray);

/** idv.invite_sends.sealed_code, sealed */
export const sealedCodeColumn = jsonColumn<SealedValue>('idv.invite_sends.sealed_code', isJsonObject);

/** idv.webhook_destinations.secrets, sealed */
export const destinationSecretsColumn = jsonColumn<SealedValue>('idv.webhook_destinations.secrets', isJsonObject);
