// The event outbox: domains record events in the same transaction as the state change
// (recordEvent with their transaction client); the relay hands them to the job queue, where the
// delivery job (webhooks) picks them up. An event is marked published only once it is queued, so
// none is lost if a worker dies between the two steps (the queue's singleton key deduplicates).
import { Db } from '../db/prisma';
import { isJsonObject, jsonColumn } from '../db/json-column';
import { newId } from '../ids/new-id';
import { JobQueue } from '../jobs/job-queue';
import { logger } from '../logging/logger';

export const EVENT_DELIVERY_QUEUE = 'events.deliver';

/** platform.outbox_events.payload */
const payloadColumn = jsonColumn<Record<string, unknown>>('platform.outbox_events.payload', isJsonObject);

type Tx = Pick<Db, 'outboxEvent'>;

export interface NewEvent {
  tenantId: string;
  workspaceId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
}

export async function recordEvent(tx: Tx, event: NewEvent): Promise<string> {
  const id = newId('evt');
  await tx.outboxEvent.create({ data: { id, ...event, payload: payloadColumn.write(event.payload) } });
  return id;
}

/** Moves unpublished events to the delivery queue, oldest first. Returns how many moved. */
const RELAY_BATCH_SIZE = 100;

export type OutboxEventRow = Awaited<ReturnType<Db['outboxEvent']['findFirstOrThrow']>>;

/**
 * A job another domain wants for some events (the domains' registry: runtime/job-registry.ts).
 * Sent before the event counts as published, so it is as durable as the event itself.
 */
export type OutboxRoute = (event: OutboxEventRow) => { queue: string; data: object; singletonKey: string } | null;

export async function relayOutbox(
  db: Db,
  queue: JobQueue,
  batchSize = RELAY_BATCH_SIZE,
  routes: readonly OutboxRoute[] = [],
): Promise<number> {
  // Every platform instance runs a relay on the one database. Each claims its events with FOR
  // UPDATE SKIP LOCKED inside the transaction that marks them published, so two relays never send
  // the same event (pg-boss ignores the singleton key on a standard queue: both sends would queue a
  // job). A relay that dies mid-way rolls back: its events stay unpublished and are relayed again
  // (the jobs it sent before dying are idempotent, as they always were).
  return db.$transaction(
    async (tx) => {
      const claimed = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM platform.event_outbox WHERE published_at IS NULL
        ORDER BY created_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      if (claimed.length === 0) return 0;
      const events = await tx.outboxEvent.findMany({ where: { id: { in: claimed.map((row) => row.id) } }, orderBy: { createdAt: 'asc' } });
      for (const event of events) {
        for (const route of routes) {
          const job = route(event);
          if (job) await queue.send(job.queue, job.data, { singletonKey: job.singletonKey });
        }
        await queue.send(EVENT_DELIVERY_QUEUE, { eventId: event.id }, { singletonKey: event.id });
      }
      await tx.outboxEvent.updateMany({ where: { id: { in: events.map((event) => event.id) } }, data: { publishedAt: new Date() } });
      return claimed.length;
    },
    // Sending a full batch to the queue may take a while on a loaded database.
    { timeout: 60_000, maxWait: 10_000 },
  );
}

export function startOutboxRelay(db: Db, queue: JobQueue, intervalMs = 1000, routes: readonly OutboxRoute[] = []): { stop(): void } {
  let running = false;
  let stopped = false;
  // Never rejects: a failed relay is logged and retried on the next tick.
  const relay = async () => {
    if (running) return;
    running = true;
    try {
      // A full batch means a backlog (after an outage, or events written while no worker ran):
      // drain it now instead of one batch per interval.
      while ((await relayOutbox(db, queue, RELAY_BATCH_SIZE, routes)) === RELAY_BATCH_SIZE) {
        if (stopped) break;
      }
    } catch (error) {
      logger.error({ err: error }, 'outbox relay failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void relay(), intervalMs);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
