/** Score adjustments from facts the query supplies besides the name: date of birth, country, entity type. */
import { toCountryCode } from '../lists/countries';
import { birthYear, parseBirthDate } from '../lists/dates';
import type { BirthDate, EntityType, WatchlistEntity } from '../lists/model';

export type ScoreFeatureName = 'birth_date' | 'country' | 'type' | 'identifier';

/** An adjustment of a name score by a secondary fact; `F` narrows the features a caller can produce. */
export interface Adjustment<F extends ScoreFeatureName = ScoreFeatureName> {
  feature: F;
  outcome: string;
  delta: number;
  detail: string;
}

export const DOB_EXACT_BONUS = 0.05;
export const DOB_DAY_MISMATCH = -0.1;
export const DOB_NEAR_YEAR = -0.05;
export const DOB_YEAR_MISMATCH = -0.15;
export const COUNTRY_MATCH_BONUS = 0.02;
export const COUNTRY_MISMATCH = -0.05;
export const TYPE_MISMATCH = -0.15;
export const TYPE_NEAR_MISMATCH = -0.05;

function dobOutcome(q: BirthDate, d: BirthDate): { outcome: string; delta: number } {
  const [qa, qb] = birthYear(q);
  const [da, db] = birthYear(d);
  const overlap = qa <= db && da <= qb;
  if (q.kind === 'full' && d.kind === 'full') {
    if (q.value === d.value) return { outcome: 'exact', delta: DOB_EXACT_BONUS };
    if (qa === da) return { outcome: 'day_mismatch', delta: DOB_DAY_MISMATCH };
  }
  if (q.kind === 'full' && d.kind === 'month' && q.value.slice(0, 7) !== d.value) {
    if (qa === da) return { outcome: 'month_mismatch', delta: DOB_DAY_MISMATCH };
  }
  if (overlap) return { outcome: 'year_match', delta: 0 };
  const gap = Math.min(Math.abs(qa - db), Math.abs(da - qb));
  if (gap <= 1) return { outcome: 'near_year', delta: DOB_NEAR_YEAR };
  return { outcome: 'year_mismatch', delta: DOB_YEAR_MISMATCH };
}

export function birthDateAdjustment(query: string | undefined, e: WatchlistEntity): Adjustment<'birth_date'> | undefined {
  if (!query) return undefined;
  const q = parseBirthDate(query);
  if (!q) return undefined;
  if (!e.birthDates.length) return { feature: 'birth_date', outcome: 'unknown', delta: 0, detail: 'listed entry has no date of birth' };
  let best: { outcome: string; delta: number; d: BirthDate } | undefined;
  for (const d of e.birthDates) {
    const o = dobOutcome(q, d);
    if (!best || o.delta > best.delta) best = { ...o, d };
  }
  const shown = best!.d.kind === 'range' ? `${best!.d.from}..${best!.d.to}` : best!.d.value;
  return { feature: 'birth_date', outcome: best!.outcome, delta: best!.delta, detail: `query ${query} vs listed ${shown}` };
}

export function countryAdjustment(query: string | undefined, e: WatchlistEntity): Adjustment<'country'> | undefined {
  const q = toCountryCode(query);
  if (!q) return undefined;
  const listed = [...new Set([...e.nationalities, ...e.countries, ...e.addresses.map((a) => a.country).filter((c): c is string => !!c)])];
  const iso = listed.filter((c) => /^[A-Z]{2}$/.test(c));
  if (listed.includes(q)) return { feature: 'country', outcome: 'match', delta: COUNTRY_MATCH_BONUS, detail: `${q} is listed` };
  if (!iso.length) return { feature: 'country', outcome: 'unknown', delta: 0, detail: 'no listed country' };
  return { feature: 'country', outcome: 'mismatch', delta: COUNTRY_MISMATCH, detail: `${q} not among ${iso.join(', ')}` };
}

export function typeAdjustment(query: EntityType | undefined, e: WatchlistEntity): Adjustment<'type'> | undefined {
  if (!query) return undefined;
  if (query === e.type) return { feature: 'type', outcome: 'match', delta: 0, detail: e.type };
  const person = (t: EntityType) => t === 'individual';
  const delta = person(query) !== person(e.type) ? TYPE_MISMATCH : TYPE_NEAR_MISMATCH;
  return { feature: 'type', outcome: 'mismatch', delta, detail: `query ${query}, listed ${e.type}` };
}

/** Whether a secondary fact of the query agrees with the listed entry: a summary of its adjustment's outcome. */
export type AgreementOutcome = 'match' | 'mismatch' | 'unknown';

export interface MatchAgreement {
  /** Undefined when the query gave no such fact. */
  birth_date?: AgreementOutcome;
  country?: AgreementOutcome;
  identifier?: AgreementOutcome;
}

const AGREEMENT_OF: Record<string, AgreementOutcome> = {
  exact: 'match',
  year_match: 'match',
  match: 'match',
  unknown: 'unknown',
};

/** The agreement of date of birth, country and identifiers, read off a match's adjustments (stored matches included). */
export function agreementOf(adjustments: readonly Pick<Adjustment, 'feature' | 'outcome'>[]): MatchAgreement {
  const out: MatchAgreement = {};
  for (const a of adjustments) {
    if (a.feature === 'type') continue;
    out[a.feature] = AGREEMENT_OF[a.outcome] ?? 'mismatch';
  }
  return out;
}
