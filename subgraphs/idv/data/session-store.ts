// The only module that touches Prisma for IDV sessions and invites. Every query carries the
// caller's tenant and workspace: a session of another workspace reads exactly like an absent one.
// (Exception: the hosted-page credential lookups at the end, where the credential sets the scope.)
import { Prisma } from '../../../platform/db/prisma-client';
import type { Db, DbClient, DbTx, Scope } from '../../../platform/db/prisma';
import { scoped } from './scope';
import { translateUniqueViolation } from '../../../platform/db/unique-violation';
import type { SealedValue } from '../../../platform/crypto/envelope';
import type { CaptureManifest } from '../model/stored-shapes';
import {
  captureManifestColumn,
  completionColumn,
  flagSettingsColumn,
  stepManifestColumn,
  subjectReferenceColumn,
  themeRefColumn,
  themeSnapshotColumn,
  workflowRefColumn,
  type StepManifest,
} from './json-columns';

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** A new session row as the service builds it: JSON columns as their stored shapes (null: SQL NULL). */
export interface NewSession extends Scope {
  id: string;
  profileId: string;
  creatorApplicationId: string | null;
  creatorKind: string;
  creatorId: string;
  profileUpdateEnabled: boolean;
  flagSettings: Record<string, string>;
  privacyContactEmail: string;
  captureManifest: CaptureManifest;
  stepManifest: StepManifest;
  workflowRef: Record<string, unknown> | null;
  themeRef: Record<string, unknown>;
  themeSnapshot: object | null;
  subjectReference: SealedValue | null;
  retentionPolicyId: string | null;
  completion: object | null;
  declaredIdType: string | null;
  tokenHash: string;
  tokenExpiresAt: Date;
  deleteAfter: Date;
  createdAt: Date;
}

/** JSON null → SQL NULL, the way a nullable JSON column stores "none". */
const orDbNull = (value: Prisma.InputJsonValue | null) => (value === null ? Prisma.DbNull : value);

export async function insertSession(db: DbClient, session: NewSession) {
  const data: Prisma.IdvSessionUncheckedCreateInput = {
    ...session,
    flagSettings: flagSettingsColumn.write(session.flagSettings),
    captureManifest: captureManifestColumn.write(session.captureManifest),
    stepManifest: stepManifestColumn.write(session.stepManifest),
    workflowRef: orDbNull(workflowRefColumn.write(session.workflowRef)),
    themeRef: themeRefColumn.write(session.themeRef),
    themeSnapshot: orDbNull(themeSnapshotColumn.write(session.themeSnapshot)),
    subjectReference: orDbNull(subjectReferenceColumn.write(session.subjectReference)),
    completion: orDbNull(completionColumn.write(session.completion)),
  };
  return translateUniqueViolation('idv.sessions', () => db.idvSession.create({ data }));
}

export async function findSession(db: DbClient, scope: Scope, id: string) {
  return db.idvSession.findFirst({ where: { ...scoped(scope), id } });
}

/** Takes the session's row lock for the rest of the transaction; null when absent in scope. */
export async function lockSession(db: DbClient, scope: Scope, id: string) {
  const rows = await db.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "idv"."sessions" WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return findSession(db, scope, id);
}

export async function updateSession(db: DbClient, scope: Scope, id: string, data: Prisma.IdvSessionUncheckedUpdateManyInput) {
  await db.idvSession.updateMany({ where: { ...scoped(scope), id }, data });
  return db.idvSession.findFirstOrThrow({ where: { ...scoped(scope), id } });
}

/** Every column of a session row under the names Prisma gives them: the raw list reads below answer
 * the same rows as findSession, without Prisma's per-call compilation (docs/performance.md "Read path"). */
const SESSION_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", creator_application_id AS "creatorApplicationId", creator_kind AS "creatorKind", creator_id AS "creatorId", status, review_status AS "reviewStatus", flag_categories AS "flagCategories", reason_codes AS "reasonCodes", profile_update_enabled AS "profileUpdateEnabled", flag_settings AS "flagSettings", privacy_contact_email AS "privacyContactEmail", consent_evidence AS "consentEvidence", review_history AS "reviewHistory", assignee, submitted_at AS "submittedAt", reviewed_at AS "reviewedAt", legal_hold AS "legalHold", artifacts, artifact_storage AS "artifactStorage", capture_manifest AS "captureManifest", step_manifest AS "stepManifest", workflow_ref AS "workflowRef", theme_ref AS "themeRef", theme_snapshot AS "themeSnapshot", subject_reference AS "subjectReference", retention_policy_id AS "retentionPolicyId", completion, declared_id_type AS "declaredIdType", token_hash AS "tokenHash", token_expires_at AS "tokenExpiresAt", token_consumed_at AS "tokenConsumedAt", results, answers, assessment_attempts AS "assessmentAttempts", failure_reason AS "failureReason", cancel_reason AS "cancelReason", canceled_at AS "canceledAt", canceled_by AS "canceledBy", assessed_at AS "assessedAt", delete_after AS "deleteAfter", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The columns the management view of a session reads (idv-views.ts `sessionView`): never the sealed
 * subject reference, results or answers, the artifacts' storage references, the hosted-page token
 * or the theme snapshot, which no list shows (docs/performance.md "Read path"). */
