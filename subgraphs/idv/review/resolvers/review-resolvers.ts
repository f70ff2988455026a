// GraphQL ⇄ the review desk (review/services/review-case-service.ts). Thin: the case leaves as the
// service's object; its session becomes the typed session view, its questionnaire answers and
// document the same typed views as verificationSessionData's.
import type { Resolvers } from '../../resolvers/resolver-types.generated';
import { dataView, sessionView } from '../../resolvers/idv-views';
import { countIdvQueue } from '../services/work-queues';
import {
  assignToReviewer,
  claimSession,
  decideSession,
  readArtifactFile,
  readReviewCase,
  ReviewCase,
} from '../services/review-case-service';
import { approveReviewProposal } from '../../services/lifecycle-service';
import { pendingProposalOf } from '../../../../platform/four-eyes/four-eyes';

export const reviewDeskResolvers = {
  Query: {
    idvReviewCase: (_, args, ctx) => readReviewCase(ctx.idv.deps, ctx.principal, args.id, ctx.requestId),
    verificationSessionArtifact: (_, args, ctx) =>
      readArtifactFile(ctx.idv.deps, ctx.principal, args.sessionId, args.artifactId, ctx.requestId),
  },
  Mutation: {
    claimVerificationSession: async (_, args, ctx) => sessionView(await claimSession(ctx.idv.deps, ctx.principal, args.id, ctx.requestId)),
    assignVerificationSessionToReviewer: async (_, args, ctx) =>
      sessionView(await assignToReviewer(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId)),
    decideVerificationSession: async (_, args, ctx) =>
      sessionView(await decideSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId)),
    // Internal: the profiles subgraph's approveFourEyesProposal, with the approver's principal.
    applyIdvFourEyesProposal: async (_, args, ctx) =>
      (await approveReviewProposal(ctx.idv.deps, ctx.principal, args.id, args.input.note, ctx.requestId)) && args.id,
  },
  // The decision waiting for a second reviewer (four eyes); the profiles subgraph resolves the rest.
  VerificationSession: {
    fourEyesProposal: async (session, _, ctx) => {
      const pending = await pendingProposalOf(ctx.idv.deps.db, ctx.principal, 'idv.session', session.id, ctx.idv.deps.now());
      return pending ? { id: pending.id } : null;
    },
  },
  // The home page's counts (WorkQueues is owned by the profiles subgraph; the key is the caller's workspace).
  WorkQueues: {
    __resolveReference: (ref) => ({ workspaceId: ref.workspaceId }),
    idvAwaitingReview: (_, __, ctx) => countIdvQueue(ctx.idv.deps, ctx.principal, 'awaiting'),
    idvAssignedToMe: (_, __, ctx) => countIdvQueue(ctx.idv.deps, ctx.principal, 'assigned_to_me'),
    idvUnassigned: (_, __, ctx) => countIdvQueue(ctx.idv.deps, ctx.principal, 'unassigned'),
  },
  IdvReviewCase: {
    session: (reviewCase) => sessionView(reviewCase.row),
    document: (reviewCase) => dataViewOf(reviewCase).document ?? null,
    // A multi_choice answer holds the chosen option values (strings).
    questionnaireAnswers: (reviewCase) =>
      dataViewOf(reviewCase).questionnaireAnswers.map((answer) => ({ ...answer, choices: answer.choices?.map(String) ?? null })),
    mismatchCount: (reviewCase) => reviewCase.comparisons.filter((c) => c.mismatch).length,
  },
} satisfies Resolvers;

/** The case's results in verificationSessionData's typed view (document, answers). */
function dataViewOf(reviewCase: ReviewCase) {
  const results = reviewCase.results;
  return dataView({
    session_id: reviewCase.row.id,
    profile_id: reviewCase.row.profileId,
    status: reviewCase.row.status,
    review_status: reviewCase.row.reviewStatus,
    results_available: results !== null,
    assessed_at: reviewCase.assessedAt ?? '',
    document: results?.document ?? null,
    ocr_fields: reviewCase.documentFields,
    questionnaire_answers: results?.questionnaire_answers ?? [],
    mismatches: results?.mismatches ?? [],
    checks: results?.checks ?? [],
  });
}
