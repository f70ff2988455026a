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

  async work<T>(definition: JobDefinition<T>): Promise<void> {
    await this.ensureQueue(definition.queue, definition.retryLimit);
    for (let i = 0; i < (definition.concurrency ?? 1); i++) {
      await this.boss.work<T>(definition.queue, async (jobs) => {
        for (const job of jobs) await definition.handler(job.data, { id: job.id });
      });
    }
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
