// Queries and mutations: translate GraphQL arguments into service calls (rules live in services).
import { RiskError } from '../errors';
import {
  createAssessment,
  getAssessment,
  listAssessmentPage,
  reopenAssessment,
  saveCanvas,
  startAssessment,
  approveConclusionProposal,
  concludeAssessment,
} from '../services/assessment-service';
import { sendCommand } from '../services/command-service';
import { riskCreateOnce } from '../services/create-once';
import { addUpload, getEvidence } from '../services/evidence-service';
import { generateReport } from '../services/report-service';
import { patchRisk, patchTask } from '../services/work-service';
import { canvasOf, evidenceView, riskView, taskView } from './views';
import type { Resolvers } from './resolver-types.generated';

export const assessmentOperations = {
  Query: {
    riskAssessment: (_, args, ctx) => {
      ctx.beta();
      return ctx.assessments.load(args.id);
    },
    riskAssessments: (_, args, ctx) => {
      ctx.beta();
      return listAssessmentPage(ctx.deps, ctx.scope, args);
    },
    assessmentEvidence: async (_, args, ctx) => {
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
    createRiskAssessment: (_, args, ctx, info) => {
      ctx.beta();
      return riskCreateOnce(ctx, info, args, {
        create: (record) => createAssessment(ctx.deps, ctx.scope, args.input, record),
        replay: (id) => getAssessment(ctx.deps, ctx.scope, id),
      });
    },
    startRiskAssessment: (_, args, ctx) => {
      ctx.beta();
      return startAssessment(ctx.deps, ctx.principal, ctx.scope, args.id, args.input.reason ?? null);
    },
    sendAssessmentCommand: (_, args, ctx) => {
      ctx.beta();
      return sendCommand(ctx.deps, ctx.principal, ctx.scope, args.id, args.input);
    },
    updateAssessmentTask: async (_, args, ctx) => {
      ctx.beta();
      return taskView(await patchTask(ctx.deps, ctx.principal, ctx.scope, args.id, args.taskId, args.input));
    },
    updateAssessmentRisk: async (_, args, ctx) => {
      ctx.beta();
      return riskView(await patchRisk(ctx.deps, ctx.principal, ctx.scope, args.id, args.riskId, args.input));
    },
    saveAssessmentCanvas: async (_, args, ctx) => {
      ctx.beta();
      return canvasOf(await saveCanvas(ctx.deps, ctx.scope, args.id, args.input));
    },
    concludeRiskAssessment: (_, args, ctx) => {
      ctx.beta();
      return concludeAssessment(ctx.deps, ctx.principal, ctx.scope, args.id, args.input);
    },
    // Internal: the profiles subgraph's approveFourEyesProposal, with the approver's principal.
    applyRiskFourEyesProposal: (_, args, ctx) => {
      ctx.beta();
      return approveConclusionProposal(ctx.deps, ctx.principal, args.id, args.input.note, ctx.requestId);
    },
    reopenRiskAssessment: (_, args, ctx) => {
      ctx.beta();
      return reopenAssessment(ctx.deps, ctx.principal, ctx.scope, args.id, args.input.reason);
    },
    addAssessmentUpload: async (_, args, ctx) => {
      ctx.beta();
      return evidenceView(await addUpload(ctx.deps, ctx.principal, ctx.scope, args.id, args.input));
    },
    generateAssessmentReport: async (_, args, ctx) => {
      ctx.beta();
      await getAssessment(ctx.deps, ctx.scope, args.id);
      return generateReport(ctx.deps, ctx.scope, args.id);
    },
  },
} satisfies Resolvers;
