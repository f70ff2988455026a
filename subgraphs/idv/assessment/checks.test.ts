// Unit tests of the assessment's pure parts: the decision, liveness challenge, MRZ dates and the
// OCR repairs of MRZ lines.
import { parseAamva } from './aamva';
import { challengeMet, decide, idTypeOfDocumentCode, mrzDate, runChecks, AssessmentEvidence } from './checks';
import { faceSimilarity, FACE_MATCH_THRESHOLD } from './face-match';
import { mrzLines, repairTd3Line1, repairTd3Line2 } from './mrz-reader';

const mrz = (fields: Record<string, string | null>, valid = true) => ({
  format: 'TD3',
  valid,
  fields,
  invalidFields: [],
  lines: [],
  confidence: 0.9,
});
const base: AssessmentEvidence = {
  today: '2026-11-23',
  profileName: 'Barack Obama',
  profileBirthDate: null,
  selfieFace: { found: true },
  documentFace: { found: true },
  faceSimilarity: 0.5,
  liveness: { mode: 'passive', frames: [['facing center']], minFrameSimilarity: null },
  mrz: mrz({
    documentCode: 'P',
    issuingState: 'USA',
    lastName: 'OBAMA',
    firstName: 'BARACK',
    expirationDate: '340531',
    birthDate: '610804',
  }),
  declaredIdType: 'passport',
  acceptedIdTypes: ['passport', 'national_id'],
};

describe('decision', () => {
  it('passes only when no check fails', () => {
    expect(decide(runChecks(base))).toEqual({ decision: 'pass', flagCategories: [] });
  });
  it.each([
    [{ faceSimilarity: FACE_MATCH_THRESHOLD - 0.001 }, 'face_mismatch', 'idv'],
    [{ documentFace: { found: false } }, 'document_face_not_found', 'idv'],
    [{ mrz: null }, 'mrz_unreadable', 'document'],
    [{ mrz: mrz({ ...base.mrz!.fields, expirationDate: '190228' }) }, 'document_expired', 'document'],
    [{ mrz: mrz(base.mrz!.fields, false) }, 'mrz_check_digit_invalid', 'document'],
    [{ acceptedIdTypes: ['national_id'] }, 'id_type_not_accepted', 'document'],
    [{ declaredIdType: 'national_id' }, 'id_type_mismatch', 'document'],
    [{ profileName: 'Joe Biden' }, 'name_mismatch', 'idv'],
    [{ profileBirthDate: '1962-01-01' }, 'date_of_birth_mismatch', 'idv'],
    [
      { liveness: { mode: 'active' as const, frames: [['facing center'], ['facing center'], ['facing center']], minFrameSimilarity: 0.9 } },
      'liveness_challenge_not_met',
      'idv',
    ],
    [
      { liveness: { mode: 'active' as const, frames: [['facing center'], ['facing left'], ['facing left']], minFrameSimilarity: 0.2 } },
      'liveness_face_inconsistent',
      'idv',
    ],
  ])('%j → requires review with %s', (change, reason, category) => {
    const checks = runChecks({ ...base, ...change });
    expect(checks.filter((c) => c.outcome === 'fail').map((c) => c.reason_code)).toContain(reason);
    expect(decide(checks)).toMatchObject({ decision: 'review', flagCategories: expect.arrayContaining([category]) });
  });
  it('records what it cannot check as info, not as a failure', () => {
    const checks = runChecks({
      ...base,
      declaredIdType: 'driver_license',
      acceptedIdTypes: ['driver_license'],
      mrz: mrz({ ...base.mrz!.fields, documentCode: 'ID' }),
      barcode: { captured: false },
    });
    expect(checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason_code: 'date_of_birth_not_on_profile', outcome: 'info' }),
        expect.objectContaining({ reason_code: 'barcode_not_captured', outcome: 'info' }),
      ]),
    );
    expect(decide(checks).decision).toBe('pass');
  });
});

