import { Db } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';

export interface Scope {
  tenantId: string;
  workspaceId: string;
}

export async function insertAssessment(db: Db, scope: Scope, data: { title: string; workflowId?: string | null; purpose?: string | null; profileId?: string | null }) {
  return db.assessment.create({ data: { id: newId('ra'), ...scope, ...data } });
}

export async function findAssessment(db: Db, scope: Scope, id: string) {
  return db.assessment.findFirst({ where: { ...scope, id } });
}

export async function findAssessmentsByProfileIds(db: Db, scope: Scope, profileIds: readonly string[]) {
  return db.assessment.findMany({ where: { ...scope, profileId: { in: [...profileIds] } }, orderBy: { createdAt: 'asc' } });
}
