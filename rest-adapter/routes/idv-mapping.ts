// The IDV core's typed GraphQL objects ⇄ the documented snake_case REST shapes (IDV interface:
// CreateSessionRequest, Session, Workflow, the hosted-page status and the audited data). Bodies
// are first checked for their wire shape (idv-bodies.ts), then renamed onto the typed inputs, whose
// rules the IDV services apply; results are mapped back field for field, with the REST conventions:
// "" for "not yet", {} for "no consent", optional keys left out when absent.
import { stringifyLossless } from '../http/lossless-json';
import type {
  DataFieldsFragment,
  SessionFieldsFragment,
  StatusFieldsFragment,
  StepFieldsFragment,
  WorkflowFieldsFragment,
} from '../operations/operations.generated';

type Json = Record<string, unknown>;

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Keys renamed to camelCase at every depth (values kept). */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [camel(key), camelKeys(item)]));
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The schema's keys are few: each renamed once per process (bounded: free-form keys are renamed each time). */
const snakeCache = new Map<string, string>();
const snakeOf = (key: string) => {
  let renamed = snakeCache.get(key);
  if (renamed === undefined) {
    renamed = snake(key);
    if (snakeCache.size < 2048) snakeCache.set(key, renamed);
  }
  return renamed;
};

/** Keys renamed to snake_case at every depth; null values left out (absent optional keys). Every
 * step of every session of a page passes here: a loop, without per-key entry arrays. */
function snakeWithoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeWithoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const renamed: Json = {};
  const fields = value as Json;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const item = fields[key];
    if (item !== null && item !== undefined) renamed[snakeOf(key)] = snakeWithoutNulls(item);
  }
  return renamed;
}

const flagSettingMap = (settings: { code: string; action: string }[]) =>
  Object.fromEntries(settings.map(({ code, action }) => [code, action]));
const completion = (value: SessionFieldsFragment['captureManifest']['completion']) => ({
  action: value.action,
  ...(value.returnUrl != null ? { return_url: value.returnUrl } : {}),
});

/** A flow step: optional title and config fields are absent keys on the wire. */
const toRestStep = (step: StepFieldsFragment) => ({
  step_id: step.stepId,
  type: step.type,
  required: step.required,
  ...(step.title != null ? { title: step.title } : {}),
  config: snakeWithoutNulls(step.config),
});

export function toRestSession(s: SessionFieldsFragment) {
  const manifest = s.captureManifest;
  const id = manifest.idCapture;
  const consent = s.consentEvidence;
  return {
    id: s.id,
    tenant_id: s.tenantId,
    workspace_id: s.workspaceId,
    ...(s.creatorApplicationId ? { creator_application_id: s.creatorApplicationId } : {}),
    profile_id: s.profileId,
    status: s.status,
    review_status: s.reviewStatus,
    flag_categories: s.flagCategories,
    profile_update_enabled: s.profileUpdateEnabled,
    flag_settings: flagSettingMap(s.flagSettings),
    privacy_contact_email: s.privacyContactEmail ?? '',
    consent_evidence: consent
      ? {
          accepted: consent.accepted,
          step_id: consent.stepId,
          policy_version: consent.policyVersion,
          text_sha256: consent.textSha256,
          recorded_at: consent.recordedAt,
          ip_address: consent.ipAddress,
          user_agent: consent.userAgent,
          credential: consent.credential,
        }
      : {},
    review_history: s.reviewHistory.map((entry) => ({
      from: entry.from,
      status: entry.status,
      note: entry.note,
      actor: { kind: entry.actor.kind, id: entry.actor.id, ...(entry.actor.name != null ? { name: entry.actor.name } : {}) },
      at: entry.at,
    })),
    ...(s.assignee ? { assignee: s.assignee } : {}),
    submitted_at: s.submittedAt ?? '',
    reviewed_at: s.reviewedAt ?? '',
    legal_hold: s.legalHold,
    artifacts: s.artifacts.map((a) => ({
      artifact_id: a.artifactId,
      kind: a.kind,
      step_id: a.stepId,
      state: a.state,
      captured_at: a.capturedAt,
    })),
    capture_manifest: {
      workflow: manifest.workflow,
      required_kinds: manifest.requiredKinds,
      optional_kinds: manifest.optionalKinds,
      id_capture: id && {
        step_id: id.stepId,
        sides: id.sides,
        accepted_id_types: id.acceptedIdTypes,
        custom_id_types: id.customIdTypes.map((t) => snakeWithoutNulls(t)),
        preselected_id_type: id.preselectedIdType,
        capture_sides: id.captureSides,
      },
      documents: manifest.documents.map((d) => ({ step_id: d.stepId, document_id: d.documentId, required: d.required })),
      completion: completion(manifest.completion),
    },
    step_manifest: { version: s.stepManifest.version, steps: s.stepManifest.steps.map(toRestStep) },
    ...(s.workflowRef
      ? {
          workflow_ref: {
            workflow_id: s.workflowRef.workflowId,
            name: s.workflowRef.name,
            revision: s.workflowRef.revision,
            preset: s.workflowRef.preset,
            source: s.workflowRef.source,
            copied_at: s.workflowRef.copiedAt,
          },
        }
      : {}),
    theme_ref:
      s.themeRef.source === 'theme'
        ? { source: 'theme', theme_id: s.themeRef.themeId, revision: s.themeRef.revision, name: s.themeRef.name }
        : { source: s.themeRef.source, theme_id: null, revision: null },
    ...(s.retentionPolicyId ? { retention_policy_id: s.retentionPolicyId } : {}),
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    delete_after: s.deleteAfter,
  };
}