describe('driving licence barcode', () => {
  const licence = parseAamva(
    '@\n\x1e\rANSI 636014090102DL00410278ZC03190024DLDAQD1234562\nDCSOBAMA\nDACBARACK\nDBB08041961\nDBA05312034\nDCGUSA\n',
  )!;
  const dl: AssessmentEvidence = {
    ...base,
    mrz: null,
    declaredIdType: 'driver_license',
    acceptedIdTypes: ['driver_license'],
    profileBirthDate: '1961-08-04',
    barcode: { captured: true, licence },
  };
  const codes = (e: AssessmentEvidence, outcome: string) =>
    runChecks(e)
      .filter((c) => c.outcome === outcome)
      .map((c) => c.reason_code);

  it('a licence without an MRZ is read from its barcode: every check passes', () => {
    expect(codes(dl, 'fail')).toEqual([]);
    expect(codes(dl, 'info')).toEqual(['mrz_not_present']);
    expect(codes(dl, 'pass')).toEqual(
      expect.arrayContaining([
        'id_type_accepted',
        'barcode_decoded',
        'barcode_not_expired',
        'barcode_front_match',
        'barcode_name_match',
        'barcode_date_of_birth_match',
      ]),
    );
    expect(decide(runChecks(dl)).decision).toBe('pass');
  });
  it.each([
    [{ barcode: { captured: true, licence: null } }, 'mrz_unreadable'],
    [{ barcode: { captured: true, licence: null } }, 'barcode_unreadable'],
    [{ profileName: 'Joe Biden' }, 'barcode_name_mismatch'],
    [{ profileBirthDate: '1970-01-01' }, 'barcode_date_of_birth_mismatch'],
    [{ today: '2035-01-01' }, 'barcode_expired'],
    [{ acceptedIdTypes: ['passport'] }, 'id_type_not_accepted'],
    [{ mrz: mrz({ ...base.mrz!.fields, documentCode: 'ID', documentNumber: 'Z9999999' }) }, 'barcode_front_mismatch'],
  ])('%j → requires review with %s', (change, reason) => {
    const checks = runChecks({ ...dl, ...change });
    expect(checks.filter((c) => c.outcome === 'fail').map((c) => c.reason_code)).toContain(reason);
    expect(decide(checks).decision).toBe('review');
  });
});

describe('liveness challenge', () => {
  it('is met by a head turn or a blink across frames, not by one pose', () => {
    expect(challengeMet([['facing center'], ['facing left']])).toBe(true);
    expect(challengeMet([['facing center'], ['facing center', 'blink left eye']])).toBe(true);
    expect(challengeMet([['facing center'], ['facing center'], null])).toBe(false);
    expect(challengeMet([['facing left']])).toBe(false);
  });
});

describe('MRZ', () => {
  it('dates: birth dates in the past century when needed, expiry dates ahead', () => {
    expect(mrzDate('610804', 'birth', '2026-11-23')).toBe('1961-08-04');
    expect(mrzDate('050101', 'birth', '2026-11-23')).toBe('2005-01-01');
    expect(mrzDate('340531', 'expiry', '2026-11-23')).toBe('2034-05-31');
    expect(mrzDate('19O228', 'expiry', '2026-11-23')).toBeNull();
    expect(idTypeOfDocumentCode('P')).toBe('passport');
    expect(idTypeOfDocumentCode('ID')).toBe('national_id');
  });
  it('repairs fillers read as K, L, C and extra characters in TD3 lines', () => {
    expect(repairTd3Line1('P<USAOBAMA<K<KBARACK<<K<LLLLLLLLLLLKLLLLLLLLKLKLKLKLKL')).toBe('P<USAOBAMA<<BARACK<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(repairTd3Line1('P<USAOBAMA<<KBARACK<<KLKLLLLLLKLLLLLLLLKLKKLLKKKL')).toBe('P<USAOBAMA<<BARACK<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(repairTd3Line2('X123456785USA6108045M3405318<<<<KKKKLKLKLK<LK<04')).toBe('X123456785USA6108045M3405318<<<<<<<<<<<<<<04');
    expect(mrzLines('noise\nP<USAOBAMA<<BARACK<<KLKLLLLLLKLLLLLLLLKLKKLLKKKL\nX123456785USA6108045M3405318<<<<<<<<<<<<<<04\n')).toEqual([
      'P<USAOBAMA<<BARACK<<<<<<<<<<<<<<<<<<<<<<<<<<',
      'X123456785USA6108045M3405318<<<<<<<<<<<<<<04',
    ]);
    expect(mrzLines('nothing here')).toEqual([]);
  });
});

describe('face similarity', () => {
  it('is 1 for the same embedding, symmetric, and 0 for mismatched lengths', () => {
    const a = [0.1, 0.5, 0.2, 0.9];
    const b = [0.3, 0.1, 0.8, 0.2];
    expect(faceSimilarity(a, a)).toBeCloseTo(1);
    expect(faceSimilarity(a, b)).toBeCloseTo(faceSimilarity(b, a));
    expect(faceSimilarity(a, [1, 2])).toBe(0);
  });
});
