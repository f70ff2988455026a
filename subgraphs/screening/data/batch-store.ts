// Batch jobs: the job row, its submitted entities, the lease a worker holds while screening them,
// and the per-chunk write that is the checkpoint (an entity is done exactly when its result row
// exists; result ids are `<requestId>_<entityIndex>` and the primary key keeps them unique).
import { Db, type DbClient, type Scope } from '../../../platform/db/prisma';
import { SearchRequestRow } from './search-store';
import { Sql } from './watchlist-store';
import type { CreateRecordTx } from './idempotent-create-store';
import { appendAuditRow, AuditRowInput } from '../../../platform/audit/data/audit-store';

export type BatchStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface BatchJobRow {
  id: string;
  tenantId: string;
  workspaceId: string;
  requestId: string;
  status: BatchStatus;
  total: number;
  processed: number;
  matched: number;
  automaticDisposition: string | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  attempts: number;
  restarts: number;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** What the worker needs of one entity (the normalized search-sync fields of one request). */
export interface BatchEntityInput {
  type: string | null;
  name: string;
  custom_id: string | null;
  date_of_birth: string | null;
  country: string | null;
  /** Documents of the entity (validated); absent when none were given (and in jobs submitted before identifiers). */
  identifiers?: { kind?: string; value: string; country?: string }[];
  profile_id: string | null;
  adverse_media_risk_categories: string[] | null;
}

const sql = (db: Db): Sql => db;

/** The request row, the job row and every entity in one transaction (a job is never half-submitted). */
/** `within` runs last in the batch's transaction (the record of an idempotency key). */
export async function insertBatch(
  db: Db,
  job: { id: string; automaticDisposition: string | null },
  request: SearchRequestRow,
  inputs: BatchEntityInput[],
  within?: (tx: CreateRecordTx) => Promise<void>,
  audit?: AuditRowInput,
): Promise<void> {
  await db.$transaction(
    async (tx) => {
      await tx.searchRequest.create({ data: { ...request, config: request.config as object, entities: request.entities as object } });
      await tx.batchJob.create({
        data: {
          id: job.id,
          tenantId: request.tenantId,
          workspaceId: request.workspaceId,
          requestId: request.id,
          status: 'queued',
          total: inputs.length,
          automaticDisposition: job.automaticDisposition,
          createdAt: request.createdAt,
          updatedAt: request.createdAt,
        },
      });
      // One statement per 20,000 entities (a parameter holds the JSON array of a slice).
      for (let start = 0; start < inputs.length; start += 20_000) {
        await tx.$executeRawUnsafe(
          `INSERT INTO screening.batch_entities (job_id, entity_index, input)
         SELECT $1, ($2::int + e.ordinality - 1)::int, e.value FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e`,
          job.id,
          start,
          JSON.stringify(inputs.slice(start, start + 20_000)),
        );
      }
      await within?.(tx);
      // Last: the append holds the workspace's chain head until commit.
      if (audit) await appendAuditRow(tx, audit);
    },
    { timeout: 120_000 },
  );
}

export async function findBatch(db: DbClient, scope: Scope, id: string): Promise<BatchJobRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return ((await db.batchJob.findFirst({ where: { ...scope, id: id.toLowerCase() } })) as BatchJobRow | null) ?? undefined;
}

/** Unscoped read for the worker (the job id comes from our own queue). */
export async function findBatchById(db: Db, id: string): Promise<BatchJobRow | undefined> {
  return ((await db.batchJob.findUnique({ where: { id } })) as BatchJobRow | null) ?? undefined;
}

/** Takes the job for `owner` when nobody holds a live lease on it; undefined otherwise. */
export async function claimBatch(db: Db, id: string, owner: string, leaseSeconds: number): Promise<BatchJobRow | undefined> {
  const rows = await sql(db).$queryRawUnsafe<{ id: string }[]>(
    `UPDATE screening.batch_jobs
        SET status = 'running', lease_owner = $2, lease_until = now() + make_interval(secs => $3::int),
            attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
      WHERE id = $1 AND status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $2)
      RETURNING id`,
    id,
    owner,
    leaseSeconds,
  );
  return rows.length ? findBatchById(db, id) : undefined;
}

