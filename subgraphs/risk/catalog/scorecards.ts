// Scorecards turn the active risks of an assessment into a client risk rating: each active risk
// adds points by severity (times a category weight); the total falls into a rating band.
import { RiskError } from '../errors';

export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type Rating = 'low' | 'medium' | 'high' | 'prohibited';

export interface Scorecard {
  id: string;
  name: string;
  severityPoints: Record<Severity, number>;
  categoryWeights: Record<string, number>;
  /** Lowest score of each band, ascending. */
  bands: { rating: Rating; minScore: number }[];
  /** Any active critical sanctions risk rates the client prohibited whatever the score. */
  criticalSanctionsProhibits: boolean;
}

export const SCORECARDS: Scorecard[] = [
  {
    id: 'standard_v1',
    name: 'Standard client risk scorecard v1',
    severityPoints: { low: 5, medium: 15, high: 35, critical: 70 },
    categoryWeights: { sanctions: 1.5, pep: 1, jurisdiction: 1, data_quality: 0.5, analyst: 1 },
    bands: [
      { rating: 'low', minScore: 0 },
      { rating: 'medium', minScore: 15 },
      { rating: 'high', minScore: 35 },
      { rating: 'prohibited', minScore: 100 },
    ],
    criticalSanctionsProhibits: true,
  },
];

export function findScorecard(id: string): Scorecard {
  const scorecard = SCORECARDS.find((candidate) => candidate.id === id);
  if (!scorecard) throw new RiskError('risk_scorecard_not_found', `Scorecard ${id} not found`);
  return scorecard;
}

export interface ScoredRisk {
  riskId: string;
  title: string;
  severity: Severity;
  category: string;
}

export interface RatingFactor {
  riskId: string;
  title: string;
  severity: Severity;
  category: string;
  points: number;
}

export interface ClientRiskRating {
  scorecardId: string;
  subjectId: string | null;
  rating: Rating;
  score: number;
  explanation: string;
  factors: RatingFactor[];
  computedAt: string;
}

export function rateClient(scorecard: Scorecard, risks: ScoredRisk[], subjectId: string | null, now: Date): ClientRiskRating {
  const factors = risks.map((risk) => ({
    riskId: risk.riskId,
    title: risk.title,
    severity: risk.severity,
    category: risk.category,
    points: Math.round(scorecard.severityPoints[risk.severity] * (scorecard.categoryWeights[risk.category] ?? 1)),
  }));
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  let rating = [...scorecard.bands].reverse().find((band) => score >= band.minScore)!.rating;
  const prohibitedBySanctions =
    scorecard.criticalSanctionsProhibits && risks.some((risk) => risk.category === 'sanctions' && risk.severity === 'critical');
  if (prohibitedBySanctions) rating = 'prohibited';
  const parts = factors.length
    ? factors.map((factor) => `${factor.title} (${factor.severity} ${factor.category}: +${factor.points})`).join('; ')
    : 'no active risks';
  const explanation =
    `Score ${score} on scorecard ${scorecard.id} from ${parts}; rating ${rating}` +
    (prohibitedBySanctions ? ' (an active critical sanctions risk prohibits the relationship).' : '.');
  return { scorecardId: scorecard.id, subjectId, rating, score, explanation, factors, computedAt: now.toISOString() };
}
