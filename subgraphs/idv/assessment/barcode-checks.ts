// Cross-checks of a driving licence's AAMVA barcode against the profile, the document front (OCR)
// and today's date. One reason code per check; the barcode is the stronger source (it carries no
// OCR noise), so a disagreement with the front flags the document, not the customer.
import { compareNames } from '../../../lib/names/score';
import { DEFAULT_THRESHOLD as NAME_THRESHOLD } from '../../../lib/names/levels';
import { AamvaLicence } from './aamva';
import type { CheckResult } from './check-result';

/** What the front of the licence said, as far as OCR could read it. */
export interface LicenceFront {
  documentNumber?: string | null;
  birthDate?: string | null;
  expiryDate?: string | null;
}

export interface BarcodeEvidence {
  today: string;
  profileName: string | null;
  profileBirthDate: string | null;
  /** Null when no PDF417 could be decoded from the back, or its text was not AAMVA. */
  licence: AamvaLicence | null;
  front: LicenceFront;
}

const check = (
  outcome: CheckResult['outcome'],
  reason_code: CheckResult['reason_code'],
  category: CheckResult['category'] = 'document',
  score?: number,
): CheckResult => ({ check: 'barcode', outcome, reason_code, category, ...(score === undefined ? {} : { score }) });

/** Compares what both sides say; a side that says nothing is not a disagreement. */
const agrees = (a: string | null | undefined, b: string | null | undefined) => !a || !b || normalise(a) === normalise(b);
const normalise = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function barcodeChecks(e: BarcodeEvidence): CheckResult[] {
  const l = e.licence;
  if (!l) return [check('fail', 'barcode_unreadable')];
  const checks: CheckResult[] = [check('pass', 'barcode_decoded')];
  if (!l.expiryDate) checks.push(check('fail', 'barcode_expiry_unreadable'));
  else checks.push(l.expiryDate >= e.today ? check('pass', 'barcode_not_expired') : check('fail', 'barcode_expired'));
  const frontAgrees =
    agrees(l.documentNumber, e.front.documentNumber) && agrees(l.birthDate, e.front.birthDate) && agrees(l.expiryDate, e.front.expiryDate);
  checks.push(frontAgrees ? check('pass', 'barcode_front_match') : check('fail', 'barcode_front_mismatch'));
  const barcodeName = [l.firstName, l.lastName].filter(Boolean).join(' ');
  if (e.profileName && barcodeName) {
    const score = Math.round(compareNames(e.profileName, barcodeName, 'person').score * 1000) / 1000;
    checks.push(
      score >= NAME_THRESHOLD ? check('pass', 'barcode_name_match', 'idv', score) : check('fail', 'barcode_name_mismatch', 'idv', score),
    );
  }
  if (e.profileBirthDate && l.birthDate) {
    checks.push(
      l.birthDate === e.profileBirthDate
        ? check('pass', 'barcode_date_of_birth_match', 'idv')
        : check('fail', 'barcode_date_of_birth_mismatch', 'idv'),
    );
  }
  return checks;
}
