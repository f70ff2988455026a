// GraphQL ⇄ webhook destination service. Thin: enum spellings (idv_session_completed ⇄
// idv.session.completed), URLs as text, the paging shape; the service applies the rules.
import { encodeCursor, pageSize, readOffsetCursor } from '../../../../platform/graphql/paging';
import { expectOneOf } from '../../../../platform/validation/one-of';
import { IdvDeliveryError } from '../../delivery-errors';
import * as service from '../services/destination-service';
import { WebhookDeps } from '../services/destination-service';
import type { Resolvers, UpdateWebhookDestinationInput, WebhookEventType } from '../../resolvers/resolver-types.generated';
import { WEBHOOK_EVENT_TYPES, WebhookEventType as EventType } from '../services/event-payload';

/** GraphQL enum value ⇄ event type. */
export const toEventType = (value: string) =>
  value
    .replace(/^idv_document_/, 'idv.document.')
    .replace(/^idv_session_/, 'idv.session.')
    .replace(/^profile_onboarding_/, 'profile_onboarding.');
const GRAPHQL_EVENT_TYPES = {
  'idv.document.captured': 'idv_document_captured',
  'idv.session.completed': 'idv_session_completed',
  'idv.session.approved': 'idv_session_approved',
  'idv.session.requires_review': 'idv_session_requires_review',
  'idv.session.failed': 'idv_session_failed',
  profile_status_updated: 'profile_status_updated',
  'profile_onboarding.completed': 'profile_onboarding_completed',
} satisfies Record<EventType, WebhookEventType>;
/** A stored event type (only ever one of WEBHOOK_EVENT_TYPES) as its GraphQL enum value. */
export const fromEventType = (type: string): WebhookEventType =>
  GRAPHQL_EVENT_TYPES[expectOneOf(WEBHOOK_EVENT_TYPES, type, 'webhook event type')];

/** The typed input as the service's fields: the URL as text, event types in their dotted spelling. */
function destinationInput(input: UpdateWebhookDestinationInput): service.DestinationInput {
  return {
    url: input.url?.toString(),
    description: input.description,
    kinds: input.kinds,
    eventTypes: input.eventTypes?.map(toEventType),
    enabled: input.enabled,
  };
}

const withSecrets = (created: service.CreatedDestination) => ({
  destination: created.destination,
  signingSecret: created.secrets.signing_secret,
  webhookKey: created.secrets.webhook_key,
});

const orNull = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IdvDeliveryError && (error.code === 'idv_webhook_not_found' || error.code === 'idv_webhook_delivery_not_found'))
      return null;
    throw error;
  }
};

export function createWebhookResolvers(deps: WebhookDeps) {
  return {
    Query: {
      webhookDestinations: (_, __, ctx) => service.listDestinations(deps, ctx.principal),
      webhookDestination: (_, args, ctx) => orNull(() => service.getDestination(deps, ctx.principal, args.id)),
      webhookDelivery: (_, args, ctx) => orNull(() => service.getDelivery(deps, ctx.principal, args.destinationId, args.id)),
    },
    Mutation: {
      createWebhookDestination: async (_, args, ctx) =>
        withSecrets(
          await service.createDestination(deps, ctx.principal, { ...destinationInput(args.input), url: args.input.url.toString() }),
        ),
      updateWebhookDestination: (_, args, ctx) => service.updateDestination(deps, ctx.principal, args.id, destinationInput(args.input)),
      deleteWebhookDestination: (_, args, ctx) => service.deleteDestination(deps, ctx.principal, args.id),
      rotateWebhookDestinationSecret: async (_, args, ctx) => withSecrets(await service.rotateSecret(deps, ctx.principal, args.id)),
      enableWebhookDestination: (_, args, ctx) => service.setDestinationEnabled(deps, ctx.principal, args.id, true),
      disableWebhookDestination: (_, args, ctx) => service.setDestinationEnabled(deps, ctx.principal, args.id, false),
      redeliverWebhookDelivery: (_, args, ctx) => service.redeliver(deps, ctx.principal, args.destinationId, args.id),
    },
    WebhookDestination: {
      eventTypes: (d) => d.eventTypes.map(fromEventType),
      previousSecretExpiresAt: (d) => d.previousExpiresAt,
      deliveries: async (d, args, ctx) => {
        const take = pageSize(args.first, 20, 100);
        const skip = readOffsetCursor(args.after);
        if (skip === undefined)
          throw new IdvDeliveryError('schema_validation_failed', 'after: not a cursor of this list', { field: 'after' });
        const { rows, total } = await service.listDeliveries(deps, ctx.principal, d.id, { status: args.status, take, skip });
        const nodes = rows.slice(0, take);
        const hasNextPage = rows.length > take;
        return { nodes, pageInfo: { hasNextPage, endCursor: hasNextPage ? encodeCursor({ o: skip + take }) : null }, totalCount: total };
      },
    },
    WebhookDelivery: {
      eventType: (d) => fromEventType(d.eventType),
      nextAttemptAt: (d) => (d.status === 'pending' ? d.nextAttemptAt : null),
      attemptLog: (d) => service.attemptsOf(deps, [d.id]),
    },
  } satisfies Resolvers;
}
