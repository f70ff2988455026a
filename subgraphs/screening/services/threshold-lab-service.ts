// The screening threshold lab (docs/screening-matching.md, "Threshold lab"): a proposed name-score
// threshold and feed set, evaluated for one workspace against its current search defaults before
// anyone applies it (applying is updateDispositionSettings' searchThreshold / searchFeeds: audited,
// four eyes when the workspace has SCREENING_SETTINGS covered).
//
// Three figures, each for the current and the proposed setting:
// - recall and false positives on a fixed labelled sample generated from the served lists (the
//   quality bench's generator, fixed seed and size: small enough to search within a request);
// - alerts per 1,000 of the workspace's screenings of the last 30 days, recounted from the stored
//   matches (a search keeps only its matches at or above its own threshold within its own feeds, so
//   a screening searched stricter than a setting is counted as a lower bound and reported as such);
// - the reviewed matches the proposed setting would raise or stop raising.
import type { Db, Scope } from '../../../platform/db/prisma';
import { normalizeFeedSet, readDispositionSettings } from '../disposition/services/disposition-service';
import {
  activeListEntities,
  recentMatchesAtOrAbove,
  recentScreeningGroups,
  RecentMatchRow,
  reviewedMatches,
  ReviewedMatchRow,
  ScreeningGroupRow,
} from '../data/threshold-lab-store';
import { ScreeningError } from '../errors';
import { DEFAULT_THRESHOLD, entityKey, EvaluationSet, Feed, FEEDS, generateEvaluationSet, WatchlistEntity } from './engine-adapter';
import type { IndexHolder, IndexSnapshot } from './index-holder';
import { servingSnapshot } from './search-service';

/** A threshold with a feed set (empty: every feed). */
export interface LabSetting {
  threshold: number;
  feeds: Feed[];
}

/** A feed set as the API shows it: `['all']` for every feed (an empty set). */
export const feedSetView = (feeds: readonly Feed[]): ('all' | Feed)[] => (feeds.length ? [...feeds] : ['all']);

/** The lab as GraphQL answers it and the CLI prints it: feed sets shown with `all`. */
export function thresholdLabView(lab: ThresholdLab) {
  const settingView = (setting: LabSetting) => ({ threshold: setting.threshold, feeds: feedSetView(setting.feeds) });
  return { ...lab, current: settingView(lab.current), proposed: settingView(lab.proposed) };
}

export const LAB_WINDOW_DAYS = 30;
/** The labelled sample: the bench's default seed; 300 positives and 1,000 negatives search in a few
 * seconds on the index thread, in chunks, so other searches interleave. */
export const LAB_SAMPLE = { seed: 20240503, positives: 300, negatives: 1000 } as const;
/** A correct record must be among the first results (the bench's recall@10). */
const RANK_LIMIT = 10;
const SEARCH_CHUNK = 25;
export const REVIEWED_LIMIT = 5000;
export const LISTED_CHANGES = 100;

export interface LabelledRates {
  positivesInScope: number;
  positivesFound: number;
  recall: number;
  negativesFlagged: number;
  falsePositiveRate: number;
}

export interface AlertFigures {
  alerts: number;
  alertsPer1000: number;
  screeningsNotRecountable: number;
  exact: boolean;
}

export type LabCause = 'threshold' | 'feeds' | 'threshold_and_feeds';

export interface LabMatch {
  matchId: string;
  searchResultId: string;
  reviewStatus: 'true_positive' | 'false_positive';
  reviewedAt: Date | null;
  score: number;
  entityId: string;
  listedName: string;
  feeds: Feed[];
  cause: LabCause;
}

export interface ThresholdLab {
  current: LabSetting;
  proposed: LabSetting;
  labelledSet: { seed: number; positives: number; negatives: number; current: LabelledRates; proposed: LabelledRates };
  recentScreenings: { since: Date; screenings: number; current: AlertFigures; proposed: AlertFigures };
  reviewedMatches: {
    reviewed: number;
    disappearingCount: number;
    appearingCount: number;
    disappearing: LabMatch[];
    appearing: LabMatch[];
  };
}

export interface ThresholdLabInput {
  threshold: number;
  /** Omitted: the workspace's current feed set. */
  feeds?: readonly string[] | null;
}

// ── the rules, as plain functions ──

const feedsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((feed): feed is string => typeof feed === 'string') : [];

/** A listed record (by its feeds) is within a feed set (empty: every feed). */
export function withinFeeds(entityFeeds: readonly string[], setting: readonly Feed[]): boolean {
  return setting.length === 0 || entityFeeds.some((feed) => (setting as readonly string[]).includes(feed));
}

/** A stored match raises an alert under a setting: at or above its threshold, within its feeds. */
export function raises(score: number, entityFeeds: readonly string[], setting: LabSetting): boolean {
  return score >= setting.threshold && withinFeeds(entityFeeds, setting.feeds);
}

