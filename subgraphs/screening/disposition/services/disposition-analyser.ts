// The deterministic disposition analyser: weighs the secondary facts the search carries against
// the listed record (birth date, country, entity type), the name evidence (score, unmatched
// tokens, alias quality, name rarity) and turns the sum of log-odds into a prediction with a
// confidence. Every fact it uses is cited in evidence_refs and scored in score_summary, so an
// analyst can see why. Pure and synchronous: the same inputs always give the same annotation.
import type { StoredMatch } from '../../services/search-model';

export const SIGNATURE_VERSION = 'vigil-disposition-det-1';

/** What the search carried (the normalized query). */
export interface DispositionQuery {
  name: string;
  type?: string;
  dateOfBirth?: string;
  country?: string;
}

export interface AnalysisOutcome {
  prediction: 'true_positive' | 'false_positive';
  confidence: number;
  rationale: string;
  evidence_refs: string[];
  score_summary: Record<string, number>;
  risk_flags: string[];
}

/** Any analyser (deterministic, or an optional model behind the same interface). */
export interface DispositionAnalyser {
  readonly version: string;
  analyse(query: DispositionQuery, match: StoredMatch): AnalysisOutcome | Promise<AnalysisOutcome>;
}

type BirthDate = StoredMatch['entity']['dates_of_birth'][number];

/** Log-odds weights (why these sizes: a differing birth year or entity type is near-proof of a
 * different person; a shared full date is near-proof of the same one; countries are weaker since
 * people move and lists carry several). */
const W = {
  dobFull: 3.5,
  dobYear: 2.2,
  dobNear: 0.4,
  dobMismatch: -4.5,
  countryMatch: 1.2,
  countryMismatch: -2.2,
  typeMismatch: -4.5,
  weakAlias: -1,
  unmatchedToken: -0.8,
  singleToken: -1,
} as const;

function yearsOf(date: BirthDate): [number, number] {
  if (date.kind === 'range') return [Number(date.from.slice(0, 4)), Number(date.to.slice(0, 4))];
  const year = Number(date.value.slice(0, 4));
  return [year, year];
}

/** Compares the searched birth date with the listed ones: the best agreement wins. */
function birthDateEvidence(query: string, listed: BirthDate[]): { weight: number; ref: number; note: string } | undefined {
  if (!listed.length) return undefined;
  const year = Number(query.slice(0, 4));
  let best: { weight: number; ref: number; note: string } | undefined;
  listed.forEach((date, ref) => {
    const [from, to] = yearsOf(date);
    let found: { weight: number; ref: number; note: string };
    if (date.kind !== 'range' && query.length === 10 && date.value === query)
      found = { weight: W.dobFull, ref, note: `birth date ${query} equals the listed one` };
    else if (
      date.kind !== 'range' &&
      date.value.length >= 7 &&
      query.length >= 7 &&
      date.value.slice(0, 7) !== query.slice(0, 7) &&
      year >= from &&
      year <= to
    )
      found = { weight: W.dobNear, ref, note: `birth year ${year} agrees but the month differs` };
    else if (year >= from && year <= to)
      found = { weight: W.dobYear, ref, note: `birth year ${year} agrees with the listed ${from === to ? from : `${from}-${to}`}` };
    else if (year >= from - 1 && year <= to + 1) found = { weight: 0, ref, note: `birth year ${year} is one year off the listed ${from}` };
    else found = { weight: W.dobMismatch, ref, note: `birth year ${year} differs from the listed ${from === to ? from : `${from}-${to}`}` };
    if (!best || found.weight > best.weight) best = found;
  });
  return best;
}

const QUERY_TYPE: Record<string, string> = {
  individual: 'individual',
  person: 'individual',
  entity: 'entity',
  organization: 'entity',
  organisation: 'entity',
  company: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export const deterministicAnalyser: DispositionAnalyser = {
  version: SIGNATURE_VERSION,
  analyse(query, match) {
    const refs: string[] = [];
    const summary: Record<string, number> = {};
    const notes: string[] = [];
    // Name evidence: a perfect name alone is worth +1 (not enough to decide without another fact).
    const nameScore = match.match_score_info?.best_name?.score ?? match.score;
    summary.name = round((nameScore - 0.9) * 10);
    refs.push('match_score_info.best_name');
    notes.push(`name scored ${nameScore.toFixed(2)}`);
    const unmatched = match.match_score_info?.unmatched_query_tokens?.length ?? 0;
    if (unmatched) {
      summary.unmatched_query_tokens = round(W.unmatchedToken * unmatched);
      refs.push('match_score_info.unmatched_query_tokens');
      notes.push(`${unmatched} searched name part(s) not on the list`);
    }
    if (match.match_score_info?.best_name?.kind === 'weak_aka') {
      summary.alias_quality = W.weakAlias;
      refs.push('aliases[].kind');
      notes.push('matched only a weak alias');
    }
    if (query.name.trim().split(/\s+/).length === 1) {
      summary.name_rarity = W.singleToken;
      refs.push('query.name');
      notes.push('a single-word name is common');
    }
    if (query.dateOfBirth) {
      const dob = birthDateEvidence(query.dateOfBirth, match.entity.dates_of_birth ?? []);
      if (dob) {
        summary.date_of_birth = dob.weight;
        refs.push('query.date_of_birth', `entity.dates_of_birth[${dob.ref}]`);
        notes.push(dob.note);
      }
    }
    if (query.country) {
      const nationalities = match.entity.nationalities ?? [];
      const countries = match.entity.countries ?? [];
      if (nationalities.length || countries.length) {
        const inNationality = nationalities.indexOf(query.country);
        const inCountries = countries.indexOf(query.country);
        refs.push('query.country');
        if (inNationality >= 0 || inCountries >= 0) {
          summary.country = W.countryMatch;
          refs.push(inNationality >= 0 ? `entity.nationalities[${inNationality}]` : `entity.countries[${inCountries}]`);
          notes.push(`country ${query.country} is listed`);
        } else {
          summary.country = W.countryMismatch;
          refs.push(nationalities.length ? 'entity.nationalities' : 'entity.countries');
          notes.push(`country ${query.country} is not among the listed ${[...nationalities, ...countries].join(', ')}`);
        }
      }
    }
    const queryType = query.type ? QUERY_TYPE[query.type] : undefined;
    if (queryType && queryType !== match.entity.type) {
      summary.entity_type = W.typeMismatch;
      refs.push('query.type', 'entity.type');
      notes.push(`searched a ${queryType}, listed as ${match.entity.type}`);
    }
    const logOdds = Object.values(summary).reduce((sum, value) => sum + value, 0);
    summary.total = round(logOdds);
    const prediction = logOdds >= 0 ? 'true_positive' : 'false_positive';
    const flags = Object.entries(match.checklist.screen)
      .filter(([, flagged]) => flagged)
      .map(([feed]) => feed);
    return {
      prediction,
      confidence: round(sigmoid(Math.abs(logOdds))),
      rationale: `${prediction === 'true_positive' ? 'Likely the listed party' : 'Likely a different party'}: ${notes.join('; ')}.`,
      evidence_refs: refs,
      score_summary: summary,
      risk_flags: [...flags, ...(match.entity.programs ?? []).slice(0, 5).map((program) => `program:${program}`)],
    };
  },
};
