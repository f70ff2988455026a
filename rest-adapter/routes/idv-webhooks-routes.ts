// Webhook destinations under /idv/v1/webhooks (docs/webhooks.md): create (secrets shown once),
// list, get, update, delete, rotate secret, enable/disable, delivery log, manual redelivery.
// Envelope {data: ...}; errors {error: {code, message}}.
import { z } from 'zod';
import { offsetCursor, readOffsetCursor } from '../../platform/graphql/paging';
import { ApiError } from '../http/api-error';
import { pageSizeParam } from './query-params';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import {
  type CreateWebhookDestinationInput,
  type CreateWebhookDestinationMutation,
  type DeliveryFieldsFragment,
  type DestinationFieldsFragment,
  type UpdateWebhookDestinationInput,
  type WebhookEventType,
  CreateWebhookDestinationDocument,
  DeleteWebhookDestinationDocument,
  DisableWebhookDestinationDocument,
  EnableWebhookDestinationDocument,
  RedeliverWebhookDeliveryDocument,
  RotateWebhookDestinationSecretDocument,
  UpdateWebhookDestinationDocument,
  WebhookDeliveriesDocument,
  WebhookDeliveryDocument,
  WebhookDeliveryStatusValues,
  WebhookDestinationDocument,
  WebhookDestinationsDocument,
  WebhookDisabledReasonValues,
  WebhookKindValues,
} from '../operations/operations.generated';

// REST spells the event types with dots (idv.session.completed), GraphQL with underscores.
const EVENT_TYPES = [
  'idv.document.captured',
  'idv.session.completed',
  'idv.session.approved',
  'idv.session.requires_review',
  'idv.session.failed',
  'profile_status_updated',
  'profile_onboarding.completed',
] as const;
const toEnum = (type: string) => type.replace(/\./g, '_') as WebhookEventType;
const fromEnum = (value: string) =>
  value
    .replace(/^idv_document_/, 'idv.document.')
    .replace(/^idv_session_/, 'idv.session.')
    .replace(/^profile_onboarding_/, 'profile_onboarding.');

const createBody = z.strictObject({
  url: z.string().min(1).max(2048),
  description: z.string().max(500).optional(),
  kinds: z.array(z.enum(WebhookKindValues)).min(1).max(2).optional(),
  event_types: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).optional(),
  enabled: z.boolean().optional(),
});
const updateBody = createBody.partial();

const destination = (d: DestinationFieldsFragment) => ({
  id: d.id,
  url: d.url,
  description: d.description,
  kinds: d.kinds,
  event_types: d.eventTypes.map(fromEnum),
  enabled: d.enabled,
  disabled_reason: d.disabledReason,
  disabled_at: d.disabledAt,
  failing_since: d.failingSince,
  last_success_at: d.lastSuccessAt,
  previous_secret_expires_at: d.previousSecretExpiresAt,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});
const delivery = (d: DeliveryFieldsFragment) => ({
  id: d.id,
  event_id: d.eventId,
  event_type: fromEnum(d.eventType),
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  delivered_at: d.deliveredAt,
  created_at: d.createdAt,
  attempt_log: d.attemptLog.map((a) => ({
    number: a.number,
    trigger: a.trigger,
    status_code: a.statusCode,
    latency_ms: a.latencyMs,
    error: a.error,
    succeeded: a.succeeded,
    at: a.at,
  })),
});

const input = (body: unknown): UpdateWebhookDestinationInput => {
  const b = (body ?? {}) as z.infer<typeof updateBody>;
  return {
    ...(b.url !== undefined ? { url: b.url } : {}),
    ...(b.description !== undefined ? { description: b.description } : {}),
    ...(b.kinds !== undefined ? { kinds: b.kinds } : {}),
    ...(b.event_types !== undefined ? { eventTypes: b.event_types.map(toEnum) } : {}),
    ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
  };
};
const notFound = () => ApiError.of('idv_webhook_not_found', 'Webhook destination not found');
// Create and rotate select the same fields: the destination and its secrets, shown once.
const withSecrets = (created: CreateWebhookDestinationMutation['createWebhookDestination']) => ({
  body: { data: destination(created.destination), signing_secret: created.signingSecret, webhook_key: created.webhookKey },
});

const destinationSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  kinds: z.array(z.enum(WebhookKindValues)),
  event_types: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_reason: z.enum(WebhookDisabledReasonValues).nullable(),
  disabled_at: z.string().nullable(),
  failing_since: z.string().nullable(),
  last_success_at: z.string().nullable(),
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const deliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.enum(EVENT_TYPES),
    status: z.enum(WebhookDeliveryStatusValues),
    attempts: z.number(),
  })
  .passthrough();
const listQuery = z.object({
  status: z.enum(WebhookDeliveryStatusValues).optional(),
  limit: pageSizeParam,
  cursor: z.string().min(1).max(512).optional(),
});

const base = { area: 'idv' as const, tag: 'IDV webhooks', credentials: MANAGEMENT_CREDENTIALS };

