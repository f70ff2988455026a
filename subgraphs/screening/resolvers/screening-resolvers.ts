import { ScreeningContext } from '../context';
import { ImportRow, listActiveSources, Sql } from '../data/watchlist-store';
import { findMatchesOfRequest, listSearchRequests } from '../data/search-store';
import { ScreeningError } from '../errors';
import { FEEDS } from '../services/engine-adapter';
import { importSources, readImport, requestImport } from '../services/import-requests';
import { historyRecord, readSearch, screen, ScreenInput, SearchView, StoredMatch, storedMatchOf } from '../services/search-service';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function searchEntity(view: SearchView) {
  const entities = view.request.entities as { type: string | null; name: string; feeds: string[]; custom_id: string | null }[];
  const index = Number(view.searchId.split('_')[1] ?? 0);
  return entities[index] ?? entities[0];
}

export const screeningResolvers = {
  Query: {
    screeningFeeds: () => [...FEEDS],
    screeningSearch: (_: unknown, args: { id: string }, ctx: ScreeningContext) => readSearch(ctx.db, ctx.scope, args.id),
    screeningSearches: async (_: unknown, args: { page?: number; limit?: number; q?: string }, ctx: ScreeningContext) => {
      const page = args.page ?? 1;
      const limit = args.limit ?? 10;
      if (!Number.isInteger(page) || page < 1) throw new ScreeningError('schema_validation_failed', 'page: must be a positive integer', { field: 'page' });
      if (!Number.isInteger(limit) || limit < 1 || limit > 250) throw new ScreeningError('schema_validation_failed', 'limit: must be an integer from 1 to 250', { field: 'limit' });
      const { total, rows } = await listSearchRequests(ctx.db, ctx.scope, { page, limit, q: args.q?.trim() || undefined });
      return { searches: rows.map((request) => ({ id: request.id, searchId: request.id, request, matches: undefined })), page, limit, totalCount: total };
    },
    screeningMatches: async (_: unknown, args: { requestId: string; limit?: number }, ctx: ScreeningContext) => {
      const limit = Math.min(Math.max(args.limit ?? 100, 1), 1000);
      return (await findMatchesOfRequest(ctx.db, ctx.scope, args.requestId, limit)).map(storedMatchOf);
    },
    watchlistSources: async (_: unknown, __: unknown, ctx: ScreeningContext) =>
      (await listActiveSources(ctx.db as unknown as Sql)).map((row) => ({
        source: row.source, format: row.format, versionId: row.version_id, seq: row.seq, label: row.label, contentHash: row.content_hash,
        entityCount: row.entity_count, nameCount: row.name_count, importedAt: iso(row.imported_at),
      })),
    screeningIndexStatus: (_: unknown, __: unknown, ctx: ScreeningContext) => {
      const status = ctx.holder.status();
      return { ...status, versionsJson: JSON.stringify(status.versions) };
    },
    watchlistImport: (_: unknown, args: { id: string }, ctx: ScreeningContext) => readImport(ctx.db, ctx.principal, args.id),
  },
  Mutation: {
    screen: (_: unknown, args: { input: ScreenInput }, ctx: ScreeningContext) => screen(ctx, ctx.principal, args.input),
    importWatchlist: (_: unknown, args: { format: string; path: string }, ctx: ScreeningContext) => requestImport(ctx.db, ctx.importQueue, ctx.principal, args),
  },
  ScreeningSearch: {
    __resolveReference: (ref: { id: string }, ctx: ScreeningContext) => readSearch(ctx.db, ctx.scope, ref.id),
    name: (view: SearchView) => searchEntity(view)?.name ?? '',
    type: (view: SearchView) => searchEntity(view)?.type ?? null,
    feeds: (view: SearchView) => searchEntity(view)?.feeds ?? ['all'],
    customId: (view: SearchView) => searchEntity(view)?.custom_id ?? null,
    profile: (view: SearchView) => (view.request.profileId ? { id: view.request.profileId } : null),
    userId: (view: SearchView) => view.request.actorId,
    userName: (view: SearchView) => view.request.userName,
    userEmail: (view: SearchView) => view.request.userEmail,
    jobId: (view: SearchView) => view.request.jobId,
    createdAt: (view: SearchView) => view.request.createdAt.toISOString(),
    updatedAt: (view: SearchView) => view.request.updatedAt.toISOString(),
    matches: async (view: SearchView, _: unknown, ctx: ScreeningContext) => view.matches ?? (await readSearch(ctx.db, ctx.scope, view.searchId))?.matches ?? [],
    matchCount: async (view: SearchView, _: unknown, ctx: ScreeningContext) => (view.matches ?? (await readSearch(ctx.db, ctx.scope, view.searchId))?.matches ?? []).length,
    requestJson: (view: SearchView) => JSON.stringify(historyRecord(view.request)),
    resultsJson: (view: SearchView) => JSON.stringify(view.matches ?? []),
  },
  ScreeningMatch: {
    reviewStatus: (match: StoredMatch) => match.review_status,
    entityRef: (match: StoredMatch) => match.entity.id,
    source: (match: StoredMatch) => match.entity.source,
    sourceId: (match: StoredMatch) => match.entity.source_id,
    entityType: (match: StoredMatch) => match.entity.type,
    listedName: (match: StoredMatch) => match.entity.name,
    matchedName: (match: StoredMatch) => match.match_score_info?.best_name?.value ?? match.name.value,
    criteriaMatchLevel: (match: StoredMatch) => matchLevelOf(match),
    feeds: (match: StoredMatch) => match.entity.feeds,
    programs: (match: StoredMatch) => match.entity.programs,
    json: (match: StoredMatch) => JSON.stringify(match),
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
    createdAt: (row: ImportRow) => row.createdAt.toISOString(),
    startedAt: (row: ImportRow) => iso(row.startedAt),
    finishedAt: (row: ImportRow) => iso(row.finishedAt),
    sources: (row: ImportRow) => importSources(row),
  },
};

function matchLevelOf(match: StoredMatch): string {
  const best = match.match_score_info?.best_name;
  const all = [match.name, ...match.aliases];
  return all.find((name) => name.value === best?.value)?.criteria_match_level ?? match.name.criteria_match_level;
}
