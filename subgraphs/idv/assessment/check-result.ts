// One check's result, shared by the check modules (checks.ts, barcode-checks.ts) and the
// assessment: a leaf, so the check modules need not import one another for it.
export type FlagCategory = 'idv' | 'document' | 'questionnaire';

export interface CheckResult {
  check: 'face_match' | 'liveness' | 'mrz' | 'document_expiry' | 'id_type' | 'name' | 'date_of_birth' | 'barcode' | 'questionnaire';
  /** pass and fail decide; info is recorded only. */
  outcome: 'pass' | 'fail' | 'info';
  reason_code: string;
  category: FlagCategory;
  /** Similarity or score, where the check has one. */
  score?: number;
}
