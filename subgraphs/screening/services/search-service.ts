// Synchronous screening: validate the query, search the in-memory index, store the request and
// its matches (one statement), answer the ranked matches.
import { Db, type Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { auditActorOf, AuditEntry, auditRow, saltedInputHash } from '../../../platform/audit/audit-trail';
import {
  findMatchesOfResult,
  findSearchRequest,
  insertSyncSearch,
  insertSyncSearchInTransaction,
  prismaRunner,
  RowReader,
  readLatestSearchSummaries,
  readRequestsWithMatches,
  type SearchMatchSummaryRow,
  SearchRequestRow,
  StatementRunner,
  type StoredMatchRow,
} from '../data/search-store';
import { ScreeningError } from '../errors';
import type { RecordCreate } from './create-once';
import {
  countryCode,
  DEFAULT_THRESHOLD,
  EntityType,
  Feed,
  FEEDS,
  QUERY_IDENTIFIER_KINDS,
  type QueryIdentifier,
  type QueryIdentifierKind,
  ScreeningMatch,
} from './engine-adapter';
import { INDEX_LOADING, IndexHolder, IndexSnapshot } from './index-holder';
import { newObjectIds } from './object-id';
import { applyClearances } from './clearance-service';
import { annotateMatches, readDispositionSettings } from '../disposition/services/disposition-service';
import { mergeByScore, NewsAwareMatch, newsMatchesOf } from '../news/services/news-search';
import type { NormalizedQuery, StoredMatch } from './search-model';
import { matchPayloadColumn } from '../data/json-columns';
import { assertProfileLinks, ProfileLinks } from './profile-links';

/** Accepted query types and the listed entity type they screen as. `person` and
 * `organization`/`company` are synonyms; omitted: no type preference (every type, no penalty). */
export const QUERY_TYPES: Record<string, EntityType> = {
  individual: 'individual',
  person: 'individual',
  entity: 'entity',
  organization: 'entity',
  organisation: 'entity',
  company: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

export const SEARCH_LIMITS = {
  nameMax: 512,
  limitDefault: 10,
  limitMax: 100,
  customIdMax: 256,
  identifiersMax: 10,
  identifierValueMax: 64,
} as const;

/** An identifier as a search sends it (GraphQL ScreeningIdentifierInput). */
export interface ScreenIdentifierInput {
  kind?: string | null;
  value: string;
  country?: string | null;
}

export interface ScreenInput {
  type?: string | null;
  name: string;
  feeds?: string[] | null;
  dateOfBirth?: string | null;
  country?: string | null;
  /** Documents of the screened party, compared with the listed entities' identifiers. */
  identifiers?: ScreenIdentifierInput[] | null;
  limit?: number | null;
  threshold?: number | null;
  customId?: string | null;
  profileId?: string | null;
  /** The X-Service-Automatic-Disposition header as sent (`skip` opts out). */
  automaticDisposition?: string | null;
  /** Per-entity filters: adverse-media categories replacing the workspace set (News feed). */
  globalFilters?: { adverseMediaRiskCategories?: string[] | null } | null;
}

export interface SearchView {
  id: string;
  searchId: string;
  request: SearchRequestRow;
  /** Undefined when listed without its matches (history pages): read on demand. */
  matches?: MatchView[];
}

function invalid(field: string, message: string): ScreeningError {
  return new ScreeningError('schema_validation_failed', `${field}: ${message}`, { field });
}

const DOB = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

export function validDateOfBirth(value: string): boolean {
  const m = DOB.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m;
  if (mo && (Number(mo) < 1 || Number(mo) > 12)) return false;
  if (d) {
    const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d)) return false;
  }
  return Number(y) >= 1800 && Number(y) <= 2200;
}

