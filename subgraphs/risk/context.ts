import DataLoader from 'dataloader';
import { RequestContext, requestFields } from '../../platform/subgraph/subgraph-definition';
import { AssessmentRow, findAssessmentsByIds, findAssessmentsByProfileIds } from './data/assessment-store';
import { findRunsByIds, RunRow } from './data/run-store';
import type { Scope } from '../../platform/db/prisma';
import { EvidenceRow, findEvidence, findQuestions, findRisks, findTasks, QuestionRow, RiskRow, TaskRow } from './data/work-store';
import { RiskDeps } from './services/deps';
import { requireRiskBeta } from './services/access';

export interface RiskContext extends RequestContext {
  deps: RiskDeps;
  scope: Scope;
  /** Throws 403 risk_beta_not_enabled unless the caller may use the beta. */
  beta(): void;
  assessments: DataLoader<string, AssessmentRow | null>;
  assessmentsByProfile: DataLoader<string, AssessmentRow[]>;
  tasks: DataLoader<string, TaskRow[]>;
  risks: DataLoader<string, RiskRow[]>;
  evidence: DataLoader<string, EvidenceRow[]>;
  questions: DataLoader<string, QuestionRow[]>;
  runs: DataLoader<string, RunRow | null>;
}

function byAssessment<T extends { assessmentId: string }>(load: (ids: readonly string[]) => Promise<T[]>) {
  return new DataLoader<string, T[]>(async (ids) => {
    const rows = await load(ids);
    return ids.map((id) => rows.filter((row) => row.assessmentId === id));
  });
}

export function createRiskContext(deps: RiskDeps, base: RequestContext): RiskContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  const db = deps.db;
  return Object.assign(requestFields(base), {
    deps,
    scope,
    beta: () => requireRiskBeta(base.principal),
    assessments: new DataLoader(async (ids) => {
      const rows = await findAssessmentsByIds(db, scope, ids);
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
    assessmentsByProfile: new DataLoader(async (profileIds) => {
      const rows = await findAssessmentsByProfileIds(db, scope, profileIds);
      return profileIds.map((id) => rows.filter((row) => row.profileIds.includes(id)));
    }),
    tasks: byAssessment((ids) => findTasks(db, scope, ids)),
    risks: byAssessment((ids) => findRisks(db, scope, ids)),
    evidence: byAssessment((ids) => findEvidence(db, scope, ids)),
    questions: byAssessment((ids) => findQuestions(db, scope, ids)),
    runs: new DataLoader(async (ids) => {
      const rows = await findRunsByIds(db, scope, ids);
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
  } satisfies Omit<RiskContext, keyof RequestContext>);
}