/** A search's feeds as stored in its config (`["all"]` or feed names) as a feed set (empty: all). */
export function searchedFeedSet(stored: unknown): Feed[] {
  const names = feedsOf(stored);
  if (names.length === 0 || names.some((name) => name.toLowerCase() === 'all')) return [];
  return FEEDS.filter((feed) => names.includes(feed));
}

/** Whether the stored matches of a screening tell every alert of a setting: the search kept every
 * match the setting would raise (its threshold no higher, its feeds no narrower). */
export function recountable(searchThreshold: number | null, searchedFeeds: unknown, setting: LabSetting): boolean {
  const searched = searchedFeedSet(searchedFeeds);
  const wideEnough = searched.length === 0 || (setting.feeds.length > 0 && setting.feeds.every((feed) => searched.includes(feed)));
  return (searchThreshold ?? DEFAULT_THRESHOLD) <= setting.threshold && wideEnough;
}

export function alertFigures(groups: readonly ScreeningGroupRow[], matches: readonly RecentMatchRow[], setting: LabSetting): AlertFigures {
  const screenings = groups.reduce((sum, group) => sum + group.screenings, 0);
  const alerting = new Set(matches.filter((m) => raises(m.score, feedsOf(m.entityFeeds), setting)).map((m) => m.searchResultId));
  const screeningsNotRecountable = groups
    .filter((group) => !recountable(group.threshold, group.feeds, setting))
    .reduce((sum, group) => sum + group.screenings, 0);
  return {
    alerts: alerting.size,
    alertsPer1000: screenings ? round((alerting.size * 1000) / screenings, 2) : 0,
    screeningsNotRecountable,
    exact: screeningsNotRecountable === 0,
  };
}

/** The reviewed matches whose alert the proposed setting changes, most recently reviewed first. */
export function reviewedChanges(
  rows: readonly ReviewedMatchRow[],
  current: LabSetting,
  proposed: LabSetting,
): ThresholdLab['reviewedMatches'] {
  const disappearing: LabMatch[] = [];
  const appearing: LabMatch[] = [];
  for (const row of rows) {
    const feeds = feedsOf(row.entityFeeds);
    const now = raises(row.score, feeds, current);
    const then = raises(row.score, feeds, proposed);
    if (now === then) continue;
    const byThreshold = row.score >= current.threshold !== row.score >= proposed.threshold;
    const byFeeds = withinFeeds(feeds, current.feeds) !== withinFeeds(feeds, proposed.feeds);
    const cause: LabCause = byThreshold && byFeeds ? 'threshold_and_feeds' : byThreshold ? 'threshold' : 'feeds';
    const match: LabMatch = {
      matchId: row.id,
      searchResultId: row.searchResultId,
      reviewStatus: row.reviewStatus,
      reviewedAt: row.reviewedAt,
      score: row.score,
      entityId: row.entityRef,
      listedName: row.listedName ?? row.entityRef,
      feeds: FEEDS.filter((feed) => feeds.includes(feed)),
      cause,
    };
    (now ? disappearing : appearing).push(match);
  }
  return {
    reviewed: rows.length,
    disappearingCount: disappearing.length,
    appearingCount: appearing.length,
    disappearing: disappearing.slice(0, LISTED_CHANGES),
    appearing: appearing.slice(0, LISTED_CHANGES),
  };
}

/** What one labelled query found: the results' record ids and scores, best first. */
export type LabelledOutcome = { id: string; score: number }[];

