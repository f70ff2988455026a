// The JSON columns of IDV (sessions, workflows, invites, webhook destinations): one typed codec
// each, so services neither cast stored JSON nor the values they store (see platform/db/json-column).
import type { SealedValue } from '../../../platform/crypto/envelope';
import { isJsonArray, isJsonObject, jsonColumn, orNull } from '../../../platform/db/json-column';
import type { ArtifactRecord } from '../capture/capture-progress';
import type { ArtifactStorageRecord } from '../capture/capture-service';
import type { FlowStep } from '../model/steps';
import type { CaptureManifest } from '../services/projection';

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

/** idv.workflows.steps */
export const workflowStepsColumn = jsonColumn<FlowStep[]>('idv.workflows.steps', isJsonArray);

/** idv.invite_sends.sealed_code, sealed */
export const sealedCodeColumn = jsonColumn<SealedValue>('idv.invite_sends.sealed_code', isJsonObject);

/** idv.webhook_destinations.secrets, sealed */
export const destinationSecretsColumn = jsonColumn<SealedValue>('idv.webhook_destinations.secrets', isJsonObject);
