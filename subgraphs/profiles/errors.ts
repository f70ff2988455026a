import { DomainError } from '../../platform/errors/domain-error';

/** Every error the profiles domain raises; statuses live in platform/errors/codes.ts. */
export type ProfilesErrorCode =
  | 'profile_not_found'
  | 'profile_validation_failed'
  | 'profile_erased'
  | 'schema_validation_failed'
  | 'custom_field_unknown'
  | 'custom_field_archived'
  | 'custom_field_wrong_type'
  | 'custom_field_invalid_date'
  | 'custom_field_invalid_choice'
  | 'custom_field_required'
  | 'custom_field_invalid_json'
  | 'custom_field_out_of_range'
  | 'custom_field_too_large'
  | 'custom_fields_combined_too_large'
  | 'custom_field_definitions_unavailable'
  | 'custom_field_definition_not_found'
  | 'custom_field_definition_conflict'
  | 'custom_field_definition_invalid'
  | 'custom_field_option_immutable'
  | 'profile_group_not_found'
  | 'profile_group_unknown'
  | 'profile_group_archived'
  | 'profile_group_validation_failed'
  | 'comment_not_found'
  | 'comment_validation_failed'
  | 'comment_version_conflict'
  | 'custom_field_definition_revision_not_found'
  | 'monitoring_default_validation_failed'
  | 'idv_workflow_not_found'
  | 'idv_workflow_not_active'
  | 'profile_onboarding_unavailable'
  | 'idempotency_key_reused'
  | 'forbidden';

export class ProfilesError extends DomainError<ProfilesErrorCode> {}
