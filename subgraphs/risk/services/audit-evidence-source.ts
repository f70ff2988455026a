// A risk assessment as evidence for an evidence pack (platform/audit/evidence): its status, the
// client risk ratings (rating and score per subject, with the scorecard), every risk by severity,
// category and status, the evidence items it was raised on, and the conclusion. No personal data:
// subjects, titles, summaries, explanations and notes are free text about people and stay out.
import type { DescribedObject, EvidenceSource } from '../../../platform/audit/evidence/build-pack';
import type { EvidenceDecision } from '../../../platform/audit/evidence/pack-format';
import type { Db, Scope } from '../../../platform/db/prisma';
import { findAssessment, findAssessmentsByProfileIds } from '../data/assessment-store';
import { clientRiskRatingsColumn } from '../data/json-columns';
import { findEvidence, findRisks, findTasks } from '../data/work-store';

async function describe(db: Db, scope: Scope, id: string): Promise<DescribedObject | null> {
  const assessment = await findAssessment(db, scope, id);
  if (!assessment) return null;
  const [risks, evidence, tasks] = await Promise.all([
    findRisks(db, scope, [assessment.id]),
    findEvidence(db, scope, [assessment.id]),
    findTasks(db, scope, [assessment.id]),
  ]);
  const ratings = clientRiskRatingsColumn.read(assessment.clientRiskRatings) ?? [];
  const conclusion = assessment.conclusion as { decision?: string; concludedBy?: string; concludedAt?: string } | null;
  const decisions: EvidenceDecision[] = risks
    .filter((risk) => risk.status !== 'active')
    .map((risk) => ({ kind: 'risk_status', on: risk.id, from: 'active', to: risk.status, by: null, at: risk.updatedAt.toISOString() }));
  if (conclusion?.decision)
    decisions.push({
      kind: 'conclusion',
      on: assessment.id,
      from: null,
      to: conclusion.decision,
      by: conclusion.concludedBy ?? null,
      at: conclusion.concludedAt ?? null,
    });
  return {
    listVersions: [],
    object: {
      kind: 'risk_assessment',
      id: assessment.id,
      auditType: 'risk.assessment',
      profileId: assessment.profileIds[0] ?? null,
      identity: {
        status: assessment.status,
        workflow: assessment.workflowId,
        profiles: assessment.profileIds,
        createdAt: assessment.createdAt.toISOString(),
        concludedAt: assessment.concludedAt?.toISOString() ?? null,
      },
      decisions,
      evidence: {
        ratings: ratings.map((rating) => ({
          subjectId: rating.subjectId,
          scorecard: rating.scorecardId,
          rating: rating.rating,
          score: rating.score,
          computedAt: rating.computedAt,
        })),
        risks: risks.map((risk) => ({
          id: risk.id,
          severity: risk.severity,
          category: risk.category,
          status: risk.status,
          evidenceIds: risk.evidenceIds,
        })),
        evidenceItems: evidence.map((item) => ({
          id: item.id,
          kind: item.kind,
          sha256: item.sha256,
          createdAt: item.createdAt.toISOString(),
        })),
        tasks: tasks.map((task) => ({ id: task.id, template: task.templateKey, status: task.status })),
        conclusion: conclusion?.decision ?? null,
      },
      partIds: [...risks.map((risk) => risk.id), ...tasks.map((task) => task.id)],
    },
  };
}

export function riskEvidenceSource(db: Db): EvidenceSource {
  return {
    describe: (scope, id) => describe(db, scope, id),
    idsForProfile: async (scope, profileId) => (await findAssessmentsByProfileIds(db, scope, [profileId])).map((row) => row.id),
  };
}
