// A `timestamp` column's text as the UTC instant it stores. Prisma writes DateTime as
// `timestamp(3)` (no zone) in UTC; node-postgres would read that text as local time.
//
// The common shape, "YYYY-MM-DD HH:MM:SS" with up to six fraction digits, is read digit by digit
// into Date.UTC, faster than building ISO text for Date's string parser (a page of 20 sessions with
// their profiles parses some 160 of them per request). Anything else PostgreSQL may write (years
// before 100 or after 9999, BC, infinity) takes the string parser, as before.

import { dateTimeFieldsAt, digitsAt } from '../text/digits';

const byStringParser = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

/** Whether the separators of "YYYY-MM-DD HH:MM:SS[.ffffff]" are where they belong. */
function separatorsInPlace(text: string): boolean {
  const length = text.length;
  return (
    (length === 19 || (length >= 21 && length <= 26 && text.charCodeAt(19) === 46)) &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58
  );
}

export function parseUtcTimestamp(text: string): Date {
  if (!separatorsInPlace(text)) return byStringParser(text);
  const fields = dateTimeFieldsAt(text);
  // Milliseconds are the first three fraction digits (Date keeps no finer; the string parser
  // truncates too); the finer ones need only be digits.
  const millisecondsEnd = Math.min(text.length, 23);
  const fraction = digitsAt(text, 20, millisecondsEnd);
  const finer = digitsAt(text, 23, text.length);
  // Date.UTC reads years 0-99 as 1900-1999: those, and anything not all digits, go to the string parser.
  if (!fields || (fraction | finer) < 0 || fields.year < 100) return byStringParser(text);
  const { year, month, day, hour, minute, second } = fields;
  const milliseconds = fraction * 10 ** (23 - millisecondsEnd);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds));
}
