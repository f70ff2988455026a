import type { GraphQLResolveInfo } from 'graphql';
import { selectsOnly } from '../../../platform/graphql/selection';
import { approveScreeningProposal } from '../services/four-eyes-service';
import { offsetConnection, pageSize, readOffsetCursor } from '../../../platform/graphql/paging';
import { ScreeningContext } from '../context';
import { listBatchJobs } from '../data/batch-store';
import { findMatchById, matchesOfRequestPage } from '../data/match-store';
import { SearchRequestRow } from '../data/search-store';
import { listVersionLabels } from '../data/report-store';
import { listActiveSources } from '../data/watchlist-store';
import { ScreeningError } from '../errors';
import { BATCH_LIMITS, batchResults, readBatch, replaySubmittedBatch, restartBatch, submitBatch } from '../services/batch-service';
import { screeningCreateOnce } from '../services/create-once';
import { FEEDS, maskIdentifier, type QueryIdentifier } from '../services/engine-adapter';
import { searchHistory } from '../services/history-service';
import { importSources, readImport, requestImport } from '../services/import-requests';
import { generateReports, readReport } from '../services/report-service';
import { reviewMatch } from '../services/review-service';
import { parseSearchId, readSearch, screen, SearchView, storedMatchOf } from '../services/search-service';
import { matchResolvers, ScreeningFeedValue } from './match-resolvers';
import { latestSearchSummaryLoader, searchLoader } from './search-loader';
import { SEARCH_ENTITIES_SHOWN } from '../data/history-store';
import { dispositionResolvers } from '../disposition/resolvers/disposition-resolvers';
import { newsResolvers } from '../news/resolvers/news-resolvers';
import type { Resolvers, ScreeningQueryType } from './resolver-types.generated';

/** What screening knows of a profile: its id (the mapper of Profile). */
export interface ProfileRef {
  id: string;
}

interface SearchEntityRecord {
  type: ScreeningQueryType | null;
  name: string;
  feeds: ScreeningFeedValue[];
  custom_id: string | null;
}

function searchEntity(view: SearchView): SearchEntityRecord | undefined {
  const entities = view.request.entities as SearchEntityRecord[];
  const index = Number(view.searchId.split('_')[1] ?? 0);
  return entities[index] ?? entities[0];
}

/** The stored request's search settings (sync searches keep the query's date of birth and country;
 * a batch's differ by entity and stay with the job). */
interface SearchConfigRecord {
  threshold?: number;
  date_of_birth?: string | null;
  country?: string | null;
  identifiers?: QueryIdentifier[];
  index_versions?: Record<string, string>;
}
const configOf = (view: SearchView): SearchConfigRecord => view.request.config ?? {};

const asView = (request: SearchRequestRow): SearchView => ({ id: request.id, searchId: request.id, request, matches: undefined });

function offsetOf(after: string | null | undefined): number {
  const offset = readOffsetCursor(after);
  if (offset === undefined) throw new ScreeningError('schema_validation_failed', 'after: is not a cursor of this list', { field: 'after' });
  return offset;
}

/** The fields of ScreeningSearch that read only the stored request (and its matches' summaries). */
const SEARCH_SUMMARY_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'searchId',
  'tenantId',
  'workspaceId',
  'createdAt',
  'updatedAt',
  'profileId',
  'profile',
  'userId',
  'userName',
  'userEmail',
  'jobId',
  'name',
  'type',
  'feeds',
  'customId',
  'entities',
  'entityCount',
  'matches',
  'matchCount',
]);

/** The fields of ScreeningMatch a match summary answers (searchService summaryMatchOf): no payload. */
const MATCH_SUMMARY_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'rank',
  'score',
  'reviewStatus',
  'reviewedBy',
  'reviewedAt',
  'searchResultId',
  'reviewHistory',
  'fourEyesProposal',
]);

/** A profile's latest search reads its matches' summaries when the operation selects nothing of
 * their payload (the dashboard's page of profiles: each one's matches as scores and review states).
 * Read once per field of the operation, not once per profile: every profile of a page resolves
 * `screening` with the same field nodes. */
function latestSearchParts(info: GraphQLResolveInfo): 'summary' | 'full' {
  let parts = latestSearchPartsByField.get(info.fieldNodes);
  if (!parts) {
    parts =
      selectsOnly(info, ['latestSearch'], SEARCH_SUMMARY_FIELDS) && selectsOnly(info, ['latestSearch', 'matches'], MATCH_SUMMARY_FIELDS)
        ? 'summary'
        : 'full';
    latestSearchPartsByField.set(info.fieldNodes, parts);
  }
  return parts;
}
const latestSearchPartsByField = new WeakMap<GraphQLResolveInfo['fieldNodes'], 'summary' | 'full'>();

