// The only module that touches Prisma for webhook destinations, deliveries and attempts. Every
// management query carries the caller's scope; the dispatcher's queries (worker) work by ids it
// got from scoped rows and return rows with their scope.
import { Prisma } from '../../../../generated/prisma/client';
import type { DbClient, DbTx, Scope } from '../../../../platform/db/prisma';
import { scoped } from '../../data/scope';

export type DestinationRow = NonNullable<Awaited<ReturnType<typeof findDestination>>>;
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;
export type AttemptRow = Awaited<ReturnType<typeof attemptsOf>>[number];

export async function countDestinations(db: DbClient, scope: Scope) {
  return db.webhookDestination.count({ where: scoped(scope) });
}

export async function insertDestination(db: DbClient, data: Prisma.WebhookDestinationUncheckedCreateInput) {
  return db.webhookDestination.create({ data });
}

export async function findDestination(db: DbClient, scope: Scope, id: string) {
  return db.webhookDestination.findFirst({ where: { ...scoped(scope), id } });
}

export async function listDestinations(db: DbClient, scope: Scope) {
  return db.webhookDestination.findMany({ where: scoped(scope), orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export async function updateDestination(db: DbClient, scope: Scope, id: string, data: Prisma.WebhookDestinationUncheckedUpdateManyInput) {
  await db.webhookDestination.updateMany({ where: { ...scoped(scope), id }, data });
  return db.webhookDestination.findFirstOrThrow({ where: { ...scoped(scope), id } });
}

export async function deleteDestination(db: DbClient, scope: Scope, id: string) {
  await db.webhookAttempt.deleteMany({ where: { ...scoped(scope), destinationId: id } });
  await db.webhookDelivery.deleteMany({ where: { ...scoped(scope), destinationId: id } });
  await db.webhookDestination.deleteMany({ where: { ...scoped(scope), id } });
}

/** Destinations an event of this scope goes to: enabled ones, and ones disabled for failing (their
 * backlog waits for the fix); manually disabled destinations receive nothing meanwhile. */
export async function findReceivingDestinations(db: DbClient, scope: Scope) {
  return db.webhookDestination.findMany({ where: { ...scoped(scope), OR: [{ enabled: true }, { disabledReason: 'failing' }] } });
}

export async function insertDeliveries(db: DbClient, rows: Prisma.WebhookDeliveryCreateManyInput[]) {
  if (rows.length) await db.webhookDelivery.createMany({ data: rows, skipDuplicates: true });
}

export async function findDelivery(db: DbClient, scope: Scope, destinationId: string, id: string) {
  return db.webhookDelivery.findFirst({ where: { ...scoped(scope), destinationId, id } });
}

export async function listDeliveries(
  db: DbClient,
  scope: Scope,
  destinationId: string,
  filter: { status?: string; take: number; skip: number },
) {
  return db.webhookDelivery.findMany({
    where: { ...scoped(scope), destinationId, ...(filter.status ? { status: filter.status } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.take,
    skip: filter.skip,
  });
}

export async function countDeliveries(db: DbClient, scope: Scope, destinationId: string, status?: string) {
  return db.webhookDelivery.count({ where: { ...scoped(scope), destinationId, ...(status ? { status } : {}) } });
}

export async function attemptsOf(db: DbClient, deliveryIds: readonly string[]) {
  return db.webhookAttempt.findMany({
    where: { deliveryId: { in: [...deliveryIds] } },
    orderBy: [{ deliveryId: 'asc' }, { number: 'asc' }],
  });
}

export async function updateDelivery(db: DbClient, id: string, data: Prisma.WebhookDeliveryUncheckedUpdateInput) {
  return db.webhookDelivery.update({ where: { id }, data });
}

export async function insertAttempt(db: DbClient, data: Prisma.WebhookAttemptUncheckedCreateInput) {
  return db.webhookAttempt.create({ data });
}

export async function findDestinationById(db: DbClient, id: string) {
  return db.webhookDestination.findUnique({ where: { id } });
}

/** Leases the head of one chain (the oldest pending delivery of a destination and ordering key)
 * when it is due and unleased. The head's row lock serializes competing workers; a later delivery
 * of the chain is never taken while an earlier one is pending. */
export async function claimChainHead(
  db: DbClient,
  destinationId: string,
  orderingKey: string,
  leaseMs: number,
): Promise<DeliveryRow | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "idv"."webhook_deliveries" SET lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}::float8), updated_at = clock_timestamp()
    WHERE id = (
      SELECT id FROM "idv"."webhook_deliveries"
      WHERE destination_id = ${destinationId} AND ordering_key = ${orderingKey} AND status = 'pending'
      ORDER BY event_at, event_rank, event_id LIMIT 1 FOR UPDATE
    ) AND next_attempt_at <= clock_timestamp() AND (lease_until IS NULL OR lease_until < clock_timestamp())
    RETURNING id`;
  if (rows.length === 0) return null;
  return db.webhookDelivery.findUnique({ where: { id: rows[0].id } });
}

/** Chains whose head is due: pending, time come, unleased (or the lease of a dead worker), on a
 * destination that is enabled. */
export async function findDueChains(db: DbClient, take = 100) {
  return db.$queryRaw<{ destination_id: string; ordering_key: string }[]>`
    SELECT DISTINCT d.destination_id, d.ordering_key FROM "idv"."webhook_deliveries" d
    JOIN "idv"."webhook_destinations" w ON w.id = d.destination_id AND w.enabled
    WHERE d.status = 'pending' AND d.next_attempt_at <= clock_timestamp() AND (d.lease_until IS NULL OR d.lease_until < clock_timestamp())
    LIMIT ${take}`;
}

export async function findEvent(db: DbClient, id: string) {
  return db.outboxEvent.findUnique({ where: { id } });
}

/**
 * Events of the same aggregate recorded up to a minute before `event` (those of its own transaction
 * included): fanning them out together keeps a chain in order when the queue hands their jobs over
 * in another order than they were recorded.
 */
export async function findEarlierSiblingEvents(
  db: DbClient,
  event: { id: string; tenantId: string; workspaceId: string; aggregateId: string; createdAt: Date },
) {
  return db.outboxEvent.findMany({
    where: {
      tenantId: event.tenantId,
      workspaceId: event.workspaceId,
      aggregateId: event.aggregateId,
      createdAt: { gte: new Date(event.createdAt.getTime() - 60_000), lte: event.createdAt },
      id: { not: event.id },
    },
  });
}

export async function updateDestinationById(db: DbClient, id: string, data: Prisma.WebhookDestinationUncheckedUpdateInput) {
  return db.webhookDestination.update({ where: { id }, data });
}

/** A re-enabled destination's backlog is due now. */
export async function makePendingDue(db: DbClient, scope: Scope, destinationId: string, at: Date) {
  await db.webhookDelivery.updateMany({ where: { ...scoped(scope), destinationId, status: 'pending' }, data: { nextAttemptAt: at } });
}

/** Serializes one workspace's destination creates (so the limit holds under concurrency): the
 * advisory lock is held until the transaction ends. */
export async function lockDestinationCreates(tx: DbTx, scope: Scope): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${scope.tenantId}:${scope.workspaceId}`}))`;
}
