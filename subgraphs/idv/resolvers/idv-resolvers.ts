// GraphQL ⇄ IDV core services. Thin: arguments and projections; every rule and principal check
// lives in the services. Rich inputs arrive as JSON objects (scalar JSONObject) and go to the
// services as they are (the services validate them); rich outputs leave as objects.
import { keysetPageConnection } from '../../../platform/graphql/paging';
import { IdvContext } from '../context';
import { SessionRow } from '../data/session-store';
import { resolveHostedPageCredential } from '../services/credential-service';
import { readSessionData } from '../services/data-service';
import { assignSession, cancelSession, consentAsCustomer, getCaptureStatus, reviewSession, submitAsCustomer } from '../services/lifecycle-service';
import { toCaptureStatus, toManagementSession } from '../services/projection';
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
/** A JSONObject argument: an object, or any other JSON value that the service refuses (resolvers/json-object.ts). */
type JsonInput = unknown;

export const idvCoreResolvers = {
  Query: {
    idvWorkflowPresets: () => ['liveness_and_id', 'liveness_only', 'id_only'],
    verificationSession: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => getSession(ctx.idv.deps.db, ctx.principal, args.id),
    verificationSessions: async (_: unknown, args: Args<PageArgs & { profileId?: string }>, ctx: IdvContext) =>
      keysetPageConnection(await listSessionPage(ctx.idv.deps.db, ctx.principal, { profileId: args.profileId, limit: args.first, cursor: args.after })),
    idvReviewQueue: async (_: unknown, args: Args<PageArgs & { reviewStatuses?: string[]; assignee?: string; unassigned?: boolean }>, ctx: IdvContext) =>
      keysetPageConnection(await listReviewQueuePage(ctx.idv.deps.db, ctx.principal, { ...args, limit: args.first, cursor: args.after })),
    verificationSessionStatus: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) =>
      toCaptureStatus(await getCaptureStatus(ctx.idv.deps, ctx.principal, args.id)),
    verificationSessionData: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => readSessionData(ctx.idv.deps, ctx.principal, args.id, ctx.requestId),
    idvWorkflow: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => getWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    idvWorkflows: async (_: unknown, args: Args<PageArgs & { status?: string }>, ctx: IdvContext) =>
      keysetPageConnection(await listWorkflowPage(ctx.idv.deps.db, ctx.principal, { status: args.status, limit: args.first, cursor: args.after })),
    // Internal (@inaccessible): the gateway resolving a hosted-page credential.
    resolveIdvCredential: (_: unknown, args: Args<{ scheme: string; value: string }>, ctx: IdvContext) =>
      resolveHostedPageCredential(ctx.idv.deps, ctx.principal, args.scheme, args.value),
  },
  Mutation: {
    createVerificationSession: (_: unknown, args: Args<{ input: JsonInput }>, ctx: IdvContext) =>
      createSession(ctx.idv.deps, ctx.principal, args.input, ctx.requestId),
    // Typed inputs become the documented snake_case bodies, checked by the services' own schemas.
    cancelVerificationSession: (_: unknown, args: Args<{ id: string; input?: { reason?: string | null } | null }>, ctx: IdvContext) =>
      cancelSession(ctx.idv.deps, ctx.principal, args.id, present({ reason: args.input?.reason }), ctx.requestId),
    reviewVerificationSession: (_: unknown, args: Args<{ id: string; input: { status: string; note?: string | null } }>, ctx: IdvContext) =>
      reviewSession(ctx.idv.deps, ctx.principal, args.id, present({ status: args.input.status, note: args.input.note }), ctx.requestId),
    assignVerificationSession: (_: unknown, args: Args<{ id: string; input: { assignee?: string | null } }>, ctx: IdvContext) =>
      assignSession(ctx.idv.deps, ctx.principal, args.id, { assignee: args.input.assignee ?? null }, ctx.requestId),
    recordVerificationConsent: async (_: unknown, args: Args<{ id: string; input: { accepted: boolean; policyVersion?: string | null } }>, ctx: IdvContext) =>
      toCaptureStatus(await consentAsCustomer(ctx.idv.deps, ctx.principal, args.id, present({ accepted: args.input.accepted, policy_version: args.input.policyVersion }))),
    submitVerificationSession: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) =>
      toCaptureStatus(await submitAsCustomer(ctx.idv.deps, ctx.principal, args.id)),
    createIdvWorkflow: (_: unknown, args: Args<{ input: JsonInput }>, ctx: IdvContext) => createWorkflow(ctx.idv.deps.db, ctx.principal, args.input),
    updateIdvWorkflow: (_: unknown, args: Args<{ id: string; input: JsonInput }>, ctx: IdvContext) =>
      updateWorkflowFields(ctx.idv.deps.db, ctx.principal, args.id, args.input),
    activateIdvWorkflow: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => activateWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    archiveIdvWorkflow: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => archiveWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    makeDefaultIdvWorkflow: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => makeDefaultWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
  },
  CreatedVerificationSession: {
    session: (created: { session: Record<string, unknown> }) => created.session,
  },
  VerificationSession: {
    // Sessions arrive either as rows (reads, moves) or as management projections (create).
    id: (s: SessionLike) => field(s, 'id'),
    profileId: (s: SessionLike) => field(s, 'profileId', 'profile_id'),
    profile: (s: SessionLike) => ({ id: field(s, 'profileId', 'profile_id') }),
    status: (s: SessionLike) => field(s, 'status'),
    reviewStatus: (s: SessionLike) => field(s, 'reviewStatus', 'review_status'),
    flagCategories: (s: SessionLike) => field(s, 'flagCategories', 'flag_categories'),
    assignee: (s: SessionLike) => field(s, 'assignee') ?? null,
    // Timestamps: the projection writes '' for "not yet"; GraphQL says null.
    submittedAt: (s: SessionLike) => dateField(s, 'submittedAt', 'submitted_at'),
    reviewedAt: (s: SessionLike) => dateField(s, 'reviewedAt', 'reviewed_at'),
    createdAt: (s: SessionLike) => dateField(s, 'createdAt', 'created_at'),
    updatedAt: (s: SessionLike) => dateField(s, 'updatedAt', 'updated_at'),
    data: (s: SessionLike) => (isRow(s) ? toManagementSession(s) : s),
  },
  IdvWorkflow: {
    isDefault: (w: WorkflowView) => w.is_default,
    createdAt: (w: WorkflowView) => w.created_at,
    updatedAt: (w: WorkflowView) => w.updated_at,
    data: (w: WorkflowView) => w,
  },
  Profile: {
    __resolveReference: (ref: { id: string }) => ref,
    verificationSessions: (profile: { id: string }, _: unknown, ctx: IdvContext) => ctx.idv.sessionsByProfile.load(profile.id),
  },
};

type SessionLike = SessionRow | Record<string, unknown>;

/** The body without absent (undefined or null) optional fields. */
function present(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null));
}

function isRow(s: SessionLike): s is SessionRow {
  return s instanceof Object && 'tokenExpiresAt' in s;
}

function field(s: SessionLike, rowKey: string, viewKey = rowKey): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  return isRow(s) ? (s as unknown as Record<string, unknown>)[rowKey] : s[viewKey];
}

function dateField(s: SessionLike, rowKey: string, viewKey: string): string | null {
  const value = field(s, rowKey, viewKey);
  if (value instanceof Date) return value.toISOString();
  return value ? String(value) : null;
}
