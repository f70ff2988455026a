// Reading fixed-width numbers out of text by character code, for the hot parsers of dates and
// timestamps (a regular expression plus Number() per field costs several times as much).

/** The number the decimal digits from `from` up to `to` write, or -1 when one of them is not a digit. */
export function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at++) {
    const digit = text.charCodeAt(at) - 48;
    // Below '0' the difference is negative, which the unsigned shift makes larger than 9.
    if (digit >>> 0 > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The calendar fields of a date and time written "YYYY-MM-DD?HH:MM:SS" (ISO 8601 and PostgreSQL's
 * timestamp text alike; the separators are the caller's to check). */
export interface DateTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The fields at the start of `text`, or null when one of them is not all digits. */
export function dateTimeFieldsAt(text: string): DateTimeFields | null {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  return (year | month | day | hour | minute | second) < 0 ? null : { year, month, day, hour, minute, second };
}
