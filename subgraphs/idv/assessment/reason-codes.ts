// Every reason code an assessment check can record, explained in one English sentence for the
// reviewer (the console shows it beside the code; it translates codes itself for other languages).
// docs/idv-capture.md "Checks and reason codes" is the table these sentences follow; the test beside
// this file checks that every code the checks can emit has one.
import { FACE_MATCH_THRESHOLD } from './face-match';
import { DEFAULT_THRESHOLD as NAME_THRESHOLD } from '../../../lib/names/levels';

export const REASON_EXPLANATIONS: Readonly<Record<string, string>> = {
  face_match: `The selfie and the document portrait show the same person (similarity at or above ${FACE_MATCH_THRESHOLD}).`,
  face_mismatch: `The selfie and the document portrait look like different people (similarity below ${FACE_MATCH_THRESHOLD}).`,
  selfie_face_not_found: 'No face could be found in the selfie.',
  document_face_not_found: 'No portrait could be found on the identity document.',
  liveness_face_present: 'Passive liveness: a live face is present in the selfie frames.',
  liveness_challenge_met: 'Active liveness: the frames show the requested head turn or blink.',
  liveness_challenge_not_met: 'Active liveness: the frames do not show the requested head turn or blink.',
  liveness_face_inconsistent: 'A selfie frame shows a different face from the first frame.',
  questionnaire_answered: 'The questionnaire was answered (answers are recorded, not judged).',
  questionnaire_skipped: 'An optional questionnaire step was left unanswered.',
  mrz_valid: 'The machine-readable zone was read and every check digit is correct.',
  mrz_unreadable: 'The machine-readable zone of the document could not be read.',
  mrz_check_digit_invalid: 'The machine-readable zone was read but a check digit is wrong (misread or altered document).',
  mrz_not_present: 'The document has no machine-readable zone; its barcode carries the document data instead.',
  document_not_expired: 'The document has not expired.',
  document_expired: 'The document has expired.',
  document_expiry_unreadable: 'The expiry date of the document could not be read.',
  id_type_accepted: 'The document type is one the workflow accepts.',
  id_type_mismatch: 'The document type the customer declared differs from the type the document itself states.',
  id_type_not_accepted: 'The document type is not one the workflow accepts.',
  name_match: `The name on the document matches the profile's name (similarity at or above ${NAME_THRESHOLD}).`,
  name_mismatch: `The name on the document differs from the profile's name (similarity below ${NAME_THRESHOLD}).`,
  name_unreadable: 'The name on the document could not be read.',
  name_not_on_profile: 'The profile has no name to compare with the document.',
  date_of_birth_match: "The date of birth on the document matches the profile's.",
  date_of_birth_mismatch: "The date of birth on the document differs from the profile's.",
  date_of_birth_not_on_profile: 'The profile has no date of birth to compare with the document.',
  barcode_decoded: 'The barcode on the back of the driving licence was decoded.',
  barcode_unreadable: 'No readable barcode was found on the back of the driving licence.',
  barcode_not_expired: 'The licence barcode says the licence has not expired.',
  barcode_expired: 'The licence barcode says the licence has expired.',
  barcode_expiry_unreadable: 'The expiry date in the licence barcode could not be read.',
  barcode_front_match: 'The licence barcode agrees with the front of the licence (number, date of birth, expiry).',
  barcode_front_mismatch: 'The licence barcode disagrees with the front of the licence (number, date of birth or expiry).',
  barcode_name_match: `The name in the licence barcode matches the profile's name (similarity at or above ${NAME_THRESHOLD}).`,
  barcode_name_mismatch: `The name in the licence barcode differs from the profile's name (similarity below ${NAME_THRESHOLD}).`,
  barcode_date_of_birth_match: "The date of birth in the licence barcode matches the profile's.",
  barcode_date_of_birth_mismatch: "The date of birth in the licence barcode differs from the profile's.",
  barcode_not_captured: 'Only the front of the driving licence was captured, so its barcode could not be checked.',
};

/** The English explanation of a reason code; a code this build does not know says so rather than failing. */
export function explainReason(code: string): string {
  return REASON_EXPLANATIONS[code] ?? `Reason code ${code} (no explanation is recorded for it).`;
}
