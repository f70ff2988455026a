// The only file of ongoing monitoring that touches the database: monitored subjects, cursors,
// runs and alerts. Tenant data (subjects, alerts) is always read by tenant + workspace; runs and
// cursors are global (a list delta concerns every workspace).
import { Db, DbClient, DbTx, readCount, Scope } from '../../../../platform/db/prisma';
import { Prisma } from '../../../../platform/db/prisma-client';
import { Sql } from '../../data/watchlist-store';

const sql = (db: DbClient): Sql => db;

/** Cursor row holding the enrollment watermark (not a watchlist source). */
export const ENROLLMENT_CURSOR = '$enrollment';

// ---- enrollment ------------------------------------------------------------------------------

/** A direct search that carried a profile id: what monitoring re-screens the profile with. */
export interface ProfileSearchRow {
  tenant_id: string;
  workspace_id: string;
  profile_id: string;
  id: string;
  created_at: Date;
  name: string;
  config: {
    type?: string | null;
    date_of_birth?: string | null;
    country?: string | null;
    identifiers?: { kind?: string; value: string; country?: string }[];
    threshold?: number;
    feeds?: string[];
  };
}

/** The latest search per profile created after `since` (monitoring's own searches excluded). */
/** The latest search of each profile screened at or after `since`, oldest first, a page at a time:
 * `after` (the last row of the previous page) is the page's keyset. A page ends at a search instant,
 * so the next one starts there; ordering pages by profile instead would move the watermark past
 * profiles not read yet. */
export async function profileSearchesSince(
  db: Db,
  since: Date,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<ProfileSearchRow[]> {
  return sql(db).$queryRawUnsafe<ProfileSearchRow[]>(
    `SELECT * FROM (
       SELECT DISTINCT ON (r.tenant_id, r.workspace_id, r.profile_id)
              r.tenant_id, r.workspace_id, r.profile_id, r.id, r.created_at, s.name, r.config
         FROM screening.search_requests r
         JOIN screening.search_results s ON s.id = r.id || '_0'
        WHERE r.profile_id IS NOT NULL AND r.source <> 'monitoring' AND r.created_at >= $1
        ORDER BY r.tenant_id, r.workspace_id, r.profile_id, r.created_at DESC, r.id DESC) latest
      WHERE $2::timestamp IS NULL OR (latest.created_at, latest.id) > ($2::timestamp, $3::text)
      ORDER BY latest.created_at, latest.id
      LIMIT $4`,
    since,
    after?.at ?? null,
    after?.id ?? null,
    limit,
  );
}

export interface SubjectUpsert {
  tenantId: string;
  workspaceId: string;
  profileId: string;
  sealedQuery: unknown;
  lastSearchId: string;
  lastScreenedAt: Date;
}

/** Enrolls (or refreshes) subjects; an older search never replaces a newer one. Frequencies of a
 * refreshed subject are read again (its groups may have changed since). */
export async function upsertSubjects(db: Db, subjects: SubjectUpsert[]): Promise<number> {
  if (!subjects.length) return 0;
  return sql(db).$executeRawUnsafe(
    `INSERT INTO screening.monitored_subjects (tenant_id, workspace_id, profile_id, sealed_query, last_search_id, last_screened_at, updated_at)
     SELECT x.tenant_id, x.workspace_id, x.profile_id, x.sealed_query, x.last_search_id, x.last_screened_at, now()
       FROM jsonb_to_recordset($1::jsonb) AS x(tenant_id text, workspace_id text, profile_id text, sealed_query jsonb, last_search_id text, last_screened_at timestamp)
     ON CONFLICT (tenant_id, workspace_id, profile_id) DO UPDATE
        SET sealed_query = excluded.sealed_query, last_search_id = excluded.last_search_id, last_screened_at = excluded.last_screened_at,
            frequencies_resolved_at = NULL, updated_at = now()
      WHERE monitored_subjects.last_screened_at < excluded.last_screened_at`,
    JSON.stringify(
      subjects.map((s) => ({
        tenant_id: s.tenantId,
        workspace_id: s.workspaceId,
        profile_id: s.profileId,
        sealed_query: s.sealedQuery,
        last_search_id: s.lastSearchId,
        last_screened_at: s.lastScreenedAt.toISOString().replace('Z', ''),
      })),
    ),
  );
}

export async function readCursor(db: DbClient, source: string) {
  return db.monitoringCursor.findUnique({ where: { source } });
}

export async function saveCursor(db: DbClient, source: string, change: { seq?: number; at?: Date }): Promise<void> {
  await db.monitoringCursor.upsert({ where: { source }, create: { source, ...change }, update: { ...change, updatedAt: new Date() } });
}

// ---- frequencies -----------------------------------------------------------------------------

export async function subjectsWithoutFrequencies(db: Db, limit: number) {
  return db.monitoredSubject.findMany({
    where: { frequenciesResolvedAt: null },
    select: { tenantId: true, workspaceId: true, profileId: true, lastScreenedAt: true },
    orderBy: [{ tenantId: 'asc' }, { workspaceId: 'asc' }],
    take: limit,
  });
}

export async function saveFrequencies(
  db: Db,
  scope: Scope,
  profileId: string,
  change: { sanctionsFrequency: string; pepFrequency: string; nextFullScreenAt: Date | null },
): Promise<void> {
  await db.monitoredSubject.updateMany({
    where: { ...scope, profileId },
    data: { ...change, frequenciesResolvedAt: new Date(), updatedAt: new Date() },
  });
}

// ---- runs ------------------------------------------------------------------------------------

export type RunRow = Awaited<ReturnType<typeof findRun>>;

export async function findRun(db: DbClient, id: string) {
  return db.monitoringRun.findUnique({ where: { id } });
}

/** Creates the delta run of a source version and advances the source cursor, in one transaction;
 * a second sweep that raced this one finds the run there and creates nothing. */
export async function createDeltaRun(
  db: Db,
  run: { id: string; source: string; fromSeq: number; toSeq: number; versionId: string },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const inserted = await sql(tx).$executeRawUnsafe(
      `INSERT INTO screening.monitoring_runs (id, kind, source, from_seq, to_seq, version_id, status)
       VALUES ($1, 'delta', $2, $3, $4, $5, 'queued') ON CONFLICT (source, to_seq) DO NOTHING`,
      run.id,
      run.source,
      run.fromSeq,
      run.toSeq,
      run.versionId,
    );
    await saveCursor(tx, run.source, { seq: run.toSeq });
    return inserted > 0;
  });
}

