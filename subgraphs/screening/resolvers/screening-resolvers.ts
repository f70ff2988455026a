import { Connection, offsetConnection, pageSize, readOffsetCursor } from '../../../platform/graphql/paging';
import type { GraphQLResolveInfo } from 'graphql';
import { ScreeningContext } from '../context';
import { BatchJobRow, listBatchJobs } from '../data/batch-store';
import { findMatchById, matchesOfRequestPage } from '../data/match-store';
import { SearchRequestRow } from '../data/search-store';
import { ImportRow, listActiveSources } from '../data/watchlist-store';
import { ScreeningError } from '../errors';
import { BATCH_LIMITS, batchResults, readBatch, replaySubmittedBatch, restartBatch, submitBatch, SubmitBatchInput } from '../services/batch-service';
import { screeningCreateOnce } from '../services/create-once';
import { FEEDS } from '../services/engine-adapter';
import { HistoryArgs, searchHistory } from '../services/history-service';
import { importSources, readImport, requestImport } from '../services/import-requests';
import { generateReports, readReport, ReportsInput } from '../services/report-service';
import { reviewMatch, ReviewInput } from '../services/review-service';
import { parseSearchId, readSearch, screen, ScreenInput, SearchView, storedMatchOf } from '../services/search-service';
import { matchResolvers } from './match-resolvers';
import { SEARCH_ENTITIES_SHOWN } from '../data/history-store';
import { dispositionResolvers } from './disposition-resolvers';
import { newsResolvers } from './news-resolvers';

interface SearchEntityRecord {
  type: string | null;
  name: string;
  feeds: string[];
  custom_id: string | null;
}

function searchEntity(view: SearchView): SearchEntityRecord | undefined {
  const entities = view.request.entities as SearchEntityRecord[];
  const index = Number(view.searchId.split('_')[1] ?? 0);
  return entities[index] ?? entities[0];
}

const asView = (request: SearchRequestRow): SearchView => ({ id: request.id, searchId: request.id, request, matches: undefined });

function offsetOf(after: string | null | undefined): number {
  const offset = readOffsetCursor(after);
  if (offset === undefined) throw new ScreeningError('schema_validation_failed', 'after: is not a cursor of this list', { field: 'after' });
  return offset;
}

async function matchesOf(view: SearchView, ctx: ScreeningContext) {
  return view.matches ?? (await readSearch(ctx.db, ctx.scope, view.searchId))?.matches ?? [];
}

