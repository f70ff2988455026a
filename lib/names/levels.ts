/** Score bands (criteria_match_level) and the default threshold; documented in docs/screening-matching.md. */
export type CriteriaMatchLevel = 'exact' | 'strong' | 'medium' | 'weak' | 'none';

export const SCORE_BANDS: { level: CriteriaMatchLevel; min: number }[] = [
  { level: 'exact', min: 0.99 },
  { level: 'strong', min: 0.9 },
  { level: 'medium', min: 0.8 },
  { level: 'weak', min: 0.7 },
  { level: 'none', min: 0 },
];

/** Default reporting threshold: the bottom of the "medium" band. Chosen on the labelled evaluation set. */
export const DEFAULT_THRESHOLD = 0.8;

/** Bump when scoring changes in a way that moves scores: a score is a contract. */
export const SCORER_VERSION = 'vigil-name-10';

export function matchLevel(score: number): CriteriaMatchLevel {
  for (const b of SCORE_BANDS) if (score >= b.min) return b.level;
  return 'none';
}