export function toRestWorkflow(w: WorkflowFieldsFragment) {
  return {
    id: w.id,
    tenant_id: w.tenantId,
    workspace_id: w.workspaceId,
    name: w.name,
    description: w.description,
    status: w.status,
    is_default: w.isDefault,
    preset: w.preset,
    steps: w.steps.map(toRestStep),
    profile_update_enabled: w.profileUpdateEnabled,
    flag_settings: flagSettingMap(w.flagSettings),
    privacy_contact_email: w.privacyContactEmail ?? '',
    retention_days: w.retentionDays,
    revision: w.revision,
    activated_at: w.activatedAt,
    archived_at: w.archivedAt,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
  };
}

export function toRestStatus(s: StatusFieldsFragment) {
  return {
    id: s.id,
    status: s.status,
    submitted: s.submitted,
    consent_recorded: s.consentRecorded,
    required_kinds: s.requiredKinds,
    optional_kinds: s.optionalKinds,
    id_capture: s.idCapture && {
      accepted_id_types: s.idCapture.acceptedIdTypes,
      preselected_id_type: s.idCapture.preselectedIdType,
      capture_sides: s.idCapture.captureSides,
    },
    completion: completion(s.completion),
    steps: s.steps.map((step) => ({
      step_id: step.stepId,
      type: step.type,
      required: step.required,
      ...(step.title != null ? { title: step.title } : {}),
    })),
    artifacts: s.artifacts.map((a) => ({ kind: a.kind, step_id: a.stepId, state: a.state, captured_at: a.capturedAt })),
    token_expires_at: s.tokenExpiresAt,
  };
}

/** A questionnaire answer: the one field of its type (null when none is set). */
const answerOf = (a: DataFieldsFragment['questionnaireAnswers'][number]) =>
  [a.text, a.number, a.boolean, a.choices].find((value) => value !== null && value !== undefined) ?? null;

export function toRestData(d: DataFieldsFragment) {
  return {
    session_id: d.sessionId,
    profile_id: d.profileId,
    status: d.status,
    review_status: d.reviewStatus,
    results_available: d.resultsAvailable,
    assessed_at: d.assessedAt ?? '',
    document: d.document && {
      type: d.document.type,
      issuing_country: d.document.issuingCountry,
      issuing_subdivision: d.document.issuingSubdivision,
      confidence: d.document.confidence,
    },
    ocr_fields: d.ocrFields.map((f) => ({ field: f.field, value: f.value, confidence: f.confidence, source: f.source })),
    questionnaire_answers: d.questionnaireAnswers.map((a) => ({
      step_id: a.stepId,
      question_id: a.questionId,
      question: a.question,
      answer: answerOf(a),
    })),
    mismatches: d.mismatches.map((m) => ({
      field: m.field,
      profile_value: m.profileValue,
      document_value: m.documentValue,
      ...(m.detail != null ? { detail: m.detail } : {}),
    })),
    checks: d.checks.map((c) => ({
      check: c.check,
      outcome: c.outcome,
      reason_code: c.reasonCode,
      category: c.category,
      ...(c.score != null ? { score: c.score } : {}),
    })),
  };
}

/**
 * A REST body as the typed input: its wire shape checked first (`check` throws the ApiError), then
 * renamed to camelCase; tenant_id and workspace_id are dropped (the principal decides the scope),
 * flag_settings becomes the list of {code, action}.
 */
export function typedInputOf<TInput = Json>(body: unknown, check: (body: unknown) => void): TInput {
  const plain: unknown = body === undefined ? undefined : JSON.parse(stringifyLossless(body));
  check(plain);
  const { tenant_id: _tenant, workspace_id: _workspace, flag_settings: flags, ...rest } = (plain ?? {}) as Json;
  const input = camelKeys(rest) as Json;
  if (flags !== undefined) input.flagSettings = Object.entries(flags as Record<string, string>).map(([code, action]) => ({ code, action }));
  // "" unsets the privacy contact on the wire; the typed input says null.
  if (input.privacyContactEmail === '') input.privacyContactEmail = null;
  // The checked wire shape, renamed, is the typed input (idv-bodies.ts refuses what it could not carry).
  return input as TInput;
}
