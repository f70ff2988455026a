// Exact JSON text for custom field values. Every number is kept as a LosslessNumber (its digits as
// written), so a value is stored and emitted exactly as it was accepted.
import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';

export { isLosslessNumber, LosslessNumber };

/** Parses JSON text keeping every number's exact text. Throws on malformed JSON. */
export function parseExact(text: string): unknown {
  return parse(text, null, (digits) => new LosslessNumber(digits));
}

export function stringifyExact(value: unknown): string {
  return stringify(value) ?? 'null';
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN_ABS = 9223372036854775808n;

/** True when the JSON number text lies within the signed 64-bit range [-2^63, 2^63-1]. */
export function withinInt64Range(text: string): boolean {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return false;
  const negative = match[1] === '-';
  let digits = match[2] + (match[3] ?? '');
  let point = match[2].length + Number(match[4] ?? '0');
  // Strip leading zeros (they move the decimal point with them).
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading);
  point -= leading;
  if (digits.length === 0 || point <= 0) return true; // zero, or |x| < 1
  if (point > 19) return false; // at least 10^19 > 2^63
  const integerPart = BigInt(digits.slice(0, point).padEnd(point, '0'));
  const hasFraction = /[1-9]/.test(digits.slice(point));
  const limit = negative ? INT64_MIN_ABS : INT64_MAX;
  return integerPart < limit || (integerPart === limit && !hasFraction);
}
