// A `timestamp` column's text as the UTC instant it stores. Prisma writes DateTime as
// `timestamp(3)` (no zone) in UTC; node-postgres would read that text as local time.
//
// The common shape, "YYYY-MM-DD HH:MM:SS" with up to six fraction digits, is read digit by digit
// into Date.UTC, faster than building ISO text for Date's string parser (a page of 20 sessions with
// their profiles parses some 160 of them per request). Anything else PostgreSQL may write (years
// before 100 or after 9999, BC, infinity) takes the string parser, as before.

const byStringParser = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

/** The number the two digits at `at` write, or -1 when either is not a digit. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >>> 0 > 9 || ones >>> 0 > 9 ? -1 : tens * 10 + ones;
}

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
  const century = twoDigits(text, 0);
  const yearOfCentury = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  // The first three fraction digits: Date keeps milliseconds (the string parser truncates too).
  let milliseconds = 0;
  let fractionIsDigits = true;
  for (let at = 20, scale = 100; at < text.length; at++, scale /= 10) {
    const value = text.charCodeAt(at) - 48;
    if (value >>> 0 > 9) fractionIsDigits = false;
    else if (at < 23) milliseconds += value * scale;
  }
  const year = century * 100 + yearOfCentury;
  // Date.UTC reads years 0-99 as 1900-1999: those, and anything not all digits, go to the string parser.
  if ((century | yearOfCentury | month | day | hour | minute | second) < 0 || !fractionIsDigits || year < 100) return byStringParser(text);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds));
}
