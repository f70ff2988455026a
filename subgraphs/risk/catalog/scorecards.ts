// Scorecards turn the active risks of an assessment into a client risk rating: each active risk
// adds points by severity (times a category weight); the total falls into a rating band. Risks a
// reviewer closed do not score: the rating names them as set aside, with the reviewer's note.
import { RiskError } from '../errors';
import type { RiskCategory, RiskStatus } from '../domain/states';

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

/** A risk as the rating weighs it: only active risks score; the others are set aside with their note. */
export interface RatedRisk extends ScoredRisk {
  category: RiskCategory;
  status: RiskStatus;
  /** The reviewer's note of the last status change (why it was set aside). */
  note: string | null;
  subjectIds: string[];
}

export interface RatingFactor {
  riskId: string;
  title: string;
  severity: Severity;
  category: string;
  points: number;
}

/** A risk the rating left out because a reviewer closed it (resolved, false_positive, accepted). */
export interface SetAsideRisk {
  riskId: string;
  title: string;
  severity: Severity;
  category: RiskCategory;
  status: Exclude<RiskStatus, 'active'>;
  note: string | null;
}

export interface ClientRiskRating {
  scorecardId: string;
  subjectId: string | null;
  rating: Rating;
  score: number;
  explanation: string;
  factors: RatingFactor[];
  /** Absent on ratings stored before risks set aside were recorded: read as none. */
  setAside?: SetAsideRisk[];
  computedAt: string;
}

export function rateClient(scorecard: Scorecard, risks: RatedRisk[], subjectId: string | null, now: Date): ClientRiskRating {
  const active = risks.filter((risk) => risk.status === 'active');
  const setAside = risks.flatMap((risk): SetAsideRisk[] =>
    risk.status === 'active'
      ? []
      : [
          {
            riskId: risk.riskId,
            title: risk.title,
            severity: risk.severity,
            category: risk.category,
            status: risk.status,
            note: risk.note,
          },
        ],
  );
  const factors = active.map((risk) => ({
    riskId: risk.riskId,
    title: risk.title,
    severity: risk.severity,
    category: risk.category,
    points: Math.round(scorecard.severityPoints[risk.severity] * (scorecard.categoryWeights[risk.category] ?? 1)),
  }));
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  let rating = [...scorecard.bands].reverse().find((band) => score >= band.minScore)!.rating;
  const prohibitedBySanctions =
    scorecard.criticalSanctionsProhibits && active.some((risk) => risk.category === 'sanctions' && risk.severity === 'critical');
  if (prohibitedBySanctions) rating = 'prohibited';
  const parts = factors.length
    ? factors.map((factor) => `${factor.title} (${factor.severity} ${factor.category}: +${factor.points})`).join('; ')
    : 'no active risks';
  const asideText = setAside.length
    ? ` Set aside by review: ${setAside.map((risk) => `${risk.title} (${risk.status}${risk.note ? `: ${risk.note}` : ''})`).join('; ')}.`
    : '';
  const explanation =
    `Score ${score} on scorecard ${scorecard.id} from ${parts}; rating ${rating}` +
    (prohibitedBySanctions ? ' (an active critical sanctions risk prohibits the relationship).' : '.') +
    asideText;
  return { scorecardId: scorecard.id, subjectId, rating, score, explanation, factors, setAside, computedAt: now.toISOString() };
}

/** The ratings of an assessment: overall, plus one per subject when it has several. */
export function rateAssessment(scorecard: Scorecard, risks: RatedRisk[], subjectIds: string[], now: Date): ClientRiskRating[] {
  return [
    rateClient(scorecard, risks, null, now),
    ...(subjectIds.length > 1
      ? subjectIds.map((subjectId) =>
          rateClient(
            scorecard,
            risks.filter((risk) => risk.subjectIds.includes(subjectId)),
            subjectId,
            now,
          ),
        )
      : []),
  ];
}
