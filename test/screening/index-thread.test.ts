// The screening index on its own thread (services/index-thread): against a real database it answers
// exactly what the same index answers in the serving thread, mirrors the holder's state, keeps a
// snapshot's searches on that snapshot across a swap (until its grace period ends), and survives
// the loss of its thread: searches answer 503 screening_index_unavailable, then a new thread
// rebuilds the index, later each time the thread is lost again soon after its start.
import { createDb, Db } from '../../platform/db/prisma';
import { logger } from '../../platform/logging/logger';
import { createIsolatedDatabase } from '../helpers/test-platform';
import { runImport } from '../../subgraphs/screening/services/import-service';
import { ScreeningIndexHolder } from '../../subgraphs/screening/services/index-holder';
import { restartDelayMs, ThreadedIndexHolder } from '../../subgraphs/screening/services/index-thread/threaded-index-holder';
import { searchSnapshot, servingSnapshot, normalizeQuery } from '../../subgraphs/screening/services/search-service';
import { indexThreadEnabled } from '../../subgraphs/screening/services/shared-index-holder';
import { BIS_DPL, UN_XML } from './screening-helpers';

const log = logger.child({ test: 'index-thread' });
let url: string;
let db: Db;
let inThread: ScreeningIndexHolder;
const holders: { close(): Promise<void> }[] = [];

