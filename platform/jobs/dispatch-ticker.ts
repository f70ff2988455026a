// The lease-and-dispatch ticker the durable runners share (IDV assessments, profile onboarding):
// their rows say what is left to do, so every intervalMs the ticker reads the rows that are due
// (new, woken up, or whose worker's lease ran out) and queues one job per row. The singleton key
// keeps one queued job per row however many workers tick, and a tick that overruns the interval is
// not overlapped by the next. A failing tick is logged and the next one tries again, so a database
// outage delays work but never drops it.
import { JobQueue } from './job-queue';
import { logger } from '../logging/logger';

export interface DispatchTickerOptions<Row> {
  /** Named in the log line of a failing tick. */
  name: string;
  queue: Pick<JobQueue, 'send'>;
  /** The queue the jobs go to. */
  jobQueue: string;
  /** The rows with work to do now (their own query decides what "due" means). */
  due: () => Promise<readonly Row[]>;
  /** The job of one row; its singleton key is the row's id. */
  job: (row: Row) => { data: object; singletonKey: string };
  intervalMs?: number;
}

export interface DispatchTicker {
  stop(): void;
}

export function startDispatchTicker<Row>(options: DispatchTickerOptions<Row>): DispatchTicker {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const row of await options.due()) {
        const { data, singletonKey } = options.job(row);
        await options.queue.send(options.jobQueue, data, { singletonKey });
      }
    } catch (error) {
      logger.error({ err: error, dispatcher: options.name }, `${options.name} dispatch failed; will retry`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 1000);
  void tick();
  return { stop: () => clearInterval(timer) };
}
