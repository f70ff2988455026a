// Lossless JSON for the REST surface: integers beyond 2^53 (custom number fields go to the full
// signed 64-bit range) are kept as LosslessNumber instead of being rounded by JSON.parse, and
// are written back digit for digit.
import { isLosslessNumber, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

export { isLosslessNumber, LosslessNumber };

export function parseLossless(text: string): unknown {
  return parse(text, null, (digits) => (isSafeNumber(digits) ? Number(digits) : new LosslessNumber(digits)));
}

/** JSON text of a REST answer. Most answers hold no number JSON.stringify would round (a
 * LosslessNumber or a bigint): those take the native serializer, several times faster than the
 * lossless one and without its intermediate strings; the others keep their digits. */
export function stringifyLossless(value: unknown): string {
  return (holdsExactNumbers(value) ? stringify(value) : JSON.stringify(value)) ?? 'null';
}

/** Whether a value (walked the way JSON.stringify walks it) holds a LosslessNumber or a bigint. */
function holdsExactNumbers(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  if (value === null || typeof value !== 'object') return false;
  if (isLosslessNumber(value)) return true;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return holdsExactNumbers((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) return value.some(holdsExactNumbers);
  for (const key of Object.keys(value)) if (holdsExactNumbers((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** Parses JSON text that a subgraph returned as a string (e.g. exact custom field values). */
export function rawJson(text: string | null | undefined): unknown {
  return text === null || text === undefined ? null : parseLossless(text);
}