/** The next entities after `afterIndex` that have no result row yet. */
export async function pendingEntities(
  db: Db,
  job: BatchJobRow,
  afterIndex: number,
  limit: number,
): Promise<{ entityIndex: number; input: BatchEntityInput }[]> {
  const rows = await sql(db).$queryRawUnsafe<{ entity_index: number; input: BatchEntityInput }[]>(
    `SELECT b.entity_index, b.input FROM screening.batch_entities b
      WHERE b.job_id = $1 AND b.entity_index > $2
        AND NOT EXISTS (SELECT 1 FROM screening.search_results r WHERE r.id = $3 || '_' || b.entity_index)
      ORDER BY b.entity_index LIMIT $4`,
    job.id,
    afterIndex,
    job.requestId,
    limit,
  );
  return rows.map((row) => ({ entityIndex: row.entity_index, input: row.input }));
}

export interface ChunkResult {
  id: string;
  entityIndex: number;
  type: string | null;
  name: string;
  customId: string | null;
  matches: { id: string; rank: number; entityRef: string; score: number; payload: unknown }[];
}

/**
 * One chunk in ONE statement (atomic): the result rows (a row that already exists is skipped, and so
 * are its matches), their matches, the progress counters and the renewed lease. Answers false
 * when the lease was lost (another worker took the job over): nothing is written then.
 */
export async function storeChunk(db: Db, job: BatchJobRow, owner: string, leaseSeconds: number, results: ChunkResult[]): Promise<boolean> {
  const resultRows = results.map((r) => ({
    id: r.id,
    entity_index: r.entityIndex,
    type: r.type,
    name: r.name,
    custom_id: r.customId,
    match_count: r.matches.length,
  }));
  const matchRows = results.flatMap((r) =>
    r.matches.map((m) => ({ id: m.id, search_result_id: r.id, rank: m.rank, entity_ref: m.entityRef, score: m.score, payload: m.payload })),
  );
  const rows = await sql(db).$queryRawUnsafe<{ n: number }[]>(
    `WITH lease AS (
       SELECT id FROM screening.batch_jobs WHERE id = $1 AND lease_owner = $2 AND status = 'running' FOR UPDATE
     ), res AS (
       INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, custom_id, match_count, created_at)
       SELECT x.id, $3, x.entity_index, $4, $5, x.type, x.name, x.custom_id, x.match_count, now()
         FROM jsonb_to_recordset($6::jsonb) AS x(id text, entity_index int, type text, name text, custom_id text, match_count int)
        WHERE EXISTS (SELECT 1 FROM lease)
       ON CONFLICT (id) DO NOTHING
       RETURNING id, match_count
     ), m AS (
       INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload, review_status, created_at)
       SELECT x.id, x.search_result_id, $3, $4, $5, x.rank, x.entity_ref, x.score, x.payload, coalesce(x.payload->>'review_status', 'unresolved'), now()
         FROM jsonb_to_recordset($7::jsonb) AS x(id text, search_result_id text, rank int, entity_ref text, score float8, payload jsonb)
        WHERE x.search_result_id IN (SELECT id FROM res)
     ), progress AS (
       UPDATE screening.batch_jobs
          SET processed = processed + (SELECT count(*) FROM res), matched = matched + (SELECT count(*) FROM res WHERE match_count > 0),
              lease_until = now() + make_interval(secs => $8::int), updated_at = now()
        WHERE id IN (SELECT id FROM lease)
        RETURNING id
     )
     SELECT (SELECT count(*) FROM progress)::int AS n`,
    job.id,
    owner,
    job.requestId,
    job.tenantId,
    job.workspaceId,
    JSON.stringify(resultRows),
    JSON.stringify(matchRows),
    leaseSeconds,
  );
  return rows[0]?.n === 1;
}

/** Completes the job when every entity has its result row (counted, not assumed). */
/**
 * Completes the job once every entity has its result, and (in the same transaction, last) appends
 * the job's audit entry, which names every row's result id: `audit` gets them in row order.
 */
