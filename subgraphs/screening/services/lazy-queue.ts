// A pg-boss client started on first use, for processes that only send jobs now and then (the
// subgraph submitting batches, the batch watchdog re-queueing a job).
import { JobQueue } from '../../../platform/jobs/job-queue';

export class LazyQueue {
  private queue: Promise<JobQueue> | undefined;
  constructor(
    private readonly databaseUrl: string,
    private readonly queues: { name: string; retryLimit: number }[],
  ) {}

  async send(queueName: string, data: object, options: { singletonKey?: string; startAfter?: number } = {}): Promise<string | null> {
    this.queue ??= JobQueue.start(this.databaseUrl).then(async (queue) => {
      for (const { name, retryLimit } of this.queues) await queue.ensureQueue(name, retryLimit);
      return queue;
    });
    const queue = await this.queue.catch((error) => {
      this.queue = undefined;
      throw error;
    });
    return queue.send(queueName, data, options);
  }

  async close(): Promise<void> {
    const queue = await this.queue?.catch(() => undefined);
    this.queue = undefined;
    await queue?.stop();
  }
}
