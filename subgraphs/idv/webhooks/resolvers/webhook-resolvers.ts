// GraphQL ⇄ webhook destination service. Thin: enum spellings (idv_session_completed ⇄
// idv.session.completed), URLs as text, the paging shape; the service applies the rules.
import { encodeCursor, pageSize, readOffsetCursor } from '../../../../platform/graphql/paging';
import { IdvContext } from '../../context';
import { IdvDeliveryError } from '../../delivery-errors';
import { DeliveryRow, DestinationRow } from '../data/webhook-store';
import * as service from '../services/destination-service';
import { WebhookDeps } from '../services/destination-service';
import type { CreateWebhookDestinationInput, UpdateWebhookDestinationInput } from '../../resolvers/resolver-types.generated';

/** GraphQL enum value ⇄ event type. */
export const toEventType = (value: string) => value.replace(/^idv_document_/, 'idv.document.').replace(/^idv_session_/, 'idv.session.').replace(/^profile_onboarding_/, 'profile_onboarding.');
export const fromEventType = (type: string) => type.replace(/\./g, '_');

/** The typed input as the service's fields: the URL as text, event types in their dotted spelling. */
function destinationInput(input: UpdateWebhookDestinationInput): service.DestinationInput {
  return { url: input.url?.toString(), description: input.description, kinds: input.kinds, eventTypes: input.eventTypes?.map(toEventType), enabled: input.enabled };
}

const withSecrets = (created: service.CreatedDestination) => ({ destination: created.destination, signingSecret: created.secrets.signing_secret, webhookKey: created.secrets.webhook_key });

const orNull = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IdvDeliveryError && (error.code === 'idv_webhook_not_found' || error.code === 'idv_webhook_delivery_not_found')) return null;
    throw error;
  }
};

export function createWebhookResolvers(deps: WebhookDeps) {
  return {
    Query: {
      webhookDestinations: (_: unknown, __: unknown, ctx: IdvContext) => service.listDestinations(deps, ctx.principal),
      webhookDestination: (_: unknown, args: { id: string }, ctx: IdvContext) => orNull(() => service.getDestination(deps, ctx.principal, args.id)),
      webhookDelivery: (_: unknown, args: { destinationId: string; id: string }, ctx: IdvContext) => orNull(() => service.getDelivery(deps, ctx.principal, args.destinationId, args.id)),
    },
    Mutation: {
      createWebhookDestination: async (_: unknown, args: { input: CreateWebhookDestinationInput }, ctx: IdvContext) =>
        withSecrets(await service.createDestination(deps, ctx.principal, { ...destinationInput(args.input), url: args.input.url.toString() })),
      updateWebhookDestination: (_: unknown, args: { id: string; input: UpdateWebhookDestinationInput }, ctx: IdvContext) => service.updateDestination(deps, ctx.principal, args.id, destinationInput(args.input)),
      deleteWebhookDestination: (_: unknown, args: { id: string }, ctx: IdvContext) => service.deleteDestination(deps, ctx.principal, args.id),
      rotateWebhookDestinationSecret: async (_: unknown, args: { id: string }, ctx: IdvContext) => withSecrets(await service.rotateSecret(deps, ctx.principal, args.id)),
      enableWebhookDestination: (_: unknown, args: { id: string }, ctx: IdvContext) => service.setDestinationEnabled(deps, ctx.principal, args.id, true),
      disableWebhookDestination: (_: unknown, args: { id: string }, ctx: IdvContext) => service.setDestinationEnabled(deps, ctx.principal, args.id, false),
      redeliverWebhookDelivery: (_: unknown, args: { destinationId: string; id: string }, ctx: IdvContext) => service.redeliver(deps, ctx.principal, args.destinationId, args.id),
    },
    WebhookDestination: {
      eventTypes: (d: DestinationRow) => d.eventTypes.map(fromEventType),
      previousSecretExpiresAt: (d: DestinationRow) => d.previousExpiresAt,
      deliveries: async (d: DestinationRow, args: { first?: number | null; after?: string | null; status?: string | null }, ctx: IdvContext) => {
        const take = pageSize(args.first, 20, 100);
        const skip = readOffsetCursor(args.after);
        if (skip === undefined) throw new IdvDeliveryError('schema_validation_failed', 'after: not a cursor of this list', { field: 'after' });
        const { rows, total } = await service.listDeliveries(deps, ctx.principal, d.id, { status: args.status, take, skip });
        const nodes = rows.slice(0, take);
        const hasNextPage = rows.length > take;
        return { nodes, pageInfo: { hasNextPage, endCursor: hasNextPage ? encodeCursor({ o: skip + take }) : null }, totalCount: total };
      },
    },
    WebhookDelivery: {
      eventType: (d: DeliveryRow) => fromEventType(d.eventType),
      nextAttemptAt: (d: DeliveryRow) => (d.status === 'pending' ? d.nextAttemptAt : null),
      attemptLog: (d: DeliveryRow) => service.attemptsOf(deps, [d.id]),
    },
  };
}
