/** Result shape of one potential match (as in the Screening section of the interface spec) and its construction. */
import {
  entityKey,
  FEEDS,
  primaryName,
  type BirthDate,
  type EntityType,
  type Feed,
  type NameKind,
  type WatchlistEntity,
} from '../lists/model';
import type { Adjustment } from './adjust';
import { matchLevel, SCORER_VERSION, type CriteriaMatchLevel } from '../../../lib/names/levels';
import { scoreName, type AlignedPair, type PreparedName, type SimCache } from '../../../lib/names/score';

export interface MatchedName {
  value: string;
  match_score: number;
  criteria_match_level: CriteriaMatchLevel;
}

export interface MatchedAlias extends MatchedName {
  kind: NameKind;
  /** Present (true) only on the closest alias, and only when it scored above the primary name. */
  matched_query?: true;
}

export interface MatchScoreInfo {
  scorer_version: string;
  threshold: number;
  query: string;
  /** score: calibrated name score; raw_score: before caps; uncalibrated_score: after caps, before calibration. */
  best_name: { value: string; kind: NameKind; score: number; raw_score: number; uncalibrated_score?: number };
  name_similarity: number;
  token_alignment: AlignedPair[];
  unmatched_query_tokens: string[];
  unmatched_list_tokens: string[];
  phonetic_agreement: number;
  caps: string[];
  adjustments: Adjustment[];
  final_score: number;
}

export interface ScreeningMatch {
  entity: {
    id: string;
    source: string;
    sourceId: string;
    type: EntityType;
    name: string;
    feeds: Feed[];
    programs: string[];
    nationalities: string[];
    countries: string[];
    birthDates: BirthDate[];
    listedOn?: string;
  };
  score: number;
  name: MatchedName;
  aliases: MatchedAlias[];
  checklist: {
    screen: Record<Feed, boolean>;
    hits: string[];
    hits_info: { feed: Feed; source: string; programs: string[]; matched_name: string; score: number }[];
  };
  match_score_info: MatchScoreInfo;
  source_details: { description: string; urls: string[]; inference_context: string }[];
  review_status: 'unresolved';
}

export interface BuildMatchInput {
  entity: WatchlistEntity;
  query: string;
  queryName: PreparedName;
  listNamePrep: (nameIndex: number) => PreparedName;
  bestNameIndex: number;
  latinQuery: boolean;
  nameScore: number;
  adjustments: Adjustment[];
  finalScore: number;
  threshold: number;
  /** Token-similarity memo of the search (optional; same scores, faster). */
  cache?: SimCache;
}

const SOURCE_LABELS: Record<string, string> = {
  ofac_sdn: 'US Treasury OFAC Specially Designated Nationals list',
  ofac_cons: 'US Treasury OFAC consolidated non-SDN lists',
  un: 'UN Security Council consolidated list',
  bis_dpl: 'US Commerce BIS Denied Persons List',
  eu_fsf: 'EU Financial Sanctions File',
  uk_ofsi: 'UK OFSI consolidated list',
  opensanctions: 'OpenSanctions',
};

export function buildMatch(input: BuildMatchInput): ScreeningMatch {
  const e = input.entity;
  const primaryIdx = Math.max(
    0,
    e.names.findIndex((n) => n.kind === 'primary'),
  );
  const cache = input.cache;
  const scores = e.names.map((n, i) =>
    n.kind === 'title'
      ? 0
      : scoreName(input.queryName, input.listNamePrep(i), {
          cache,
          weakAlias: n.quality === 'low',
          otherScript: input.latinQuery && !!n.script,
        }).score,
  );
  const best = scoreName(input.queryName, input.listNamePrep(input.bestNameIndex), {
    explain: true,
    weakAlias: e.names[input.bestNameIndex].quality === 'low',
    otherScript: input.latinQuery && !!e.names[input.bestNameIndex].script,
  });
  const aliases: MatchedAlias[] = [];
  let closest = -1;
  e.names.forEach((n, i) => {
    if (i === primaryIdx) return;
    aliases.push({ value: n.value, kind: n.kind, match_score: scores[i], criteria_match_level: matchLevel(scores[i]) });
    if (closest < 0 || scores[i] > scores[closest]) closest = i;
  });
  if (closest >= 0 && scores[closest] > scores[primaryIdx]) {
    const a = aliases.find((x) => x.value === e.names[closest].value);
    if (a) a.matched_query = true;
  }
  const screen = Object.fromEntries(FEEDS.map((f) => [f, e.feeds.includes(f)])) as Record<Feed, boolean>;
  const bestName = e.names[input.bestNameIndex];
  const phonetic = best.pairs.length ? best.pairs.filter((p) => p.how === 'exact' || p.how === 'phonetic').length / best.pairs.length : 0;
  const sourceLabel = SOURCE_LABELS[e.source] ?? e.source;
  return {
    entity: {
      id: entityKey(e),
      source: e.source,
      sourceId: e.sourceId,
      type: e.type,
      name: primaryName(e),
      feeds: e.feeds,
      programs: e.programs,
      nationalities: e.nationalities,
      countries: e.countries,
      birthDates: e.birthDates,
      listedOn: e.listedOn,
    },
    score: input.finalScore,
    name: { value: e.names[primaryIdx].value, match_score: scores[primaryIdx], criteria_match_level: matchLevel(scores[primaryIdx]) },
    aliases,
    checklist: {
      screen,
      hits: e.feeds.filter((f) => screen[f]),
      hits_info: e.feeds.map((feed) => ({
        feed,
        source: e.source,
        programs: e.programs,
        matched_name: bestName.value,
        score: input.finalScore,
      })),
    },
    match_score_info: {
      scorer_version: SCORER_VERSION,
      threshold: input.threshold,
      query: input.query,
      best_name: {
        value: bestName.value,
        kind: bestName.kind,
        score: best.score,
        raw_score: best.raw,
        uncalibrated_score: best.uncalibrated,
      },
      name_similarity: input.nameScore,
      token_alignment: best.pairs,
      unmatched_query_tokens: best.unmatchedQuery,
      unmatched_list_tokens: best.unmatchedList,
      phonetic_agreement: Math.round(phonetic * 100) / 100,
      caps: best.caps,
      adjustments: input.adjustments,
      final_score: input.finalScore,
    },
    source_details: [
      {
        description: `${sourceLabel}${e.programs.length ? ` (${e.programs.join(', ')})` : ''}${e.listedOn ? `, listed ${e.listedOn}` : ''}`,
        urls: e.sourceUrls,
        inference_context: `Name "${input.query}" matched listed ${bestName.kind === 'primary' ? 'name' : bestName.kind} "${bestName.value}" with score ${best.score} (${matchLevel(best.score)}).`,
      },
    ],
    review_status: 'unresolved',
  };
}
