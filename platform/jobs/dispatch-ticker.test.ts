// The shared lease-and-dispatch ticker: one job per due row with the row's singleton key, no
// overlapping ticks, and a failing tick retried by the next one.
import { startDispatchTicker } from './dispatch-ticker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for a condition rather than a fixed time: timers fire late on a loaded machine. */
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

function recordingQueue() {
  const sent: { queue: string; data: object; singletonKey?: string }[] = [];
  return {
    sent,
    queue: {
      send: async (queue: string, data: object, options: { singletonKey?: string } = {}) => (
        sent.push({ queue, data, singletonKey: options.singletonKey }),
        'job'
      ),
    },
  };
}

it('queues one job per due row, keyed by the row, on the first tick and every tick after', async () => {
  const { sent, queue } = recordingQueue();
  let rows = [{ id: 'a' }, { id: 'b' }];
  const ticker = startDispatchTicker({
    name: 'test',
    queue: queue as never,
    jobQueue: 'q',
    intervalMs: 20,
    due: async () => rows,
    job: (row) => ({ data: { rowId: row.id }, singletonKey: row.id }),
  });
  await until(() => sent.length >= 2);
  expect(sent.slice(0, 2)).toEqual([
    { queue: 'q', data: { rowId: 'a' }, singletonKey: 'a' },
    { queue: 'q', data: { rowId: 'b' }, singletonKey: 'b' },
  ]);
  rows = [{ id: 'c' }];
  await until(() => sent.some((job) => job.singletonKey === 'c'));
  ticker.stop();
  await sleep(30); // a tick in flight when stopped finishes its sends
  const count = sent.length;
  await sleep(100);
  expect(sent.length).toBe(count);
});

it('never runs two ticks at once when one overruns the interval', async () => {
  const { queue } = recordingQueue();
  let active = 0;
  let maxActive = 0;
  let ticks = 0;
  const ticker = startDispatchTicker({
    name: 'slow',
    queue: queue as never,
    jobQueue: 'q',
    intervalMs: 5,
    due: async () => {
      ticks += 1;
      maxActive = Math.max(maxActive, ++active);
      await sleep(30);
      active -= 1;
      return [];
    },
    job: () => ({ data: {}, singletonKey: 'x' }),
  });
  await until(() => ticks >= 3);
  ticker.stop();
  expect(maxActive).toBe(1);
});

it('a failing tick is retried by the next one', async () => {
  const { sent, queue } = recordingQueue();
  let calls = 0;
  const ticker = startDispatchTicker({
    name: 'flaky',
    queue: queue as never,
    jobQueue: 'q',
    intervalMs: 10,
    due: async () => {
      calls += 1;
      if (calls === 1) throw new Error('database went away');
      return [{ id: 'r' }];
    },
    job: (row) => ({ data: {}, singletonKey: row.id }),
  });
  await until(() => calls >= 2 && sent.length >= 1);
  ticker.stop();
  expect(sent[0]).toEqual({ queue: 'q', data: {}, singletonKey: 'r' });
});
