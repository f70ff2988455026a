// Unit tests of the licence barcode cross-checks (profile, front, expiry).
import { parseAamva } from './aamva';
import { barcodeChecks, BarcodeEvidence } from './barcode-checks';

const licence = parseAamva(
  '@\n\x1e\rANSI 636014090102DL00410278ZC03190024DLDAQD1234562\nDCSOBAMA\nDACBARACK\nDBB08041961\nDBA05312034\nDCGUSA\n',
);
const base: BarcodeEvidence = {
  today: '2026-11-23',
  profileName: 'Barack Obama',
  profileBirthDate: '1961-08-04',
  licence,
  front: { documentNumber: 'D1234562', birthDate: '1961-08-04', expiryDate: '2034-05-31' },
};
const reasons = (e: BarcodeEvidence, outcome: string) =>
  barcodeChecks(e)
    .filter((c) => c.outcome === outcome)
    .map((c) => c.reason_code);

describe('licence barcode checks', () => {
  it('passes every check when barcode, front and profile agree', () => {
    expect(reasons(base, 'fail')).toEqual([]);
    expect(reasons(base, 'pass')).toEqual([
      'barcode_decoded',
      'barcode_not_expired',
      'barcode_front_match',
      'barcode_name_match',
      'barcode_date_of_birth_match',
    ]);
  });
  it.each([
    [{ licence: null }, 'barcode_unreadable'],
    [{ today: '2035-01-01' }, 'barcode_expired'],
    [{ front: { documentNumber: 'D7654321' } }, 'barcode_front_mismatch'],
    [{ front: { birthDate: '1962-08-04' } }, 'barcode_front_mismatch'],
    [{ profileName: 'Joe Biden' }, 'barcode_name_mismatch'],
    [{ profileBirthDate: '1962-01-01' }, 'barcode_date_of_birth_mismatch'],
  ])('%j → %s', (change, reason) => {
    expect(reasons({ ...base, ...change }, 'fail')).toContain(reason);
  });
  it('treats a field the front did not read as no disagreement', () => {
    expect(reasons({ ...base, front: {} }, 'pass')).toContain('barcode_front_match');
  });
  it('skips profile checks the profile cannot support', () => {
    const codes = barcodeChecks({ ...base, profileName: null, profileBirthDate: null }).map((c) => c.reason_code);
    expect(codes).not.toContain('barcode_name_match');
    expect(codes).not.toContain('barcode_date_of_birth_match');
  });
});
