// The assessment's decision, as a plain function of the evidence and the session's flag settings:
// every check yields a reason code; `automatic_pass` only when no check flags, otherwise
// `requires_review` with the flag categories of the flagging checks. A check flags when it fails,
// unless the session's flag_settings say `ignore` for its reason code, or whatever its outcome when
// they say `review`. Reason codes: docs/idv-capture.md.
import { compareNames } from '../../../lib/names/score';
import { DEFAULT_THRESHOLD as NAME_THRESHOLD } from '../../../lib/names/levels';
import { AamvaLicence } from './aamva';
import { barcodeChecks } from './barcode-checks';
import { FACE_MATCH_THRESHOLD } from './face-match';
import { MrzReading } from './mrz-reader';
import type { CheckResult, FlagCategory } from './check-result';

export interface LivenessEvidence {
  mode: 'passive' | 'active';
  /** Gestures seen per frame (null: no face in that frame). */
  frames: (string[] | null)[];
  /** Lowest similarity of a frame's face to the first frame's face. */
  minFrameSimilarity: number | null;
}

export interface AssessmentEvidence {
  today: string;
  profileName: string | null;
  profileBirthDate: string | null;
  /** Null when the flow has no liveness step. */
  selfieFace: { found: boolean } | null;
  /** Null when the flow has no id_capture step. */
  documentFace: { found: boolean } | null;
  faceSimilarity: number | null;
  liveness: LivenessEvidence | null;
  /** Undefined when the flow has no id_capture step; null when unreadable. */
  mrz?: MrzReading | null;
  declaredIdType: string | null;
  acceptedIdTypes: string[];
  /** Questionnaire steps of the flow with the number of questions answered in each. */
  questionnaires?: { stepId: string; answered: number }[];
  /** Driving licences only (undefined otherwise): whether the back was captured and what its
   * PDF417 said (null: no AAMVA barcode could be decoded). */
  barcode?: { captured: false } | { captured: true; licence: AamvaLicence | null };
}

/** Same-identity frames: a frame whose face differs this much from the first is another person. */
export const FRAME_CONSISTENCY_THRESHOLD = FACE_MATCH_THRESHOLD;

const POSES = ['facing left', 'facing right', 'head up', 'head down'];

/** An active challenge is met when the frames show a head turn (a pose other than the first
 * frame's) or a blink. */
export function challengeMet(frames: (string[] | null)[]): boolean {
  const seen = frames.filter((f): f is string[] => f !== null);
  if (seen.length < 2) return false;
  if (seen.some((g) => g.some((x) => x.startsWith('blink')))) return true;
  const pose = (g: string[]) =>
    POSES.filter((p) => g.includes(p))
      .sort()
      .join('+') || 'center';
  return new Set(seen.map(pose)).size > 1;
}

