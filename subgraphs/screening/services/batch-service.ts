// Batch screening (POST /v1/search): validate every entity with the rules of a single search,
// store the job and its entities in one transaction, queue it; status, paged results and restart.
import { readDispositionSettings } from '../disposition/services/disposition-service';
import { assertProfileLinks, ProfileLinks } from './profile-links';
import { randomUUID } from 'node:crypto';
import { Db, type Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import {
  BatchEntityInput,
  BatchJobRow,
  batchResultsPage,
  findBatch,
  insertBatch,
  leaseExpired,
  markBatchNotQueued,
  matchesOfResults,
  requeueBatch,
} from '../data/batch-store';
import { SearchRequestRow } from '../data/search-store';
import { ScreeningError } from '../errors';
import type { RecordCreate } from './create-once';
import { BATCH_QUEUE, BATCH_WATCHDOG_QUEUE, batchLeaseSeconds } from '../jobs/batch-queues';
import { IndexHolder } from './index-holder';
import { validCategories } from '../news/services/settings-service';
import { LazyQueue } from './lazy-queue';
import { newObjectId } from './object-id';
import type { StoredMatch } from './search-model';
import { normalizeQuery, type ScreenIdentifierInput, servingSnapshot, storedMatchOf } from './search-service';
import { appendAudit, auditActorOf, auditRow, saltedInputHash } from '../../../platform/audit/audit-trail';

/** Documented in docs/screening-batch.md. */
export const BATCH_LIMITS = { maxEntities: 100_000, resultsPageDefault: 100, resultsPageMax: 1000, categoriesMax: 100 } as const;

export interface BatchEntityRequest {
  type?: string | null;
  name: string;
  customId?: string | null;
  dateOfBirth?: string | null;
  country?: string | null;
  identifiers?: ScreenIdentifierInput[] | null;
  profileId?: string | null;
  globalFilters?: { adverseMediaRiskCategories?: string[] | null } | null;
}

export interface SubmitBatchInput {
  requests: BatchEntityRequest[];
  /** Feed names, or ["all"]. */
  feeds: string[];
  limit?: number | null;
  threshold?: number | null;
  /** The X-Service-Automatic-Disposition header as sent (kept per job). */
  automaticDisposition?: string | null;
}

export interface BatchDeps {
  db: Db;
  holder: IndexHolder;
  batchQueue: LazyQueue;
  /** Checks the entities' profile_id against the caller's workspace. */
  profileLinks: ProfileLinks;
}

function invalid(field: string, message: string): ScreeningError {
  return new ScreeningError('schema_validation_failed', `${field}: ${message}`, { field });
}

/** Every entity through the single-search rules; a failure names `requests[i].<field>`. */
function normalizeEntities(input: SubmitBatchInput, defaultThreshold: number | null) {
  if (!Array.isArray(input.requests) || input.requests.length === 0) throw invalid('requests', 'must hold at least one entity');
  if (input.requests.length > BATCH_LIMITS.maxEntities) {
    throw new ScreeningError(
      'batch_too_large',
      `requests: at most ${BATCH_LIMITS.maxEntities} entities a job (got ${input.requests.length}); split the list into several jobs`,
      { field: 'requests' },
    );
  }
  if (!Array.isArray(input.feeds) || input.feeds.length === 0) throw invalid('feeds', 'is required: an array of feed names or "all"');
  return input.requests.map((entity, index) => {
    try {
      const query = normalizeQuery({ ...entity, feeds: input.feeds, limit: input.limit, threshold: input.threshold ?? defaultThreshold });
      const categories = entity.globalFilters?.adverseMediaRiskCategories ?? null;
      if (categories && categories.length > BATCH_LIMITS.categoriesMax)
        throw invalid('global_filters.adverse_media_risk_categories', `at most ${BATCH_LIMITS.categoriesMax} categories`);
      if (categories) validCategories(categories, 'global_filters.adverse_media_risk_categories');
      return { query, categories };
    } catch (error) {
      const field = error instanceof ScreeningError ? error.details?.field : undefined;
      if (typeof field === 'string' && field !== 'feeds')
        throw invalid(`requests[${index}].${field}`, (error as Error).message.replace(/^[^:]*: /, ''));
      throw error;
    }
  });
}

/** `record` (a keyed request) stores the idempotency key in the batch's transaction (services/create-once.ts). */
export async function submitBatch(
  deps: BatchDeps,
  principal: Principal,
  input: SubmitBatchInput,
  record?: RecordCreate,
): Promise<BatchJobRow> {
  const scope: Scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  // A batch names its feeds (required); the threshold, when omitted, is the workspace's default.
  const entities = normalizeEntities(input, (await readDispositionSettings(deps.db, scope)).searchThreshold);
  const snapshot = servingSnapshot(deps.holder);
  const first = entities[0].query;
  await assertProfileLinks(
    deps.profileLinks,
    scope,
    entities.map(({ query }, index) => ({ profileId: query.profileId, field: `requests[${index}].profile_id` })),
  );
  const jobId = randomUUID();
  const createdAt = new Date();
  const request: SearchRequestRow = {
    id: newObjectId(),
    ...scope,
    actorKind: principal.kind,
    actorId: principal.actorId,
    userName: principal.actorName ?? null,
    userEmail: principal.actorEmail ?? null,
    config: { feeds: first.feedNames, threshold: first.threshold, limit: first.limit, index_versions: snapshot.versions },
    entities: entities.map(({ query }) => ({ type: query.typeLabel, name: query.name, feeds: query.feedNames, custom_id: query.customId })),
    jobId,
    profileId: null,
    source: 'direct_api',
    createdAt,
    updatedAt: createdAt,
  };
  const inputs: BatchEntityInput[] = entities.map(({ query, categories }) => ({
    type: query.typeLabel,
    name: query.name,
    custom_id: query.customId,
    date_of_birth: query.dateOfBirth ?? null,
    country: query.country ?? null,
    ...(query.identifiers ? { identifiers: query.identifiers } : {}),
    profile_id: query.profileId,
    adverse_media_risk_categories: categories,
  }));
  // The job's input as a salted hash (the rows name people); the salt is in the personal part.
  const inputHash = saltedInputHash(inputs);
  await insertBatch(
    deps.db,
    { id: jobId, automaticDisposition: input.automaticDisposition ?? null },
    request,
    inputs,
    record && ((tx) => record(tx, jobId)),
    auditRow({
      ...scope,
      ...auditActorOf(principal),
      action: 'screening.batch.submit',
      resourceType: 'screening.batch',
      resourceId: jobId,
      outcome: 'succeeded',
      detail: {
        request_id: request.id,
        input_hash: inputHash.hash,
        row_count: inputs.length,
        list_versions: snapshot.versions,
        threshold: first.threshold,
        limit: first.limit,
        feeds: first.feedNames,
        automatic_disposition: input.automaticDisposition ?? null,
      },
      personal: { input_salt: inputHash.salt },
      at: createdAt,
    }),
  );
  await enqueue(deps, jobId);
  return (await findBatch(deps.db, scope, jobId))!;
}

/** The job and its watchdog (which re-queues the job if its worker dies). A job that cannot be
 * queued is marked failed and the caller gets 503: it was not accepted. */
async function enqueue(deps: BatchDeps, jobId: string): Promise<void> {
  try {
    await deps.batchQueue.send(BATCH_QUEUE, { batchId: jobId });
    await deps.batchQueue.send(BATCH_WATCHDOG_QUEUE, { batchId: jobId }, { startAfter: batchLeaseSeconds() });
  } catch {
    await markBatchNotQueued(deps.db, jobId);
    throw new ScreeningError('service_unavailable', 'The batch could not be queued; retry later');
  }
}

/** The batch an earlier keyed submit made. Should that submit have died between storing the batch and
 * queueing it, the batch is queued now (running it is idempotent and leased, so a second job of a
 * batch a worker already holds does no harm). */
export async function replaySubmittedBatch(deps: BatchDeps, scope: Scope, id: string): Promise<BatchJobRow> {
  const job = await requireBatch(deps.db, scope, id);
  if (job.status !== 'completed' && job.status !== 'failed' && (await leaseExpired(deps.db, job.id))) await enqueue(deps, job.id);
  return job;
}

export async function readBatch(db: Db, scope: Scope, id: string): Promise<BatchJobRow | undefined> {
  return findBatch(db, scope, id.trim());
}

export async function requireBatch(db: Db, scope: Scope, id: string): Promise<BatchJobRow> {
  const job = await readBatch(db, scope, id);
  if (!job) throw new ScreeningError('batch_job_not_found', 'Batch job not found');
  return job;
}

/** Re-submits the entities that have no result yet under the same job id; 409 once completed. The
 * restart is audited in its transaction (last write); the job is queued after the commit. */
export async function restartBatch(
  deps: BatchDeps,
  scope: Scope,
  id: string,
  audit: { principal: Principal; requestId?: string | null },
): Promise<BatchJobRow> {
  const job = await requireBatch(deps.db, scope, id);
  if (job.status === 'completed')
    throw new ScreeningError('batch_job_completed', 'The batch job has already completed; nothing was restarted');
  const requeued = await deps.db.$transaction(async (tx) => {
    const row = await requeueBatch(tx, scope, job.id);
    if (!row) return undefined;
    await appendAudit(tx, {
      ...scope,
      ...auditActorOf(audit.principal),
      requestId: audit.requestId ?? null,
      action: 'screening.batch.restart',
      resourceType: 'screening.batch',
      resourceId: job.id,
      outcome: 'succeeded',
      detail: { request_id: job.requestId, from_status: job.status, restarts: row.restarts },
    });
    return row;
  });
  if (!requeued) throw new ScreeningError('batch_job_completed', 'The batch job has already completed; nothing was restarted');
  await enqueue(deps, job.id);
  return requeued;
}

export interface BatchResultView {
  searchId: string;
  index: number;
  name: string;
  type: string | null;
  customId: string | null;
  matchCount: number;
  matches: StoredMatch[];
}

/** A page of entity results with their ranked matches (two queries for the page). */
export async function batchResults(
  db: Db,
  scope: Scope,
  job: BatchJobRow,
  offset: number,
  limit: number,
  matchedOnly = false,
): Promise<BatchResultView[]> {
  const rows = await batchResultsPage(db, scope, job.requestId, offset, limit, matchedOnly);
  const matches = await matchesOfResults(
    db,
    scope,
    rows.map((row) => row.id),
  );
  const byResult = new Map<string, StoredMatch[]>();
  for (const match of matches) {
    const list = byResult.get(match.searchResultId) ?? [];
    list.push(storedMatchOf(match));
    byResult.set(match.searchResultId, list);
  }
  return rows.map((row) => ({
    searchId: row.id,
    index: row.entityIndex,
    name: row.name,
    type: row.type,
    customId: row.customId,
    matchCount: row.matchCount,
    matches: byResult.get(row.id) ?? [],
  }));
}