export function labelledRates(
  sample: LabelledSample,
  positives: readonly LabelledOutcome[],
  negatives: readonly LabelledOutcome[],
  setting: LabSetting,
): LabelledRates {
  let positivesInScope = 0;
  let positivesFound = 0;
  sample.set.positives.forEach((positive, i) => {
    if (!positive.expected.some((id) => withinFeeds(sample.feedsById.get(id) ?? [], setting.feeds))) return;
    positivesInScope += 1;
    const top = positives[i].slice(0, RANK_LIMIT);
    if (top.some((result) => result.score >= setting.threshold && positive.expected.includes(result.id))) positivesFound += 1;
  });
  const negativesFlagged = negatives.filter((results) => results.some((result) => result.score >= setting.threshold)).length;
  return {
    positivesInScope,
    positivesFound,
    recall: positivesInScope ? round(positivesFound / positivesInScope, 4) : 0,
    negativesFlagged,
    falsePositiveRate: negatives.length ? round(negativesFlagged / negatives.length, 4) : 0,
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

// ── the labelled sample, generated once per set of served list versions ──

export interface LabelledSample {
  set: EvaluationSet;
  /** Feeds of every record a positive expects. */
  feedsById: Map<string, Feed[]>;
}

let cachedSample: { key: string; sample: Promise<LabelledSample> } | undefined;

async function labelledSample(db: Db, snapshot: IndexSnapshot): Promise<LabelledSample> {
  const key = JSON.stringify(Object.entries(snapshot.versions).sort());
  if (cachedSample?.key !== key) {
    const sample = (async () => {
      const entities = await activeListEntities<WatchlistEntity>(db);
      const set = generateEvaluationSet(entities, LAB_SAMPLE);
      const expected = new Set(set.positives.flatMap((positive) => positive.expected));
      const feedsById = new Map(entities.filter((e) => expected.has(entityKey(e))).map((e) => [entityKey(e), e.feeds]));
      return { set, feedsById };
    })();
    cachedSample = { key, sample };
    sample.catch(() => {
      if (cachedSample?.sample === sample) cachedSample = undefined;
    });
  }
  return cachedSample.sample;
}

/** Searches queries on the snapshot in small chunks (other searches interleave on the index thread). */
async function searchAll(
  snapshot: IndexSnapshot,
  queries: readonly { query: string; type?: WatchlistEntity['type'] }[],
  threshold: number,
  feeds: Feed[],
): Promise<LabelledOutcome[]> {
  const out: LabelledOutcome[] = [];
  for (let start = 0; start < queries.length; start += SEARCH_CHUNK) {
    const chunk = queries.slice(start, start + SEARCH_CHUNK);
    const found = await Promise.all(
      chunk.map((q) => snapshot.index.search(q.query, { limit: RANK_LIMIT, threshold, feeds: feeds.length ? feeds : 'all', type: q.type })),
    );
    out.push(...found.map((results) => results.map((result) => ({ id: result.entity.id, score: result.score }))));
  }
  return out;
}

/** Both settings' rates; one run of the sample per distinct feed set, at the lower threshold. */
async function labelledFigures(db: Db, holder: IndexHolder, current: LabSetting, proposed: LabSetting) {
  const snapshot = servingSnapshot(holder);
  const sample = await labelledSample(db, snapshot);
  const runs = new Map<string, Promise<{ positives: LabelledOutcome[]; negatives: LabelledOutcome[] }>>();
  const run = (setting: LabSetting) => {
    const key = setting.feeds.join('|');
    let found = runs.get(key);
    if (!found) {
      const threshold = Math.min(...[current, proposed].filter((s) => s.feeds.join('|') === key).map((s) => s.threshold));
      found = (async () => ({
        positives: await searchAll(snapshot, sample.set.positives, threshold, setting.feeds),
        negatives: await searchAll(snapshot, sample.set.negatives, threshold, setting.feeds),
      }))();
      runs.set(key, found);
    }
    return found;
  };
  const rates = async (setting: LabSetting) => {
    const outcome = await run(setting);
    return labelledRates(sample, outcome.positives, outcome.negatives, setting);
  };
  return {
    seed: sample.set.seed,
    positives: sample.set.positives.length,
    negatives: sample.set.negatives.length,
    current: await rates(current),
    proposed: await rates(proposed),
  };
}

// ── the lab ──

export interface ThresholdLabDeps {
  db: Db;
  holder: IndexHolder;
}

export async function evaluateThresholdLab(
  deps: ThresholdLabDeps,
  scope: Scope,
  input: ThresholdLabInput,
  now = new Date(),
): Promise<ThresholdLab> {
  if (typeof input.threshold !== 'number' || !(input.threshold >= 0 && input.threshold <= 1))
    throw new ScreeningError('schema_validation_failed', 'threshold: must be a number from 0 to 1', { field: 'threshold' });
  const settings = await readDispositionSettings(deps.db, scope);
  const current: LabSetting = { threshold: settings.searchThreshold ?? DEFAULT_THRESHOLD, feeds: settings.searchFeeds };
  const proposed: LabSetting = {
    threshold: input.threshold,
    feeds: input.feeds === undefined || input.feeds === null ? current.feeds : normalizeFeedSet(input.feeds, 'feeds'),
  };
  const since = new Date(now.getTime() - LAB_WINDOW_DAYS * 24 * 3600 * 1000);
  // One read after the other: run side by side with the labelled sample's read of the lists they
  // held the subgraph's small connection pool past its wait limit under load.
  const groups = await recentScreeningGroups(deps.db, scope, since);
  const matches = await recentMatchesAtOrAbove(deps.db, scope, since, Math.min(current.threshold, proposed.threshold));
  const reviewed = await reviewedMatches(deps.db, scope, REVIEWED_LIMIT);
  const labelledSet = await labelledFigures(deps.db, deps.holder, current, proposed);
  return {
    current,
    proposed,
    labelledSet,
    recentScreenings: {
      since,
      screenings: groups.reduce((sum, group) => sum + group.screenings, 0),
      current: alertFigures(groups, matches, current),
      proposed: alertFigures(groups, matches, proposed),
    },
    reviewedMatches: reviewedChanges(reviewed, current, proposed),
  };
}
