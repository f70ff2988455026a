import DataLoader from 'dataloader';
import { Db } from '../../platform/db/prisma';
import { RequestContext } from '../../platform/subgraph/subgraph-server';
import { findAssessmentsByProfileIds, Scope } from './data/assessment-store';
import { AssessmentRecord } from './services/assessment-service';

export interface RiskContext extends RequestContext {
  db: Db;
  scope: Scope;
  assessmentsByProfile: DataLoader<string, AssessmentRecord[]>;
}

export function createRiskContext(db: Db, base: RequestContext): RiskContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  return {
    ...base,
    db,
    scope,
    assessmentsByProfile: new DataLoader(async (profileIds) => {
      const rows = await findAssessmentsByProfileIds(db, scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.profileId === id));
    }),
  };
}
