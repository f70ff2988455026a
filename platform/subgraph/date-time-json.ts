// A DateTime leaf's JSON value without graphql-scalars' validation walk, for the values whose
// answer is known without it.
//
// graphql-scalars' DateTime serializes an ISO string by upper-casing it, three regular expressions,
// three Date parses and two substrings, then answers a Date (serializeScalarsToJsonValues makes that
// its ISO text again): ~1-2 µs a leaf, and a page of 20 sessions has ~100 of them. The data layers
// hand over Dates (raw reads) or the ISO text of one (`toISOString`, the views), for which the answer
// is that same text: recognised here in 50-90 ns. Anything else returns undefined and takes the
// scalar's own serialize (an offset, another precision, a number, an invalid date and its error).

import { dateTimeFieldsAt, digitsAt } from '../text/digits';

const DASH = 45;
const COLON = 58;
const DOT = 46;
const T = 84;
const Z = 90;

const leapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `text` is what Date#toISOString writes for a year 0-9999: YYYY-MM-DDTHH:MM:SS.mmmZ, a real calendar instant. */
export function isIsoInstantText(text: string): boolean {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== T ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON ||
    text.charCodeAt(19) !== DOT ||
    text.charCodeAt(23) !== Z
  )
    return false;
  const fields = dateTimeFieldsAt(text);
  const milliseconds = digitsAt(text, 20, 23);
  if (!fields || milliseconds < 0) return false;
  const { year, month, day, hour, minute, second } = fields;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= (month === 2 && leapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** The JSON value graphql-scalars' DateTime and a JSON round trip give `value`, when known without them. */
export function dateTimeJsonValue(value: unknown): string | undefined {
  if (value instanceof Date) {
    // The scalar answers a valid Date as it is, and JSON writes its toISOString.
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  }
  return typeof value === 'string' && isIsoInstantText(value) ? value : undefined;
}
