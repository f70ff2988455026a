import { RiskContext } from '../context';
import { findAssessment } from '../data/assessment-store';
import { AssessmentRecord, createAssessment } from '../services/assessment-service';

export const assessmentResolvers = {
  Query: {
    riskAssessment: (_: unknown, args: { id: string }, ctx: RiskContext) => findAssessment(ctx.db, ctx.scope, args.id),
  },
  Mutation: {
    createRiskAssessment: (_: unknown, args: { input: { title: string; workflowId?: string; purpose?: string; profileId?: string } }, ctx: RiskContext) =>
      createAssessment(ctx.db, ctx.scope, args.input),
  },
  RiskAssessment: {
    __resolveReference: (ref: { id: string }, ctx: RiskContext) => findAssessment(ctx.db, ctx.scope, ref.id),
    profile: (assessment: AssessmentRecord) => (assessment.profileId ? { id: assessment.profileId } : null),
    createdAt: (assessment: AssessmentRecord) => assessment.createdAt.toISOString(),
    updatedAt: (assessment: AssessmentRecord) => assessment.updatedAt.toISOString(),
  },
  Profile: {
    __resolveReference: (ref: { id: string }) => ref,
    riskAssessments: (profile: { id: string }, _: unknown, ctx: RiskContext) => ctx.assessmentsByProfile.load(profile.id),
  },
};
