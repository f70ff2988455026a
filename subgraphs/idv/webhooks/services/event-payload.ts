// What a webhook carries: ids, states and outcomes, never personal data. The outbox payload is
// filtered to an allow-list of fields; `meta` repeats them as strings (for the kind idv every
// meta value is a string: booleans and numbers arrive quoted, lists comma-joined).

export const WEBHOOK_KINDS = ['idv', 'profile'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** Every event a destination can receive, in the order events of one transaction are emitted. */
export const WEBHOOK_EVENT_TYPES = [
  'idv.document.captured',
  'idv.session.completed',
  'idv.session.approved',
  'idv.session.requires_review',
  'idv.session.failed',
  'profile_status_updated',
  'profile_onboarding.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const RANK: Record<string, number> = {
  'idv.document.captured': 0,
  'idv.session.completed': 1,
  'idv.session.approved': 2,
  'idv.session.requires_review': 2,
  'idv.session.failed': 2,
  profile_status_updated: 3,
  'profile_onboarding.completed': 4,
};

export function eventRank(type: string): number {
  return RANK[type] ?? 5;
}

/** The kind of an interface event; null for every other (internal) event, which is never delivered. */
export function kindOf(type: string): WebhookKind | null {
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) return null;
  if (type.startsWith('idv.')) return 'idv';
  if (type === 'profile_status_updated' || type.startsWith('profile_onboarding.')) return 'profile';
  return null;
}

/** Fields a payload may carry (ids, states, outcomes, timestamps). */
const ALLOWED_FIELDS = [
  'session_id',
  'profile_id',
  'status',
  'review_status',
  'flag_categories',
  'outcome',
  'reason',
  'artifact_id',
  'artifact_kind',
  'step_id',
  'side',
  'previous_review_status',
  'new_status',
  'previous_status',
  'profile_status',
  'reviewed_at',
  'onboarding_id',
  'decided_at',
  'search_id',
  'source',
  'origin',
  'screening_status',
  'idv_status',
] as const;

export interface WebhookPayload {
  id: string;
  type: string;
  kind: WebhookKind;
  created_at: string;
  workspace_id: string;
  data: Record<string, unknown>;
  meta: Record<string, string>;
}

export function buildPayload(event: { id: string; type: string; workspaceId: string; createdAt: Date; payload: unknown }): WebhookPayload {
  const source = (event.payload && typeof event.payload === 'object' ? event.payload : {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const field of ALLOWED_FIELDS) if (source[field] !== undefined) data[field] = source[field];
  const meta: Record<string, string> = { event_type: event.type };
  for (const [key, value] of Object.entries(data)) meta[key] = metaString(value);
  return {
    id: event.id,
    type: event.type,
    kind: kindOf(event.type) ?? 'idv',
    created_at: event.createdAt.toISOString(),
    workspace_id: event.workspaceId,
    data,
    meta,
  };
}

function metaString(value: unknown): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(metaString).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  // Stored JSON: what is left is a string, a number or a boolean.
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