export const screeningResolvers = {
  ...matchResolvers,
  // Automatic disposition (issue 14): its match fields join the ScreeningMatch resolvers below.
  DispositionAnnotation: dispositionResolvers.DispositionAnnotation,
  ScreeningMatch: { ...matchResolvers.ScreeningMatch, ...dispositionResolvers.ScreeningMatch, ...newsResolvers.ScreeningMatch },
  // Adverse media (issue 14).
  AdverseMediaArticle: newsResolvers.AdverseMediaArticle,
  Query: {
    ...dispositionResolvers.Query,
    ...newsResolvers.Query,
    screeningFeeds: () => ['all', ...FEEDS],
    screeningSearch: (_: unknown, args: { id: string }, ctx: ScreeningContext) => readSearch(ctx.db, ctx.scope, args.id),
    screeningSearches: async (_: unknown, args: HistoryArgs, ctx: ScreeningContext) => {
      const page = await searchHistory(ctx.db, ctx.scope, args);
      return { ...page, nodes: page.nodes.map(asView) };
    },
    screeningMatches: async (_: unknown, args: { requestId: string; first?: number; after?: string }, ctx: ScreeningContext) => {
      const parsed = parseSearchId(args.requestId);
      const size = pageSize(args.first, 100, 1000);
      const offset = offsetOf(args.after);
      if (!parsed) return offsetConnection([], 0, size, 0);
      const scoped = args.requestId.includes('_') ? parsed.resultId : undefined;
      const { rows, total } = await matchesOfRequestPage(ctx.db, ctx.scope, parsed.requestId, scoped, offset, size + 1);
      return offsetConnection(rows.map(storedMatchOf), offset, size, total);
    },
    screeningMatch: async (_: unknown, args: { id: string }, ctx: ScreeningContext) => {
      const row = await findMatchById(ctx.db, ctx.scope, args.id);
      return row ? storedMatchOf(row) : null;
    },
    screeningBatchJob: (_: unknown, args: { id: string }, ctx: ScreeningContext) => readBatch(ctx.db, ctx.scope, args.id),
    screeningBatchJobs: async (_: unknown, args: { first?: number; after?: string }, ctx: ScreeningContext): Promise<Connection<BatchJobRow>> => {
      const size = pageSize(args.first, 20, 100);
      const offset = offsetOf(args.after);
      const { rows, total } = await listBatchJobs(ctx.db, ctx.scope, offset, size + 1);
      return offsetConnection(rows, offset, size, total);
    },
    screeningReport: (_: unknown, args: { id: string }, ctx: ScreeningContext) => readReport(ctx, ctx.scope, args.id),
    watchlistSources: async (_: unknown, __: unknown, ctx: ScreeningContext) =>
      (await listActiveSources(ctx.db)).map((row) => ({
        source: row.source, format: row.format, versionId: row.version_id, seq: row.seq, label: row.label, contentHash: row.content_hash,
        entityCount: row.entity_count, nameCount: row.name_count, importedAt: row.imported_at,
      })),
    screeningIndexStatus: (_: unknown, __: unknown, ctx: ScreeningContext) => {
      const status = ctx.holder.status();
      return { ...status, versions: Object.entries(status.versions).map(([source, versionId]) => ({ source, versionId })) };
    },
    watchlistImport: (_: unknown, args: { id: string }, ctx: ScreeningContext) => readImport(ctx.db, ctx.principal, args.id),
  },
  Mutation: {
    ...dispositionResolvers.Mutation,
    ...newsResolvers.Mutation,
    screen: (_: unknown, args: { input: ScreenInput }, ctx: ScreeningContext, info: GraphQLResolveInfo) =>
      screeningCreateOnce(ctx, info, args, {
        create: (record) => screen(ctx, ctx.principal, args.input, record),
        replay: async (id) => (await readSearch(ctx.db, ctx.scope, id)) ?? Promise.reject(new ScreeningError('search_not_found', 'Search not found')),
      }),
    submitScreeningBatch: (_: unknown, args: { input: SubmitBatchInput }, ctx: ScreeningContext, info: GraphQLResolveInfo) =>
      screeningCreateOnce(ctx, info, args, {
        create: (record) => submitBatch(ctx, ctx.principal, args.input, record),
        replay: (id) => replaySubmittedBatch(ctx, ctx.scope, id),
      }),
    restartScreeningBatch: (_: unknown, args: { id: string }, ctx: ScreeningContext) => restartBatch(ctx, ctx.scope, args.id),
    reviewScreeningMatch: async (_: unknown, args: { id: string; input: ReviewInput }, ctx: ScreeningContext) => {
      const id = await reviewMatch(ctx.db, ctx.principal, args.id, args.input);
      return storedMatchOf((await findMatchById(ctx.db, ctx.scope, id))!);
    },
    generateScreeningReports: async (_: unknown, args: { input: ReportsInput }, ctx: ScreeningContext) => ({ reports: await generateReports(ctx, ctx.principal, args.input) }),
    importWatchlist: (_: unknown, args: { input: { format: string; path: string } }, ctx: ScreeningContext) => requestImport(ctx.db, ctx.importQueue, ctx.principal, args.input),
  },
  ScreeningSearch: {
    __resolveReference: (ref: { id: string }, ctx: ScreeningContext) => readSearch(ctx.db, ctx.scope, ref.id),
    tenantId: (view: SearchView) => view.request.tenantId,
    workspaceId: (view: SearchView) => view.request.workspaceId,
    legacySearchId: () => null,
    name: (view: SearchView) => searchEntity(view)?.name ?? '',
    type: (view: SearchView) => searchEntity(view)?.type ?? null,
    feeds: (view: SearchView) => searchEntity(view)?.feeds ?? ['all'],
    customId: (view: SearchView) => searchEntity(view)?.custom_id ?? null,
    entities: (view: SearchView) =>
      (view.request.entities as SearchEntityRecord[]).slice(0, SEARCH_ENTITIES_SHOWN).map((entity) => ({ ...entity, customId: entity.custom_id })),
    entityCount: (view: SearchView) => view.request.entityCount ?? (view.request.entities as SearchEntityRecord[]).length,
    profile: (view: SearchView) => (view.request.profileId ? { id: view.request.profileId } : null),
    profileId: (view: SearchView) => view.request.profileId,
    userId: (view: SearchView) => view.request.actorId,
    userName: (view: SearchView) => view.request.userName,
    userEmail: (view: SearchView) => view.request.userEmail,
    jobId: (view: SearchView) => view.request.jobId,
    createdAt: (view: SearchView) => view.request.createdAt,
    updatedAt: (view: SearchView) => view.request.updatedAt,
    matches: (view: SearchView, _: unknown, ctx: ScreeningContext) => matchesOf(view, ctx),
    matchCount: async (view: SearchView, _: unknown, ctx: ScreeningContext) => (await matchesOf(view, ctx)).length,
  },
  ScreeningBatchJob: {
    results: async (job: BatchJobRow, args: { first?: number; after?: string }, ctx: ScreeningContext) => {
      const size = pageSize(args.first, BATCH_LIMITS.resultsPageDefault, BATCH_LIMITS.resultsPageMax);
      const offset = offsetOf(args.after);
      const rows = await batchResults(ctx.db, ctx.scope, job, offset, size + 1);
      return offsetConnection(rows, offset, size, job.processed);
    },
  },
  Profile: {
    __resolveReference: (ref: { id: string }) => ref,
    screening: async (profile: { id: string }, _: unknown, ctx: ScreeningContext) => {
      const latest = await ctx.latestSearchByProfile.load(profile.id);
      if (!latest) return { latestSearch: null, searchCount: 0 };
      return { latestSearch: await readSearch(ctx.db, ctx.scope, latest.requestId), searchCount: latest.count };
    },
  },
  WatchlistImport: {
    sources: (row: ImportRow) => importSources(row),
  },
};