/** MRZ dates are YYMMDD: birth dates are in the past, expiry dates within 50 years ahead. */
export function mrzDate(value: string | null | undefined, kind: 'birth' | 'expiry', today: string): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const currentYy = Number(today.slice(2, 4));
  const century = kind === 'birth' ? (yy > currentYy ? 1900 : 2000) : yy + 2000 - Number(today.slice(0, 4)) > 50 ? 1900 : 2000;
  return `${century + yy}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
}

/** MRZ document code → declarable id type. */
export function idTypeOfDocumentCode(code: string | null | undefined): string {
  if (!code) return 'unknown';
  if (code.startsWith('P')) return 'passport';
  if (code.startsWith('I') || code.startsWith('A') || code.startsWith('C')) return 'national_id';
  return 'other';
}

export function runChecks(e: AssessmentEvidence): CheckResult[] {
  const checks: CheckResult[] = [];
  if (e.selfieFace && e.documentFace) {
    if (!e.selfieFace.found) checks.push({ check: 'face_match', outcome: 'fail', reason_code: 'selfie_face_not_found', category: 'idv' });
    else if (!e.documentFace.found)
      checks.push({ check: 'face_match', outcome: 'fail', reason_code: 'document_face_not_found', category: 'idv' });
    else {
      const score = Math.round((e.faceSimilarity ?? 0) * 1000) / 1000;
      checks.push({
        check: 'face_match',
        outcome: score >= FACE_MATCH_THRESHOLD ? 'pass' : 'fail',
        reason_code: score >= FACE_MATCH_THRESHOLD ? 'face_match' : 'face_mismatch',
        category: 'idv',
        score,
      });
    }
  }
  if (e.liveness) {
    const faces = e.liveness.frames.filter((f) => f !== null).length;
    if (faces === 0) checks.push({ check: 'liveness', outcome: 'fail', reason_code: 'selfie_face_not_found', category: 'idv' });
    else if (e.liveness.minFrameSimilarity !== null && e.liveness.minFrameSimilarity < FRAME_CONSISTENCY_THRESHOLD) {
      checks.push({
        check: 'liveness',
        outcome: 'fail',
        reason_code: 'liveness_face_inconsistent',
        category: 'idv',
        score: e.liveness.minFrameSimilarity,
      });
    } else if (e.liveness.mode === 'active') {
      const met = challengeMet(e.liveness.frames);
      checks.push({
        check: 'liveness',
        outcome: met ? 'pass' : 'fail',
        reason_code: met ? 'liveness_challenge_met' : 'liveness_challenge_not_met',
        category: 'idv',
      });
    } else {
      checks.push({ check: 'liveness', outcome: 'pass', reason_code: 'liveness_face_present', category: 'idv' });
    }
  }
  if (e.mrz !== undefined) {
    const mrz = e.mrz;
    const licence = e.barcode?.captured ? e.barcode.licence : null;
    if (!mrz && licence) {
      // A licence without an MRZ (North American licences have none): its barcode carries the
      // document's data, so expiry, name and date of birth are the barcode checks below.
      checks.push({ check: 'mrz', outcome: 'info', reason_code: 'mrz_not_present', category: 'document' });
      checks.push(idTypeCheck(e.declaredIdType ?? 'driver_license', e.acceptedIdTypes));
      if (!e.profileName) checks.push({ check: 'name', outcome: 'info', reason_code: 'name_not_on_profile', category: 'idv' });
      if (!e.profileBirthDate)
        checks.push({ check: 'date_of_birth', outcome: 'info', reason_code: 'date_of_birth_not_on_profile', category: 'idv' });
    } else if (!mrz) checks.push({ check: 'mrz', outcome: 'fail', reason_code: 'mrz_unreadable', category: 'document' });
    else {
      checks.push({
        check: 'mrz',
        outcome: mrz.valid ? 'pass' : 'fail',
        reason_code: mrz.valid ? 'mrz_valid' : 'mrz_check_digit_invalid',
        category: 'document',
      });
      const expiry = mrzDate(mrz.fields.expirationDate, 'expiry', e.today);
      if (!expiry)
        checks.push({ check: 'document_expiry', outcome: 'fail', reason_code: 'document_expiry_unreadable', category: 'document' });
      else
        checks.push({
          check: 'document_expiry',
          outcome: expiry >= e.today ? 'pass' : 'fail',
          reason_code: expiry >= e.today ? 'document_not_expired' : 'document_expired',
          category: 'document',
        });
      const inferred = idTypeOfDocumentCode(mrz.fields.documentCode);
      if (
        e.declaredIdType &&
        inferred !== 'unknown' &&
        inferred !== 'other' &&
        e.declaredIdType !== inferred &&
        !(inferred === 'national_id' && e.declaredIdType !== 'passport')
      ) {
        checks.push({ check: 'id_type', outcome: 'fail', reason_code: 'id_type_mismatch', category: 'document' });
      } else checks.push(idTypeCheck(e.declaredIdType ?? inferred, e.acceptedIdTypes));
      const documentName = [mrz.fields.firstName, mrz.fields.lastName].filter(Boolean).join(' ');
      if (!e.profileName) checks.push({ check: 'name', outcome: 'info', reason_code: 'name_not_on_profile', category: 'idv' });
      else if (!documentName) checks.push({ check: 'name', outcome: 'fail', reason_code: 'name_unreadable', category: 'document' });
      else {
        const score = Math.round(compareNames(e.profileName, documentName, 'person').score * 1000) / 1000;
        checks.push({
          check: 'name',
          outcome: score >= NAME_THRESHOLD ? 'pass' : 'fail',
          reason_code: score >= NAME_THRESHOLD ? 'name_match' : 'name_mismatch',
          category: 'idv',
          score,
        });
      }
      const birth = mrzDate(mrz.fields.birthDate, 'birth', e.today);
      if (!e.profileBirthDate)
        checks.push({ check: 'date_of_birth', outcome: 'info', reason_code: 'date_of_birth_not_on_profile', category: 'idv' });
      else
        checks.push({
          check: 'date_of_birth',
          outcome: birth === e.profileBirthDate ? 'pass' : 'fail',
          reason_code: birth === e.profileBirthDate ? 'date_of_birth_match' : 'date_of_birth_mismatch',
          category: 'idv',
        });
    }
    if (e.barcode && !e.barcode.captured)
      checks.push({ check: 'barcode', outcome: 'info', reason_code: 'barcode_not_captured', category: 'document' });
    else if (e.barcode?.captured) {
      const front = mrz
        ? {
            documentNumber: mrz.fields.documentNumber,
            birthDate: mrzDate(mrz.fields.birthDate, 'birth', e.today),
            expiryDate: mrzDate(mrz.fields.expirationDate, 'expiry', e.today),
          }
        : {};
      checks.push(...barcodeChecks({ today: e.today, profileName: e.profileName, profileBirthDate: e.profileBirthDate, licence, front }));
    }
  }
  for (const questionnaire of e.questionnaires ?? []) {
    // Answers are results, not evidence to judge: an answered questionnaire passes, a skipped
    // optional one is recorded. Either flags only when the workflow's flag_settings say `review`.
    checks.push(
      questionnaire.answered > 0
        ? { check: 'questionnaire', outcome: 'pass', reason_code: 'questionnaire_answered', category: 'questionnaire' }
        : { check: 'questionnaire', outcome: 'info', reason_code: 'questionnaire_skipped', category: 'questionnaire' },
    );
  }
  return checks;
}

function idTypeCheck(idType: string, accepted: string[]): CheckResult {
  return accepted.includes(idType)
    ? { check: 'id_type', outcome: 'pass', reason_code: 'id_type_accepted', category: 'document' }
    : { check: 'id_type', outcome: 'fail', reason_code: 'id_type_not_accepted', category: 'document' };
}

/** The review overrides a workflow may set per reason code (the session's copied flag_settings). */
export type FlagSetting = 'review' | 'ignore';

/** Whether a check holds the session for review under the session's flag settings. */
export function flags(check: CheckResult, flagSettings: Record<string, string> = {}): boolean {
  const setting = flagSettings[check.reason_code];
  if (setting === 'ignore') return false;
  if (setting === 'review') return true;
  return check.outcome === 'fail';
}

export function decide(
  checks: CheckResult[],
  flagSettings: Record<string, string> = {},
): { decision: 'pass' | 'review'; flagCategories: FlagCategory[] } {
  const flagging = checks.filter((c) => flags(c, flagSettings));
  return flagging.length === 0
    ? { decision: 'pass', flagCategories: [] }
    : { decision: 'review', flagCategories: [...new Set(flagging.map((c) => c.category))] };
}