export async function createScheduledRun(db: Db, run: { id: string; dueBefore: Date }): Promise<void> {
  await db.monitoringRun.create({ data: { id: run.id, kind: 'scheduled', status: 'queued', dueBefore: run.dueBefore } });
}

/** Queued runs, and running ones whose lease ran out (the worker died): to be (re)sent. */
export async function runsToDispatch(db: Db, now: Date) {
  return db.monitoringRun.findMany({
    where: { OR: [{ status: 'queued' }, { status: 'running', leaseUntil: { lt: now } }] },
    orderBy: { createdAt: 'asc' },
    take: 100,
  });
}

export async function openScheduledRun(db: Db) {
  return db.monitoringRun.findFirst({ where: { kind: 'scheduled', status: { in: ['queued', 'running'] } } });
}

/** Takes the run for this attempt unless another attempt holds a live lease. */
export async function claimRun(db: Db, id: string, leaseUntil: Date, now: Date): Promise<boolean> {
  const claimed = await db.monitoringRun.updateMany({
    where: { id, OR: [{ status: 'queued' }, { status: 'running', leaseUntil: { lt: now } }] },
    data: { status: 'running', leaseUntil, attempts: { increment: 1 }, startedAt: now },
  });
  return claimed.count > 0;
}

export async function updateRun(db: DbClient, id: string, data: Prisma.MonitoringRunUpdateInput): Promise<void> {
  await db.monitoringRun.update({ where: { id }, data });
}

