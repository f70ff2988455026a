// The worker side of a batch job: take the job's lease, screen the entities that have no result
// yet chunk by chunk (each chunk one atomic write that also renews the lease), complete the job
// once every entity has exactly one result row. A worker killed mid-chunk loses only that chunk's
// unwritten work; the next worker continues after the last written result.
import { Db } from '../../../platform/db/prisma';
import { Logger } from '../../../platform/logging/logger';
import { BatchEntityInput, BatchJobRow, ChunkResult, claimBatch, completeBatch, pendingEntities, storeChunk } from '../data/batch-store';
import { findSearchRequest } from '../data/search-store';
import { applyClearances } from './clearance-service';
import { IndexSnapshot } from './index-holder';
import { newObjectIds } from './object-id';
import { annotateMatches, DispositionSettings, readDispositionSettings } from '../disposition/services/disposition-service';
import { AdverseMediaCategory } from '../news/services/categories';
import { mergeByScore, newsMatches } from '../news/services/news-search';
import { effectiveCategories, readAdverseMediaSettings } from '../news/services/settings-service';
import type { NormalizedQuery, StoredMatch } from './search-model';
import { dispositionQuery, normalizeQuery, searchSnapshot, toStoredMatch } from './search-service';
import type { ScreeningMatch } from './engine-adapter';
import { searchesAhead } from './searches-ahead';
import { auditRow } from '../../../platform/audit/audit-trail';

export interface BatchRunOptions {
  owner: string;
  leaseSeconds: number;
  chunkSize: number;
  log: Logger;
}

export type RunOutcome = 'completed' | 'not_claimed' | 'lease_lost';

export async function runBatch(
  db: Db,
  snapshotOf: () => Promise<IndexSnapshot>,
  batchId: string,
  options: BatchRunOptions,
): Promise<RunOutcome> {
  const job = await claimBatch(db, batchId, options.owner, options.leaseSeconds);
  if (!job) return 'not_claimed';
  const scope = { tenantId: job.tenantId, workspaceId: job.workspaceId };
  const request = await findSearchRequest(db, scope, job.requestId);
  if (!request) throw new Error(`batch ${batchId}: request ${job.requestId} is missing`);
  const config = request.config as { feeds: string[]; limit: number; threshold: number };
  const snapshot = await snapshotOf();
  const disposition = await readDispositionSettings(db, scope);
  const mediaCategories = (await readAdverseMediaSettings(db, scope)).categories;
  options.log.info({ batchId, total: job.total, processed: job.processed, attempt: job.attempts }, 'batch job started');
  // Two passes at most: the second finds nothing unless a row was skipped by a concurrent writer.
  for (let pass = 0; pass < 2; pass++) {
    let after = -1;
    for (;;) {
      const pending = await pendingEntities(db, job, after, options.chunkSize);
      if (!pending.length) break;
      const queries = pending.map(({ input }) => batchQuery(config, input));
      const searches = searchesAhead(queries.length, (i) => searchSnapshot(snapshot, queries[i]));
      const screened: ChunkResult[] = [];
      for (const [i, { entityIndex, input }] of pending.entries())
        screened.push(await screenEntity(db, searches(i), queries[i], mediaCategories, job, entityIndex, input));
      const cleared = await applyClearances(
        db,
        scope,
        screened,
        (index) => pending.find((p) => p.entityIndex === index)?.input.profile_id ?? null,
      );
      const results = await annotateChunk(disposition, job, config, cleared, pending);
      if (!(await storeChunk(db, job, options.owner, options.leaseSeconds, results))) {
        options.log.warn({ batchId }, 'batch job lease lost to another worker; stopping here');
        return 'lease_lost';
      }
      after = pending[pending.length - 1].entityIndex;
    }
    if (await completeBatch(db, job, options.owner, (results) => batchAuditRow(job, request, snapshot.versions, config, results))) {
      options.log.info({ batchId, total: job.total }, 'batch job completed');
      return 'completed';
    }
  }
  throw new Error(`batch ${batchId}: not every entity has a result after two passes`);
}

