// Blocking must not lose a match the delta index would find: every name the delta index matches
// (exact, one-character typos, joined tokens, other order) shares a key; unrelated customer names
// mostly do not (that is the saving).
import path from 'node:path';
import { loadList, primaryName, WatchlistEntity } from '../../services/engine-adapter';
import { shippedWatchlistDir } from '../../services/import-service';
import { COMMON_FAMILY, COMMON_GIVEN } from '../../evaluation/name-pools';
import { Rng } from '../../../../lib/random/prng';
import { buildDeltaIndex, CANDIDATE_MARGIN } from './delta-screening';
import { BlockingKeys } from './blocking';

let delta: WatchlistEntity[];
beforeAll(async () => {
  const un = await loadList('un_xml', path.join(shippedWatchlistDir(), 'un_consolidated_2026-02/UN_consolidated.xml'));
  delta = new Rng(7).shuffle(un.slice()).slice(0, 200);
});

function variants(name: string, rng: Rng): string[] {
  const tokens = name.split(/\s+/);
  const long = tokens.findIndex((t) => t.length >= 5);
  const typo = long < 0 ? name : tokens.map((t, i) => (i === long ? t.slice(0, 2) + t.slice(3) : t)).join(' ');
  const swapped =
    long < 0
      ? name
      : tokens.map((t, i) => (i === long ? `${t.slice(0, 2)}${String.fromCharCode(97 + rng.int(26))}${t.slice(3)}` : t)).join(' ');
  const joined = tokens.length > 2 ? [tokens[0] + tokens[1], ...tokens.slice(2)].join(' ') : name;
  return [name, name.toLowerCase(), typo, swapped, joined, [...tokens].reverse().join(' ')];
}

it('keeps every name the delta index matches (exact, typos, joins, order)', () => {
  const index = buildDeltaIndex(delta);
  const blocking = new BlockingKeys(delta);
  const rng = new Rng(3);
  let matched = 0;
  const lost: string[] = [];
  for (const entity of delta) {
    for (const name of variants(primaryName(entity), rng)) {
      for (const type of [entity.type, undefined]) {
        const found = index.index.search(name, { limit: 1, threshold: 0.8 - CANDIDATE_MARGIN, feeds: 'all', type });
        if (!found.length) continue;
        matched++;
        if (!blocking.mayMatch(name, type)) lost.push(name);
      }
    }
  }
  expect(matched).toBeGreaterThan(1_500);
  expect(lost).toEqual([]);
});

it('lets most unrelated customer names skip the delta search', () => {
  const blocking = new BlockingKeys(delta);
  const rng = new Rng(11);
  const names = Array.from({ length: 5_000 }, () => `${rng.pick(COMMON_GIVEN)} ${rng.pick(COMMON_FAMILY)}`);
  const passed = names.filter((name) => blocking.mayMatch(name, 'individual')).length;
  expect(passed / names.length).toBeLessThan(0.1);
});
