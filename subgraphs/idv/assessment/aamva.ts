// Parser of the AAMVA card design standard text that a driving licence's PDF417 carries
// (the decoder hands us the plain text). Only the elements the assessment cross-checks are named;
// every element is still returned so /data can show what the barcode said.

/** The fields of an AAMVA DL/ID subfile the assessment uses, plus every raw element. */
export interface AamvaLicence {
  /** AAMVA version number from the header (1 = AAMVA 2000, 10 = 2020). */
  version: number;
  /** Issuer identification number (IIN) from the header, e.g. 636014 for California. */
  issuerId: string;
  lastName: string | null;
  firstName: string | null;
  /** ISO date (YYYY-MM-DD) or null when absent or not a real date. */
  birthDate: string | null;
  expiryDate: string | null;
  documentNumber: string | null;
  /** Country of the issuer (DCG), USA or CAN. */
  country: string | null;
  /** Every element of the DL/ID subfile, keyed by its three-letter id. */
  elements: Record<string, string>;
}

const HEADER = /^@\s*\n?\x1e\r?ANSI ?(\d{6})(\d{2})/;

/** Parses AAMVA text; returns null when the text is not an AAMVA licence barcode. */
export function parseAamva(text: string): AamvaLicence | null {
  const header = HEADER.exec(text);
  if (!header) return null;
  const version = Number(header[2]);
  const subfile = text.search(/(?:DL|ID)DAQ|(?:DL|ID)DC[A-Z]|(?:DL|ID)D[A-Z]{2}/);
  if (subfile < 0) return null;
  const elements: Record<string, string> = {};
  // The first element follows the two-letter subfile type; the rest are one per line.
  for (const line of text.slice(subfile + 2).split(/[\n\r]+/)) {
    const m = /^([A-Z]{3})(.*)$/.exec(line.trim());
    if (m && !(m[1] in elements)) elements[m[1]] = m[2].trim();
  }
  const country = elements.DCG ?? null;
  // AAMVA 2000 and Canadian issuers write CCYYMMDD; US issuers since 2003 write MMDDCCYY.
  const yearFirst = version <= 1 || country === 'CAN';
  const date = (v: string | undefined) => aamvaDate(v, yearFirst);
  return {
    version,
    issuerId: header[1],
    lastName: elements.DCS ?? null,
    firstName: elements.DAC ?? elements.DCT ?? null,
    birthDate: date(elements.DBB),
    expiryDate: date(elements.DBA),
    documentNumber: elements.DAQ ?? null,
    country,
    elements,
  };
}

function aamvaDate(value: string | undefined, yearFirst: boolean): string | null {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const [y, m, d] = yearFirst
    ? [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)]
    : [value.slice(4, 8), value.slice(0, 2), value.slice(2, 4)];
  const iso = `${y}-${m}-${d}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso ? iso : null;
}