async function matchesOf(view: SearchView, ctx: ScreeningContext) {
  return view.matches ?? (await searchLoader(ctx).load(view.searchId))?.matches ?? [];
}

export const screeningResolvers = {
  ...matchResolvers,
  // Automatic disposition: its match fields join the ScreeningMatch resolvers below.
  DispositionAnnotation: dispositionResolvers.DispositionAnnotation,
  AutomaticDispositionSettings: dispositionResolvers.AutomaticDispositionSettings,
  ScreeningMatch: {
    ...matchResolvers.ScreeningMatch,
    ...dispositionResolvers.ScreeningMatch,
    ...newsResolvers.ScreeningMatch,
    // The review waiting for a second reviewer (four eyes); the profiles subgraph resolves the rest.
    fourEyesProposal: (match, _, ctx) => ctx.pendingMatchProposal.load(match.id),
  },
  // Adverse media (News feed).
  AdverseMediaArticle: newsResolvers.AdverseMediaArticle,
  Query: {
    ...dispositionResolvers.Query,
    ...newsResolvers.Query,
    screeningFeeds: () => ['all', ...FEEDS],
    screeningSearch: async (_, args, ctx) => (await searchLoader(ctx).load(args.id)) ?? null,
    screeningSearches: async (_, args, ctx) => {
      const page = await searchHistory(ctx.db, ctx.scope, args);
      return { ...page, nodes: page.nodes.map(asView) };
    },
    screeningMatches: async (_, args, ctx) => {
      const parsed = parseSearchId(args.requestId);
      const size = pageSize(args.first, 100, 1000);
      const offset = offsetOf(args.after);
      if (!parsed) return offsetConnection([], 0, size, 0);
      const scoped = args.requestId.includes('_') ? parsed.resultId : undefined;
      const { rows, total } = await matchesOfRequestPage(ctx.db, ctx.scope, parsed.requestId, scoped, offset, size + 1);
      return offsetConnection(rows.map(storedMatchOf), offset, size, total);
    },
    screeningMatch: async (_, args, ctx) => {
      const row = await findMatchById(ctx.db, ctx.scope, args.id);
      return row ? storedMatchOf(row) : null;
    },
    screeningBatchJob: async (_, args, ctx) => (await readBatch(ctx.db, ctx.scope, args.id)) ?? null,
    screeningBatchJobs: async (_, args, ctx) => {
      const size = pageSize(args.first, 20, 100);
      const offset = offsetOf(args.after);
      const { rows, total } = await listBatchJobs(ctx.db, ctx.scope, offset, size + 1, args.status ?? undefined);
      return offsetConnection(rows, offset, size, total);
    },
    screeningReport: async (_, args, ctx) => (await readReport(ctx, ctx.scope, args.id)) ?? null,
    watchlistSources: async (_, __, ctx) =>
      (await listActiveSources(ctx.db)).map((row) => ({
        source: row.source,
        format: row.format,
        versionId: row.version_id,
        seq: row.seq,
        label: row.label,
        contentHash: row.content_hash,
        entityCount: row.entity_count,
        nameCount: row.name_count,
        importedAt: row.imported_at,
      })),
    screeningIndexStatus: (_, __, ctx) => {
      const status = ctx.holder.status();
      return { ...status, versions: Object.entries(status.versions).map(([source, versionId]) => ({ source, versionId })) };
    },
    watchlistImport: (_, args, ctx) => readImport(ctx.db, ctx.principal, args.id),
  },
  Mutation: {
    ...dispositionResolvers.Mutation,
    ...newsResolvers.Mutation,
    screen: (_, args, ctx, info) =>
      screeningCreateOnce(ctx, info, args, {
        create: (record) => screen(ctx, ctx.principal, args.input, record),
        replay: async (id) =>
          (await readSearch(ctx.db, ctx.scope, id)) ?? Promise.reject(new ScreeningError('search_not_found', 'Search not found')),
      }),
    submitScreeningBatch: (_, args, ctx, info) =>
      screeningCreateOnce(ctx, info, args, {
        create: (record) => submitBatch(ctx, ctx.principal, args.input, record),
        replay: (id) => replaySubmittedBatch(ctx, ctx.scope, id),
      }),
    restartScreeningBatch: (_, args, ctx) => restartBatch(ctx, ctx.scope, args.id, ctx),
    reviewScreeningMatch: async (_, args, ctx) => {
      const id = await reviewMatch(ctx.db, ctx.principal, args.id, args.input);
      return storedMatchOf((await findMatchById(ctx.db, ctx.scope, id))!);
    },
    generateScreeningReports: async (_, args, ctx) => ({ reports: await generateReports(ctx, ctx.principal, args.input) }),
    importWatchlist: (_, args, ctx) => requestImport(ctx.db, ctx.importQueue, ctx.principal, args.input),
    // Internal: the profiles subgraph's approveFourEyesProposal, with the approver's principal.
    applyScreeningFourEyesProposal: (_, args, ctx) =>
      approveScreeningProposal(ctx.db, ctx.principal, args.id, args.input.note, ctx.requestId),
  },
  ScreeningSearch: {
    __resolveReference: async (ref, ctx) => (await searchLoader(ctx).load(ref.id)) ?? null,
    tenantId: (view) => view.request.tenantId,
    workspaceId: (view) => view.request.workspaceId,
    legacySearchId: () => null,
    name: (view) => searchEntity(view)?.name ?? '',
    type: (view) => searchEntity(view)?.type ?? null,
    feeds: (view) => searchEntity(view)?.feeds ?? ['all'],
    customId: (view) => searchEntity(view)?.custom_id ?? null,
    entities: (view) =>
      (view.request.entities as SearchEntityRecord[])
        .slice(0, SEARCH_ENTITIES_SHOWN)
        .map((entity) => ({ ...entity, customId: entity.custom_id })),
    entityCount: (view) => view.request.entityCount ?? (view.request.entities as SearchEntityRecord[]).length,
    profile: (view) => (view.request.profileId ? { id: view.request.profileId } : null),
    profileId: (view) => view.request.profileId,
    userId: (view) => view.request.actorId,
    userName: (view) => view.request.userName,
    userEmail: (view) => view.request.userEmail,
    jobId: (view) => view.request.jobId,
    createdAt: (view) => view.request.createdAt,
    updatedAt: (view) => view.request.updatedAt,
    matches: (view, _, ctx) => matchesOf(view, ctx),
    matchCount: async (view, _, ctx) => (await matchesOf(view, ctx)).length,
    dateOfBirth: (view) => configOf(view).date_of_birth ?? null,
    country: (view) => configOf(view).country ?? null,
    identifiers: (view) =>
      (configOf(view).identifiers ?? []).map((identifier) => ({
        kind: identifier.kind ?? null,
        maskedValue: maskIdentifier(identifier.value),
        country: identifier.country ?? null,
      })),
    threshold: (view) => configOf(view).threshold ?? null,
    listVersions: async (view, _, ctx) => {
      const versions = Object.entries(configOf(view).index_versions ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const labels = await listVersionLabels(
        ctx.db,
        versions.map(([, versionId]) => versionId),
      );
      return versions.map(([source, versionId]) => ({
        source,
        versionId,
        seq: labels.get(versionId)?.seq ?? null,
        label: labels.get(versionId)?.label ?? null,
      }));
    },
  },
  ScreeningBatchJob: {
    results: async (job, args, ctx) => {
      const size = pageSize(args.first, BATCH_LIMITS.resultsPageDefault, BATCH_LIMITS.resultsPageMax);
      const offset = offsetOf(args.after);
      const matchedOnly = args.matchedOnly === true;
      const rows = await batchResults(ctx.db, ctx.scope, job, offset, size + 1, matchedOnly);
      // The job's counters are kept in the same statement as the rows they count.
      return offsetConnection(rows, offset, size, matchedOnly ? job.matched : job.processed);
    },
  },
  Profile: {
    __resolveReference: (ref) => ref,
    screening: async (profile, _, ctx, info) => {
      if (latestSearchParts(info) === 'summary') {
        const latest = await latestSearchSummaryLoader(ctx).load(profile.id);
        return latest ? { latestSearch: latest.search, searchCount: latest.count } : { latestSearch: null, searchCount: 0 };
      }
      const latest = await ctx.latestSearchByProfile.load(profile.id);
      if (!latest) return { latestSearch: null, searchCount: 0 };
      return { latestSearch: (await searchLoader(ctx).load(latest.requestId)) ?? null, searchCount: latest.count };
    },
  },
  WatchlistImport: {
    sources: (row) => importSources(row),
  },
} satisfies Resolvers;
