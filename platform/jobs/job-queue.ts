// The Postgres-backed job queue (pg-boss): jobs survive crashes and restarts, are retried with
// backoff, and any number of worker processes may share them.
import PgBoss from 'pg-boss';
import { logger } from '../logging/logger';

export type JobHandler<T = unknown> = (data: T, job: { id: string }) => Promise<void>;

export interface JobDefinition<T = unknown> {
  queue: string;
  handler: JobHandler<T>;
  /** Retries before a job is given up (with exponential backoff). */
  retryLimit?: number;
  /** Releases what the handlers hold (indexes, connections) when the worker stops. */
  close?: () => Promise<void>;
  /** Jobs of this queue one worker process handles at the same time (default 1). */
  concurrency?: number;
  /**
   * Jobs fetched at once (default 1). pg-boss waits its polling interval between fetches even when
   * a queue has a backlog, so a busy queue of small, idempotent jobs takes them in batches; a failed
   * job fails (and retries) its whole batch, so only idempotent handlers may batch.
   */
  batchSize?: number;
  /** Seconds between fetches when no new job was signalled (pg-boss default 2, at least 0.5). */
  pollingIntervalSeconds?: number;
}

export class JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  static async start(databaseUrl: string): Promise<JobQueue> {
    const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss);
  }

  async ensureQueue(queue: string, retryLimit = 5): Promise<void> {
    const existing = await this.boss.getQueue(queue);
    if (!existing) await this.boss.createQueue(queue, { name: queue, retryLimit, retryBackoff: true, retryDelay: 2 });
  }

  /** startAfter: seconds from now (or a date) before the job may run. */
  async send<T extends object>(queue: string, data: T, options: { singletonKey?: string; startAfter?: number | Date } = {}): Promise<string | null> {
    return this.boss.send(queue, data, options);
  }

  /** Sends a job to `queue` on a cron schedule (UTC). pg-boss keeps one schedule per queue name in
   * the database, so every worker may declare it and exactly one job is sent per tick. */
  async schedule(queue: string, cron: string, data: object = {}, retryLimit = 3): Promise<void> {
    await this.ensureQueue(queue, retryLimit);
    await this.boss.schedule(queue, cron, data, { tz: 'UTC' });
  }

  private workers = 0;

  async work<T>(definition: JobDefinition<T>): Promise<void> {
    await this.ensureQueue(definition.queue, definition.retryLimit);
    this.workers++;
    for (let i = 0; i < (definition.concurrency ?? 1); i++) {
      const options = { batchSize: definition.batchSize ?? 1, pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2 };
      await this.boss.work<T>(definition.queue, options, async (jobs) => {
        for (const job of jobs) await definition.handler(job.data, { id: job.id });
      });
    }
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    // pg-boss removes stopped workers from a detached loop that re-checks once a second; let it see
    // them stopped and end, so nothing of the queue runs after stop() resolves.
    if (this.workers > 0) await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
}
