// IDV sessions: /idv/v1/sessions, envelope {data: ...} (+ siblings such as session_token), errors
// {error: {code, message}}, Cache-Control: no-store. Bodies are checked for their wire shape
// (idv-bodies.ts, in the interface's rule order: a missing profile_id is idv_profile_id_required,
// not a schema failure) and renamed onto the typed GraphQL inputs, whose rules the IDV services
// apply; the typed results are mapped back onto the documented shapes (idv-mapping.ts).
//   management: Authorization: Api-Key <key>, X-Api-Key, Authorization: Bearer <dashboard token>
//   capture plane: Authorization: Capture <session_token> or Authorization: Invite <invite code>
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { pageSizeParam } from './query-params';
import { toRestData, toRestSession, toRestStatus, typedInputOf } from './idv-mapping';
import { assignSchema, cancelSchema, checkCreateSessionBody, reviewSchema } from './idv-bodies';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import {
  type CreateVerificationSessionInput,
  type IdvReviewStatus,
  type SessionFieldsFragment,
  AssignDocument,
  CancelDocument,
  CreateSessionDocument,
  DataDocument,
  IdvFlagCategoryValues,
  IdvFlowStatusValues,
  IdvReviewStatusValues,
  QueueDocument,
  ReviewDocument,
  SessionDocument,
  SessionsDocument,
  StatusDocument,
} from '../operations/operations.generated';

const CAPTURE_CREDENTIALS: Route['credentials'] = ['capture', 'invite'];

/** The body checked by its documented schema; an absent or null body is {}. */
function optionalBody<T>(schema: z.ZodType<T>) {
  return z.preprocess((body) => body ?? {}, schema);
}

const notFound = () => ApiError.of('idv_session_not_found', 'Session not found');
const session = (value: SessionFieldsFragment | null | undefined) => {
  if (!value) throw notFound();
  return toRestSession(value);
};

const listQuery = z.object({
  profile_id: z.string().optional(),
  limit: pageSizeParam,
  page_size: pageSizeParam,
  cursor: z.string().min(1).max(512).optional(),
});

const queueQuery = z.object({
  review_status: z.string().optional(),
  assignee: z.string().min(1).max(128).optional(),
  unassigned: z.enum(['true', 'false']).optional(), // a REST query flag
  limit: pageSizeParam,
  page_size: pageSizeParam,
  cursor: z.string().min(1).max(512).optional(),
});

/** Response shapes for the OpenAPI document (the services build the objects). */
const obj = z.record(z.string(), z.unknown());
export const sessionSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  workspace_id: z.string(),
  creator_application_id: z.string().optional(),
  profile_id: z.string(),
  status: z.enum(IdvFlowStatusValues),
  review_status: z.enum(IdvReviewStatusValues),
  flag_categories: z.array(z.enum(IdvFlagCategoryValues)),
  profile_update_enabled: z.boolean(),
  flag_settings: obj,
  privacy_contact_email: z.string(),
  consent_evidence: obj,
  review_history: z.array(obj),
  assignee: z.string().optional(),
  submitted_at: z.string(),
  reviewed_at: z.string(),
  legal_hold: z.boolean(),
  artifacts: z.array(obj),
  capture_manifest: obj,
  step_manifest: obj,
  workflow_ref: obj.optional(),
  theme_ref: obj,
  retention_policy_id: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  delete_after: z.string(),
});
const sessionPage = z.object({ data: z.array(sessionSchema), has_more: z.boolean(), next_cursor: z.string().nullable() });

type ListQuery = z.infer<typeof listQuery>;
type QueueQuery = z.infer<typeof queueQuery>;

