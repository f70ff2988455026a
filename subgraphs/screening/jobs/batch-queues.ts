// Names and timing of the batch screening queues, shared by the submitting subgraph and the workers.
import { envValue } from '../../../platform/config/env';
export const BATCH_QUEUE = 'screening.batch';
export const BATCH_WATCHDOG_QUEUE = 'screening.batch-watchdog';

export const BATCH_QUEUES = [
  { name: BATCH_QUEUE, retryLimit: 5 },
  { name: BATCH_WATCHDOG_QUEUE, retryLimit: 5 },
];

export interface BatchJobData {
  batchId: string;
}

/** How long a worker's hold on a job lasts without progress (renewed after every chunk); also the
 * watchdog period. A killed worker's job is resumed by another worker within about twice this. */
export function batchLeaseSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, envValue('VIGIL_BATCH_LEASE_SECONDS', env));
}

/** Entities screened and written per checkpoint. */
export function batchChunkSize(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, envValue('VIGIL_BATCH_CHUNK_SIZE', env));
}
