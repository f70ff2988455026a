/** Lists used by the benchmarks. The 2021 SDN set is an older copy of the 2024 SDN list, so quality runs leave it out
 * (it would make "the correct entity" ambiguous); the engine benchmark indexes everything shipped. */
import { loadShippedLists, SHIPPED_WATCHLISTS_DIR, type WatchlistEntity } from '../../subgraphs/screening/lists';

export async function loadBenchEntities(includeSuperseded: boolean): Promise<WatchlistEntity[]> {
  const lists = await loadShippedLists(SHIPPED_WATCHLISTS_DIR);
  return lists.filter((l) => includeSuperseded || l.list.folder !== 'ofac_sdn_2021-07_full').flatMap((l) => l.entities);
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
