// What callers see of a session. The management projection carries every documented field; the
// capture plane sees only what the hosted page needs. Neither ever carries storage keys,
// checksums, wrapped keys, encryption context, sealed values, raw OCR or model output.
import { SessionRow } from '../data/session-store';
import { AppliedOverrides } from '../model/overrides';
import { FlowStep, idCaptureStep, sidesFor } from '../model/steps';
import { captureManifestColumn } from '../data/json-columns';
import type { CaptureManifest } from '../model/stored-shapes';

export function buildCaptureManifest(workflow: string, steps: FlowStep[], applied: AppliedOverrides): CaptureManifest {
  const idStep = idCaptureStep(steps);
  let captureSides: 'auto' | 'one' | 'two' = 'auto';
  if (idStep) {
    if (applied.declaredSides) captureSides = applied.declaredSides;
    else if (idStep.config.sides !== 'auto') captureSides = idStep.config.sides;
    else {
      // Without a declared type, auto is two-sided unless every accepted type is one-sided.
      const accepted = applied.acceptedIdTypes ?? [
        ...idStep.config.accepted_id_types,
        ...idStep.config.custom_id_types.map((item) => item.id),
      ];
      captureSides = accepted.length > 0 && accepted.every((type) => sidesFor(idStep, type) === 'one') ? 'one' : 'auto';
    }
  }
  return {
    workflow,
    ...artifactKinds(steps, captureSides),
    id_capture: idStep
      ? {
          step_id: idStep.step_id,
          sides: idStep.config.sides,
          accepted_id_types: applied.acceptedIdTypes ?? [
            ...idStep.config.accepted_id_types,
            ...idStep.config.custom_id_types.map((item) => item.id),
          ],
          custom_id_types: idStep.config.custom_id_types,
          preselected_id_type: applied.declaredIdType,
          capture_sides: captureSides,
        }
      : null,
    documents: steps
      .filter((step) => step.type === 'document')
      .map((step) => ({ step_id: step.step_id, document_id: String(step.config.document_id), required: step.required })),
    completion: applied.completion ?? { action: 'close_tab' },
  };
}

/** The artifact kinds the steps require and those they leave optional, under the id document's
 * capture sides (one-sided: no id_back). */
function artifactKinds(steps: FlowStep[], captureSides: 'auto' | 'one' | 'two'): { required_kinds: string[]; optional_kinds: string[] } {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const step of steps) {
    const kinds =
      step.type === 'liveness'
        ? ['selfie']
        : step.type === 'id_capture'
          ? captureSides === 'one'
            ? ['id_front']
            : ['id_front', 'id_back']
          : step.type === 'document'
            ? ['document']
            : [];
    for (const kind of kinds) (step.required ? required : optional).add(kind);
  }
  for (const kind of required) optional.delete(kind);
  return { required_kinds: [...required], optional_kinds: [...optional] };
}

/**
 * The manifest once the customer declared the id document's type (with the id_front capture):
 * under `sides: auto` without a preselected type the declared type decides one- or two-sided
 * capture (a passport has no back), and the required and optional kinds follow it. A later
 * declaration of another type decides again. Fixed sides or a preselected type: unchanged.
 */
export function manifestAfterDeclaration(manifest: CaptureManifest, steps: FlowStep[], declared: string): CaptureManifest {
  const idStep = idCaptureStep(steps);
  const idCapture = manifest.id_capture;
  if (!idStep || !idCapture || idStep.config.sides !== 'auto' || idCapture.preselected_id_type) return manifest;
  const captureSides = sidesFor(idStep, declared);
  return { ...manifest, ...artifactKinds(steps, captureSides), id_capture: { ...idCapture, capture_sides: captureSides } };
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : '');

/** Public artifact metadata only (storage references live in a separate column). */
function publicArtifacts(row: SessionRow): unknown[] {
  return ((row.artifacts as Record<string, unknown>[] | null) ?? []).map((artifact) => ({
    artifact_id: artifact.artifact_id,
    kind: artifact.kind,
    step_id: artifact.step_id,
    state: artifact.state,
    captured_at: artifact.captured_at,
  }));
}

/** A session as the management API returns it (snake_case, like every IDV REST object). */
export type ManagementSession = ReturnType<typeof toManagementSession>;

export function toManagementSession(row: SessionRow) {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    workspace_id: row.workspaceId,
    ...(row.creatorApplicationId ? { creator_application_id: row.creatorApplicationId } : {}),
    profile_id: row.profileId,
    status: row.status,
    review_status: row.reviewStatus,
    flag_categories: row.flagCategories,
    profile_update_enabled: row.profileUpdateEnabled,
    flag_settings: row.flagSettings,
    privacy_contact_email: row.privacyContactEmail,
    consent_evidence: row.consentEvidence,
    review_history: row.reviewHistory,
    ...(row.assignee ? { assignee: row.assignee } : {}),
    submitted_at: iso(row.submittedAt),
    reviewed_at: iso(row.reviewedAt),
    legal_hold: row.legalHold,
    artifacts: publicArtifacts(row),
    capture_manifest: row.captureManifest,
    step_manifest: row.stepManifest,
    ...(row.workflowRef ? { workflow_ref: row.workflowRef } : {}),
    theme_ref: row.themeRef ?? { source: 'default', theme_id: null, revision: null },
    ...(row.retentionPolicyId ? { retention_policy_id: row.retentionPolicyId } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    delete_after: row.deleteAfter.toISOString(),
  };
}

/** The consumer/token plane: no profile id, review status, flags, history or scope. */
export function toCaptureStatus(row: SessionRow) {
  const manifest = captureManifestColumn.read(row.captureManifest);
  return {
    id: row.id,
    status: row.status,
    submitted: row.submittedAt !== null,
    consent_recorded: Object.keys((row.consentEvidence as Record<string, unknown>) ?? {}).length > 0,
    required_kinds: manifest.required_kinds,
    optional_kinds: manifest.optional_kinds,
    id_capture: manifest.id_capture
      ? {
          accepted_id_types: manifest.id_capture.accepted_id_types,
          preselected_id_type: manifest.id_capture.preselected_id_type,
          capture_sides: manifest.id_capture.capture_sides,
        }
      : null,
    completion: manifest.completion,
    steps: ((row.stepManifest as { steps?: FlowStep[] }).steps ?? []).map((step) => ({
      step_id: step.step_id,
      type: step.type,
      required: step.required,
      ...(step.title ? { title: step.title } : {}),
    })),
    artifacts: publicArtifacts(row).map((artifact) => {
      const { artifact_id: _id, ...rest } = artifact as Record<string, unknown>;
      return rest;
    }),
    token_expires_at: row.tokenExpiresAt.toISOString(),
  };
}
