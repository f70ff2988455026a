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