/**
 * The job's screening, one entry per job: the rows' result ids in row order (row i's result is
 * result_ids[i]) and the list versions the worker screened against. A batch runs for whoever
 * submitted it (its request's actor), without a client address: no caller is connected.
 */
function batchAuditRow(
  job: BatchJobRow,
  request: { id: string; actorKind: string; actorId: string },
  versions: Record<string, string>,
  config: { feeds: string[]; limit: number; threshold: number },
  results: { id: string; matchCount: number }[],
) {
  return auditRow({
    tenantId: job.tenantId,
    workspaceId: job.workspaceId,
    actorKind: request.actorKind,
    actorId: request.actorId,
    clientAddress: null,
    action: 'screening.batch.complete',
    resourceType: 'screening.batch',
    resourceId: job.id,
    outcome: 'succeeded',
    detail: {
      request_id: request.id,
      row_count: results.length,
      rows_with_matches: results.filter((result) => result.matchCount > 0).length,
      list_versions: versions,
      threshold: config.threshold,
      limit: config.limit,
      feeds: config.feeds,
      result_ids: results.map((result) => result.id),
    },
  });
}

function batchQuery(config: { feeds: string[]; limit: number; threshold: number }, input: BatchEntityInput): NormalizedQuery {
  return normalizeQuery({
    type: input.type,
    name: input.name,
    feeds: config.feeds,
    dateOfBirth: input.date_of_birth,
    country: input.country,
    identifiers: input.identifiers,
    limit: config.limit,
    threshold: config.threshold,
    customId: input.custom_id,
    profileId: input.profile_id,
  });
}

async function screenEntity(
  db: Db,
  listSearch: Promise<ScreeningMatch[]>,
  query: NormalizedQuery,
  mediaCategories: AdverseMediaCategory[],
  job: BatchJobRow,
  entityIndex: number,
  input: BatchEntityInput,
): Promise<ChunkResult> {
  // Adverse media: the entity's global_filters categories replace the workspace set.
  const news = await newsMatches(db, query, effectiveCategories(mediaCategories, input.adverse_media_risk_categories));
  const found = mergeByScore(await listSearch, news, query.limit);
  const ids = newObjectIds(found.length);
  const matches = found.map((match, rank) => toStoredMatch(match, ids[rank], rank));
  return {
    id: `${job.requestId}_${entityIndex}`,
    entityIndex,
    type: input.type,
    name: input.name,
    customId: input.custom_id,
    matches: matches.map((match) => ({ id: match.id, rank: match.rank, entityRef: match.entity.id, score: match.score, payload: match })),
  };
}

/** Automatic disposition of a chunk: after clearances, with the job's header. */
async function annotateChunk(
  settings: DispositionSettings,
  job: BatchJobRow,
  config: { feeds: string[]; limit: number; threshold: number },
  results: ChunkResult[],
  pending: { entityIndex: number; input: BatchEntityInput }[],
): Promise<ChunkResult[]> {
  const out: ChunkResult[] = [];
  for (const result of results) {
    const input = pending.find((p) => p.entityIndex === result.entityIndex)?.input;
    if (!input || !result.matches.length) {
      out.push(result);
      continue;
    }
    const query = normalizeQuery({
      type: input.type,
      name: input.name,
      feeds: config.feeds,
      dateOfBirth: input.date_of_birth,
      country: input.country,
      identifiers: input.identifiers,
      limit: config.limit,
      threshold: config.threshold,
    });
    const annotated = await annotateMatches(
      settings,
      job.automaticDisposition,
      dispositionQuery(query),
      result.matches.map((match) => match.payload as StoredMatch),
    );
    out.push({ ...result, matches: result.matches.map((match, i) => ({ ...match, payload: annotated[i] })) });
  }
  return out;
}