const SESSION_VIEW_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", creator_application_id AS "creatorApplicationId", status, review_status AS "reviewStatus", flag_categories AS "flagCategories", profile_update_enabled AS "profileUpdateEnabled", flag_settings AS "flagSettings", privacy_contact_email AS "privacyContactEmail", consent_evidence AS "consentEvidence", review_history AS "reviewHistory", assignee, submitted_at AS "submittedAt", reviewed_at AS "reviewedAt", legal_hold AS "legalHold", artifacts, capture_manifest AS "captureManifest", step_manifest AS "stepManifest", workflow_ref AS "workflowRef", theme_ref AS "themeRef", retention_policy_id AS "retentionPolicyId", delete_after AS "deleteAfter", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The view's columns without its JSON parts (manifests, history, consent, artifacts, flag settings,
 * workflow and theme references): what a list row shows (the console's lists, a profile's sessions). */
const SESSION_SUMMARY_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", creator_application_id AS "creatorApplicationId", status, review_status AS "reviewStatus", flag_categories AS "flagCategories", profile_update_enabled AS "profileUpdateEnabled", privacy_contact_email AS "privacyContactEmail", assignee, submitted_at AS "submittedAt", reviewed_at AS "reviewedAt", legal_hold AS "legalHold", retention_policy_id AS "retentionPolicyId", delete_after AS "deleteAfter", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A session as its management view reads it (SESSION_VIEW_COLUMNS). */
export type SessionViewRow = Pick<
  SessionRow,
  | 'id'
  | 'tenantId'
  | 'workspaceId'
  | 'profileId'
  | 'creatorApplicationId'
  | 'status'
  | 'reviewStatus'
  | 'flagCategories'
  | 'profileUpdateEnabled'
  | 'flagSettings'
  | 'privacyContactEmail'
  | 'consentEvidence'
  | 'reviewHistory'
  | 'assignee'
  | 'submittedAt'
  | 'reviewedAt'
  | 'legalHold'
  | 'artifacts'
  | 'captureManifest'
  | 'stepManifest'
  | 'workflowRef'
  | 'themeRef'
  | 'retentionPolicyId'
  | 'deleteAfter'
  | 'createdAt'
  | 'updatedAt'
>;

/** The JSON parts of a session's view, which a summary row leaves out. */
export type SessionJsonPart =
  'flagSettings' | 'consentEvidence' | 'reviewHistory' | 'artifacts' | 'captureManifest' | 'stepManifest' | 'workflowRef' | 'themeRef';

/** A list row without the JSON parts (SESSION_SUMMARY_COLUMNS), marked so the view refuses to read them. */
export type SessionSummaryRow = Omit<SessionViewRow, SessionJsonPart> & { summary: true };

/** Which columns a list reads: the whole view, or the summary when the operation selects no JSON part. */
export type SessionParts = 'view' | 'summary';

type RowOf<Parts extends SessionParts> = Parts extends 'summary' ? SessionSummaryRow : SessionViewRow;

const columnsOf = (parts: SessionParts) => (parts === 'summary' ? `${SESSION_SUMMARY_COLUMNS}, true AS summary` : SESSION_VIEW_COLUMNS);

/** A page of a list, and with `withCount` the list's matches over all pages read by the same statement
 * (undefined: not asked for, or the page was empty and carried no row to read it from). */
export interface ListedPage<Row> {
  rows: Row[];
  total: number | undefined;
}

/** A page statement, with the count over all pages (the filters without the cursor) as a column of
 * every row when asked for: one round trip for a list and its totalCount instead of two. */
async function readPage<Row>(
  db: Db,
  sql: { columns: string; where: string; countWhere: string; order: string; params: unknown[]; name: string; withCount: boolean },
): Promise<ListedPage<Row>> {
  const page = `SELECT ${sql.columns} FROM idv.sessions WHERE ${sql.where} ORDER BY ${sql.order} LIMIT $3`;
  if (!sql.withCount) return { rows: (await db.$readRows(page, sql.params, sql.name)) as unknown as Row[], total: undefined };
  const rows = await db.$readRows(
    `WITH page AS (${page})
     SELECT page.*, (SELECT count(*)::int FROM idv.sessions WHERE ${sql.countWhere}) AS "listTotal" FROM page ORDER BY ${sql.order.replace('created_at', '"createdAt"')}`,
    sql.params,
    `${sql.name}_counted`,
  );
  return { rows: rows as unknown as Row[], total: rows.length > 0 ? Number(rows[0].listTotal) : undefined };
}

