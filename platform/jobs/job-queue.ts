// The Postgres-backed job queue (pg-boss): jobs survive crashes and restarts, are retried with
// backoff, and any number of worker processes may share them. Its two pg-boss patches below are
// listed in platform/library-patches.ts.
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { errorSummary, logger } from '../logging/logger';

// pg-boss 10 settles the jobs a worker ran without awaiting it (src/manager.js, onFetch calls
// this.complete / this.fail unawaited): when the database is gone at that moment the rejection is
// unhandled, and Node ends the process (seen when PostgreSQL restarts mid-job). Settling errors are
// logged instead; the job stays active until its expiry and then runs again, which every handler
// here tolerates (they are idempotent). Patched on the prototype, once, before any queue starts.
function logSettleFailures(): void {
  const manager = createRequire(__filename)('pg-boss/src/manager') as {
    prototype: Record<string, unknown> & { __vigilSettlePatched?: boolean };
  };
  if (manager.prototype.__vigilSettlePatched) return;
  for (const method of ['complete', 'fail'] as const) {
    const original = manager.prototype[method] as (...args: unknown[]) => Promise<unknown>;
    manager.prototype[method] = async function (this: unknown, ...args: unknown[]) {
      try {
        return await original.apply(this, args);
      } catch (error) {
        logger.warn({ err: (error as Error).message, queue: args[0] }, `job queue could not ${method} jobs; they expire and run again`);
        return undefined;
      }
    };
  }
  manager.prototype.__vigilSettlePatched = true;
}
logSettleFailures();

/** Longest JobQueue.stop() waits for a running handler before it lets the worker finish on its own. */
const WORKER_STOP_WAIT_MS = 30_000;

/**
 * pg-boss 10's offWork (src/manager.js) stops the workers and removes them from a detached loop that re-checks once a
 * second with a `delay` which `require`s node:timers/promises on each call. When a handler outlived JobQueue.stop()
 * (a shipped-list import still running when a test file ended), that loop ran on after the test environment was torn
 * down and failed the file ("Cannot destructure property 'setTimeout'"). Replaced: offWork waits, up to
 * WORKER_STOP_WAIT_MS, until its workers have stopped (their current fetch and handler returned) and removes them
 * before it returns, so stop() leaves nothing of the queue running; past the wait a poller started with a timer
 * captured now (no require) removes them later.
 */
function awaitStoppedWorkers(): void {
  type Worker = { id: string; name: string; stopping: boolean; stopped: boolean; stop(): void };
  const manager = createRequire(__filename)('pg-boss/src/manager') as {
    prototype: Record<string, unknown> & { __vigilOffWorkPatched?: boolean };
  };
  if (manager.prototype.__vigilOffWorkPatched) return;
  const timer = setTimeout;
  const sleep = (ms: number) => new Promise<void>((resolve) => timer(resolve, ms));
  manager.prototype.offWork = async function (
    this: { getWorkers(): Worker[]; removeWorker(w: Worker): void },
    value: string | { id: string },
  ) {
    if (!value || (typeof value !== 'string' && !value.id)) throw new Error('Invalid argument. Expected string or object: { id }');
    const matches = (w: Worker) => (typeof value === 'string' ? w.name === value : w.id === value.id);
    const workers = this.getWorkers().filter((w) => matches(w) && !w.stopping && !w.stopped);
    for (const worker of workers) worker.stop();
    const removeWhenStopped = async () => {
      while (!workers.every((w) => w.stopped)) await sleep(50);
      for (const worker of workers) this.removeWorker(worker);
    };
    const removed = removeWhenStopped();
    await Promise.race([removed, sleep(WORKER_STOP_WAIT_MS)]);
  };
  manager.prototype.__vigilOffWorkPatched = true;
}
awaitStoppedWorkers();

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
  /**
   * Seconds a fetched job may stay active before the queue's maintenance fails it (and so retries
   * it); pg-boss's default is 15 minutes. A worker that loses the database mid-job cannot report the
   * failure, so its jobs wait this long: short, idempotent handlers set it low.
   */
  expireInSeconds?: number;
  /**
   * At most one waiting and one running job per singleton key (pg-boss's `stately` policy); a send
   * with a key already waiting is dropped. pg-boss 10 ignores singleton keys on standard queues, so
   * a dispatcher that re-sends each due row every tick needs this, or it floods its own queue.
   * Only for queues without retries (a retried job would meet its key's waiting twin).
   */
  onePerKey?: boolean;
  /** A cron schedule (UTC) on which the queue gets a job; pg-boss sends one per tick across workers. */
  cron?: string;
}

