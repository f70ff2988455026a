// Queries and mutations: translate GraphQL arguments into service calls (rules live in services).
import type { GraphQLResolveInfo } from 'graphql';
import { RiskContext } from '../context';
import { SortKey } from '../data/assessment-store';
import { RiskError } from '../errors';
import { ConcludeInput, CreateAssessmentInput, createAssessment, getAssessment, listAssessmentPage, reopenAssessment, saveCanvas, startAssessment, concludeAssessment } from '../services/assessment-service';
import { CommandInput, sendCommand } from '../services/command-service';
import { riskCreateOnce } from '../services/create-once';
import { addUpload, AddUploadInput, getEvidence } from '../services/evidence-service';
import { generateReport } from '../services/report-service';
import { patchRisk, patchTask, UpdateTaskInput } from '../services/work-service';
import { RiskStatus } from '../domain/states';
import { evidenceView, riskView, taskView } from './views';

type Args<T> = { id: string; input: T };

export const assessmentOperations = {
  Query: {
    riskAssessment: (_: unknown, args: { id: string }, ctx: RiskContext) => {
      ctx.beta();
      return ctx.assessments.load(args.id);
    },
    riskAssessments: (_: unknown, args: { first?: number; after?: string; statuses?: string[]; taskStatuses?: string[]; profileId?: string; sortBy?: SortKey; sortDirection?: 'asc' | 'desc' }, ctx: RiskContext) => {
      ctx.beta();
      return listAssessmentPage(ctx.deps, ctx.scope, args);
    },
    assessmentEvidence: async (_: unknown, args: { assessmentId: string; evidenceId: string }, ctx: RiskContext) => {
      ctx.beta();
      try {
        return evidenceView(await getEvidence(ctx.deps, ctx.scope, args.assessmentId, args.evidenceId));
      } catch (error) {
        if (error instanceof RiskError && error.code === 'evidence_not_found') return null;
        throw error;
      }
    },
  },
  Mutation: {
    createRiskAssessment: (_: unknown, args: { input: CreateAssessmentInput }, ctx: RiskContext, info: GraphQLResolveInfo) => {
      ctx.beta();
      return riskCreateOnce(ctx, info, args, {
        create: (record) => createAssessment(ctx.deps, ctx.scope, args.input, record),
        replay: (id) => getAssessment(ctx.deps, ctx.scope, id),
      });
    },
    startRiskAssessment: (_: unknown, args: Args<{ reason?: string | null }>, ctx: RiskContext) => {
      ctx.beta();
      return startAssessment(ctx.deps, ctx.principal, ctx.scope, args.id, args.input.reason ?? null);
    },
    sendAssessmentCommand: (_: unknown, args: Args<CommandInput>, ctx: RiskContext) => {
      ctx.beta();
      return sendCommand(ctx.deps, ctx.principal, ctx.scope, args.id, args.input);
    },
    updateAssessmentTask: async (_: unknown, args: Args<UpdateTaskInput> & { taskId: string }, ctx: RiskContext) => {
      ctx.beta();
      return taskView(await patchTask(ctx.deps, ctx.principal, ctx.scope, args.id, args.taskId, args.input));
    },
    updateAssessmentRisk: async (_: unknown, args: Args<{ status: RiskStatus; note?: string | null }> & { riskId: string }, ctx: RiskContext) => {
      ctx.beta();
      return riskView(await patchRisk(ctx.deps, ctx.principal, ctx.scope, args.id, args.riskId, args.input));
    },
    saveAssessmentCanvas: async (_: unknown, args: Args<{ state: Record<string, unknown>; expectedVersion: number }>, ctx: RiskContext) => {
      ctx.beta();
      const row = await saveCanvas(ctx.deps, ctx.scope, args.id, args.input);
      return { state: row.canvasState, version: row.canvasVersion };
    },
    concludeRiskAssessment: (_: unknown, args: Args<ConcludeInput>, ctx: RiskContext) => {
      ctx.beta();
      return concludeAssessment(ctx.deps, ctx.principal, ctx.scope, args.id, args.input);
    },
    reopenRiskAssessment: (_: unknown, args: Args<{ reason: string }>, ctx: RiskContext) => {
      ctx.beta();
      return reopenAssessment(ctx.deps, ctx.principal, ctx.scope, args.id, args.input.reason);
    },
    addAssessmentUpload: async (_: unknown, args: Args<AddUploadInput>, ctx: RiskContext) => {
      ctx.beta();
      return evidenceView(await addUpload(ctx.deps, ctx.principal, ctx.scope, args.id, args.input));
    },
    generateAssessmentReport: async (_: unknown, args: { id: string }, ctx: RiskContext) => {
      ctx.beta();
      await getAssessment(ctx.deps, ctx.scope, args.id);
      return generateReport(ctx.deps, ctx.scope, args.id);
    },
  },
};
