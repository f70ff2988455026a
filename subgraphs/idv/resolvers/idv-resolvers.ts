// GraphQL ⇄ IDV core services. Thin: arguments and projections; every rule and principal check
// lives in the services. Rich inputs arrive as JSON objects (scalar JSONObject) and go to the
// services as they are (the services validate them); rich outputs leave as objects.
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
/** A JSONObject argument: an object, or any other JSON value that the service refuses (resolvers/json-object.ts). */
type JsonInput = unknown;

export const idvCoreResolvers = {
  Query: {
    idvWorkflowPresets: () => ['liveness_and_id', 'liveness_only', 'id_only'],
    verificationSession: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => getSession(ctx.idv.deps.db, ctx.principal, args.id),
    verificationSessions: (_: unknown, args: Args<{ profileId?: string; limit?: number; cursor?: string }>, ctx: IdvContext) =>
      listSessionPage(ctx.idv.deps.db, ctx.principal, args),
    idvReviewQueue: (_: unknown, args: Args<{ reviewStatuses?: string[]; assignee?: string; unassigned?: boolean; limit?: number; cursor?: string }>, ctx: IdvContext) =>
      listReviewQueuePage(ctx.idv.deps.db, ctx.principal, args),
    verificationSessionStatus: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) =>
      toCaptureStatus(await getCaptureStatus(ctx.idv.deps, ctx.principal, args.id)),
    verificationSessionData: (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => readSessionData(ctx.idv.deps, ctx.principal, args.id, ctx.requestId),
    idvWorkflow: async (_: unknown, args: Args<{ id: string }>, ctx: IdvContext) => getWorkflow(ctx.idv.deps.db, ctx.principal, args.id),
    idvWorkflows: (_: unknown, args: Args<{ status?: string; limit?: number; cursor?: string }>, ctx: IdvContext) =>
      listWorkflowPage(ctx.idv.deps.db, ctx.principal, args),
    // Internal (@inaccessible): the gateway resolving a hosted-page credential.
    resolveIdvCredential: (_: unknown, args: Args<{ scheme: string; value: string }>, ctx: IdvContext) =>
      resolveHostedPageCredential(ctx.idv.deps, ctx.principal, args.scheme, args.value),
  },
  Mutation: {
    createVerificationSession: (_: unknown, args: Args<{ input: JsonInput }>, ctx: IdvContext) =>
      createSession(ctx.idv.deps, ctx.principal, args.input, ctx.requestId),
    cancelVerificationSession: (_: unknown, args: Args<{ id: string; input?: JsonInput | null }>, ctx: IdvContext) =>
      cancelSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId),
    reviewVerificationSession: (_: unknown, args: Args<{ id: string; input: JsonInput }>, ctx: IdvContext) =>
      reviewSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId),
    assignVerificationSession: (_: unknown, args: Args<{ id: string; input: JsonInput }>, ctx: IdvContext) =>
      assignSession(ctx.idv.deps, ctx.principal, args.id, args.input, ctx.requestId),
    recordVerificationConsent: async (_: unknown, args: Args<{ id: string; input: JsonInput }>, ctx: IdvContext) =>
      toCaptureStatus(await consentAsCustomer(ctx.idv.deps, ctx.principal, args.id, args.input)),
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