const page = (value: { nodes: SessionFieldsFragment[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }) => ({
  body: { data: value.nodes.map(toRestSession), has_more: value.pageInfo.hasNextPage, next_cursor: value.pageInfo.endCursor },
});

export const idvSessionRoutes: Route[] = [
  route({
    method: 'post',
    path: '/idv/v1/sessions',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Create a verification session (returns the one-time capture token)',
    credentials: MANAGEMENT_CREDENTIALS,
    document: CreateSessionDocument,
    variables: ({ body }) => ({ input: typedInputOf<CreateVerificationSessionInput>(body, checkCreateSessionBody) }),
    result: (data) => {
      const created = data.createVerificationSession;
      return {
        body: { data: toRestSession(created.session), session_token: created.sessionToken, token_expires_at: created.tokenExpiresAt },
      };
    },
    successStatus: 201,
    response: z.object({ data: sessionSchema, session_token: z.string(), token_expires_at: z.string() }),
  }),
  route({
    method: 'get',
    path: '/idv/v1/sessions',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'List sessions, newest first (filter profile_id; limit default 50, clamped to 100; cursor)',
    credentials: MANAGEMENT_CREDENTIALS,
    query: listQuery,
    document: SessionsDocument,
    variables: ({ query }) => {
      const q = query as ListQuery;
      return { profileId: q.profile_id ?? null, first: q.limit ?? q.page_size ?? null, after: q.cursor ?? null };
    },
    result: (data) => page(data.verificationSessions),
    response: sessionPage,
  }),
  route({
    method: 'get',
    path: '/idv/v1/review-queue',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Reviewer queue, oldest first (review_status default requires_review,escalation; assignee; unassigned=true)',
    credentials: MANAGEMENT_CREDENTIALS,
    query: queueQuery,
    document: QueueDocument,
    variables: ({ query }) => {
      const q = query as QueueQuery;
      return {
        // Unknown statuses are left to the gateway to refuse, as before the documents were typed.
        statuses: q.review_status
          ? (q.review_status
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean) as IdvReviewStatus[])
          : null,
        assignee: q.assignee ?? null,
        unassigned: q.unassigned === undefined ? null : q.unassigned === 'true',
        first: q.limit ?? q.page_size ?? null,
        after: q.cursor ?? null,
      };
    },
    result: (data) => page(data.idvReviewQueue),
    response: sessionPage,
  }),
  route({
    method: 'get',
    path: '/idv/v1/sessions/:sessionId',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Read a session (management projection)',
    credentials: MANAGEMENT_CREDENTIALS,
    document: SessionDocument,
    variables: ({ params }) => ({ id: params.sessionId }),
    result: (data) => ({ body: { data: session(data.verificationSession) } }),
    response: z.object({ data: sessionSchema }),
  }),
  route({
    method: 'get',
    path: '/idv/v1/sessions/:sessionId/status',
    area: 'idv',
    tag: 'IDV capture plane',
    summary: 'Hosted-page status of a session (capture or invite credential only)',
    credentials: CAPTURE_CREDENTIALS,
    document: StatusDocument,
    variables: ({ params }) => ({ id: params.sessionId }),
    result: (data) => ({ body: { data: toRestStatus(data.verificationSessionStatus) } }),
  }),
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/cancel',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Cancel a session (idempotent; 409 idv_state_conflict while assessing or after the flow ended)',
    credentials: MANAGEMENT_CREDENTIALS,
    body: optionalBody(cancelSchema),
    document: CancelDocument,
    variables: ({ params, body }) => ({ id: params.sessionId, input: { reason: (body as z.infer<typeof cancelSchema>).reason ?? null } }),
    result: (data) => ({ body: { data: session(data.cancelVerificationSession) } }),
    response: z.object({ data: sessionSchema }),
  }),
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/review',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Record a review decision (escalation, accepted, rejected)',
    credentials: MANAGEMENT_CREDENTIALS,
    body: optionalBody(reviewSchema),
    document: ReviewDocument,
    variables: ({ params, body }) => {
      const review = body as z.infer<typeof reviewSchema>;
      return { id: params.sessionId, input: { status: review.status as IdvReviewStatus, note: review.note ?? null } };
    },
    result: (data) => ({ body: { data: session(data.reviewVerificationSession) } }),
    response: z.object({ data: sessionSchema }),
  }),
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/assign',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Assign the session to a reviewer (dashboard user id) or clear the assignment (null)',
    credentials: MANAGEMENT_CREDENTIALS,
    body: optionalBody(assignSchema),
    document: AssignDocument,
    variables: ({ params, body }) => ({ id: params.sessionId, input: { assignee: (body as z.infer<typeof assignSchema>).assignee } }),
    result: (data) => ({ body: { data: session(data.assignVerificationSession) } }),
    response: z.object({ data: sessionSchema }),
  }),
  route({
    method: 'get',
    path: '/idv/v1/sessions/:sessionId/data',
    area: 'idv',
    tag: 'IDV sessions',
    summary: 'Decrypted results (audited; application key or dashboard user; never the capture credential)',
    // Capture and invite credentials reach the service so that their denial is audited too.
    credentials: [...MANAGEMENT_CREDENTIALS, ...CAPTURE_CREDENTIALS],
    document: DataDocument,
    variables: ({ params }) => ({ id: params.sessionId }),
    result: (data) => ({ body: { data: toRestData(data.verificationSessionData) } }),
  }),
];
