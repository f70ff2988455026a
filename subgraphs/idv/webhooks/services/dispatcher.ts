// Webhook delivery, at least once. The outbox relay queues each event (events.deliver); fanOut
// turns it into one delivery row per receiving destination (unique per destination and event, so
// a re-run adds nothing), then runs the affected chains. A chain is one destination's deliveries
// for one ordering key (the session or profile): its head is leased, posted and settled before the
// next is taken, so a receiver sees each session's events in order. A failed attempt schedules
// the head's retry; the sweeper (delivery ticker) runs due chains, including heads whose worker
// died mid-request (expired lease). Every attempt is logged with status code and latency.
import { KeyProvider } from '../../../../platform/crypto/envelope';
import { Db } from '../../../../platform/db/prisma';
import { newId } from '../../../../platform/ids/new-id';
import { logger } from '../../../../platform/logging/logger';
import { DeliverySettings } from '../../delivery-settings';
import {
  claimChainHead,
  DeliveryRow,
  findDestinationById,
  findDueChains,
  findEarlierSiblingEvents,
  findEvent,
  findReceivingDestinations,
  insertAttempt,
  insertDeliveries,
  updateDelivery,
  updateDestinationById,
} from '../data/webhook-store';
import { DISABLE_AFTER_MS, retryDelayMs } from './backoff';
import { buildPayload, eventRank, kindOf } from './event-payload';
import { openSecrets } from './secrets';
import { signatureHeader } from './signing';
import { resolvesToBlocked } from './url-guard';

export interface DispatcherDeps {
  db: Db;
  keyProvider: KeyProvider;
  settings: DeliverySettings;
  now(): Date;
}

/**
 * events.deliver: one outbox event → deliveries to every receiving destination, then send. The
 * same session's earlier (or same-transaction) events are fanned out first: the queue may hand
 * their jobs over in any order, and a chain only orders the deliveries it already holds.
 */
export async function fanOut(deps: DispatcherDeps, eventId: string): Promise<void> {
  const event = await findEvent(deps.db, eventId);
  if (!event) return;
  if (!kindOf(event.type)) return;
  const scope = { tenantId: event.tenantId, workspaceId: event.workspaceId };
  const destinations = await findReceivingDestinations(deps.db, scope);
  if (destinations.length === 0) return;
  // A destination may take several kinds (idv and profile events of one session share a chain), so
  // siblings of every kind come along; each goes only to the destinations that take it.
  const receives = (d: (typeof destinations)[number], type: string) => {
    const kind = kindOf(type);
    return kind !== null && d.kinds.includes(kind) && (d.eventTypes.length === 0 || d.eventTypes.includes(type));
  };
  const siblings = await findEarlierSiblingEvents(deps.db, event);
  for (const each of [...siblings, event]) {
    const receiving = destinations.filter((d) => receives(d, each.type));
    await insertDeliveries(
      deps.db,
      receiving.map((d) => ({
        id: newId('whdl'),
        ...scope,
        destinationId: d.id,
        eventId: each.id,
        eventType: each.type,
        orderingKey: each.aggregateId,
        eventAt: each.createdAt,
        eventRank: eventRank(each.type),
      })),
    );
  }
  for (const d of destinations) if (d.enabled && receives(d, event.type)) await runChain(deps, d.id, event.aggregateId);
}

/** Sends a chain's due deliveries in order until one fails or none is due. */
export async function runChain(deps: DispatcherDeps, destinationId: string, orderingKey: string): Promise<void> {
  const leaseMs = deps.settings.webhookTimeoutMs + 10_000;
  for (;;) {
    const head = await claimChainHead(deps.db, destinationId, orderingKey, leaseMs);
    if (!head) return;
    const ok = await attempt(deps, head, head.lastError === 'redelivery_requested' ? 'manual' : 'automatic');
    if (!ok) return;
  }
}

/** The sweeper's pass: every chain with a due head. */
export async function runDueChains(deps: DispatcherDeps): Promise<number> {
  const chains = await findDueChains(deps.db);
  await Promise.all(
    chains.map((c) =>
      runChain(deps, c.destination_id, c.ordering_key).catch((err: unknown) => logger.error({ err }, 'webhook chain failed; will retry')),
    ),
  );
  return chains.length;
}

/** One HTTP attempt of a leased delivery; settles it and returns whether it succeeded. */
export async function attempt(deps: DispatcherDeps, delivery: DeliveryRow, trigger: 'automatic' | 'manual'): Promise<boolean> {
  const destination = await findDestinationById(deps.db, delivery.destinationId);
  const event = await findEvent(deps.db, delivery.eventId);
  if (!destination || !event) {
    await updateDelivery(deps.db, delivery.id, { status: 'failed', lastError: 'destination or event gone', leaseUntil: null });
    return true;
  }
  if (!destination.enabled) {
    await updateDelivery(deps.db, delivery.id, { leaseUntil: null });
    return false;
  }
  const number = delivery.attempts + 1;
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    if (await resolvesToBlocked(destination.url, deps.settings.webhookAllowPrivateNetworks)) {
      error = 'address_refused';
    } else {
      const secrets = [openSecrets(deps.keyProvider, destination.id, destination.secrets)];
      const rotating = destination.previousSecrets && destination.previousExpiresAt && destination.previousExpiresAt > deps.now();
      if (rotating) secrets.push(openSecrets(deps.keyProvider, destination.id, destination.previousSecrets));
      const body = JSON.stringify(buildPayload(event));
      const timestamp = Math.floor(deps.now().getTime() / 1000);
      const response = await fetch(destination.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.settings.webhookTimeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil-Webhooks/1',
          'x-webhook-key': secrets[0].webhook_key,
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(
            secrets.map((s) => s.signing_secret),
            event.id,
            timestamp,
            body,
          ),
        },
        body,
      });
      statusCode = response.status;
      await response.body?.cancel().catch(() => undefined);
    }
  } catch (err) {
    error = (err as Error).name === 'TimeoutError' ? 'timeout' : 'connection_failed';
  }
  const latencyMs = Date.now() - started;
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const now = deps.now();
  await insertAttempt(deps.db, {
    id: newId('what'),
    tenantId: delivery.tenantId,
    workspaceId: delivery.workspaceId,
    deliveryId: delivery.id,
    destinationId: destination.id,
    number,
    trigger,
    statusCode,
    latencyMs,
    error,
    succeeded: ok,
  });
  if (ok) {
    await updateDelivery(deps.db, delivery.id, {
      status: 'succeeded',
      attempts: number,
      lastStatusCode: statusCode,
      lastError: null,
      deliveredAt: now,
      leaseUntil: null,
    });
    await updateDestinationById(deps.db, destination.id, { lastSuccessAt: now, failingSince: null });
    return true;
  }
  const delay = retryDelayMs(number, deps.settings.webhookTimeScale);
  await updateDelivery(deps.db, delivery.id, {
    status: delay === null ? 'failed' : 'pending',
    attempts: number,
    lastStatusCode: statusCode,
    lastError: error ?? `http ${statusCode}`,
    nextAttemptAt: delay === null ? delivery.nextAttemptAt : new Date(now.getTime() + delay),
    leaseUntil: null,
  });
  const failingSince = destination.failingSince ?? now;
  const disable = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS * deps.settings.webhookTimeScale;
  await updateDestinationById(
    deps.db,
    destination.id,
    disable ? { failingSince, enabled: false, disabledReason: 'failing', disabledAt: now } : { failingSince },
  );
  if (disable) logger.warn({ destinationId: destination.id }, 'webhook destination disabled after a day of failures');
  // A failed head with no retry left no longer holds the chain back.
  return delay === null;
}
