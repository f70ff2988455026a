// The batch upload's CSV work, all in the browser: read the file (RFC 4180 quoting, a BOM, comma,
// semicolon or tab as the separator, each record's first line kept for the messages), guess which
// column holds which field from the header, and check every row with the rules a single search
// applies (docs/screening-batch.md), so bad rows are listed by line before anything is sent.
import type { ScreeningBatchEntityInput, ScreeningQueryType } from '../graphql/generated';

export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

/** Limits of the batch API (docs/screening-batch.md, "Limits"). */
export const BATCH_MAX_ROWS = 100_000;
export const BATCH_MAX_BYTES = 32 * 1024 * 1024;
const NAME_MAX = 512;
const CUSTOM_ID_MAX = 256;

export const BATCH_FIELDS = ['name', 'type', 'dateOfBirth', 'country', 'customId'] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];
/** Column index per field; -1: not mapped. */
export type ColumnMapping = Record<BatchField, number>;

const TYPES: readonly ScreeningQueryType[] = [
  'individual',
  'person',
  'entity',
  'organization',
  'organisation',
  'company',
  'vessel',
  'aircraft',
];

/** Parses CSV text; the separator is the one of comma, semicolon and tab the first line holds most of. */
export function parseCsv(text: string): CsvTable {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((separator) => [separator, firstLine.split(separator).length] as const);
  const separator = counts.reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  const rows: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== '') rows.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      touched = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length || touched) endRecord();
  const [head, ...records] = rows;
  return { header: (head?.cells ?? []).map((name) => name.trim()), records };
}

const HEADER_WORDS: Record<BatchField, string[]> = {
  name: ['name', 'fullname', 'names', 'entityname', 'customername', 'legalname', 'vorname nachname', 'firma'],
  type: ['type', 'entitytype', 'kind', 'category', 'typ', 'art'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday', 'born', 'geburtsdatum', 'geboren'],
  country: ['country', 'countrycode', 'nationality', 'citizenship', 'residence', 'land', 'staat', 'staatsangehorigkeit'],
  customId: ['customid', 'customerid', 'id', 'reference', 'ref', 'externalid', 'clientid', 'kundennummer', 'referenz'],
};

function headerKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

/** Which column holds which field, from the header's words (each column used at most once). */
export function guessMapping(header: string[]): ColumnMapping {
  const keys = header.map(headerKey);
  const taken = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const field of BATCH_FIELDS) {
    const words = HEADER_WORDS[field].map(headerKey);
    let index = keys.findIndex((key, i) => !taken.has(i) && words.includes(key));
    // "Customer name", "Country of residence": a header that starts with one of the words.
    if (index < 0) index = keys.findIndex((key, i) => !taken.has(i) && words.some((word) => word.length > 3 && key.startsWith(word)));
    if (index >= 0) taken.add(index);
    mapping[field] = index;
  }
  return mapping;
}

export type RowProblemCode = 'missingName' | 'nameTooLong' | 'badType' | 'badDate' | 'badCountry' | 'customIdTooLong' | 'server';

export interface RowProblem {
  line: number;
  code: RowProblemCode;
  /** The offending value (or the server's message for `server`). */
  value: string;
}

export interface CheckedRows {
  entities: { line: number; entity: ScreeningBatchEntityInput }[];
  problems: RowProblem[];
}

/** YYYY, YYYY-MM or YYYY-MM-DD naming a real calendar date between 1800 and 2200 (the API's rule). */
export function validDateOfBirth(value: string): boolean {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  if (Number(year) < 1800 || Number(year) > 2200) return false;
  if (month && (Number(month) < 1 || Number(month) > 12)) return false;
  if (day) {
    const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day)) return false;
  }
  return true;
}

let countryNames: Map<string, string> | undefined;
const regionNames = () => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An ISO 3166-1 alpha-2 code, or an English country name (the browser's own list of names). The
 * API checks again with its table; a row it refuses comes back named by its line. */
export function countryOf(value: string): string | undefined {
  const trimmed = value.trim().replace(/\.$/, '');
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    // Private-use codes (AA, QM-QZ, XA-XZ but Kosovo, ZZ) name no country.
    if (code === 'AA' || code === 'ZZ' || /^Q[M-Z]$/.test(code) || (/^X[A-Z]$/.test(code) && code !== 'XK')) return undefined;
    return regionNames().of(code) ? code : undefined;
  }
  if (!countryNames) {
    const names = regionNames();
    countryNames = new Map();
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code && !/unknown/i.test(name)) countryNames.set(headerKey(name), code);
      }
  }
  return countryNames.get(headerKey(trimmed)) ? trimmed : undefined;
}

/** Checks every record against the mapping; the good ones become the mutation's entities. */
export function checkRows(records: CsvRecord[], mapping: ColumnMapping): CheckedRows {
  const entities: CheckedRows['entities'] = [];
  const problems: RowProblem[] = [];
  const cell = (record: CsvRecord, field: BatchField) => (mapping[field] >= 0 ? (record.cells[mapping[field]] ?? '').trim() : '');
  for (const record of records) {
    const name = cell(record, 'name');
    const type = cell(record, 'type').toLowerCase();
    const dateOfBirth = cell(record, 'dateOfBirth');
    const country = cell(record, 'country');
    const customId = cell(record, 'customId');
    const found: RowProblem[] = [];
    if (!name) found.push({ line: record.line, code: 'missingName', value: '' });
    else if (name.length > NAME_MAX) found.push({ line: record.line, code: 'nameTooLong', value: `${name.slice(0, 40)}…` });
    if (type && !TYPES.includes(type as ScreeningQueryType)) found.push({ line: record.line, code: 'badType', value: type });
    if (dateOfBirth && !validDateOfBirth(dateOfBirth)) found.push({ line: record.line, code: 'badDate', value: dateOfBirth });
    if (country && !countryOf(country)) found.push({ line: record.line, code: 'badCountry', value: country });
    if (customId.length > CUSTOM_ID_MAX) found.push({ line: record.line, code: 'customIdTooLong', value: `${customId.slice(0, 40)}…` });
    if (found.length) {
      problems.push(...found);
      continue;
    }
    entities.push({
      line: record.line,
      entity: {
        name,
        type: (type as ScreeningQueryType) || undefined,
        dateOfBirth: dateOfBirth || undefined,
        country: country || undefined,
        customId: customId || undefined,
      },
    });
  }
  return { entities, problems };
}

/** A refusal of the API that names an entity (`requests[12].country: ...`): its line in the file. */
export function lineOfRefusal(message: string, lines: number[]): RowProblem | undefined {
  const match = /requests\[(\d+)\]/.exec(message);
  const line = match ? lines[Number(match[1])] : undefined;
  return line === undefined ? undefined : { line, code: 'server', value: message };
}
