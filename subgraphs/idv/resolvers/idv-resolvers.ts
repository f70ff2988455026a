// GraphQL ⇄ IDV core services. Thin: arguments and projections; every rule and principal check
// lives in the services, which take the typed inputs as they are; results leave as typed views
// (idv-views.ts).
import { keysetPageConnection } from '../../../platform/graphql/paging';
import type { GraphQLResolveInfo } from 'graphql';
import { mightSelect, selectsOnly } from '../../../platform/graphql/selection';
import type { SessionParts, SessionSummaryRow, SessionViewRow } from '../data/session-store';
import type { Resolvers } from './resolver-types.generated';
import { dataView, SESSION_SUMMARY_FIELDS, sessionView, statusView, workflowView } from './idv-views';
import { explainReason } from '../assessment/reason-codes';
import { resolveHostedPageCredential } from '../services/credential-service';
import { readSessionData } from '../services/data-service';
import {
  assignSession,
  cancelSession,
  consentAsCustomer,
  getCaptureStatus,
  reviewSession,
  submitAsCustomer,
} from '../services/lifecycle-service';
import { createSession, getSession, listReviewQueuePage, listSessionPage } from '../services/session-service';
import {
  activateWorkflow,
  archiveWorkflow,
  createWorkflow,
  getWorkflow,
  listWorkflowPage,
  makeDefaultWorkflow,
  updateWorkflowFields,
} from '../services/workflow-service';

/** A profile as IDV knows it: its id (its sessions are keyed by it). */
export interface ProfileRef {
  id: string;
}

const mapNodes = <T, V>(page: { items: T[]; hasMore?: boolean; nextCursor: string | null }, view: (item: T) => V) =>
  keysetPageConnection({ ...page, items: page.items.map(view) });

/** The columns a list of sessions reads: the summary when the operation selects none of the JSON
 * parts at `path` (the console's lists, a profile's sessions), else the whole view (REST's pages). */
const partsFor = (info: GraphQLResolveInfo, path: readonly string[]): SessionParts =>
  selectsOnly(info, path, SESSION_SUMMARY_FIELDS) ? 'summary' : 'view';

/** How a page of sessions is read: its columns, and its totalCount by the page's statement when selected. */
const pageRead = (info: GraphQLResolveInfo) => ({ parts: partsFor(info, ['nodes']), withCount: mightSelect(info, [], 'totalCount') });

/** A page of sessions as its view, the count kept for totalCount. */
const sessionConnection = (page: {
  items: (SessionViewRow | SessionSummaryRow)[];
  hasMore: boolean;
  nextCursor: string | null;
  count: () => Promise<number>;
}) => {
  const { nodes, pageInfo } = mapNodes(page, sessionView);
  return { nodes, pageInfo, count: page.count };
};

export const idvCoreResolvers = {
  Query: {
    idvWorkflowPresets: () => ['liveness_and_id', 'liveness_only', 'id_only'],
    verificationSession: async (_, args, ctx) => {
      const row = await getSession(ctx.idv.deps.db, ctx.principal, args.id);
      return row ? sessionView(row) : null;
    },
    verificationSessions: async (_, args, ctx, info) =>
      sessionConnection(
        await listSessionPage(ctx.idv.deps.db, ctx.principal, pageRead(info), {
          profileId: args.profileId,
          statuses: args.statuses,
          reviewStatuses: args.reviewStatuses,
          limit: args.first,
          cursor: args.after,
        }),
      ),
    idvReviewQueue: async (_, args, ctx, info) =>
      sessionConnection(
        await listReviewQueuePage(ctx.idv.deps.db, ctx.principal, pageRead(info), {
          ...args,
          limit: args.first,
          cursor: args.after,
        }),
      ),
    verificationSessionStatus: async (_, args, ctx) => statusView(await getCaptureStatus(ctx.idv.deps, ctx.principal, args.id)),
    verificationSessionData: async (_, args, ctx) => dataView(await readSessionData(ctx.idv.deps, ctx.principal, args.id, ctx.requestId)),
    idvWorkflow: async (_, args, ctx) => {
      const workflow = await getWorkflow(ctx.idv.deps.db, ctx.principal, args.id);
      return workflow ? workflowView(workflow) : null;
    },
    idvWorkflows: async (_, args, ctx) =>
      mapNodes(
        await listWorkflowPage(ctx.idv.deps.db, ctx.principal, { status: args.status, limit: args.first, cursor: args.after }),
        workflowView,
      ),
    // Internal (@inaccessible): the gateway resolving a hosted-page credential.
    resolveIdvCredential: (_, args, ctx) => resolveHostedPageCredential(ctx.idv.deps, ctx.principal, args.scheme, args.value),
  },
  Mutation: {
    createVerificationSession: (_, args, ctx) => createSession(ctx.idv.deps, ctx.principal, args.input, ctx.requestId),
    cancelVerificationSession: async (_, args, ctx) =>
      sessionView(await cancelSession(ctx.idv.deps, ctx.principal, args.id, args.input ?? {}, ctx.requestId)),
    reviewVerificationSession: async (_, args, ctx) =>
      sessionView(await reviewSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId)),
    assignVerificationSession: async (_, args, ctx) =>
      sessionView(await assignSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId)),
    recordVerificationConsent: async (_, args, ctx) =>
      statusView(await consentAsCustomer(ctx.idv.deps, ctx.principal, args.id, args.input)),
    submitVerificationSession: async (_, args, ctx) => statusView(await submitAsCustomer(ctx.idv.deps, ctx.principal, args.id)),
    createIdvWorkflow: async (_, args, ctx) => workflowView(await createWorkflow(ctx.idv.deps.db, ctx.principal, args.input)),
    updateIdvWorkflow: async (_, args, ctx) =>
      workflowView(await updateWorkflowFields(ctx.idv.deps.db, ctx.principal, args.id, args.input)),
    activateIdvWorkflow: async (_, args, ctx) => workflowView(await activateWorkflow(ctx.idv.deps.db, ctx.principal, args.id)),
    archiveIdvWorkflow: async (_, args, ctx) => workflowView(await archiveWorkflow(ctx.idv.deps.db, ctx.principal, args.id)),
    makeDefaultIdvWorkflow: async (_, args, ctx) => workflowView(await makeDefaultWorkflow(ctx.idv.deps.db, ctx.principal, args.id)),
  },
  CreatedVerificationSession: {
    session: (created) => sessionView(created.session),
  },
  // Sessions leave the Query and Mutation fields as their typed views; GraphQL reads their fields.
  VerificationSession: {
    profile: (session) => ({ id: session.profileId }),
  },
  VerificationSessionConnection: {
    totalCount: (connection) => connection.count(),
  },
  IdvCheck: {
    explanation: (check) => explainReason(check.reasonCode),
  },
  Profile: {
    __resolveReference: (ref) => ref,
    verificationSessions: async (profile, _, ctx, info) =>
      (await ctx.idv.sessionsByProfile[partsFor(info, [])].load(profile.id)).map(sessionView),
  },
} satisfies Resolvers;
