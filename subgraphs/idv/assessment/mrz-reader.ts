// Reads the machine-readable zone of a document image: the bottom band is cut out, normalised
// (greyscale, upscaled, contrast-stretched, binarised) and read by OCR restricted to the MRZ
// alphabet; the lines are repaired and parsed by the `mrz` package, whose check digits decide
// what is trusted. OCR reads the `<` filler as K, L or C, often as more characters than printed,
// so the repair uses the TD3 layout: fixed positions on line 2 (number, dates, check digits) and,
// on line 1, filler runs between and after the names. Several binarisations are tried until one
// reads with every check digit valid.
import sharp from 'sharp';
import { OcrProvider } from './providers';

export interface MrzReading {
  format: string;
  /** All check digits valid. */
  valid: boolean;
  fields: Record<string, string | null>;
  /** Fields whose check digit or value failed. */
  invalidFields: string[];
  lines: string[];
  confidence: number;
}

const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Band width and binarisation threshold (0: none) of each attempt, best first. */
const ATTEMPTS: readonly [number, number][] = [
  [2400, 128],
  [1600, 140],
  [2000, 0],
];

const FILLERISH = /^[KLC<]+$/;

/** TD3 line 1: P<, issuing state, then SURNAME<<GIVEN<NAMES and fillers to 44. */
export function repairTd3Line1(raw: string): string {
  const head = raw.slice(0, 5);
  let names = raw.slice(5);
  // Trailing fillers: from the first `<` after which only filler-like characters follow.
  const tail = names.search(/<[KLC<]*$/);
  if (tail >= 0) names = names.slice(0, tail);
  // The surname/given-name separator `<<` with each `<` possibly read as `<K` (`<K<K`, `<<K`):
  // the first such becomes `<<`. (A given name starting with K, L or C may lose that letter; the
  // name check compares names fuzzily.)
  names = names.replace(/<[KLC]?<[KLC]?/, '<<');
  names = names.replace(/<+$/, '');
  return (head + names + '<'.repeat(44)).slice(0, 44);
}

/** TD3 line 2: fixed positions; the 14-character optional field is fillers when it reads as such. */
export function repairTd3Line2(raw: string): string {
  if (raw.length < 30) return (raw + '<'.repeat(44)).slice(0, 44);
  const start = raw.slice(0, 28);
  const end = raw.slice(-2);
  let optional = raw.slice(28, -2);
  if (FILLERISH.test(optional)) optional = '<'.repeat(14);
  return (start + (optional + '<'.repeat(14)).slice(0, 14) + end).slice(0, 44);
}

/** MRZ lines from OCR text: cleaned, then repaired by layout (TD3) or filler runs (TD1, TD2). */
export function mrzLines(text: string): string[] {
  const lines = text
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+/g, '')
        .toUpperCase()
        .replace(/[^A-Z0-9<]/g, ''),
    )
    .filter((line) => line.length >= 28);
  if (lines.length >= 2 && /^P[A-Z<]/.test(lines[lines.length - 2]) && lines[lines.length - 2].length >= 40) {
    return [repairTd3Line1(lines[lines.length - 2]), repairTd3Line2(lines[lines.length - 1])];
  }
  for (const [length, count] of [
    [36, 2],
    [30, 3],
  ] as const) {
    const fitting = lines.filter((line) => Math.abs(line.length - length) <= 3);
    if (fitting.length >= count) {
      return fitting
        .slice(-count)
        .map((line) => (line.replace(/[KLC<]{3,}$/, (run) => '<'.repeat(run.length)) + '<'.repeat(length)).slice(0, length));
    }
  }
  return [];
}

async function band(image: Buffer, width: number, threshold: number): Promise<Buffer> {
  const meta = await sharp(image).rotate().toBuffer({ resolveWithObject: true });
  const { width: w = 0, height: h = 0 } = meta.info;
  const top = Math.round(h * 0.72);
  let pipeline = sharp(meta.data)
    .extract({ left: 0, top, width: w, height: h - top })
    .greyscale()
    .resize({ width })
    .normalise();
  if (threshold) pipeline = pipeline.threshold(threshold);
  return pipeline.png().toBuffer();
}

export async function readMrz(image: Buffer, ocr: OcrProvider): Promise<MrzReading | null> {
  // `mrz` is ESM-only: imported on the first read (Jest compiles it to CommonJS, see jest.config.js).
  const { parse } = await import('mrz');
  let best: MrzReading | null = null;
  for (const [width, threshold] of ATTEMPTS) {
    const result = await ocr.recognize(await band(image, width, threshold), { charset: MRZ_ALPHABET });
    const lines = mrzLines(result.text);
    if (lines.length === 0) continue;
    try {
      const parsed = parse(lines, { autocorrect: true });
      const reading: MrzReading = {
        format: parsed.format,
        valid: parsed.valid,
        fields: parsed.fields,
        invalidFields: parsed.details.filter((d) => !d.valid && d.field).map((d) => String(d.field)),
        lines,
        confidence: result.confidence,
      };
      if (reading.valid) return reading;
      if (!best || reading.invalidFields.length < best.invalidFields.length) best = reading;
    } catch {
      // not an MRZ layout the parser knows; try the next binarisation
    }
  }
  return best;
}
