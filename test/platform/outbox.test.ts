// Events recorded in the outbox reach the job queue exactly once, and stay in the outbox when the
// queue cannot take them (nothing accepted is lost).
import { createDb, Db } from '../../platform/db/prisma';
import { EVENT_DELIVERY_QUEUE, recordEvent, relayOutbox } from '../../platform/events/outbox';
import { JobQueue } from '../../platform/jobs/job-queue';

let db: Db;
let queue: JobQueue;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 2);
  queue = await JobQueue.start(process.env.DATABASE_URL!);
  await queue.ensureQueue(EVENT_DELIVERY_QUEUE);
  // The worker's database is shared by the files it ran before this one: events they left
  // unpublished would come first in the relay's batches and hide this file's own.
  await db.$executeRawUnsafe(`UPDATE platform.event_outbox SET published_at = now() WHERE published_at IS NULL`);
});
afterAll(async () => {
  await queue.stop();
  await db.$disconnect();
});

const event = (aggregateId: string) => ({
  tenantId: 't',
  workspaceId: 'w',
  type: 'test.happened',
  aggregateType: 'test',
  aggregateId,
  payload: { n: 1 },
});

async function queuedJobs(eventId: string): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'eventId' = $2`,
    EVENT_DELIVERY_QUEUE,
    eventId,
  );
  return rows[0].n;
}

it("records an event in the caller's transaction and relays it once", async () => {
  const id = await db.$transaction((tx) => recordEvent(tx, event('a1')));
  await relayOutbox(db, queue);
  await relayOutbox(db, queue);
  expect(await queuedJobs(id)).toBe(1);
  expect((await db.outboxEvent.findUniqueOrThrow({ where: { id } })).publishedAt).not.toBeNull();
});

it('writes no event when the transaction rolls back', async () => {
  await expect(
    db.$transaction(async (tx) => {
      await recordEvent(tx, event('rolled-back'));
      throw new Error('state change failed');
    }),
  ).rejects.toThrow('state change failed');
  expect(await db.outboxEvent.count({ where: { aggregateId: 'rolled-back' } })).toBe(0);
});

it('keeps the event unpublished when the queue refuses it, and relays it later', async () => {
  const id = await db.$transaction((tx) => recordEvent(tx, event('a2')));
  const broken = {
    send: async () => {
      throw new Error('queue down');
    },
  } as unknown as JobQueue;
  await expect(relayOutbox(db, broken)).rejects.toThrow('queue down');
  expect((await db.outboxEvent.findUniqueOrThrow({ where: { id } })).publishedAt).toBeNull();
  await relayOutbox(db, queue);
  expect(await queuedJobs(id)).toBe(1);
});

it('relays each event once when the relays of several instances run at the same moment', async () => {
  const ids = await db.$transaction(async (tx) => Promise.all([1, 2, 3, 4, 5].map((n) => recordEvent(tx, event(`many-${n}`)))));
  // A second client: each relay holds its own connection, as two instances would.
  const other = createDb(process.env.DATABASE_URL!, 2);
  try {
    await Promise.all([relayOutbox(db, queue, 2), relayOutbox(other, queue, 2), relayOutbox(db, queue, 2), relayOutbox(other, queue, 2)]);
    while ((await relayOutbox(db, queue)) > 0);
  } finally {
    await other.$disconnect();
  }
  for (const id of ids) expect(await queuedJobs(id)).toBe(1);
});
