// A dispatcher re-sends every due row each tick; a queue declared onePerKey keeps one waiting job
// per singleton key (pg-boss 10 ignores the key on a standard queue: the assessment and onboarding
// queues filled with thousands of duplicates and fell minutes behind). A queue made standard by an
// older release is moved to the policy when its worker starts.
import { createDb, Db } from '../../platform/db/prisma';
import { JobQueue } from '../../platform/jobs/job-queue';

let db: Db;
let queue: JobQueue;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 2);
  queue = await JobQueue.start(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await queue.stop();
  await db.$disconnect();
});

const waiting = async (name: string, key: string) =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
      name,
      key,
    )
  )[0].n;

it('keeps one waiting job per key on a onePerKey queue, and a standard queue keeps every send', async () => {
  await queue.ensureQueue('test.one-per-key', 0, undefined, true);
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(await queue.send('test.one-per-key', { row: 'r1' }, { singletonKey: 'r1' }));
  expect(ids.filter(Boolean)).toHaveLength(1);
  expect(await waiting('test.one-per-key', 'r1')).toBe(1);
  expect(await queue.send('test.one-per-key', { row: 'r2' }, { singletonKey: 'r2' })).not.toBeNull();

  await queue.ensureQueue('test.standard', 0);
  for (let i = 0; i < 3; i++) await queue.send('test.standard', { row: 'r1' }, { singletonKey: 'r1' });
  expect(await waiting('test.standard', 'r1')).toBe(3);
});

it('moves a queue made standard to one job per key when its worker declares it', async () => {
  await queue.ensureQueue('test.upgraded', 0);
  await queue.ensureQueue('test.upgraded', 0, undefined, true);
  for (let i = 0; i < 3; i++) await queue.send('test.upgraded', { row: 'r1' }, { singletonKey: 'r1' });
  expect(await waiting('test.upgraded', 'r1')).toBe(1);
});