/** The entities a source version range added or changed (and still holds at `toSeq`). */
export async function deltaEntities<T>(db: Db, source: string, fromSeq: number, toSeq: number): Promise<T[]> {
  const rows = await sql(db).$queryRawUnsafe<{ data: T }[]>(
    `SELECT data FROM screening.watchlist_entities
      WHERE source = $1 AND added_seq > $2 AND added_seq <= $3 AND (removed_seq IS NULL OR removed_seq > $3)
      ORDER BY source_id`,
    source,
    fromSeq,
    toSeq,
  );
  return rows.map((row) => row.data);
}

export async function activeSources(db: Db) {
  return db.watchlistSource.findMany({
    where: { activeVersionId: { not: null } },
    select: { source: true, activeSeq: true, activeVersionId: true },
  });
}

export interface SubjectRow {
  tenantId: string;
  workspaceId: string;
  profileId: string;
  sealedQuery: unknown;
  sanctionsFrequency: string;
  pepFrequency: string;
  /** The subject's latest search: the baseline of an alert its re-screen raises. */
  lastSearchId: string;
}

/** Subject key as kept in a run's cursor. */
export const subjectKey = (s: Pick<SubjectRow, 'tenantId' | 'workspaceId' | 'profileId'>) =>
  `${s.tenantId}/${s.workspaceId}/${s.profileId}`;

/** The next page of a run's subjects after `cursor` (keyset order): delta runs take the subjects
 * whose Sanctions frequency is `deltas`, scheduled runs the ones due at `dueBefore`. */
export async function subjectsPage(
  db: Db,
  filter: { deltas: true } | { dueBefore: Date },
  cursor: string | null,
  limit: number,
): Promise<SubjectRow[]> {
  const [t, w, p] = cursor ? cursor.split('/') : ['', '', ''];
  const where = 'deltas' in filter ? `sanctions_frequency = 'deltas'` : `next_full_screen_at <= $5`;
  return sql(db).$queryRawUnsafe<SubjectRow[]>(
    `SELECT tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", sealed_query AS "sealedQuery",
            sanctions_frequency AS "sanctionsFrequency", pep_frequency AS "pepFrequency", last_search_id AS "lastSearchId"
       FROM screening.monitored_subjects
      WHERE ${where} AND (tenant_id, workspace_id, profile_id) > ($1, $2, $3)
      ORDER BY tenant_id, workspace_id, profile_id
      LIMIT $4`,
    ...[t, w, p, limit, ...('dueBefore' in filter ? [filter.dueBefore] : [])],
  );
}

export async function countSubjects(db: Db, filter: { deltas: true } | { dueBefore: Date }): Promise<number> {
  return 'deltas' in filter
    ? db.monitoredSubject.count({ where: { sanctionsFrequency: 'deltas' } })
    : db.monitoredSubject.count({ where: { nextFullScreenAt: { lte: filter.dueBefore } } });
}

export async function markSubjectScreened(
  tx: DbTx,
  scope: Scope,
  profileId: string,
  change: { lastSearchId?: string; lastScreenedAt: Date; nextFullScreenAt?: Date | null },
): Promise<void> {
  await tx.monitoredSubject.updateMany({ where: { ...scope, profileId }, data: { ...change, updatedAt: new Date() } });
}

// ---- monitoring searches and alerts ----------------------------------------------------------

export interface MonitoringSearchWrite {
  scope: Scope;
  profileId: string;
  requestId: string;
  createdAt: Date;
  config: unknown;
  entity: { type: string | null; name: string; feeds: string[] };
  matches: { id: string; rank: number; entityRef: string; score: number; reviewStatus: string; payload: unknown }[];
}

