// The client risk rating follows the review: when a reviewer changes a risk's status the rating and
// its explanation are computed again from the risks still active, naming the ones set aside (with
// the reviewer's note), so a report never explains a rating by a risk the review dismissed.
import type { DbTx, Scope } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';
import { ClientRiskRating, findScorecard, RatedRisk, rateAssessment, Severity } from '../catalog/scorecards';
import { AssessmentRow, updateAssessment } from '../data/assessment-store';
import { clientRiskRatingsColumn } from '../data/json-columns';
import { appendEvents } from '../data/trajectory-store';
import { findRisks, RiskRow } from '../data/work-store';
import type { RiskCategory, RiskStatus } from '../domain/states';

export function ratedRisk(row: RiskRow): RatedRisk {
  return {
    riskId: row.id,
    title: row.title,
    severity: row.severity as Severity,
    category: row.category as RiskCategory,
    status: row.status as RiskStatus,
    note: row.note,
    subjectIds: row.subjectIds,
  };
}

/** Rates again, inside the transaction of the risk change, when the assessment was rated before
 * (an unrated assessment is rated by its run's rating step, which reads the same statuses). */
export async function rerateAfterReview(
  tx: DbTx,
  scope: Scope,
  assessment: AssessmentRow,
  actor: string,
  now: Date,
): Promise<ClientRiskRating[] | null> {
  const previous = clientRiskRatingsColumn.read(assessment.clientRiskRatings) ?? [];
  if (!previous.length) return null;
  const risks = await findRisks(tx, scope, [assessment.id]);
  const subjectIds = previous.map((rating) => rating.subjectId).filter((id): id is string => id !== null);
  const ratings = rateAssessment(findScorecard(previous[0].scorecardId), risks.map(ratedRisk), subjectIds, now);
  await updateAssessment(tx, scope, assessment.id, { clientRiskRatings: ratings });
  const stepKey = `rating:${newId('c', 12)}`;
  await appendEvents(tx, assessment.id, assessment.latestRunId, [
    {
      stepKey,
      type: 'client_rated',
      message: ratings[0].explanation,
      actor,
      data: { step: stepKey, rating: ratings[0].rating, score: ratings[0].score },
    },
  ]);
  return ratings;
}
