// Synthetic watchlist entities drawn from the shipped lists' own distributions (the scale bench and the index identity
// check build the same synthetic lists).
import type { Rng } from '../../lib/random/prng';
import { loadList, shippedLists, type WatchlistEntity } from '../../subgraphs/screening/services/engine-adapter';
import { shippedWatchlistDir } from '../../subgraphs/screening/services/import-service';

/** The shipped lists' distributions, as pools drawn from uniformly (so by frequency). */
export interface Pools {
  tokens: Map<string, string[]>; // `${type}|${script}` → tokens as they appear
  tokensPerName: Map<string, number[]>; // type → token counts of primary names
  aliasCounts: number[];
  scriptNames: Map<string, number[]>; // script → token counts of names in it
  scripts: string[]; // script of each original-script name
  countries: string[];
  birthYears: number[];
  birthDateShare: number;
  types: string[];
}

export function derivePools(lists: WatchlistEntity[]): Pools {
  const pools: Pools = {
    tokens: new Map(),
    tokensPerName: new Map(),
    aliasCounts: [],
    scriptNames: new Map(),
    scripts: [],
    countries: [],
    birthYears: [],
    birthDateShare: 0,
    types: [],
  };
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    list.push(value);
  };
  let withBirthDate = 0;
  for (const e of lists) {
    pools.types.push(e.type);
    if (e.birthDates.length) withBirthDate++;
    for (const b of e.birthDates) {
      const year = Number((b.kind === 'range' ? b.from : b.value).slice(0, 4));
      if (year > 1900 && year < 2020) pools.birthYears.push(year);
    }
    pools.countries.push(...e.countries, ...e.nationalities);
    pools.aliasCounts.push(e.names.filter((n) => n.kind !== 'primary' && !n.script).length);
    for (const n of e.names) {
      const script = n.script ?? 'Latn';
      const tokens = n.value.split(/[\s,]+/).filter((t) => t.length > 0);
      if (!tokens.length) continue;
      if (n.script) {
        pools.scripts.push(script);
        push(pools.scriptNames, script, tokens.length);
      } else if (n.kind === 'primary') push(pools.tokensPerName, e.type, tokens.length);
      for (const t of tokens) push(pools.tokens, `${e.type}|${script}`, t);
    }
  }
  pools.birthDateShare = withBirthDate / Math.max(1, lists.length);
  return pools;
}

const SCHEMA: Record<string, string> = { individual: 'Person', entity: 'Organization', vessel: 'Vessel', aircraft: 'Airplane' };

export function nameOf(rng: Rng, pools: Pools, type: string, script: string, length: number): string {
  const pool = pools.tokens.get(`${type}|${script}`) ?? pools.tokens.get(`individual|${script}`) ?? pools.tokens.get('individual|Latn')!;
  const tokens: string[] = [];
  for (let i = 0; i < Math.max(1, length); i++) tokens.push(rng.pick(pool));
  return tokens.join(script === 'Hani' || script === 'Jpan' ? '' : ' ');
}

export function syntheticEntity(rng: Rng, pools: Pools, i: number): { line: string; names: string[] } {
  const type = rng.pick(pools.types);
  const names = [nameOf(rng, pools, type, 'Latn', rng.pick(pools.tokensPerName.get(type) ?? [2]))];
  const aliases: string[] = [];
  for (let a = rng.pick(pools.aliasCounts); a > 0; a--)
    aliases.push(nameOf(rng, pools, type, 'Latn', rng.pick(pools.tokensPerName.get(type) ?? [2])));
  // Original-script names as often as the shipped lists carry them.
  if (pools.scripts.length && rng.float() < pools.scripts.length / pools.types.length) {
    const script = rng.pick(pools.scripts);
    aliases.push(nameOf(rng, pools, type, script, rng.pick(pools.scriptNames.get(script) ?? [2])));
  }
  const properties: Record<string, string[]> = { name: names, topics: [rng.float() < 0.8 ? 'sanction' : 'role.pep'] };
  if (aliases.length) properties.alias = aliases;
  if (type === 'individual' && rng.float() < pools.birthDateShare && pools.birthYears.length) {
    const month = String(1 + Math.floor(rng.float() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(rng.float() * 28)).padStart(2, '0');
    properties.birthDate = [`${rng.pick(pools.birthYears)}-${month}-${day}`];
  }
  if (pools.countries.length) properties[type === 'individual' ? 'nationality' : 'country'] = [rng.pick(pools.countries)];
  const line = JSON.stringify({
    id: `scale-${i}`,
    schema: SCHEMA[type] ?? 'Person',
    caption: names[0],
    properties,
    datasets: ['scale_synthetic'],
  });
  return { line, names: [...names, ...aliases] };
}

/** The shipped lists, as loaded by the platform. */
export async function shippedEntities(): Promise<WatchlistEntity[]> {
  const shipped: WatchlistEntity[] = [];
  for (const list of shippedLists(shippedWatchlistDir())) shipped.push(...(await loadList(list.format, list.paths)));
  return shipped;
}