/** A monitoring search in history: request (source monitoring, the profile id), result, matches. */
export async function insertMonitoringSearch(tx: DbTx, search: MonitoringSearchWrite): Promise<void> {
  const { scope, requestId, createdAt } = search;
  await tx.searchRequest.create({
    data: {
      id: requestId,
      ...scope,
      actorKind: 'service',
      actorId: 'monitoring',
      userName: 'Ongoing monitoring',
      config: search.config as Prisma.InputJsonValue,
      entities: [{ ...search.entity, custom_id: null }],
      profileId: search.profileId,
      source: 'monitoring',
      createdAt,
      updatedAt: createdAt,
    },
  });
  const resultId = `${requestId}_0`;
  await tx.searchResult.create({
    data: {
      id: resultId,
      requestId,
      entityIndex: 0,
      ...scope,
      type: search.entity.type,
      name: search.entity.name,
      matchCount: search.matches.length,
      createdAt,
    },
  });
  await tx.searchMatch.createMany({
    data: search.matches.map((m) => ({
      id: m.id,
      searchResultId: resultId,
      requestId,
      ...scope,
      rank: m.rank,
      entityRef: m.entityRef,
      score: m.score,
      payload: m.payload as Prisma.InputJsonValue,
      reviewStatus: m.reviewStatus,
      createdAt,
    })),
  });
}