export async function findSessionsByProfileIds<Parts extends SessionParts = 'view'>(
  db: Db,
  scope: Scope,
  profileIds: readonly string[],
  parts: Parts = 'view' as Parts,
): Promise<RowOf<Parts>[]> {
  const rows = await db.$readRows(
    `SELECT ${columnsOf(parts)} FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = ANY($3::text[])
      ORDER BY created_at DESC, id DESC`,
    [scope.tenantId, scope.workspaceId, profileIds],
    `idv_sessions_by_profile_ids_${parts}`,
  );
  return rows as unknown as RowOf<Parts>[];
}

/** findSession outside a transaction, without Prisma's per-call compilation (the case page, the
 * session reads of the dashboard). */
export async function readSession(db: Db, scope: Scope, id: string): Promise<SessionRow | null> {
  const [row] = await db.$readRows(
    `SELECT ${SESSION_COLUMNS} FROM idv.sessions WHERE id = $1 AND tenant_id = $2 AND workspace_id = $3`,
    [id, scope.tenantId, scope.workspaceId],
    'idv_session_by_id',
  );
  return (row as unknown as SessionRow | undefined) ?? null;
}

type After = { createdAt: Date; id: string };

/** The filters of the sessions list (a list matches any of its values; omitted: no filter). */
export interface SessionListFilter {
  profileId?: string;
  statuses?: string[];
  reviewStatuses?: string[];
}

/** The WHERE of the sessions list and its parameters ($1, $2: the scope), and a name for its shape
 * (one statement text per filter shape, each prepared once per connection). */
function sessionListConditions(scope: Scope, filter: SessionListFilter, params: unknown[] = [scope.tenantId, scope.workspaceId]) {
  let where = 'tenant_id = $1 AND workspace_id = $2';
  let shape = '';
  if (filter.profileId) {
    params.push(filter.profileId);
    where += ` AND profile_id = $${params.length}`;
    shape += 'p';
  }
  if (filter.statuses) {
    params.push(filter.statuses);
    where += ` AND status = ANY($${params.length}::text[])`;
    shape += 's';
  }
  if (filter.reviewStatuses) {
    params.push(filter.reviewStatuses);
    where += ` AND review_status = ANY($${params.length}::text[])`;
    shape += 'r';
  }
  return { where, params, shape };
}

export async function listSessions<Parts extends SessionParts>(
  db: Db,
  scope: Scope,
  filter: SessionListFilter & { after?: After; take: number },
  parts: Parts,
  withCount = false,
): Promise<ListedPage<RowOf<Parts>>> {
  const conditions = sessionListConditions(scope, filter, [scope.tenantId, scope.workspaceId, filter.take]);
  const { params } = conditions;
  let { where, shape } = conditions;
  const countWhere = where;
  if (filter.after) {
    params.push(filter.after.createdAt, filter.after.id);
    where += ` AND (created_at, id) < ($${params.length - 1}::timestamp, $${params.length})`;
    shape += 'a';
  }
  return readPage(db, {
    columns: columnsOf(parts),
    where,
    countWhere,
    order: 'created_at DESC, id DESC',
    params,
    name: `idv_sessions_page_${parts}_${shape}`,
    withCount,
  });
}

/** Sessions matching the list's filters over all pages (the connection's totalCount): one prepared
 * statement per filter shape, as the page itself. */
export async function countSessions(db: Db, scope: Scope, filter: SessionListFilter): Promise<number> {
  const { where, params, shape } = sessionListConditions(scope, filter);
  const [row] = await db.$readRows(`SELECT count(*)::int AS n FROM idv.sessions WHERE ${where}`, params, `idv_sessions_count_${shape}`);
  return Number(row?.n ?? 0);
}

/** The filters of the reviewer queue. */
export interface ReviewQueueFilter {
  reviewStatuses: string[];
  assignee?: string | null;
  workflowIds?: string[];
  reasonCodes?: string[];
}