/** The business rules of a search query (REST validates the shape first; GraphQL callers get these). */
export function normalizeQuery(input: ScreenInput): NormalizedQuery {
  const name = (input.name ?? '').replace(/\s+/g, ' ').trim();
  if (!name) throw invalid('name', 'must not be empty');
  if (name.length > SEARCH_LIMITS.nameMax) throw invalid('name', `must be at most ${SEARCH_LIMITS.nameMax} characters`);
  let type: EntityType | undefined;
  let typeLabel: string | null = null;
  if (input.type !== undefined && input.type !== null && input.type !== '') {
    typeLabel = input.type.trim().toLowerCase();
    type = QUERY_TYPES[typeLabel];
    if (!type) throw invalid('type', `must be one of ${Object.keys(QUERY_TYPES).join(', ')}`);
  }
  let feeds: Feed[] | 'all' = 'all';
  let feedNames: string[] = ['all'];
  if (input.feeds && input.feeds.length) {
    const requested = input.feeds.map((feed) => feed.trim());
    if (!requested.some((feed) => feed.toLowerCase() === 'all')) {
      const resolved: Feed[] = [];
      for (const feed of requested) {
        const known = FEEDS.find((f) => f.toLowerCase() === feed.toLowerCase());
        if (!known) throw invalid('feeds', `unknown feed "${feed}"; one of all, ${FEEDS.join(', ')}`);
        if (!resolved.includes(known)) resolved.push(known);
      }
      feeds = resolved;
      feedNames = resolved;
    }
  }
  const dateOfBirth = input.dateOfBirth?.trim() || undefined;
  if (dateOfBirth && !validDateOfBirth(dateOfBirth)) throw invalid('date_of_birth', 'must be YYYY, YYYY-MM or YYYY-MM-DD');
  let country: string | undefined;
  if (input.country?.trim()) {
    country = countryCode(input.country.trim());
    if (!country) throw invalid('country', `unknown country "${input.country}" (ISO 3166-1 alpha-2 code or English name)`);
  }
  const identifiers = normalizeIdentifiers(input.identifiers);
  const limit = input.limit ?? SEARCH_LIMITS.limitDefault;
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMITS.limitMax)
    throw invalid('limit', `must be an integer from 1 to ${SEARCH_LIMITS.limitMax}`);
  const threshold = input.threshold ?? DEFAULT_THRESHOLD;
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) throw invalid('threshold', 'must be a number from 0 to 1');
  const customId = input.customId ?? null;
  if (customId !== null && customId.length > SEARCH_LIMITS.customIdMax)
    throw invalid('custom_id', `must be at most ${SEARCH_LIMITS.customIdMax} characters`);
  return {
    name,
    type,
    typeLabel,
    feeds,
    feedNames,
    dateOfBirth,
    country,
    identifiers,
    limit,
    threshold,
    customId,
    profileId: input.profileId ?? null,
  };
}

/** The rules of a query's identifiers (field names in the REST spelling, as the other fields' errors). */
export function normalizeIdentifiers(input: readonly ScreenIdentifierInput[] | null | undefined): QueryIdentifier[] | undefined {
  if (!input?.length) return undefined;
  if (input.length > SEARCH_LIMITS.identifiersMax)
    throw invalid('identifiers', `must hold at most ${SEARCH_LIMITS.identifiersMax} identifiers`);
  return input.map((raw, i) => {
    const field = `identifiers[${i}]`;
    const value = (raw.value ?? '').replace(/\s+/g, ' ').trim();
    if (!value) throw invalid(`${field}.value`, 'must not be empty');
    if (value.length > SEARCH_LIMITS.identifierValueMax)
      throw invalid(`${field}.value`, `must be at most ${SEARCH_LIMITS.identifierValueMax} characters`);
    let kind: QueryIdentifierKind | undefined;
    if (raw.kind !== undefined && raw.kind !== null && raw.kind !== '') {
      kind = QUERY_IDENTIFIER_KINDS.find((k) => k === raw.kind!.trim().toLowerCase());
      if (!kind) throw invalid(`${field}.kind`, `must be one of ${QUERY_IDENTIFIER_KINDS.join(', ')}`);
    }
    let country: string | undefined;
    if (raw.country?.trim()) {
      country = countryCode(raw.country.trim());
      if (!country) throw invalid(`${field}.country`, `unknown country "${raw.country}" (ISO 3166-1 alpha-2 code or English name)`);
    }
    return { ...(kind ? { kind } : {}), value, ...(country ? { country } : {}) };
  });
}

/** A search's input with the workspace's defaults where it sends none: the threshold (threshold
 * lab, applied through the screening settings) and the feed set. What a search sends wins. */
export function withSearchDefaults(
  input: ScreenInput,
  defaults: { searchThreshold: number | null; searchFeeds: readonly string[] },
): ScreenInput {
  return {
    ...input,
    threshold: input.threshold ?? defaults.searchThreshold ?? undefined,
    feeds: input.feeds && input.feeds.length ? input.feeds : defaults.searchFeeds.length ? [...defaults.searchFeeds] : input.feeds,
  };
}