export async function insertAlert(
  tx: DbTx,
  alert: {
    id: string;
    scope: Scope;
    profileId: string;
    runId: string;
    trigger: string;
    searchId: string;
    matchCount: number;
    entityRefs: string[];
    /** {source: versionId} the run screened against. */
    listVersions: Record<string, string>;
    /** The profile's search before this one (null: none). */
    previousSearchId: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await tx.monitoringAlert.create({
    data: {
      id: alert.id,
      ...alert.scope,
      profileId: alert.profileId,
      runId: alert.runId,
      trigger: alert.trigger,
      searchId: alert.searchId,
      matchCount: alert.matchCount,
      entityRefs: alert.entityRefs,
      listVersions: alert.listVersions,
      previousSearchId: alert.previousSearchId,
      createdAt: alert.createdAt,
    },
  });
}

export async function alertsWithoutOutcome(db: Db, olderThan: Date, limit = 500) {
  return db.monitoringAlert.findMany({
    where: { outcomeSentAt: null, createdAt: { lt: olderThan } },
    orderBy: { createdAt: 'asc' },
    take: limit,
  });
}

export async function markOutcomeSent(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.monitoringAlert.updateMany({ where: { id: { in: ids } }, data: { outcomeSentAt: new Date() } });
}

export type AlertRow = NonNullable<Awaited<ReturnType<typeof findAlert>>>;

export async function findAlert(db: DbClient, scope: Scope, id: string) {
  return db.monitoringAlert.findFirst({ where: { ...scope, id } });
}

export interface AlertFilter {
  status?: string;
  profileId?: string;
  /** An actor id: its alerts; null: the unassigned ones; undefined: any. */
  assignee?: string | null;
}

/** The alert columns under their model names (the raw reads answer the rows Prisma reads). */
const ALERT_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", run_id AS "runId", trigger,
  search_id AS "searchId", status, match_count AS "matchCount", entity_refs AS "entityRefs", list_versions AS "listVersions",
  previous_search_id AS "previousSearchId", acknowledged_at AS "acknowledgedAt", acknowledged_by AS "acknowledgedBy", note,
  assignee, assigned_at AS "assignedAt", outcome_sent_at AS "outcomeSentAt", created_at AS "createdAt"`;

/** The alert outside a transaction (the API's reads): one prepared statement, no Prisma per call. */
export async function readAlert(db: Db, scope: Scope, id: string): Promise<AlertRow | null> {
  const rows = await db.$readRows(
    `SELECT ${ALERT_COLUMNS} FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND id = $3`,
    [scope.tenantId, scope.workspaceId, id],
    'monitoring_alert_by_id',
  );
  return (rows[0] as unknown as AlertRow | undefined) ?? null;
}

/** A page of the workspace's alerts, newest first, and the total under the filters: one prepared
 * statement per filter shape (the total a scalar subquery over the same filters), no Prisma per call
 * (the console's inbox reads it on every load). */
export async function listAlerts(db: Db, scope: Scope, filter: AlertFilter, offset: number, limit: number) {
  const where = ['tenant_id = $1', 'workspace_id = $2'];
  const params: unknown[] = [scope.tenantId, scope.workspaceId];
  let shape = '';
  if (filter.status) {
    params.push(filter.status);
    where.push(`status = $${params.length}`);
    shape += 's';
  }
  if (filter.profileId) {
    params.push(filter.profileId);
    where.push(`profile_id = $${params.length}`);
    shape += 'p';
  }
  if (filter.assignee === null) {
    where.push('assignee IS NULL');
    shape += 'u';
  } else if (filter.assignee !== undefined) {
    params.push(filter.assignee);
    where.push(`assignee = $${params.length}`);
    shape += 'a';
  }
  const conditions = where.join(' AND ');
  const rows = (await db.$readRows(
    `SELECT ${ALERT_COLUMNS}, (SELECT count(*)::int FROM screening.monitoring_alerts WHERE ${conditions}) AS "total"
       FROM screening.monitoring_alerts WHERE ${conditions}
      ORDER BY created_at DESC, id DESC OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, offset, limit],
    `monitoring_alerts_page_${shape || 'all'}`,
  )) as unknown as (AlertRow & { total: number })[];
  // An offset past the end answers no row, so no total either: count on its own then.
  const total = rows[0]?.total ?? (offset > 0 ? await countAlerts(db, conditions, params, shape) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

async function countAlerts(db: Db, conditions: string, params: unknown[], shape: string): Promise<number> {
  const rows = await db.$readRows(
    `SELECT count(*)::int AS n FROM screening.monitoring_alerts WHERE ${conditions}`,
    params,
    `monitoring_alerts_count_${shape || 'all'}`,
  );
  return (rows[0]?.n as number | undefined) ?? 0;
}

/** open → acknowledged (idempotent); null when the alert is not in scope. */
/** The alert's row, locked until the transaction ends (a change's audited `from` is the row it
 * replaces); null when the alert is not in scope. */
export async function lockAlert(db: DbClient, scope: Scope, id: string): Promise<AlertRow | null> {
  await sql(db).$queryRawUnsafe(
    'SELECT id FROM screening.monitoring_alerts WHERE id = $1 AND tenant_id = $2 AND workspace_id = $3 FOR UPDATE',
    id,
    scope.tenantId,
    scope.workspaceId,
  );
  return findAlert(db, scope, id);
}

/** open → acknowledged; false when the alert was not open (nothing changed). */
export async function acknowledgeAlert(
  db: DbClient,
  scope: Scope,
  id: string,
  actorId: string,
  note: string | null,
  now: Date,
): Promise<boolean> {
  const updated = await db.monitoringAlert.updateMany({
    where: { ...scope, id, status: 'open' },
    data: { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: actorId, note },
  });
  return updated.count === 1;
}

/** Assigns the alert to an actor (null unassigns). */
export async function assignAlert(db: DbClient, scope: Scope, id: string, assignee: string | null, now: Date): Promise<void> {
  await db.monitoringAlert.updateMany({ where: { ...scope, id }, data: { assignee, assignedAt: now } });
}

export async function findSubject(db: Db, scope: Scope, profileId: string) {
  return db.monitoredSubject.findFirst({
    where: { ...scope, profileId },
    select: {
      profileId: true,
      sanctionsFrequency: true,
      pepFrequency: true,
      frequenciesResolvedAt: true,
      lastSearchId: true,
      lastScreenedAt: true,
      nextFullScreenAt: true,
      createdAt: true,
    },
  });
}

/** The search a subject was last screened with (null when it is not monitored in this scope). */
export async function findSubjectLastSearch(db: Db, scope: Scope, profileId: string) {
  return db.monitoredSubject.findFirst({ where: { ...scope, profileId }, select: { lastSearchId: true } });
}

/** Whether any subject of any workspace is due for its full re-screen (the sweep opens a scheduled run). */
export async function anySubjectDue(db: Db, now: Date): Promise<boolean> {
  return (await db.monitoredSubject.findFirst({ where: { nextFullScreenAt: { lte: now } }, select: { profileId: true } })) !== null;
}

/** Alerts not yet acknowledged (the home page's count). */
export async function countOpenAlerts(db: Db, scope: Scope): Promise<number> {
  // The home page's count: one prepared statement on the (tenant, workspace, status) index.
  return readCount(
    db,
    `SELECT count(*)::int AS n FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'open'`,
    [scope.tenantId, scope.workspaceId],
    'open_monitoring_alerts_count',
  );
}

// ---- what an alert's list update changed -------------------------------------------------------

export interface ListVersionRow {
  id: string;
  source: string;
  seq: number;
  label: string;
  importedAt: Date | null;
}

/** Versions by id (the alert's `listVersions`) or by (source, seq); one statement. */
export async function listVersionsBy(db: DbClient, ids: string[], seqs: { source: string; seq: number }[]): Promise<ListVersionRow[]> {
  if (!ids.length && !seqs.length) return [];
  return sql(db).$queryRawUnsafe<ListVersionRow[]>(
    `SELECT id, source, seq, label, imported_at AS "importedAt" FROM screening.watchlist_versions
      WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))
         OR (source, seq) IN (SELECT x.source, x.seq FROM jsonb_to_recordset($2::jsonb) AS x(source text, seq int))`,
    JSON.stringify(ids),
    JSON.stringify(seqs),
  );
}

/** Per source, the sequence of the version that was active at `at` (imported at or before it). */
export async function versionSeqsAt(db: DbClient, sources: string[], at: Date): Promise<Map<string, number>> {
  if (!sources.length) return new Map();
  const rows = await sql(db).$queryRawUnsafe<{ source: string; seq: number }[]>(
    `SELECT DISTINCT ON (source) source, seq FROM screening.watchlist_versions
      WHERE source IN (SELECT jsonb_array_elements_text($1::jsonb)) AND status IN ('active', 'superseded') AND imported_at <= $2
      ORDER BY source, seq DESC`,
    JSON.stringify(sources),
    at,
  );
  return new Map(rows.map((row) => [row.source, row.seq]));
}

export interface EntityVersionRow {
  source: string;
  sourceId: string;
  addedSeq: number;
  removedSeq: number | null;
  data: unknown;
}

/** The rows of the delta log that held each entity at `seq` or at `baseSeq` (the entity's state in
 * two versions of its list): a primary-key lookup per entity, at most two rows each. */
export async function entityRowsAt(
  db: DbClient,
  wanted: { source: string; sourceId: string; seq: number; baseSeq: number | null }[],
): Promise<EntityVersionRow[]> {
  if (!wanted.length) return [];
  return sql(db).$queryRawUnsafe<EntityVersionRow[]>(
    `SELECT e.source, e.source_id AS "sourceId", e.added_seq AS "addedSeq", e.removed_seq AS "removedSeq", e.data
       FROM jsonb_to_recordset($1::jsonb) AS x(source text, source_id text, seq int, base_seq int)
       JOIN screening.watchlist_entities e ON e.source = x.source AND e.source_id = x.source_id
      WHERE (e.added_seq <= x.seq AND (e.removed_seq IS NULL OR e.removed_seq > x.seq))
         OR (x.base_seq IS NOT NULL AND e.added_seq <= x.base_seq AND (e.removed_seq IS NULL OR e.removed_seq > x.base_seq))`,
    JSON.stringify(wanted.map((w) => ({ source: w.source, source_id: w.sourceId, seq: w.seq, base_seq: w.baseSeq }))),
  );
}

/** The profile's latest search created before `before` (an alert raised before its baseline was kept). */
export async function searchBefore(db: DbClient, scope: Scope, profileId: string, before: Date) {
  return db.searchRequest.findFirst({
    where: { ...scope, profileId, createdAt: { lt: before } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, createdAt: true },
  });
}

export async function searchCreatedAt(db: DbClient, scope: Scope, id: string): Promise<Date | null> {
  return (await db.searchRequest.findFirst({ where: { ...scope, id }, select: { createdAt: true } }))?.createdAt ?? null;
}

/** The entity refs a search matched (its first, and for a profile's search only, result). */
export async function matchedRefsOf(db: DbClient, scope: Scope, searchId: string): Promise<Set<string>> {
  const rows = await db.searchMatch.findMany({ where: { ...scope, searchResultId: `${searchId}_0` }, select: { entityRef: true } });
  return new Set(rows.map((row) => row.entityRef));
}
