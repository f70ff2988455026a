// IDV delivery in the workers: the events.deliver queue (fan-out of outbox events to webhook
// destinations, then delivery) and a ticker that runs due webhook chains (retries, expired leases
// of dead workers) and due invite email retries.
import { blobStoreFromEnv } from '../../../platform/blobs';
import { VigilConfig } from '../../../platform/config';
import { LocalKeyProvider } from '../../../platform/crypto/envelope';
import { Db } from '../../../platform/db/prisma';
import { EVENT_DELIVERY_QUEUE } from '../../../platform/events/outbox';
import { JobDefinition } from '../../../platform/jobs/job-queue';
import { logger } from '../../../platform/logging/logger';
import { deliverySettings } from '../delivery-settings';
import { createInviteDeps } from '../invites/services/invite-deps';
import { retryDueInvites } from '../invites/services/invite-retry';
import { DispatcherDeps, fanOut, runDueChains } from '../webhooks/services/dispatcher';

export function dispatcherDeps(db: Db, config: VigilConfig): DispatcherDeps {
  return {
    db,
    keyProvider: new LocalKeyProvider(config.masterKey),
    get settings() {
      return deliverySettings(config);
    },
    now: () => new Date(),
  };
}

export function idvDeliveryJobs(deps: { db: Db; config: VigilConfig }): JobDefinition<{ eventId: string }>[] {
  const dispatcher = dispatcherDeps(deps.db, deps.config);
  // Every event of every workspace passes this queue; fanOut is idempotent (one delivery row per
  // destination and event), so it takes its backlog in batches instead of one job per poll.
  // A batch in hand when the database goes away cannot be failed back to the queue: it would wait
  // out pg-boss's default 15-minute expiry. Fan-out is short and idempotent (chains are leased), so
  // it expires after 30 s and is simply run again.
  return [
    {
      queue: EVENT_DELIVERY_QUEUE,
      retryLimit: 10,
      batchSize: 50,
      pollingIntervalSeconds: 0.5,
      expireInSeconds: 30,
      handler: (data) => fanOut(dispatcher, data.eventId),
    },
  ];
}

export function startIdvDeliveryTicker(deps: { db: Db; config: VigilConfig }, intervalMs = 1000): { stop(): Promise<void> } {
  const dispatcher = dispatcherDeps(deps.db, deps.config);
  const invites = createInviteDeps(deps.db, deps.config, blobStoreFromEnv());
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = (async () => {
      try {
        await runDueChains(dispatcher);
        await retryDueInvites(invites);
      } catch (err) {
        logger.error({ err }, 'delivery ticker failed; will retry');
      } finally {
        running = null;
      }
    })();
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