export const idvWebhookRoutes: Route[] = [
  route({
    ...base,
    method: 'post',
    path: '/idv/v1/webhooks',
    summary: 'Create a webhook destination (at most 10 per workspace); signing_secret and webhook_key are shown once',
    body: createBody,
    document: CreateWebhookDestinationDocument,
    // The create body's schema required url.
    variables: ({ body }) => ({ input: input(body) as CreateWebhookDestinationInput }),
    result: (data) => withSecrets(data.createWebhookDestination),
    successStatus: 201,
    response: z.object({ data: destinationSchema, signing_secret: z.string(), webhook_key: z.string() }),
  }),
  route({
    ...base,
    method: 'get',
    path: '/idv/v1/webhooks',
    summary: 'List the workspace webhook destinations, oldest first',
    document: WebhookDestinationsDocument,
    result: (data) => ({ body: { data: data.webhookDestinations.map(destination) } }),
    response: z.object({ data: z.array(destinationSchema) }),
  }),
  route({
    ...base,
    method: 'get',
    path: '/idv/v1/webhooks/:webhookId',
    summary: 'Read a webhook destination',
    document: WebhookDestinationDocument,
    variables: ({ params }) => ({ id: params.webhookId }),
    result: (data) => {
      if (!data.webhookDestination) throw notFound();
      return { body: { data: destination(data.webhookDestination) } };
    },
    response: z.object({ data: destinationSchema }),
  }),
  route({
    ...base,
    method: 'patch',
    path: '/idv/v1/webhooks/:webhookId',
    summary: 'Change a webhook destination (url, description, kinds, event_types, enabled)',
    body: updateBody,
    document: UpdateWebhookDestinationDocument,
    variables: ({ params, body }) => ({ id: params.webhookId, input: input(body) }),
    result: (data) => ({ body: { data: destination(data.updateWebhookDestination) } }),
    response: z.object({ data: destinationSchema }),
  }),
  route({
    ...base,
    method: 'delete',
    path: '/idv/v1/webhooks/:webhookId',
    summary: 'Delete a webhook destination and its delivery log',
    document: DeleteWebhookDestinationDocument,
    variables: ({ params }) => ({ id: params.webhookId }),
    result: (data) => ({ body: { data: { id: data.deleteWebhookDestination.id, deleted: true } } }),
    response: z.object({ data: z.object({ id: z.string(), deleted: z.boolean() }) }),
  }),
  // One row per action (each its own operation), in the documented order.
  route({
    ...base,
    method: 'post',
    path: '/idv/v1/webhooks/:webhookId/rotate-secret',
    summary: 'New signing secret and webhook key (shown once); the previous secret keeps signing for 24 hours',
    document: RotateWebhookDestinationSecretDocument,
    variables: ({ params }) => ({ id: params.webhookId }),
    result: (data) => withSecrets(data.rotateWebhookDestinationSecret),
    response: z.object({ data: destinationSchema, signing_secret: z.string(), webhook_key: z.string() }),
  }),
  route({
    ...base,
    method: 'post',
    path: '/idv/v1/webhooks/:webhookId/enable',
    summary: 'Enable a destination; its pending backlog is sent',
    document: EnableWebhookDestinationDocument,
    variables: ({ params }) => ({ id: params.webhookId }),
    result: (data) => ({ body: { data: destination(data.enableWebhookDestination) } }),
    response: z.object({ data: destinationSchema }),
  }),
  route({
    ...base,
    method: 'post',
    path: '/idv/v1/webhooks/:webhookId/disable',
    summary: 'Disable a destination (reason manual)',
    document: DisableWebhookDestinationDocument,
    variables: ({ params }) => ({ id: params.webhookId }),
    result: (data) => ({ body: { data: destination(data.disableWebhookDestination) } }),
    response: z.object({ data: destinationSchema }),
  }),
  route({
    ...base,
    method: 'get',
    path: '/idv/v1/webhooks/:webhookId/deliveries',
    summary: 'The delivery log of a destination, newest first, with every attempt (status, limit default 20 up to 100, cursor)',
    query: listQuery,
    document: WebhookDeliveriesDocument,
    variables: ({ params, query }) => {
      const q = query as z.infer<typeof listQuery>;
      if (q.cursor && readOffsetCursor(q.cursor) === undefined)
        throw ApiError.of('schema_validation_failed', 'query.cursor: not a cursor of this list');
      return { id: params.webhookId, first: q.limit ?? null, after: q.cursor ?? offsetCursor(0), status: q.status ?? null };
    },
    result: (data) => {
      if (!data.webhookDestination) throw notFound();
      const page = data.webhookDestination.deliveries;
      return {
        body: {
          data: page.nodes.map(delivery),
          has_more: page.pageInfo.hasNextPage,
          next_cursor: page.pageInfo.endCursor,
          total: page.totalCount,
        },
      };
    },
    response: z.object({ data: z.array(deliverySchema), has_more: z.boolean(), next_cursor: z.string().nullable(), total: z.number() }),
  }),
  route({
    ...base,
    method: 'get',
    path: '/idv/v1/webhooks/:webhookId/deliveries/:deliveryId',
    summary: 'One delivery with its attempts',
    document: WebhookDeliveryDocument,
    variables: ({ params }) => ({ d: params.webhookId, id: params.deliveryId }),
    result: (data) => {
      if (!data.webhookDelivery) throw ApiError.of('idv_webhook_delivery_not_found', 'Webhook delivery not found');
      return { body: { data: delivery(data.webhookDelivery) } };
    },
    response: z.object({ data: deliverySchema }),
  }),
  route({
    ...base,
    method: 'post',
    path: '/idv/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery again (202; the worker sends it after earlier pending deliveries of the same session)',
    document: RedeliverWebhookDeliveryDocument,
    variables: ({ params }) => ({ d: params.webhookId, id: params.deliveryId }),
    result: (data) => ({ body: { data: delivery(data.redeliverWebhookDelivery) } }),
    successStatus: 202,
    response: z.object({ data: deliverySchema }),
  }),
];
