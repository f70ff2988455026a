// Four eyes over GraphQL (services/four-eyes-service.ts; docs/audit.md, "Four-eyes").
import type { FourEyesKind } from '../../../platform/four-eyes/four-eyes';
import {
  approve,
  changePolicy,
  decisionView,
  findProposal,
  listProposals,
  mayApprove,
  objectTypeOf,
  proposalStatus,
  readPolicy,
  reject,
} from '../services/four-eyes-service';
import type { Resolvers } from './resolver-types.generated';

export const fourEyesResolvers = {
  Query: {
    fourEyesPolicy: (_, __, ctx) => readPolicy(ctx.db, ctx.scope),
    fourEyesProposals: (_, args, ctx) => listProposals(ctx.db, ctx.scope, args),
    fourEyesProposal: (_, args, ctx) => findProposal(ctx.db, ctx.scope, args.id),
  },
  Mutation: {
    updateFourEyesPolicy: (_, args, ctx) => changePolicy(ctx.db, ctx.principal, args.input, ctx.requestId),
    approveFourEyesProposal: (_, args, ctx) =>
      approve(ctx.db, ctx.deps.applyProposal, ctx.principal, args.id, args.input.note, ctx.requestId),
    rejectFourEyesProposal: (_, args, ctx) => reject(ctx.db, ctx.principal, args.id, args.input.note, ctx.requestId),
  },
  FourEyesProposal: {
    // The entity as the IDV, screening and risk subgraphs name it (a pending proposal of an object).
    __resolveReference: (ref, ctx) => findProposal(ctx.db, ctx.scope, ref.id),
    kind: (row) => row.kind as FourEyesKind,
    status: (row) => proposalStatus(row),
    objectType: (row) => objectTypeOf(row),
    decision: (row) => decisionView(row),
    viewerMayApprove: (row, _, ctx) => mayApprove(row, ctx.principal),
  },
} satisfies Resolvers;
