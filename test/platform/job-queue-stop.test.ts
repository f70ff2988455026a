// JobQueue.stop() leaves nothing of the queue running: pg-boss 10 removed stopped workers from a
// detached loop that kept re-checking after stop() resolved, and when a handler outlived stop() that
// loop ran on after a test file's environment was torn down and failed the file.
import { createRequire } from 'node:module';
import { JobQueue } from '../../platform/jobs/job-queue';

const Manager = createRequire(__filename)('pg-boss/src/manager') as { prototype: { removeWorker: (this: unknown, w: unknown) => void } };

it('returns from stop() only after every worker has stopped and been removed, a running handler included', async () => {
  const queue = await JobQueue.start(process.env.DATABASE_URL!);
  let handlerEnded = 0;
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  await queue.work({
    queue: 'test.stop-while-running',
    retryLimit: 0,
    pollingIntervalSeconds: 0.5,
    handler: async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      handlerEnded = Date.now();
    },
  });
  await queue.send('test.stop-while-running', {});
  await running;

  const removedAt: number[] = [];
  const remove = Manager.prototype.removeWorker;
  Manager.prototype.removeWorker = function (this: unknown, worker: unknown) {
    removedAt.push(Date.now());
    return remove.call(this, worker);
  };
  try {
    await queue.stop();
    const stoppedAt = Date.now();
    expect(handlerEnded).toBeGreaterThan(0);
    expect(removedAt.length).toBeGreaterThan(0);
    for (const at of removedAt) expect(at).toBeLessThanOrEqual(stoppedAt);
    // nothing is removed later
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const at of removedAt) expect(at).toBeLessThanOrEqual(stoppedAt);
  } finally {
    Manager.prototype.removeWorker = remove;
  }
});