/** What the disposition analyser may weigh of a normalized query. */
export function dispositionQuery(query: NormalizedQuery) {
  return { name: query.name, type: query.type, dateOfBirth: query.dateOfBirth, country: query.country };
}

export function toStoredMatch(match: NewsAwareMatch, id: string, rank: number): StoredMatch {
  const e = match.entity;
  return {
    ...(match.articles ? { articles: match.articles, article_count: match.article_count } : {}),
    id,
    rank,
    score: match.score,
    name: match.name,
    aliases: match.aliases,
    checklist: match.checklist,
    match_score_info: match.match_score_info,
    source_details: match.source_details,
    review_status: match.review_status,
    entity: {
      id: e.id,
      source: e.source,
      source_id: e.sourceId,
      type: e.type,
      name: e.name,
      feeds: e.feeds,
      programs: e.programs,
      dates_of_birth: e.birthDates,
      nationalities: e.nationalities,
      countries: e.countries,
      listed_on: e.listedOn ?? null,
    },
  };
}

export interface SearchDeps {
  db: Db;
  holder: IndexHolder;
  /** Writes the search (default: through Prisma). The subgraph passes a node-postgres pool. */
  writeStatement?: StatementRunner;
  /** Reads the search path's settings (default: through Prisma). The subgraph passes the same pool. */
  readRows?: RowReader;
  /** Checks a linked profile_id against the caller's workspace. */
  profileLinks: ProfileLinks;
}

/** The snapshot searches run on, or 503 screening_index_unavailable. */
export function servingSnapshot(holder: IndexHolder): IndexSnapshot {
  const snapshot = holder.current();
  const unavailable = holder.unavailableReason();
  if (!snapshot || unavailable) throw new ScreeningError('screening_index_unavailable', unavailable ?? INDEX_LOADING);
  return snapshot;
}

/** One normalized query against an index snapshot (sync searches and batch workers alike). */
export function searchSnapshot(snapshot: IndexSnapshot, query: NormalizedQuery): Promise<ScreeningMatch[]> {
  return snapshot.index.search(query.name, {
    limit: query.limit,
    threshold: query.threshold,
    feeds: query.feeds,
    type: query.type,
    birthDate: query.dateOfBirth,
    country: query.country,
    identifiers: query.identifiers,
  });
}

/** `record` (a keyed request) stores the idempotency key in the search's transaction (services/create-once.ts). */
export async function screen(deps: SearchDeps, principal: Principal, input: ScreenInput, record?: RecordCreate): Promise<SearchView> {
  const scope: Scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  // The settings row holds the workspace's search defaults (threshold, feeds) and automatic
  // disposition: read once, before the query is normalized.
  const settings = await readDispositionSettings(deps.db, scope, deps.readRows);
  const query = normalizeQuery(withSearchDefaults(input, settings));
  const snapshot = servingSnapshot(deps.holder);
  await assertProfileLinks(deps.profileLinks, scope, [{ profileId: query.profileId, field: 'profile_id' }]);
  // The list search runs on the index thread while this one reads the adverse media (News feed)
  // mentions; they are merged by score.
  const listed = searchSnapshot(snapshot, query);
  listed.catch(() => undefined); // awaited below; a failed news read must not leave it unhandled
  const news = await newsMatchesOf(deps.db, scope, query, input.globalFilters?.adverseMediaRiskCategories);
  const found = mergeByScore(await listed, news, query.limit);
  const [requestId, ...matchIds] = newObjectIds(found.length + 1);
  const resultId = `${requestId}_0`;
  let matches = found.map((match, rank) => toStoredMatch(match, matchIds[rank], rank));
  if (query.profileId) {
    const profileId = query.profileId;
    await applyClearances(
      deps.db,
      scope,
      [{ entityIndex: 0, matches: matches.map((match) => ({ entityRef: match.entity.id, payload: match })) }],
      () => profileId,
    );
  }
  // Automatic disposition: after clearances (a human's decision stands), before the write.
  if (matches.length) matches = await annotateMatches(settings, input.automaticDisposition, dispositionQuery(query), matches);
  const createdAt = new Date();
  const config = {
    feeds: query.feedNames,
    threshold: query.threshold,
    limit: query.limit,
    type: query.typeLabel,
    date_of_birth: query.dateOfBirth ?? null,
    country: query.country ?? null,
    // Stored as the date of birth and the name are, with the request (never logged; the audit trail holds a salted hash).
    ...(query.identifiers ? { identifiers: query.identifiers } : {}),
    index_versions: snapshot.versions,
  };
  const entities = [{ type: query.typeLabel, name: query.name, feeds: query.feedNames, custom_id: query.customId }];
  const request = {
    id: requestId,
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    actorKind: principal.kind,
    actorId: principal.actorId,
    userName: principal.actorName ?? null,
    userEmail: principal.actorEmail ?? null,
    config,
    entities,
    jobId: null,
    profileId: query.profileId ?? null,
    source: 'direct_api',
    createdAt,
    updatedAt: createdAt,
  };
  const stored = {
    request,
    resultId,
    matches: matches.map((match) => ({ id: match.id, rank: match.rank, entityRef: match.entity.id, score: match.score, payload: match })),
  };
  const audit = auditRow(searchAuditEntry(principal, query, snapshot.versions, stored, createdAt));
  // A search for a profile (its status follows, through the outbox) or with an idempotency key (the
  // record of the key commits with it) is written in one transaction; the others keep the
  // one-statement hot path (the audit entry is appended in the same statement).
  if (query.profileId || record) {
    await insertSyncSearchInTransaction(deps.db, stored, {
      profileId: query.profileId,
      alsoInTransaction: record && ((tx) => record(tx, requestId)),
      audit,
    });
  } else {
    await insertSyncSearch(deps.writeStatement ?? prismaRunner(deps.db), stored, audit);
  }
  return { id: requestId, searchId: requestId, request, matches: matches.map((match) => ({ ...match, searchResultId: resultId })) };
}

