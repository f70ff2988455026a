// The labelled set's negatives: never a listed name, nor a listed name written in another romanization.
import type { WatchlistEntity } from '../lists/model';
import { generateEvaluationSet } from './generate';
import { romanizationKeyV1 } from './romanization-key-v1';

const person = (id: string, name: string): WatchlistEntity =>
  ({
    source: 'test',
    sourceId: id,
    type: 'individual',
    names: [{ value: name, kind: 'primary' }],
    birthDates: [],
  }) as unknown as WatchlistEntity;

it('keys the romanizations of one name alike, and other names apart', () => {
  for (const [a, b] of [
    ['mohamed', 'mohammed'],
    ['zhu', 'zhou'],
    ['han', 'khan'],
    ['alexey', 'alexei'],
    ['andersson', 'anderson'],
  ]) {
    expect(romanizationKeyV1(a)).toBe(romanizationKeyV1(b));
  }
  expect(romanizationKeyV1('samer')).not.toBe(romanizationKeyV1('samir'));
});

it('sets aside candidates that are a listed name in another romanization, and keeps them out of the negatives', () => {
  // a small list whose given and family names recombine into many candidates, some of them a listed name re-spelt
  const entities = [
    person('1', 'ISMAIL, Mohammed'),
    person('2', 'ZHOU, David'),
    person('3', 'KHAN, Omar'),
    person('4', 'PETROV, Ivan'),
    person('5', 'ISMAEL, Mohamed'),
    person('6', 'ZHU, Davide'),
    person('7', 'HAN, Omarr'),
    person('8', 'SMITH, John'),
  ];
  const set = generateEvaluationSet(entities, { seed: 3, positives: 8, negatives: 200 });
  const listed = new Set(entities.map((e) => e.names[0].value.split(', ').reverse().join(' ').toLowerCase()));
  const keyOf = (q: string) => q.toLowerCase().split(/\s+/).map(romanizationKeyV1).sort().join(' ');
  const listedKeys = new Set([...listed].map(keyOf));
  expect(set.romanizedListed.length).toBeGreaterThan(0);
  for (const n of set.romanizedListed) {
    expect(listed.has(n.query.toLowerCase())).toBe(false);
    expect(listedKeys.has(keyOf(n.query))).toBe(true);
  }
  for (const n of set.negatives) expect(listedKeys.has(keyOf(n.query))).toBe(false);
});
