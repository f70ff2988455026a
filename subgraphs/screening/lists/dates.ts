/** Birth-date parsing for the date formats the issuers publish. */
import type { BirthDate } from './model';

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

const pad = (s: string) => s.padStart(2, '0');

/**
 * Parses "10 Dec 1948", "Dec 1948", "1948", "1948 to 1950", "circa 1960", "1962-03-04", "04/03/1962" (day first unless
 * dayFirst=false), "1962-03", "00/00/1962". Returns undefined when nothing date-like is found.
 */
export function parseBirthDate(raw: string, dayFirst = true): BirthDate | undefined {
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/^(circa|approximately|approx\.?|c\.|about)\s+/, '');
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{4})\s*(?:to|-|–)\s*(\d{4})$/))) return { kind: 'range', from: m[1], to: m[2] };
  if ((m = s.match(/^(\d{4})-(\d{2})-(\d{2})/))) {
    if (m[2] === '00') return { kind: 'year', value: m[1] };
    if (m[3] === '00') return { kind: 'month', value: `${m[1]}-${m[2]}` };
    return { kind: 'full', value: `${m[1]}-${m[2]}-${m[3]}` };
  }
  if ((m = s.match(/^(\d{4})-(\d{2})$/))) return { kind: 'month', value: `${m[1]}-${m[2]}` };
  if ((m = s.match(/^(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{4})$/)) && MONTHS[m[2]]) {
    return { kind: 'full', value: `${m[3]}-${MONTHS[m[2]]}-${pad(m[1])}` };
  }
  if ((m = s.match(/^([a-z]{3})[a-z]*\.?\s+(\d{4})$/)) && MONTHS[m[1]]) return { kind: 'month', value: `${m[2]}-${MONTHS[m[1]]}` };
  if ((m = s.match(/^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/))) {
    const [day, month] = dayFirst ? [m[1], m[2]] : [m[2], m[1]];
    if (Number(month) === 0) return { kind: 'year', value: m[3] };
    if (Number(day) === 0) return { kind: 'month', value: `${m[3]}-${pad(month)}` };
    return { kind: 'full', value: `${m[3]}-${pad(month)}-${pad(day)}` };
  }
  if ((m = s.match(/^(\d{4})$/))) return { kind: 'year', value: m[1] };
  return undefined;
}

export function birthYear(d: BirthDate): [number, number] {
  if (d.kind === 'range') return [Number(d.from.slice(0, 4)), Number(d.to.slice(0, 4))];
  const y = Number(d.value.slice(0, 4));
  return [y, y];
}