/**
 * The audit entry of a screening: a salted hash of the input (the salt is the entry's personal part,
 * removed when the profile is erased), the list versions searched, the threshold and the ids of the
 * results. The searched name itself is not in the trail: the search history holds it.
 */
export function searchAuditEntry(
  principal: Principal,
  query: NormalizedQuery,
  versions: unknown,
  stored: { request: { id: string; tenantId: string; workspaceId: string }; matches: { id: string; entityRef: string }[] },
  at: Date,
): AuditEntry {
  const input = saltedInputHash({
    name: query.name,
    type: query.typeLabel,
    date_of_birth: query.dateOfBirth ?? null,
    country: query.country ?? null,
    // Only when given: the hash of a search without identifiers stays what it was.
    ...(query.identifiers ? { identifiers: query.identifiers } : {}),
    feeds: query.feedNames,
    custom_id: query.customId,
  });
  return {
    tenantId: stored.request.tenantId,
    workspaceId: stored.request.workspaceId,
    ...auditActorOf(principal),
    action: 'screening.search',
    resourceType: 'screening.search',
    resourceId: stored.request.id,
    profileId: query.profileId,
    outcome: 'succeeded',
    detail: {
      input_hash: input.hash,
      list_versions: versions,
      threshold: query.threshold,
      limit: query.limit,
      feeds: query.feedNames,
      match_ids: stored.matches.map((match) => match.id),
      entity_ids: stored.matches.map((match) => match.entityRef),
    },
    personal: { input_salt: input.salt },
    at,
  };
}

/** Accepts a plain request id (first entity) or an entity-scoped id `<requestId>_<index>`. */
export function parseSearchId(id: string): { requestId: string; resultId: string } | undefined {
  const m = /^([0-9a-f]{24})(?:_(\d{1,6}))?$/.exec(id.trim());
  if (!m) return undefined;
  return { requestId: m[1], resultId: `${m[1]}_${m[2] ?? '0'}` };
}

/** readSearch for many ids at once (a request's loader): one statement whatever their number. */
export async function readSearches(db: Db, scope: Scope, ids: readonly string[]): Promise<(SearchView | undefined)[]> {
  const parsed = ids.map((id) => parseSearchId(id));
  const requestIds = [...new Set(parsed.flatMap((p) => (p ? [p.requestId] : [])))];
  if (requestIds.length === 0) return ids.map(() => undefined);
  const resultIds = [...new Set(parsed.flatMap((p) => (p ? [p.resultId] : [])))];
  const read = await readRequestsWithMatches(db, scope, requestIds, resultIds);
  const requests = new Map(read.requests.map((row) => [row.id, row]));
  const matches = groupByResult(read.matches, storedMatchOf);
  return ids.map((id, index) => {
    const p = parsed[index];
    const request = p && requests.get(p.requestId);
    if (!p || !request) return undefined;
    const view: SearchView = { id: request.id, searchId: id.trim(), request, matches: matches.get(p.resultId) ?? [] };
    return view;
  });
}

