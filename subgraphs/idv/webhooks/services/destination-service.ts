// Webhook destinations of a workspace (REST /idv/v1/webhooks, GraphQL webhookDestination*): at
// most 10 per workspace, URLs checked against private networks, secrets shown once (create and
// rotate), enable/disable, the delivery log and manual redelivery.
import { z } from 'zod';
import { KeyProvider } from '../../../../platform/crypto/envelope';
import { Db, type DbClient, type Scope } from '../../../../platform/db/prisma';
import { appendAudit, auditActorOf } from '../../../../platform/audit/audit-trail';
import { newId } from '../../../../platform/ids/new-id';
import { Principal } from '../../../../platform/principal/principal';
import { IdvDeliveryError } from '../../delivery-errors';
import { DeliverySettings } from '../../delivery-settings';
import { checkRule, parseOrThrow } from '../../model/validation';
import { requireManagement } from '../../services/principals';
import * as store from '../data/webhook-store';
import { DestinationRow } from '../data/webhook-store';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_KINDS } from './event-payload';
import { DestinationSecrets, newDestinationSecrets, sealSecrets } from './secrets';
import { urlProblem } from './url-guard';
import { destinationSecretsColumn } from '../../data/json-columns';

export const MAX_DESTINATIONS = 10;
/** The previous secrets keep signing this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export interface WebhookDeps {
  db: Db;
  keyProvider: KeyProvider;
  settings: DeliverySettings;
  now(): Date;
}

/** A destination's fields as the service takes them (event types in their dotted spelling); on an
 * edit, absent fields stay. */
export interface DestinationInput {
  url?: string | null;
  description?: string | null;
  kinds?: readonly string[] | null;
  /** idv.session.completed, ... */
  eventTypes?: readonly string[] | null;
  enabled?: boolean | null;
}

const rules = {
  url: z.string().min(1).max(2048),
  description: z.string().max(500),
  kinds: z.array(z.enum(WEBHOOK_KINDS)).min(1).max(WEBHOOK_KINDS.length),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length),
};

/** The rules of a destination's fields, in the order of the Destination object; kinds and event
 * types come back as the known values. */
function checkDestinationInput(input: DestinationInput) {
  checkRule(rules.url, input.url, 'body.url');
  checkRule(rules.description, input.description, 'body.description');
  const kinds = input.kinds ? parseOrThrow(rules.kinds, [...input.kinds], 'body.kinds') : undefined;
  const eventTypes = input.eventTypes ? parseOrThrow(rules.eventTypes, [...input.eventTypes], 'body.event_types') : undefined;
  return { kinds, eventTypes };
}

const notFound = () => new IdvDeliveryError('idv_webhook_not_found', 'Webhook destination not found');

function checkUrl(deps: WebhookDeps, url: string): void {
  const problem = urlProblem(url, deps.settings.webhookAllowPrivateNetworks);
  if (problem) throw new IdvDeliveryError('idv_webhook_url_forbidden', `url: ${problem}`, { field: 'body.url' });
}

/** A destination's configuration changed: the entry names the fields and the URL's origin (its path
 * or query may carry a token), never the secrets. Written in the change's transaction, last. */
