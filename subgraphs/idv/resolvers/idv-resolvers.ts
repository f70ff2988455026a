// GraphQL ⇄ IDV core services. Thin: arguments and projections; every rule and principal check
// lives in the services, which take the typed inputs as they are; results leave as typed views
// (idv-views.ts).
import { keysetPageConnection } from '../../../platform/graphql/paging';
import { IdvContext } from '../context';
import { SessionRow } from '../data/session-store';
import type {
  AssignVerificationSessionInput,
  CancelVerificationSessionInput,
  CreateIdvWorkflowInput,
  CreateVerificationSessionInput,
  RecordVerificationConsentInput,
  ReviewVerificationSessionInput,
  UpdateIdvWorkflowInput,
} from './resolver-types.generated';
import { dataView, sessionView, statusView, workflowView } from './idv-views';
import { resolveHostedPageCredential } from '../services/credential-service';
import { readSessionData } from '../services/data-service';
import { assignSession, cancelSession, consentAsCustomer, getCaptureStatus, reviewSession, submitAsCustomer } from '../services/lifecycle-service';
import { createSession, getSession, listReviewQueuePage, listSessionPage } from '../services/session-service';
import {
  activateWorkflow,
  archiveWorkflow,
  createWorkflow,
  getWorkflow,
  listWorkflowPage,
  makeDefaultWorkflow,
  updateWorkflowFields,
  WorkflowView,
} from '../services/workflow-service';

type Args<T> = T;
type PageArgs = { first?: number | null; after?: string | null };

/** Fields of VerificationSession read from the typed view (profile: the profiles entity). */
const SESSION_FIELDS = [
  'id', 'profileId', 'status', 'reviewStatus', 'flagCategories', 'assignee', 'submittedAt', 'reviewedAt', 'createdAt', 'updatedAt',
  'tenantId', 'workspaceId', 'creatorApplicationId', 'profileUpdateEnabled', 'flagSettings', 'privacyContactEmail', 'consentEvidence',
  'reviewHistory', 'legalHold', 'artifacts', 'captureManifest', 'stepManifest', 'workflowRef', 'themeRef', 'retentionPolicyId', 'deleteAfter',
] as const;

const WORKFLOW_FIELDS = [
  'id', 'name', 'status', 'isDefault', 'preset', 'revision', 'createdAt', 'updatedAt', 'tenantId', 'workspaceId', 'description', 'steps',
  'profileUpdateEnabled', 'flagSettings', 'privacyContactEmail', 'retentionDays', 'activatedAt', 'archivedAt',
] as const;

export const idvCoreResolvers = {
  Query: {
    idvWorkflowPresets: () => ['liveness_and_id', 'liveness_only', 'id_only'],
    verificationSession: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => getSession(ctx.idv.deps.db, ctx.principal, args.id),
    verificationSessions: async (_: unknown, args: Args<PageArgs & { profileId?: string }>, ctx: IdvContext) =>
      keysetPageConnection(await listSessionPage(ctx.idv.deps.db, ctx.principal, { profileId: args.profileId, limit: args.first, cursor: args.after })),
    idvReviewQueue: async (_: unknown, args: Args<PageArgs & { reviewStatuses?: string[]; assignee?: string; unassigned?: boolean }>, ctx: IdvContext) =>
      keysetPageConnection(await listReviewQueuePage(ctx.idv.deps.db, ctx.principal, { ...args, limit: args.first, cursor: args.after })),
    verificationSessionStatus: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) =>
      statusView(await getCaptureStatus(ctx.idv.deps, ctx.principal, args.id)),
    verificationSessionData: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) =>
      dataView(await readSessionData(ctx.idv.deps, ctx.principal, args.id, ctx.requestId)),
    idvWorkflow: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => getWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    idvWorkflows: async (_: unknown, args: Args<PageArgs & { status?: string }>, ctx: IdvContext) =>
      keysetPageConnection(await listWorkflowPage(ctx.idv.deps.db, ctx.principal, { status: args.status, limit: args.first, cursor: args.after })),
    // Internal (@inaccessible): the gateway resolving a hosted-page credential.
    resolveIdvCredential: (_: unknown, args: Args<{ scheme: string; value: string }>, ctx: IdvContext) =>
      resolveHostedPageCredential(ctx.idv.deps, ctx.principal, args.scheme, args.value),
  },
  Mutation: {
    createVerificationSession: (_: unknown, args: Args<{ input: CreateVerificationSessionInput }>, ctx: IdvContext) =>
      createSession(ctx.idv.deps, ctx.principal, args.input, ctx.requestId),
    cancelVerificationSession: (_: unknown, args: Args<{ id: string; input?: CancelVerificationSessionInput | null }>, ctx: IdvContext) =>
      cancelSession(ctx.idv.deps, ctx.principal, args.id, args.input ?? {}, ctx.requestId),
    reviewVerificationSession: (_: unknown, args: Args<{ id: string; input: ReviewVerificationSessionInput }>, ctx: IdvContext) =>
      reviewSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId),
    assignVerificationSession: (_: unknown, args: Args<{ id: string; input: AssignVerificationSessionInput }>, ctx: IdvContext) =>
      assignSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId),
    recordVerificationConsent: async (_: unknown, args: Args<{ id: string; input: RecordVerificationConsentInput }>, ctx: IdvContext) =>
      statusView(await consentAsCustomer(ctx.idv.deps, ctx.principal, args.id, args.input)),
    submitVerificationSession: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) =>
      statusView(await submitAsCustomer(ctx.idv.deps, ctx.principal, args.id)),
    createIdvWorkflow: (_: unknown, args: Args<{ input: CreateIdvWorkflowInput }>, ctx: IdvContext) => createWorkflow(ctx.idv.deps.db, ctx.principal, args.input),
    updateIdvWorkflow: (_: unknown, args: Args<{ id: string; input: UpdateIdvWorkflowInput }>, ctx: IdvContext) =>
      updateWorkflowFields(ctx.idv.deps.db, ctx.principal, args.id, args.input),
    activateIdvWorkflow: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => activateWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    archiveIdvWorkflow: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => archiveWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    makeDefaultIdvWorkflow: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => makeDefaultWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
  },
  CreatedVerificationSession: {
    session: (created: { session: Record<string, unknown> }) => created.session,
  },
  // Sessions arrive either as rows (reads, moves) or as management projections (create); every
  // field reads the typed view of either.
  VerificationSession: {
    ...Object.fromEntries(SESSION_FIELDS.map((name) => [name, (s: SessionRow | Record<string, unknown>) => sessionView(s)[name]])),
    profile: (s: SessionRow | Record<string, unknown>) => ({ id: sessionView(s).profileId }),
  },
  // Workflows arrive as the service's view; every field reads the typed view of it.
  IdvWorkflow: Object.fromEntries(WORKFLOW_FIELDS.map((name) => [name, (w: WorkflowView) => workflowView(w)[name]])),
  Profile: {
    __resolveReference: (ref: { id: string }) => ref,
    verificationSessions: (profile: { id: string }, _: unknown, ctx: IdvContext) => ctx.idv.sessionsByProfile.load(profile.id),
  },
};
