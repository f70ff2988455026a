// The one table of error codes and their HTTP statuses. Every code a service may raise is here;
// domain error enums are typed as subsets of ErrorCode, so a code without a status cannot compile.
// The REST adapter renders these statuses in each area's envelope; GraphQL carries them in
// `extensions.code` and `extensions.http.status`.
// The key order is the order of the OpenAPI ErrorCode enum, so a new code is appended under a
// comment naming its domain and feature rather than inserted: a domain can have several sections.
export const ERROR_STATUS = {
  // platform
  missing_authentication: 401,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  schema_validation_failed: 400,
  payload_too_large: 413,
  internal_error: 500,
  service_unavailable: 503,

  // profiles: profiles, custom fields, groups, comments, erasure
  profile_not_found: 404,
  profile_validation_failed: 400,
  custom_field_unknown: 400,
  custom_field_archived: 400,
  custom_field_wrong_type: 400,
  custom_field_invalid_date: 400,
  custom_field_invalid_choice: 400,
  custom_field_required: 400,
  custom_field_invalid_json: 400,
  custom_field_too_large: 409,
  custom_fields_combined_too_large: 409,
  custom_field_definitions_unavailable: 503,
  custom_field_definition_not_found: 404,
  custom_field_definition_conflict: 409,
  custom_field_option_immutable: 409,
  profile_group_not_found: 404,
  profile_group_unknown: 400,
  comment_not_found: 404,
  profile_erased: 409,
  custom_field_out_of_range: 400,
  custom_field_definition_invalid: 400,
  profile_group_validation_failed: 400,
  profile_group_archived: 400,
  comment_validation_failed: 400,
  comment_version_conflict: 409,

  // idv: sessions, workflows, themes, review, invites, capture
  idv_profile_id_required: 400,
  idv_profile_id_invalid: 400,
  idv_profile_not_found: 400,
  idv_direct_invite_forbidden: 403,
  idv_session_overrides_forbidden: 403,
  idv_session_not_found: 404,
  idv_workflow_not_found: 404,
  idv_theme_not_found: 404,
  idv_state_conflict: 409,
  idv_session_idempotency_conflict: 409,
  idv_workflow_not_active: 409,
  idv_profile_erasure_claimed: 409,
  idv_invite_conflict: 409,
  idv_review_terminal: 409,
  idv_review_invalid_transition: 409,
  idv_theme_revision_conflict: 409,
  idv_profile_email_missing: 422,
  invite_delivery_failed: 502,
  invite_delivery_retrying: 502,
  idv_profile_lookup_unavailable: 503,
  idv_direct_invite_unavailable: 503,
  idv_unsupported_media_type: 415,

  // screening: search, watchlists, batch, match review, reports
  search_not_found: 404,
  watchlist_format_invalid: 400,
  watchlist_import_not_found: 404,
  screening_index_unavailable: 503,
  batch_job_not_found: 404,
  batch_job_completed: 409,
  batch_too_large: 413,
  match_not_found: 404,
  report_not_found: 404,
  report_link_invalid: 403,

  // risk: assessments
  assessment_not_found: 404,

  // profiles: custom field definition history, workspace monitoring default
  custom_field_definition_revision_not_found: 404,
  monitoring_default_validation_failed: 400,
  // risk: beta access, states, tasks, risks, canvas, catalog, evidence
  risk_beta_not_enabled: 403,
  assessment_invalid_transition: 409,
  assessment_run_mismatch: 409,
  task_not_found: 404,
  task_invalid_transition: 409,
  risk_not_found: 404,
  risk_invalid_transition: 409,
  canvas_version_conflict: 409,
  risk_workflow_not_found: 404,
  risk_scorecard_not_found: 404,
  evidence_not_found: 404,
  evidence_type_unsupported: 415,
  // idv: webhook destinations and deliveries
  idv_webhook_not_found: 404,
  idv_webhook_limit_reached: 409,
  idv_webhook_url_forbidden: 400,
  idv_webhook_delivery_not_found: 404,
  // platform: rate limits, idempotency keys, GraphQL limits
  rate_limited: 429,
  idempotency_key_reused: 422,
  idempotency_key_in_use: 409,
  graphql_limit_exceeded: 400,
  // screening: adverse media (News feed)
  news_source_invalid: 400,
  // profiles: onboarding
  profile_onboarding_unavailable: 503,
  // screening: ongoing monitoring
  monitoring_alert_not_found: 404,
  // platform: the GraphQL idempotency key argument
  idempotency_key_mismatch: 400,
  // platform: dashboard roles (platform/principal/role-policy.ts)
  insufficient_role: 403,
  // access: console sign-in, sessions, dashboard users (docs/console.md)
  invalid_credentials: 401,
  too_many_attempts: 429,
  csrf_failed: 403,
  workspace_membership_required: 403,
  dashboard_user_not_found: 404,
  dashboard_user_exists: 409,
  last_workspace_admin: 409,
  current_password_incorrect: 400,
  totp_code_invalid: 400,
  totp_not_enrolled: 409,
  totp_already_enabled: 409,
  // access: console single sign-on (OpenID Connect; the web layer turns these into
  // /console/sign-in?error=<code>)
  sso_not_configured: 404,
  sso_tenant_required: 400,
  sso_state_invalid: 401,
  sso_provider_refused: 401,
  sso_provider_failed: 502,
  sso_email_missing: 401,
  sso_unknown_user: 403,
  sso_account_deactivated: 403,
  sso_configuration_invalid: 400,
  // idv: the review desk's assignment to another reviewer
  idv_assignee_not_reviewer: 422,
  // platform: four-eyes (maker-checker) decisions (docs/audit.md, "Four-eyes")
  four_eyes_proposal_not_found: 404,
  four_eyes_self_approval: 403,
  four_eyes_proposal_stale: 409,
  four_eyes_proposal_expired: 409,
  four_eyes_proposal_decided: 409,
  four_eyes_proposal_pending: 409,
  four_eyes_application_key_refused: 403,
  // every subgraph answering the console's analytics (GraphQL workspaceAnalytics)
  analytics_range_invalid: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function httpStatusFor(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 500;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}