/** SQLSTATEs of two processes creating one queue at once: deadlock, unique violation, table exists. */
const CREATE_RACE_CODES = new Set(['40P01', '23505', '42P07']);

/** How often a queue's maintenance (expiring stuck active jobs, archiving) runs, in seconds. */
const MAINTENANCE_INTERVAL_SECONDS = 15;

export class JobQueue {
  private stopping = false;

  private constructor(private readonly boss: PgBoss) {
    // pg-boss re-emits its pool's errors, which carry the whole pg client (`error.client`): logged as a summary. While
    // the queue stops, a poll or maintenance query cut short by the closing pool is expected, not an error.
    boss.on('error', (error) => {
      if (this.stopping) logger.warn({ err: errorSummary(error) }, 'job queue error while stopping');
      else logger.error({ err: errorSummary(error) }, 'job queue error');
    });
  }

  static async start(databaseUrl: string): Promise<JobQueue> {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      max: 4,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    });
    const queue = new JobQueue(boss);
    await boss.start();
    return queue;
  }

  /** onePerKey: see JobDefinition; undefined keeps an existing queue's policy (a sender's call). */
  async ensureQueue(queue: string, retryLimit = 5, expireInSeconds?: number, onePerKey?: boolean): Promise<void> {
    const existing = await this.boss.getQueue(queue);
    const expiry = expireInSeconds ? { expireInSeconds } : {};
    const wanted = onePerKey === undefined ? undefined : onePerKey ? 'stately' : 'standard';
    if (!existing) {
      const options: PgBoss.Queue = { name: queue, retryLimit, retryBackoff: true, retryDelay: 2, policy: wanted ?? 'standard', ...expiry };
      // Instances starting at once on one database create the same queues at the same moment:
      // pg-boss's create_queue (a partition table and its row) then deadlocks (40P01) or meets the
      // other's table. Whichever lost looks again and finds the queue the winner made.
      for (let attempt = 1; ; attempt++) {
        try {
          await this.boss.createQueue(queue, options);
          return;
        } catch (error) {
          if (!CREATE_RACE_CODES.has((error as { code?: string }).code ?? '') || attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
          if (await this.boss.getQueue(queue)) return;
        }
      }
    }
    // A queue made by an older release keeps its options unless told: bring expiry and policy up to
    // date. updateQueue leaves unnamed options as they are, except the policy (always named).
    const policy = wanted ?? existing.policy ?? 'standard';
    if ((expireInSeconds && existing.expireInSeconds !== expireInSeconds) || existing.policy !== policy)
      await this.boss.updateQueue(queue, { name: queue, ...expiry, policy });
  }

  /** startAfter: seconds from now (or a date) before the job may run. */
  async send<T extends object>(
    queue: string,
    data: T,
    options: { singletonKey?: string; startAfter?: number | Date } = {},
  ): Promise<string | null> {
    return this.boss.send(queue, data, options);
  }

  /** Sends a job to `queue` on a cron schedule (UTC). pg-boss keeps one schedule per queue name in
   * the database, so every worker may declare it and exactly one job is sent per tick. */
  async schedule(queue: string, cron: string, data: object = {}, retryLimit = 3): Promise<void> {
    await this.ensureQueue(queue, retryLimit);
    await this.boss.schedule(queue, cron, data, { tz: 'UTC' });
  }

  async work<T>(definition: JobDefinition<T>): Promise<void> {
    await this.ensureQueue(definition.queue, definition.retryLimit, definition.expireInSeconds, definition.onePerKey);
    if (definition.cron) await this.boss.schedule(definition.queue, definition.cron, {}, { tz: 'UTC' });
    for (let i = 0; i < (definition.concurrency ?? 1); i++) {
      const options = { batchSize: definition.batchSize ?? 1, pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2 };
      await this.boss.work<T>(definition.queue, options, async (jobs) => {
        for (const job of jobs) await definition.handler(job.data, { id: job.id });
      });
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    // stops the workers first (offWork, patched above: returns once they have stopped), then waits
    // for jobs in progress and closes the connections
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
