// Delta screening, the fast direction: instead of searching every monitored name in the full
// index (100,000 searches over ~50,000 listed entities), build a small index of only the entities a
// list version added or changed and run every monitored name through it. Almost every name finds
// nothing there; the few that do are confirmed by a normal search in the full index (so scores,
// explanations and ties are exactly what a direct search would answer) restricted to the delta.
import { buildEngineIndex, EngineIndex, ScreeningMatch, WatchlistEntity, entityKey } from '../../services/engine-adapter';
import type { NormalizedQuery } from '../../services/search-model';
import { searchSnapshot } from '../../services/search-service';
import { IndexSnapshot } from '../../services/index-holder';
import { BlockingKeys } from './blocking';

/** Token rarity in a 200-entity index differs from the full index's: candidates are taken this
 * far below the subject's threshold, then confirmed (or dropped) by the full index. */
export const CANDIDATE_MARGIN = 0.1;
/** How deep the confirming full search looks for the delta's entities. */
export const CONFIRM_LIMIT = 100;

export interface DeltaIndex {
  index: EngineIndex;
  blocking: BlockingKeys;
  ids: Set<string>;
  size: number;
}

export function buildDeltaIndex(entities: WatchlistEntity[]): DeltaIndex {
  return {
    index: buildEngineIndex(entities),
    blocking: new BlockingKeys(entities),
    ids: new Set(entities.map(entityKey)),
    size: entities.length,
  };
}

export interface Subject<K> {
  key: K;
  query: NormalizedQuery;
}

/** Subjects whose name shares a blocking key with the delta and finds anything in the delta index
 * (no full-index work). */
export function deltaCandidates<K>(delta: DeltaIndex, subjects: Subject<K>[]): Subject<K>[] {
  if (!delta.size) return [];
  return subjects.filter(
    ({ query }) =>
      delta.blocking.mayMatch(query.name, query.type) &&
      delta.index.search(query.name, {
        limit: 1,
        threshold: Math.max(0, query.threshold - CANDIDATE_MARGIN),
        feeds: query.feeds,
        type: query.type,
        birthDate: query.dateOfBirth,
        country: query.country,
        identifiers: query.identifiers,
      }).length > 0,
  );
}

/** The candidate's matches on delta entities as the full index scores them (ranked, at most the
 * subject's limit); empty when the full search does not confirm any. */
export async function confirmInFullIndex(snapshot: IndexSnapshot, delta: DeltaIndex, query: NormalizedQuery): Promise<ScreeningMatch[]> {
  const found = await searchSnapshot(snapshot, { ...query, limit: CONFIRM_LIMIT });
  return found.filter((match) => delta.ids.has(match.entity.id)).slice(0, query.limit);
}
