/** The entity store off the heap (spill file, snapshot file) and the streamed build: the same records, the same index. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EntityStoreBuilder, FileChunks, MemoryChunks } from '../engine/entity-store';
import { buildIndex, IndexBuilder } from '../engine';
import type { WatchlistEntity } from '../lists/model';
import { buildEngineIndex, engineEntities, exportEngineState } from './engine-adapter';
import { readIndexSnapshot, writeIndexSnapshot } from './index-snapshot';

const GIVEN = ['Ali', 'Maria', 'Ivan', 'Chen', 'Olga', 'Samir', 'Luis', 'Anna', 'Omar', 'Petra'];
const FAMILY = ['Hassan', 'Petrov', 'Garcia', 'Wang', 'Schmidt', 'Novak', 'Khan', 'Rossi', 'Silva', 'Meyer'];

function entity(i: number): WatchlistEntity {
  const name = `${GIVEN[i % 10]} ${FAMILY[Math.floor(i / 10) % 10]} ${i.toString(36)}x`;
  return {
    source: 'test',
    sourceId: `e-${String(i).padStart(6, '0')}`,
    type: i % 7 === 0 ? 'entity' : 'individual',
    feeds: ['Sanctions'],
    names: [
      { value: name, kind: 'primary' },
      ...(i % 3 === 0 ? [{ value: `${FAMILY[i % 10]} ${GIVEN[(i + 3) % 10]}`, kind: 'aka' as const }] : []),
    ],
    birthDates: i % 2 ? [{ kind: 'exact', value: `19${50 + (i % 40)}-01-0${1 + (i % 9)}` }] : [],
    nationalities: [],
    countries: i % 5 === 0 ? ['DE'] : [],
    addresses: [],
    identifiers: [],
    programs: [],
    sourceUrls: [],
  } as unknown as WatchlistEntity;
}

const list = (n: number, from = 0) => Array.from({ length: n }, (_, i) => entity(from + i));
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-off-heap-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a spilled store reads the records it was given, in order and at random, from its file', () => {
  const entities = list(3000);
  const builder = new EntityStoreBuilder(entities.length, { spillDir: dir });
  for (const e of entities) builder.add(e);
  const store = builder.finish();
  expect(store.parts.chunks).toBeInstanceOf(FileChunks);
  // The spill file is unlinked at once: nothing is left in the folder.
  expect(fs.readdirSync(dir)).toEqual([]);
  for (const i of [0, 1, 2999, 1500, 7, 2998]) expect(store.get(i)).toEqual(entities[i]);
  expect([...store.entities(10, 2500)]).toEqual(entities.slice(10, 2500));
  expect(store.type(7)).toBe('entity');
});

test('the decode cache stays bounded', () => {
  const entities = list(20_050);
  const builder = new EntityStoreBuilder(entities.length);
  for (const e of entities) builder.add(e);
  const store = builder.finish();
  expect(store.parts.chunks).toBeInstanceOf(MemoryChunks);
  for (let i = 0; i < entities.length; i++) store.get(i);
  expect(store.cachedCount).toBeLessThanOrEqual(20_000);
  expect(store.get(20_049)).toEqual(entities[20_049]);
});

test('a streamed build is the one-shot build; searches answer the same from a spilled store', () => {
  const entities = list(2000);
  const oneShot = buildIndex(entities);
  const builder = new IndexBuilder(entities.length, undefined, { spillDir: dir });
  for (const e of entities) builder.add(e);
  const streamed = builder.finish();
  const a = oneShot.exportState();
  const b = streamed.exportState();
  expect(b.strings).toEqual(a.strings);
  for (const name of Object.keys(a.arrays) as (keyof typeof a.arrays)[]) expect(b.arrays[name]).toEqual(a.arrays[name]);
  for (const q of ['Ali Hassan', 'Maria Petrov 2s', 'Wang Olga', 'Petra Meyer 1bx'])
    expect(streamed.search(q, { limit: 5 })).toEqual(oneShot.search(q, { limit: 5 }));
  expect(() => new IndexBuilder(2).finish()).toThrow(/0 of the 2 entities/);
});

test('after a restart from the snapshot, and after a delta, the records come from files', async () => {
  const entities = list(1500);
  const engine = buildEngineIndex(entities, { spillDir: dir });
  const file = path.join(dir, 'screening-index.bin');
  const lists = { versions: { test: 'v1' }, seqs: { test: 1 }, counts: { test: entities.length } };
  await writeIndexSnapshot(file, engine, lists);
  const read = await readIndexSnapshot(file, lists);
  if (!read.ok) throw new Error(read.reason);
  expect(exportEngineState(read.engine).store.chunks).toBeInstanceOf(FileChunks);
  // A later snapshot renamed over the file does not disturb the index reading the earlier one.
  await writeIndexSnapshot(file, buildEngineIndex(list(10, 5000)), { ...lists, counts: { test: 10 } });
  expect([...engineEntities(read.engine).entities]).toEqual(entities);
  expect(read.engine.search('Ali Hassan 0x', { limit: 3, threshold: 0.7, feeds: 'all' })).toEqual(
    engine.search('Ali Hassan 0x', { limit: 3, threshold: 0.7, feeds: 'all' }),
  );
  // A delta: the previous records decoded from the snapshot-backed index, one removed, one changed, one added.
  const next = [...engineEntities(read.engine).entities].filter((e) => e.sourceId !== 'e-000004');
  next[0] = { ...next[0], names: [{ value: 'Zoltan Kovacs', kind: 'primary' }] };
  next.push(entity(9999));
  const rebuilt = buildEngineIndex(next, { spillDir: dir });
  expect([...engineEntities(rebuilt).entities]).toEqual(next);
  expect(rebuilt.search('Zoltan Kovacs', { limit: 1, threshold: 0.7, feeds: 'all' })[0]?.entity.sourceId).toBe('e-000000');
});
