// One check's result, shared by the check modules (checks.ts, barcode-checks.ts) and the
// assessment: a leaf, so the check modules need not import one another for it.
export type FlagCategory = 'idv' | 'document' | 'questionnaire';

/** Every reason code a check can record (docs/idv-capture.md "Checks and reason codes"): the codes
 * a workflow's flag_settings may name. */
export const REASON_CODES = [
  'face_match',
  'face_mismatch',
  'selfie_face_not_found',
  'document_face_not_found',
  'liveness_face_present',
  'liveness_challenge_met',
  'liveness_challenge_not_met',
  'liveness_face_inconsistent',
  'mrz_valid',
  'mrz_unreadable',
  'mrz_check_digit_invalid',
  'mrz_not_present',
  'document_not_expired',
  'document_expired',
  'document_expiry_unreadable',
  'id_type_accepted',
  'id_type_mismatch',
  'id_type_not_accepted',
  'name_match',
  'name_mismatch',
  'name_not_on_profile',
  'name_unreadable',
  'date_of_birth_match',
  'date_of_birth_mismatch',
  'date_of_birth_not_on_profile',
  'barcode_decoded',
  'barcode_unreadable',
  'barcode_not_expired',
  'barcode_expired',
  'barcode_expiry_unreadable',
  'barcode_front_match',
  'barcode_front_mismatch',
  'barcode_name_match',
  'barcode_name_mismatch',
  'barcode_date_of_birth_match',
  'barcode_date_of_birth_mismatch',
  'barcode_not_captured',
  'questionnaire_answered',
  'questionnaire_skipped',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface CheckResult {
  check: 'face_match' | 'liveness' | 'mrz' | 'document_expiry' | 'id_type' | 'name' | 'date_of_birth' | 'barcode' | 'questionnaire';
  /** pass and fail decide; info is recorded only. */
  outcome: 'pass' | 'fail' | 'info';
  reason_code: ReasonCode;
  category: FlagCategory;
  /** Similarity or score, where the check has one. */
  score?: number;
}