async function auditDestination(
  db: DbClient,
  principal: Principal,
  scope: Scope,
  action: string,
  id: string,
  detail: Record<string, unknown>,
) {
  await appendAudit(db, {
    ...scope,
    ...auditActorOf(principal),
    action,
    resourceType: 'idv.webhook_destination',
    resourceId: id,
    outcome: 'succeeded',
    detail,
  });
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

export interface CreatedDestination {
  destination: DestinationRow;
  secrets: DestinationSecrets;
}

export async function createDestination(
  deps: WebhookDeps,
  principal: Principal,
  input: DestinationInput & { url: string },
): Promise<CreatedDestination> {
  const scope = requireManagement(principal);
  const { kinds, eventTypes } = checkDestinationInput(input);
  checkUrl(deps, input.url);
  const id = newId('whd');
  const secrets = newDestinationSecrets();
  const destination = await deps.db.$transaction(async (tx) => {
    await store.lockDestinationCreates(tx, scope);
    if ((await store.countDestinations(tx, scope)) >= MAX_DESTINATIONS) {
      throw new IdvDeliveryError('idv_webhook_limit_reached', `A workspace has at most ${MAX_DESTINATIONS} webhook destinations`);
    }
    const inserted = await store.insertDestination(tx, {
      id,
      ...scope,
      url: input.url,
      description: input.description ?? '',
      kinds: kinds ? [...new Set(kinds)] : [...WEBHOOK_KINDS],
      eventTypes: eventTypes ? [...new Set(eventTypes)] : [],
      enabled: input.enabled ?? true,
      disabledReason: input.enabled === false ? 'manual' : null,
      disabledAt: input.enabled === false ? deps.now() : null,
      secrets: destinationSecretsColumn.write(sealSecrets(deps.keyProvider, id, secrets)),
    });
    await auditDestination(tx, principal, scope, 'idv.webhook_destination.create', id, {
      url_origin: originOf(input.url),
      kinds: inserted.kinds,
      event_types: inserted.eventTypes,
      enabled: inserted.enabled,
    });
    return inserted;
  });
  return { destination, secrets };
}

export async function getDestination(deps: Pick<WebhookDeps, 'db'>, principal: Principal, id: string): Promise<DestinationRow> {
  const scope = requireManagement(principal);
  const row = await store.findDestination(deps.db, scope, id);
  if (!row) throw notFound();
  return row;
}

export async function listDestinations(deps: Pick<WebhookDeps, 'db'>, principal: Principal): Promise<DestinationRow[]> {
  return store.listDestinations(deps.db, requireManagement(principal));
}

export async function updateDestination(
  deps: WebhookDeps,
  principal: Principal,
  id: string,
  input: DestinationInput,
): Promise<DestinationRow> {
  const scope = requireManagement(principal);
  const { kinds, eventTypes } = checkDestinationInput(input);
  if (input.url != null) checkUrl(deps, input.url);
  const current = await getDestination(deps, principal, id);
  const data = {
    ...(input.url != null ? { url: input.url } : {}),
    ...(input.description != null ? { description: input.description } : {}),
    ...(kinds ? { kinds: [...new Set(kinds)] } : {}),
    ...(eventTypes ? { eventTypes: [...new Set(eventTypes)] } : {}),
    ...(input.enabled != null && input.enabled !== current.enabled ? enabledChange(deps, input.enabled) : {}),
  };
  return deps.db.$transaction(async (tx) => {
    const updated = await store.updateDestination(tx, scope, id, data);
    await auditDestination(tx, principal, scope, 'idv.webhook_destination.update', id, {
      fields: Object.keys(data).sort(),
      ...(data.url !== undefined ? { url_origin: { from: originOf(current.url), to: originOf(data.url) } } : {}),
      ...(data.kinds !== undefined ? { kinds: { from: current.kinds, to: updated.kinds } } : {}),
      ...(data.eventTypes !== undefined ? { event_types: { from: current.eventTypes, to: updated.eventTypes } } : {}),
      ...(updated.enabled !== current.enabled ? { enabled: { from: current.enabled, to: updated.enabled } } : {}),
    });
    return updated;
  });
}

function enabledChange(deps: Pick<WebhookDeps, 'now'>, enabled: boolean) {
  // Enabling clears the failure record: the backlog is retried from now on.
  return enabled
    ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
    : { enabled: false, disabledReason: 'manual', disabledAt: deps.now() };
}

export async function setDestinationEnabled(
  deps: WebhookDeps,
  principal: Principal,
  id: string,
  enabled: boolean,
): Promise<DestinationRow> {
  const scope = requireManagement(principal);
  const current = await getDestination(deps, principal, id);
  if (current.enabled === enabled) return current;
  return deps.db.$transaction(async (tx) => {
    const updated = await store.updateDestination(tx, scope, id, enabledChange(deps, enabled));
    if (enabled) await store.makePendingDue(tx, scope, id, deps.now());
    await auditDestination(tx, principal, scope, enabled ? 'idv.webhook_destination.enable' : 'idv.webhook_destination.disable', id, {});
    return updated;
  });
}

export async function deleteDestination(deps: Pick<WebhookDeps, 'db'>, principal: Principal, id: string): Promise<DestinationRow> {
  const scope = requireManagement(principal);
  const row = await getDestination(deps, principal, id);
  await deps.db.$transaction(async (tx) => {
    await store.deleteDestination(tx, scope, id);
    await auditDestination(tx, principal, scope, 'idv.webhook_destination.delete', id, { url_origin: originOf(row.url) });
  });
  return row;
}

/** New secrets; the previous pair keeps signing (second signature) for 24 hours. */
export async function rotateSecret(deps: WebhookDeps, principal: Principal, id: string): Promise<CreatedDestination> {
  const scope = requireManagement(principal);
  const current = await getDestination(deps, principal, id);
  const secrets = newDestinationSecrets();
  const destination = await deps.db.$transaction(async (tx) => {
    const updated = await store.updateDestination(tx, scope, id, {
      secrets: destinationSecretsColumn.write(sealSecrets(deps.keyProvider, id, secrets)),
      previousSecrets: destinationSecretsColumn.write(destinationSecretsColumn.read(current.secrets)),
      previousExpiresAt: new Date(deps.now().getTime() + ROTATION_OVERLAP_MS),
    });
    await auditDestination(tx, principal, scope, 'idv.webhook_destination.rotate_secret', id, {});
    return updated;
  });
  return { destination, secrets };
}

// ---------------------------------------------------------------------------------------------
// Delivery log

/** Marks a delivery whose next attempt is a manual redelivery (the attempt log says so). */
export const REDELIVERY_REQUESTED = 'redelivery_requested';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export async function listDeliveries(
  deps: Pick<WebhookDeps, 'db'>,
  principal: Principal,
  destinationId: string,
  args: { status?: string | null; take: number; skip: number },
) {
  const scope = requireManagement(principal);
  await getDestination(deps, principal, destinationId);
  const status = args.status ?? undefined;
  const [rows, total] = await Promise.all([
    store.listDeliveries(deps.db, scope, destinationId, { status, take: args.take + 1, skip: args.skip }),
    store.countDeliveries(deps.db, scope, destinationId, status),
  ]);
  return { rows, total };
}

export async function getDelivery(deps: Pick<WebhookDeps, 'db'>, principal: Principal, destinationId: string, deliveryId: string) {
  const scope = requireManagement(principal);
  const row = await store.findDelivery(deps.db, scope, destinationId, deliveryId);
  if (!row) throw new IdvDeliveryError('idv_webhook_delivery_not_found', 'Webhook delivery not found');
  return row;
}

/** Manual redelivery: the delivery goes back to pending, due now; the next worker tick sends it
 * (after any earlier pending delivery of the same session, to keep the order). */
export async function redeliver(deps: WebhookDeps, principal: Principal, destinationId: string, deliveryId: string) {
  const row = await getDelivery(deps, principal, destinationId, deliveryId);
  return store.updateDelivery(deps.db, row.id, {
    status: 'pending',
    nextAttemptAt: deps.now(),
    leaseUntil: null,
    lastError: REDELIVERY_REQUESTED,
  });
}

export async function attemptsOf(deps: Pick<WebhookDeps, 'db'>, deliveryIds: readonly string[]) {
  return store.attemptsOf(deps.db, deliveryIds);
}

export function scopeOf(principal: Principal): Scope {
  return requireManagement(principal);
}
