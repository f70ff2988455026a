/** Quote-aware CSV/TSV parsing shared by the loaders (RFC 4180 plus the quirks of the shipped files). */

export interface CsvOptions {
  delimiter?: string;
  /** File name used in error messages. */
  file?: string;
}

/**
 * Yields rows of fields with the 1-based line number where each row starts.
 * Handles quoted fields containing delimiters, doubled quotes and newlines; CRLF; a trailing 0x1A (DOS EOF).
 */
export function* parseCsv(text: string, opts: CsvOptions = {}): Generator<{ fields: string[]; line: number }> {
  const d = opts.delimiter ?? ',';
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let rowDone = false;
    while (!rowDone) {
      if (i < n && text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new Error(`${opts.file ?? 'csv'}:${startLine}: unterminated quoted field`);
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
        // tolerate junk between the closing quote and the delimiter (OFAC writes `-0- ,`)
        while (i < n && text[i] !== d && text[i] !== '\n' && text[i] !== '\r') {
          if (text[i] !== ' ') field += text[i];
          i++;
        }
      } else {
        while (i < n && text[i] !== d && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      }
      fields.push(field);
      field = '';
      if (i >= n) rowDone = true;
      else if (text[i] === d) i++;
      else {
        if (text[i] === '\r') i++;
        if (text[i] === '\n') {
          i++;
          line++;
        }
        rowDone = true;
      }
    }
    if (fields.length === 1 && (fields[0].trim() === '' || fields[0] === '\x1a')) continue;
    yield { fields, line: startLine };
  }
}

/** OFAC writes `-0-` (often followed by a space) for empty fields. */
export function ofacField(v: string | undefined): string {
  if (v === undefined) return '';
  const t = v.trim();
  return t === '-0-' ? '' : t;
}