/** The WHERE of the reviewer queue and its parameters ($1, $2: the scope), and a name for its shape. */
function reviewQueueConditions(scope: Scope, filter: ReviewQueueFilter, params: unknown[] = [scope.tenantId, scope.workspaceId]) {
  params.push(filter.reviewStatuses);
  let where = `tenant_id = $1 AND workspace_id = $2 AND review_status = ANY($${params.length}::text[])`;
  let shape = '';
  if (filter.assignee === null) {
    where += ' AND assignee IS NULL';
    shape += 'u';
  } else if (filter.assignee !== undefined) {
    params.push(filter.assignee);
    where += ` AND assignee = $${params.length}`;
    shape += 'a';
  }
  if (filter.reasonCodes) {
    params.push(filter.reasonCodes);
    where += ` AND reason_codes && $${params.length}::text[]`;
    shape += 'c';
  }
  // The workflow is part of the create-time snapshot (workflow_ref.workflow_id).
  if (filter.workflowIds) {
    params.push(filter.workflowIds);
    where += ` AND workflow_ref ->> 'workflow_id' = ANY($${params.length}::text[])`;
    shape += 'w';
  }
  return { where, params, shape };
}

/** Oldest first: the reviewer works the queue in arrival order. */
export async function listReviewQueue<Parts extends SessionParts>(
  db: Db,
  scope: Scope,
  filter: ReviewQueueFilter & { after?: After; take: number },
  parts: Parts,
  withCount = false,
): Promise<ListedPage<RowOf<Parts>>> {
  const conditions = reviewQueueConditions(scope, filter, [scope.tenantId, scope.workspaceId, filter.take]);
  const { params } = conditions;
  let { where, shape } = conditions;
  const countWhere = where;
  if (filter.after) {
    params.push(filter.after.createdAt, filter.after.id);
    where += ` AND (created_at, id) > ($${params.length - 1}::timestamp, $${params.length})`;
    shape += 'k';
  }
  return readPage(db, {
    columns: columnsOf(parts),
    where,
    countWhere,
    order: 'created_at ASC, id ASC',
    params,
    name: `idv_review_queue_page_${parts}_${shape}`,
    withCount,
  });
}

export async function consumeInvites(db: DbClient, scope: Scope, sessionId: string, at: Date) {
  await db.idvInvite.updateMany({ where: { ...scoped(scope), sessionId, consumedAt: null }, data: { consumedAt: at } });
}

// Hosted-page credential lookups (services/credential-service.ts). The one exception to the scope
// rule: the credential is what establishes the scope, so these find the row by the credential's
// hash alone (an unguessable secret) and return the row's tenant and workspace with it.

export async function findSessionByTokenHash(db: DbClient, tokenHash: string) {
  return db.idvSession.findUnique({
    where: { tokenHash },
    select: { id: true, tenantId: true, workspaceId: true, status: true, tokenExpiresAt: true, tokenConsumedAt: true },
  });
}

export async function findInviteByCodeHash(db: DbClient, codeHash: string) {
  return db.idvInvite.findUnique({
    where: { codeHash },
    select: {
      sessionId: true,
      tenantId: true,
      workspaceId: true,
      expiresAt: true,
      consumedAt: true,
      session: { select: { status: true } },
    },
  });
}

// Assessment dispatch (the worker, across every tenant): sessions waiting for assessment, and
// sessions whose assessment stalled (a worker died mid-assessment) for at least `stalledMs`.
export async function findSessionsToAssess(db: DbClient, stalledBefore: Date, take = 50) {
  return db.idvSession.findMany({
    where: { OR: [{ status: 'queued' }, { status: 'assessing', updatedAt: { lt: stalledBefore } }] },
    select: { id: true, tenantId: true, workspaceId: true },
    orderBy: { updatedAt: 'asc' },
    take,
  });
}

/** Claims an idempotency key for a session create (inside the create's transaction). The unique
 * (tenant, workspace, scope, key) decides which concurrent create wins: a loser waits for the
 * winner's commit and inserts nothing (false). */
export async function claimIdempotencyKey(
  tx: DbTx,
  scope: Scope,
  record: { id: string; scope: string; key: string; fingerprint: string; resourceId: string },
): Promise<boolean> {
  const claimed = await tx.idempotencyRecord.createMany({
    data: [
      {
        id: record.id,
        ...scoped(scope),
        scope: record.scope,
        key: record.key,
        fingerprint: record.fingerprint,
        resourceId: record.resourceId,
      },
    ],
    skipDuplicates: true,
  });
  return claimed.count > 0;
}

export async function findIdempotencyRecord(db: DbClient, scope: Scope, idempotencyScope: string, key: string) {
  return db.idempotencyRecord.findUnique({
    where: { tenantId_workspaceId_scope_key: { ...scoped(scope), scope: idempotencyScope, key } },
  });
}

/** Sessions of the reviewer queue under its filters, over all pages (the home page's counts, the
 * queue's totalCount). */
export async function countReviewQueue(db: Db, scope: Scope, filter: ReviewQueueFilter): Promise<number> {
  const { where, params, shape } = reviewQueueConditions(scope, filter);
  const [row] = await db.$readRows(`SELECT count(*)::int AS n FROM idv.sessions WHERE ${where}`, params, `idv_review_queue_count_${shape}`);
  return Number(row?.n ?? 0);
}
