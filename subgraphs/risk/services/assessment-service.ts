import { Db } from '../../../platform/db/prisma';
import { insertAssessment, Scope } from '../data/assessment-store';
import { RiskError } from '../errors';

export type AssessmentRecord = Awaited<ReturnType<typeof insertAssessment>>;

export async function createAssessment(db: Db, scope: Scope, input: { title: string; workflowId?: string; purpose?: string; profileId?: string }) {
  const title = input.title.trim();
  if (!title) throw new RiskError('schema_validation_failed', 'title must not be empty', { field: 'title' });
  return insertAssessment(db, scope, { ...input, title });
}
