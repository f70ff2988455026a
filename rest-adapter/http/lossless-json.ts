// Lossless JSON for the REST surface: integers beyond 2^53 (custom number fields go to the full
// signed 64-bit range) are kept as LosslessNumber instead of being rounded by JSON.parse, and
// are written back digit for digit.
import { isLosslessNumber, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

export { isLosslessNumber, LosslessNumber };

export function parseLossless(text: string): unknown {
  return parse(text, null, (digits) => (isSafeNumber(digits) ? Number(digits) : new LosslessNumber(digits)));
}

export function stringifyLossless(value: unknown): string {
  return stringify(value) ?? 'null';
}

/** Parses JSON text that a subgraph returned as a string (e.g. exact custom field values). */
export function rawJson(text: string | null | undefined): unknown {
  return text === null || text === undefined ? null : parseLossless(text);
}
