import fs from 'node:fs';
import path from 'node:path';
import { explainReason, REASON_EXPLANATIONS } from './reason-codes';

const CHECK_NAMES = ['face_match', 'liveness', 'mrz', 'document_expiry', 'id_type', 'name', 'date_of_birth', 'barcode'];

// The documented table of checks and reason codes (docs/idv-capture.md) is the list the reviewer
// may meet: every code in it needs an explanation.
function documentedCodes(): string[] {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/idv-capture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Checks and reason codes'), doc.indexOf('Every `fail` above'));
  const rows = section.split('\n').filter((line) => line.startsWith('|') && !line.startsWith('| check') && !line.startsWith('|---'));
  const codes = rows.flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
  // Prose in the table names checks too ("the same comparison as `name`"): those are not codes.
  return [...new Set(codes)].filter((code) => !CHECK_NAMES.includes(code));
}

it('explains every documented reason code in words', () => {
  const codes = documentedCodes();
  expect(codes.length).toBeGreaterThan(30);
  expect(codes.filter((code) => !(code in REASON_EXPLANATIONS))).toEqual([]);
});

it('every code the check modules emit is explained', () => {
  const source = ['checks.ts', 'barcode-checks.ts'].map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8')).join('\n');
  const emitted = new Set(
    [...source.matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)]
      .map((m) => m[1])
      .filter(
        (code) =>
          code in REASON_EXPLANATIONS ||
          /_(match|mismatch|not_|valid|unreadable|expired|present|met|accepted|decoded|captured|inconsistent|found)/.test(code),
      ),
  );
  const unknown = [...emitted].filter((code) => !(code in REASON_EXPLANATIONS) && !CHECK_NAMES.includes(code));
  expect(unknown).toEqual([]);
});

it('an unknown code still gets a sentence', () => {
  expect(explainReason('something_new')).toContain('something_new');
});
