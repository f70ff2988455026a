/**
 * Labelled sets made from variation the list authors wrote down, not from the generator:
 * - leave-one-alias-out (LOAO): the 2024 OFAC SDN records with the 2021 alt.csv aliases attached by entity number, and the
 *   UN records with their aliases. One alias per sampled record is removed from the index and queried; its record must
 *   come back at rank <= 10 above the threshold.
 * - cross-script: UN records carrying both a Latin and an original-script name. Either the original-script name is removed
 *   and queried (script -> Latin), or every Latin name is removed and the primary name queried (Latin -> script).
 * Every case sits in the calibration half or the report half by a fixed hash of its record id (sha256, first byte even:
 * calibration), so nothing fitted on one half is reported.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Rng } from '../../subgraphs/screening/evaluation/prng';
import {
  addName,
  entityKey,
  loadWatchlist,
  SHIPPED_WATCHLISTS_DIR,
  type EntityType,
  type WatchlistEntity,
} from '../../subgraphs/screening/lists';

export type Half = 'calibration' | 'report';

export interface HeldOutCase {
  set: 'loao_ofac' | 'loao_un' | 'script_to_latin' | 'latin_to_script';
  query: string;
  type: EntityType;
  expected: string;
  /** The record's primary name as left in the index (pairs for the compare surface). */
  listed: string;
  half: Half;
}

export function halfOf(id: string): Half {
  return createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'calibration' : 'report';
}

/** Attaches the 2021 OFAC alt.csv aliases to the 2024 SDN records with the same entity number. */
export async function attachOfac2021Aliases(entities: WatchlistEntity[]): Promise<number> {
  const old = await loadWatchlist('ofac_sdn', path.join(SHIPPED_WATCHLISTS_DIR, 'ofac_sdn_2021-07_full'));
  const byId = new Map(old.map((e) => [e.sourceId, e]));
  let attached = 0;
  for (const e of entities) {
    if (e.source !== 'ofac_sdn') continue;
    const before = e.names.length;
    for (const n of byId.get(e.sourceId)?.names ?? []) if (n.kind !== 'primary' && n.kind !== 'title') addName(e, n);
    attached += e.names.length - before;
  }
  return attached;
}

const LATIN = /^[\u0000-\u024f\u1e00-\u1eff\s\p{P}]*$/u;

/**
 * Builds the held-out cases and returns the entity list with the held-out names removed (one index serves every case:
 * each sampled record loses one name, or all its Latin names for latin_to_script).
 */
export function buildHeldOutSets(
  entities: WatchlistEntity[],
  opts: { perSet: number; seed?: number },
): { cases: HeldOutCase[]; indexed: WatchlistEntity[] } {
  const random = new Rng(opts.seed ?? 16);
  const cases: HeldOutCase[] = [];
  const indexed = entities.map((e) => ({ ...e, names: [...e.names] }));
  const pick = <T>(xs: T[]) => random.pick(xs);
  const shuffled = random.shuffle(indexed.slice());
  const primary = (e: WatchlistEntity) => (e.names.find((n) => n.kind === 'primary') ?? e.names[0]).value;
  const counts = { loao_ofac: 0, loao_un: 0, script_to_latin: 0, latin_to_script: 0 };
  for (const e of shuffled) {
    const id = entityKey(e);
    const original = e.names.filter((n) => n.kind === 'original_script' || (n.script && !LATIN.test(n.value)));
    const latin = e.names.filter((n) => n.kind !== 'title' && LATIN.test(n.value));
    if (e.source === 'un' && original.length && latin.length) {
      // cross-script: alternate the direction per record
      if (counts.script_to_latin <= counts.latin_to_script) {
        const name = pick(original);
        e.names = e.names.filter((n) => n !== name);
        cases.push({ set: 'script_to_latin', query: name.value, type: e.type, expected: id, listed: primary(e), half: halfOf(id) });
        counts.script_to_latin++;
      } else {
        const query = primary(e);
        e.names = e.names.filter((n) => !latin.includes(n));
        cases.push({ set: 'latin_to_script', query, type: e.type, expected: id, listed: e.names[0].value, half: halfOf(id) });
        counts.latin_to_script++;
      }
      continue;
    }
    const set = e.source === 'ofac_sdn' ? 'loao_ofac' : e.source === 'un' ? 'loao_un' : undefined;
    if (!set || counts[set] >= opts.perSet) continue;
    const aliases = latin.filter((n) => n.kind !== 'primary');
    if (!aliases.length) continue;
    const name = pick(aliases);
    e.names = e.names.filter((n) => n !== name);
    // some UN alias fields hold several spellings separated by ";": a screener types one name, the first
    cases.push({ set, query: name.value.split(/\s*;\s*/)[0], type: e.type, expected: id, listed: primary(e), half: halfOf(id) });
    counts[set]++;
  }
  return { cases, indexed };
}