function threaded(retainMs?: number): ThreadedIndexHolder {
  const holder = new ThreadedIndexHolder({ databaseUrl: url, log, pollMs: 600_000, debounceMs: 10, retainMs });
  holders.push(holder);
  holder.start();
  return holder;
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const QUERIES = ['Kim Jong Un', 'Usama bin Laden', 'Abu Bakr al-Baghdadi', 'Jane Q. Nobody', 'Mohammad Reza Naqdi', 'Aaron Abraham Villa'];
const search = (name: string) => normalizeQuery({ name, threshold: 0.7, limit: 10 });

beforeAll(async () => {
  url = await createIsolatedDatabase();
  db = createDb(url);
  await runImport(db, { format: 'un_xml', path: UN_XML, origin: 'test' });
  inThread = new ScreeningIndexHolder({ databaseUrl: url, log, pollMs: 600_000 });
  holders.push(inThread);
  await inThread.refresh();
}, 120_000);

afterAll(async () => {
  await Promise.all(holders.map((holder) => holder.close()));
  await db?.$disconnect();
});

test('answers searches and comparisons exactly as the same index in the serving thread, and mirrors its state', async () => {
  const holder = threaded();
  await holder.whenReady(60_000);
  const local = inThread.current()!;
  const remote = holder.current()!;
  expect(remote.versions).toEqual(local.versions);
  expect(remote.index.entityCount).toBe(local.index.entityCount);
  expect(remote.index.nameCount).toBe(local.index.nameCount);
  for (const name of QUERIES) expect(await searchSnapshot(remote, search(name))).toEqual(await searchSnapshot(local, search(name)));
  const pair = [{ name: 'Kim Jong-un' }, { name: 'KIM Jong Un', type: 'individual' as const }] as const;
  expect(await remote.index.compare(pair[0], pair[1], 0.8)).toEqual(await local.index.compare(pair[0], pair[1], 0.8));
  expect(holder.ready).toBe(true);
  expect(holder.unavailableReason()).toBeUndefined();
  expect(holder.status()).toMatchObject({
    ready: true,
    entities: local.index.entityCount,
    versions: local.versions,
    generation: 1,
    error: null,
  });
  expect(servingSnapshot(holder)).toBe(remote);
});

test('a swap: the new snapshot serves new searches; one taken before it keeps answering from the old index until its grace ends', async () => {
  const holder = threaded(1_500);
  await holder.whenReady(60_000);
  const before = holder.current()!;
  expect(await searchSnapshot(before, search('Aaron Abraham Villa'))).toEqual([]);
  await runImport(db, { format: 'bis_dpl', path: BIS_DPL, origin: 'test' });
  await holder.refresh();
  const after = holder.current()!;
  expect(after.generation).toBe(before.generation + 1);
  expect(holder.generation).toBe(after.generation);
  expect(Object.keys(after.versions).sort()).toEqual([...Object.keys(before.versions), 'bis_dpl'].sort());
  const listed = await searchSnapshot(after, search('Aaron Abraham Villa'));
  expect(listed[0]).toMatchObject({ entity: { source: 'bis_dpl', name: 'AARON ABRAHAM VILLA' } });
  // Pinned: the old snapshot still answers from the index its versions describe.
  expect(await searchSnapshot(before, search('Aaron Abraham Villa'))).toEqual([]);
  // After the grace period the old index is let go; its snapshot's searches run on the current one.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect((await searchSnapshot(before, search('Aaron Abraham Villa')))[0]).toMatchObject({ entity: { source: 'bis_dpl' } });
});

test('losing the thread: searches answer 503 screening_index_unavailable, then a new thread rebuilds the index', async () => {
  const holder = threaded();
  await holder.whenReady(60_000);
  const snapshot = holder.current()!;
  // The thread dies (an out-of-memory abort, a bug): terminated from outside.
  await (holder as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await until(() => !holder.ready);
  expect(() => servingSnapshot(holder)).toThrow(expect.objectContaining({ code: 'screening_index_unavailable', status: 503 }));
  await expect(searchSnapshot(snapshot, search('Kim Jong Un'))).rejects.toMatchObject({ code: 'screening_index_unavailable', status: 503 });
  await holder.whenReady(60_000);
  expect(holder.ready).toBe(true);
  expect(await searchSnapshot(holder.current()!, search('Kim Jong Un'))).toEqual(
    await searchSnapshot(inThread.current()!, search('Kim Jong Un')),
  );
});

test('a thread lost again soon after its restart waits longer each time (1 s, then 2 s): no tight crash loop', async () => {
  const watched = logger.child({ test: 'index-thread-backoff' });
  const errors = jest.spyOn(watched, 'error');
  const holder = new ThreadedIndexHolder({ databaseUrl: url, log: watched, pollMs: 600_000 });
  holders.push(holder);
  holder.start();
  const lose = async () => {
    await holder.whenReady(60_000);
    await (holder as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await until(() => !holder.ready);
  };
  await lose();
  await lose();
  await holder.whenReady(60_000);
  const restarts = errors.mock.calls
    .filter(([, message]) => message === 'screening index thread stopped; starting a new one')
    .map(([fields]) => fields);
  expect(restarts).toEqual([
    expect.objectContaining({ delayMs: 1_000, losses: 1 }),
    expect.objectContaining({ delayMs: 2_000, losses: 2 }),
  ]);
});

test('restart delays double from 1 s up to a minute', () => {
  expect([1, 2, 3, 4, 6, 7, 20].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 32_000, 60_000, 60_000]);
});

test('an empty database: ready (admins can import) yet searches answer 503 with the reason', async () => {
  const empty = await createIsolatedDatabase();
  const holder = new ThreadedIndexHolder({ databaseUrl: empty, log, pollMs: 600_000 });
  holders.push(holder);
  holder.start();
  await holder.whenReady(60_000);
  expect(holder.ready).toBe(true);
  expect(holder.unavailableReason()).toMatch(/No watchlist is loaded/);
  expect(() => servingSnapshot(holder)).toThrow(expect.objectContaining({ code: 'screening_index_unavailable' }));
});

test('close: pending whenReady() waiters are refused, and so are later searches', async () => {
  const holder = new ThreadedIndexHolder({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/none', log, pollMs: 600_000 });
  holder.start();
  const refused = expect(holder.whenReady(10 * 60_000)).rejects.toThrow('screening index holder closed');
  await holder.close();
  await refused;
  await expect(holder.whenReady()).rejects.toThrow('closed');
  await expect(holder.refresh()).rejects.toMatchObject({ code: 'screening_index_unavailable' });
});

test('VIGIL_SCREENING_INDEX_THREAD=0 keeps the index in the serving thread', () => {
  expect(indexThreadEnabled({})).toBe(true);
  expect(indexThreadEnabled({ VIGIL_SCREENING_INDEX_THREAD: '1' })).toBe(true);
  expect(indexThreadEnabled({ VIGIL_SCREENING_INDEX_THREAD: '0' })).toBe(false);
  expect(indexThreadEnabled({ VIGIL_SCREENING_INDEX_THREAD: 'false' })).toBe(false);
});