/** Each result's matches, in the order read. */
function groupByResult<Row extends { searchResultId: string }>(rows: readonly Row[], matchOf: (row: Row) => MatchView) {
  const matches = new Map<string, MatchView[]>();
  for (const row of rows) {
    const match = matchOf(row);
    const list = matches.get(row.searchResultId);
    if (list) list.push(match);
    else matches.set(row.searchResultId, [match]);
  }
  return matches;
}

/** A profile's latest search as a page of profiles shows it: the search with its match summaries. */
export interface LatestSearch {
  search: SearchView;
  /** How many searches the profile has. */
  count: number;
}

/** The latest search of each profile (undefined for a profile without one, or not of the scope), with
 * its matches' summaries (summaryMatchOf), in one statement whatever the number of profiles: the
 * dashboard's page of profiles. The search is read by its plain id (its first result's matches), as
 * the search loader reads a latest search's id. */
export async function readLatestSearches(db: Db, scope: Scope, profileIds: readonly string[]): Promise<(LatestSearch | undefined)[]> {
  const read = await readLatestSearchSummaries(db, scope, profileIds);
  const matches = groupByResult(read.matches, summaryMatchOf);
  const byProfile = new Map<string, LatestSearch>();
  for (const request of read.latest) {
    const search: SearchView = { id: request.id, searchId: request.id, request, matches: matches.get(`${request.id}_0`) ?? [] };
    byProfile.set(request.profileId!, { search, count: request.searchCount });
  }
  return profileIds.map((id) => byProfile.get(id));
}

export async function readSearch(db: Db, scope: Scope, id: string): Promise<SearchView | undefined> {
  const parsed = parseSearchId(id);
  if (!parsed) return undefined;
  const request = await findSearchRequest(db, scope, parsed.requestId);
  if (!request) return undefined;
  const rows = await findMatchesOfResult(db, scope, parsed.resultId);
  return { id: request.id, searchId: id.trim(), request, matches: rows.map(storedMatchOf) };
}

/** A stored match as read back: the answered payload plus where it belongs and its review state. */
export interface MatchView extends StoredMatch {
  searchResultId?: string;
  reviewedBy?: string | null;
  reviewedAt?: Date | null;
}

/** A stored match without its payload (readLatestSearchSummaries): id, rank, score and review state,
 * for a page whose operation selects nothing more (MATCH_SUMMARY_FIELDS in the resolvers). A class, not
 * an object made from a prototype and assigned its fields: one of these per match of a page. */
class SummaryMatch {
  readonly id: string;
  readonly rank: number;
  readonly score: number;
  readonly review_status: string;
  readonly searchResultId: string;
  readonly reviewedBy: string | null;
  readonly reviewedAt: Date | null;

  constructor(row: SearchMatchSummaryRow) {
    this.id = row.id;
    this.rank = row.rank;
    this.score = row.score;
    this.review_status = row.reviewStatus;
    this.searchResultId = row.searchResultId;
    this.reviewedBy = row.reviewedByName ?? row.reviewedBy;
    this.reviewedAt = row.reviewedAt;
  }
}

// The payload's parts a summary does not carry are getters of its prototype that throw (reading one is
// a bug in the caller's field set).
Object.defineProperties(
  SummaryMatch.prototype,
  Object.fromEntries(
    ['name', 'aliases', 'checklist', 'match_score_info', 'entity', 'source_details', 'previously_cleared'].map((part) => [
      part,
      {
        get() {
          throw new Error(`ScreeningMatch ${part} read from a match summary`);
        },
      },
    ]),
  ),
);

// The payload's parts are the prototype's throwing getters: a summary is a MatchView for every field it answers.
const summaryMatchOf = (row: SearchMatchSummaryRow) => new SummaryMatch(row) as unknown as MatchView;

export function storedMatchOf(row: StoredMatchRow): MatchView {
  return {
    ...matchPayloadColumn.read(row.payload),
    id: row.id,
    rank: row.rank,
    review_status: row.reviewStatus as StoredMatch['review_status'],
    searchResultId: row.searchResultId,
    reviewedBy: row.reviewedByName ?? row.reviewedBy,
    reviewedAt: row.reviewedAt,
  };
}