export async function completeBatch(
  db: Db,
  job: BatchJobRow,
  owner: string,
  audit?: (results: { id: string; matchCount: number }[]) => AuditRowInput,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = await tx.$executeRawUnsafe(
      `UPDATE screening.batch_jobs j
          SET status = 'completed', finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL,
              processed = (SELECT count(*) FROM screening.search_results r WHERE r.request_id = j.request_id)
        WHERE j.id = $1 AND j.lease_owner = $2
          AND (SELECT count(*) FROM screening.search_results r WHERE r.request_id = j.request_id) = j.total`,
      job.id,
      owner,
    );
    if (updated !== 1) return false;
    if (audit) {
      const results = await tx.searchResult.findMany({
        where: { requestId: job.requestId },
        orderBy: { entityIndex: 'asc' },
        select: { id: true, matchCount: true },
      });
      await appendAuditRow(tx, audit(results));
    }
    return true;
  });
}

/** A job that could not be queued at submit: failed at once (no worker ever held it). */
export async function markBatchNotQueued(db: Db, id: string): Promise<void> {
  await db.batchJob.update({ where: { id }, data: { status: 'failed', error: 'could not be queued', finishedAt: new Date() } });
}

/** One page of the scope's jobs (in one state, when asked), newest first, and how many there are in all. */
export async function listBatchJobs(
  db: Db,
  scope: Scope,
  offset: number,
  limit: number,
  status?: BatchStatus,
): Promise<{ rows: BatchJobRow[]; total: number }> {
  const where = { tenantId: scope.tenantId, workspaceId: scope.workspaceId, ...(status ? { status } : {}) };
  const [rows, total] = await Promise.all([
    db.batchJob.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: offset, take: limit }),
    db.batchJob.count({ where }),
  ]);
  return { rows: rows as BatchJobRow[], total };
}

export async function failBatch(db: Db, id: string, error: string): Promise<void> {
  await db.batchJob.update({
    where: { id },
    data: { status: 'failed', error, finishedAt: new Date(), updatedAt: new Date(), leaseOwner: null, leaseUntil: null },
  });
}

/** Puts a job that is not completed back in the queue (restart); undefined when absent. */
export async function requeueBatch(db: DbClient, scope: Scope, id: string): Promise<BatchJobRow | undefined> {
  const updated = await db.batchJob.updateMany({
    where: { ...scope, id, status: { in: ['queued', 'running', 'failed'] } },
    data: {
      status: 'queued',
      leaseOwner: null,
      leaseUntil: null,
      error: null,
      finishedAt: null,
      restarts: { increment: 1 },
      updatedAt: new Date(),
    },
  });
  return updated.count ? findBatch(db, scope, id) : undefined;
}

/** Jobs whose lease ran out while running (their worker died): the watchdog re-queues them. */
export async function leaseExpired(db: Db, id: string): Promise<boolean> {
  const rows = await sql(db).$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM screening.batch_jobs WHERE id = $1 AND status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now())`,
    id,
  );
  return rows.length === 1;
}

export interface BatchResultRow {
  id: string;
  entityIndex: number;
  type: string | null;
  name: string;
  customId: string | null;
  matchCount: number;
}

/** One page of result rows (only those with matches, when asked), by entity index. */
export async function batchResultsPage(
  db: Db,
  scope: Scope,
  requestId: string,
  offset: number,
  limit: number,
  matchedOnly = false,
): Promise<BatchResultRow[]> {
  return db.searchResult.findMany({
    where: { ...scope, requestId, ...(matchedOnly ? { matchCount: { gt: 0 } } : {}) },
    orderBy: { entityIndex: 'asc' },
    skip: offset,
    take: limit,
    select: { id: true, entityIndex: true, type: true, name: true, customId: true, matchCount: true },
  });
}

export async function matchesOfResults(db: Db, scope: Scope, resultIds: string[]) {
  return db.searchMatch.findMany({
    where: { ...scope, searchResultId: { in: resultIds } },
    orderBy: [{ searchResultId: 'asc' }, { rank: 'asc' }],
  });
}
