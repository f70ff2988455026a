// The REST answers of the read-path bench's plain peer (bench/console-peer-service.ts): stored rows put
// into the documented snake_case shapes the REST adapter answers (rest-adapter/routes/idv-mapping.ts
// toRestSession, screening-mapping.ts historyRecord and the match record), so that the peer does the
// same work as the path it stands beside. The bench compares both answers before it measures.

type Row = Record<string, unknown>;

/** What pg gives a timestamp column (a Date) as the API writes it; null stays null. */
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

/** Keys with a null value left out, at every depth (optional config fields are absent keys). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const kept: Row = {};
  for (const [key, item] of Object.entries(value)) if (item !== null && item !== undefined) kept[key] = withoutNulls(item);
  return kept;
}

export const SESSION_COLUMNS = `id, tenant_id, workspace_id, creator_application_id, profile_id, status, review_status, flag_categories,
  profile_update_enabled, flag_settings, privacy_contact_email, consent_evidence, review_history, assignee, submitted_at, reviewed_at,
  legal_hold, artifacts, capture_manifest, step_manifest, workflow_ref, theme_ref, retention_policy_id, created_at, updated_at, delete_after`;

/** A stored IDV session as GET /idv/v1/sessions lists it. */
export function restSession(row: Row) {
  const manifest = row.capture_manifest as Row;
  const idCapture = manifest.id_capture as Row | null;
  const completion = manifest.completion as Row;
  const steps = (row.step_manifest as Row).steps as Row[];
  const workflowRef = row.workflow_ref as Row | null;
  const themeRef = row.theme_ref as Row | null;
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    workspace_id: row.workspace_id,
    ...(row.creator_application_id ? { creator_application_id: row.creator_application_id } : {}),
    profile_id: row.profile_id,
    status: row.status,
    review_status: row.review_status,
    flag_categories: row.flag_categories,
    profile_update_enabled: row.profile_update_enabled,
    flag_settings: row.flag_settings,
    privacy_contact_email: row.privacy_contact_email ?? '',
    consent_evidence: row.consent_evidence ?? {},
    review_history: row.review_history,
    ...(row.assignee ? { assignee: row.assignee } : {}),
    submitted_at: iso(row.submitted_at) ?? '',
    reviewed_at: iso(row.reviewed_at) ?? '',
    legal_hold: row.legal_hold,
    artifacts: (row.artifacts as Row[]).map((artifact) => ({
      artifact_id: artifact.artifact_id,
      kind: artifact.kind,
      step_id: artifact.step_id,
      state: artifact.state,
      captured_at: artifact.captured_at,
    })),
    capture_manifest: {
      workflow: manifest.workflow,
      required_kinds: manifest.required_kinds,
      optional_kinds: manifest.optional_kinds,
      id_capture: idCapture && {
        step_id: idCapture.step_id,
        sides: idCapture.sides,
        accepted_id_types: idCapture.accepted_id_types,
        custom_id_types: withoutNulls(idCapture.custom_id_types ?? []),
        preselected_id_type: idCapture.preselected_id_type ?? null,
        capture_sides: idCapture.capture_sides,
      },
      documents: ((manifest.documents as Row[] | undefined) ?? []).map((document) => ({
        step_id: document.step_id,
        document_id: document.document_id,
        required: document.required,
      })),
      completion: { action: completion.action, ...(completion.return_url != null ? { return_url: completion.return_url } : {}) },
    },
    step_manifest: {
      version: (row.step_manifest as Row).version,
      steps: steps.map((step) => ({
        step_id: step.step_id,
        type: step.type,
        required: step.required,
        ...(step.title != null ? { title: step.title } : {}),
        config: withoutNulls(step.config ?? {}),
      })),
    },
    ...(workflowRef
      ? {
          workflow_ref: {
            workflow_id: workflowRef.workflow_id,
            name: workflowRef.name,
            revision: workflowRef.revision,
            preset: workflowRef.preset,
            source: workflowRef.source,
            copied_at: workflowRef.copied_at,
          },
        }
      : {}),
    theme_ref:
      themeRef?.source === 'theme'
        ? { source: 'theme', theme_id: themeRef.theme_id, revision: themeRef.revision, name: themeRef.name }
        : { source: themeRef?.source ?? 'default', theme_id: null, revision: null },
    ...(row.retention_policy_id ? { retention_policy_id: row.retention_policy_id } : {}),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    delete_after: iso(row.delete_after),
  };
}

export const REQUEST_COLUMNS = `r.id, r.tenant_id, r.workspace_id, r.config, r.entities, r.created_at, r.updated_at, r.actor_id, r.user_name,
  r.user_email, r.job_id, r.profile_id`;

/** A stored search request as the search history and the matches of a request answer it. */
export function restRequest(row: Row) {
  const entities = row.entities as Row[];
  return {
    id: row.id,
    legacy_search_id: null,
    tenant_id: row.tenant_id,
    workspace_id: row.workspace_id,
    config: { feeds: (row.config as Row).feeds },
    entities: entities.map((entity) => ({
      type: entity.type,
      name: entity.name,
      feeds: entity.feeds,
      custom_id: entity.custom_id ?? null,
    })),
    entity_count: entities.length,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    user_id: row.actor_id,
    ...(row.user_name ? { user_name: row.user_name } : {}),
    ...(row.user_email ? { user_email: row.user_email } : {}),
    job_id: row.job_id,
    profile_id: row.profile_id,
  };
}

/** A stored match (its payload with id, rank and review status) with its comments, as the matches of a
 * request answer it: the explanation's agreement always present, a date of birth without null parts. */
export function restMatch(match: Row, comments: unknown) {
  const info = match.match_score_info as Row;
  const entity = match.entity as Row;
  return {
    ...match,
    match_score_info: { ...info, agreement: withoutNulls(info.agreement ?? {}) },
    entity: { ...entity, dates_of_birth: withoutNulls(entity.dates_of_birth) },
    comments,
  };
}
