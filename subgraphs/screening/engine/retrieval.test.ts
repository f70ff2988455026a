/**
 * Retrieval by key pairs against the walk of every posting, on a crowd built so that hundreds of names share the
 * query's tokens. With every posting walked and no budget the pairs must answer exactly what the walk answers (their
 * scoring of a name reproduces the walk's); with the limits that make them cheap at millions of names they must still
 * find the names that matter: the one holding every query token, and one reached only through a typo of a rare token.
 */
import { emptyEntity, type WatchlistEntity } from '../lists/model';
import { Rng } from '../../../lib/random/prng';
import { buildIndex, restoreIndex, type ScreeningIndex, type SearchOptions } from './index';

function person(sourceId: string, ...names: string[]): WatchlistEntity {
  const e = emptyEntity('test_list', sourceId, 'individual');
  e.names = names.map((value, i) => ({ value, kind: i === 0 ? 'primary' : 'aka' }));
  e.feeds = [Number(sourceId.replace(/\D/g, '')) % 2 ? 'Sanctions' : 'PEP'];
  return e;
}

const FIRST = ['ali', 'hassan', 'hussein', 'omar', 'karim', 'yusuf', 'ibrahim', 'khalid', 'tariq', 'nabil'];
const LAST = ['haddad', 'mansour', 'khoury', 'nasser', 'saleh', 'aziz', 'rahman', 'farouk', 'hamdan', 'qasim'];
const OPTIONS: SearchOptions[] = [{}, { feeds: ['Sanctions'] }, { type: 'individual', strictType: true }, { limit: 50, threshold: 0.3 }];

let index: ScreeningIndex;
let defaults: ScreeningIndex['retrieval'];

beforeAll(() => {
  const rng = new Rng(42);
  const crowd: WatchlistEntity[] = [];
  // a crowd on the same tokens: whole names of two or three of them, and the spellings a typo reaches
  for (let k = 0; k < 3000; k++) {
    const tokens = [rng.pick(FIRST), rng.pick(FIRST), rng.pick(LAST)].slice(0, 2 + rng.int(2));
    crowd.push(person(`c${k}`, tokens.join(' ')));
  }
  for (let k = 0; k < 400; k++) crowd.push(person(`h${k}`, `${rng.pick(FIRST)} hasan ${rng.pick(LAST)}`));
  index = buildIndex([
    ...crowd,
    // every query token, but long (the length tie-break) and with a title: many shorter names reach it on near spellings
    person('v1', 'Haj Ali Hassan Qasim Haddad Mansour'),
    // reached only through a typo of the query's rarest token ("zelenskyy" for "zelensky")
    person('t1', 'Hussein Zelenskyy'),
  ]);
  defaults = { ...index.retrieval };
});

afterEach(() => {
  index.retrieval = { ...defaults };
});

const summary = (index: ScreeningIndex, mode: ScreeningIndex['retrieval']['mode'], query: string, opts: SearchOptions = {}) => {
  index.retrieval.mode = mode;
  return index.search(query, opts).map((m) => `${m.entity.id} ${m.score} ${m.match_score_info.best_name.value}`);
};

function crowdQueries(count: number): string[] {
  const rng = new Rng(7);
  return Array.from({ length: count }, () => [rng.pick(FIRST), rng.chance(0.3) ? 'hasan' : rng.pick(FIRST), rng.pick(LAST)].join(' '));
}

it('scores every gathered name as the walk does: with every posting walked, the same answers', () => {
  index.retrieval.shortPosting = Infinity;
  index.retrieval.budget = Infinity;
  for (const query of [...crowdQueries(40), 'Ali Hassan Qasim Haddad Mansour', 'Zelensky Hussein', 'Hasan Khouri'])
    for (const opts of OPTIONS)
      expect({ query, opts, results: summary(index, 'pairs', query, opts) }).toEqual({
        query,
        opts,
        results: summary(index, 'walk', query, opts),
      });
});

it('walks while every posting is short (auto), and the answers are the walk', () => {
  for (const query of crowdQueries(10)) expect(summary(index, 'auto', query)).toEqual(summary(index, 'walk', query));
});

describe('with postings too long to walk', () => {
  beforeEach(() => {
    // no posting is walked: the names come from the key pairs alone
    index.retrieval.shortPosting = 0;
    index.retrieval.budget = 200;
  });

  it('finds the name holding every query token first, though each of its tokens is held by hundreds of names', () => {
    expect(summary(index, 'pairs', 'Ali Hassan Qasim Haddad Mansour')[0]).toMatch(/^test_list:v1 /);
  });

  it('finds a name reached only through a typo of the rarest token', () => {
    expect(summary(index, 'pairs', 'Zelensky Hussein').map((line) => line.split(' ')[0])).toContain('test_list:t1');
  });

  it('answers a crowded query with names as good as the walk finds', () => {
    for (const query of crowdQueries(20)) {
      const walk = summary(index, 'walk', query);
      const pairs = summary(index, 'pairs', query);
      expect(pairs.length).toBeGreaterThan(0);
      expect(Number(pairs[0].split(' ')[1])).toBeGreaterThanOrEqual(Number(walk[0].split(' ')[1]));
    }
  });
});

it('keeps the pair postings in the exported state', () => {
  const restored = restoreIndex(index.exportState());
  restored.retrieval = { mode: 'pairs', shortPosting: 8, budget: 200 };
  index.retrieval = { mode: 'pairs', shortPosting: 8, budget: 200 };
  for (const query of crowdQueries(5)) expect(restored.search(query)).toEqual(index.search(query));
});
