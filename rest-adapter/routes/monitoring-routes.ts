// Ongoing monitoring under /v1/monitoring: alerts (list, read, acknowledge) and a
// profile's monitoring state, snake_case like the other /v1 screening routes, mapped onto the
// screening subgraph's monitoring operations.
import { z } from 'zod';
import { offsetCursor } from '../../platform/graphql/paging';
import { ApiError } from '../http/api-error';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import { feedName } from './screening-mapping';
import {
  type AlertFieldsFragment,
  type ListedValuesFieldsFragment,
  type ListVersionFieldsFragment,
  type MonitoringAlertQuery,
  MonitoringListedFieldValues,
  MonitoringListingChangeKindValues,
  AcknowledgeMonitoringAlertDocument,
  MonitoredProfileDocument,
  MonitoringAlertDocument,
  MonitoringAlertStatusValues,
  MonitoringAlertsDocument,
  MonitoringTriggerValues,
} from '../operations/operations.generated';

function restAlert(alert: AlertFieldsFragment) {
  return {
    id: alert.id,
    profile_id: alert.profileId,
    run_id: alert.runId,
    trigger: alert.trigger,
    search_id: alert.searchId,
    status: alert.status,
    match_count: alert.matchCount,
    entity_refs: alert.entityRefs,
    created_at: alert.createdAt,
    acknowledged_at: alert.acknowledgedAt,
    acknowledged_by: alert.acknowledgedBy,
    note: alert.note,
  };
}

const alertSchema = z.object({
  id: z.string(),
  profile_id: z.string(),
  run_id: z.string(),
  trigger: z.enum(MonitoringTriggerValues),
  search_id: z.string(),
  status: z.enum(MonitoringAlertStatusValues),
  match_count: z.number().int(),
  entity_refs: z.array(z.string()),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  note: z.string().nullable(),
});

type Change = NonNullable<MonitoringAlertQuery['monitoringAlert']>['changes'][number];

function restVersion(version: ListVersionFieldsFragment) {
  return { id: version.id, source: version.source, seq: version.seq, label: version.label, imported_at: version.importedAt };
}

function restValues(values: ListedValuesFieldsFragment) {
  return {
    names: values.names,
    entity_type: values.entityType,
    gender: values.gender,
    birth_dates: values.birthDates,
    nationalities: values.nationalities,
    countries: values.countries,
    identifiers: values.identifiers,
    addresses: values.addresses,
    programs: values.programs,
    listed_on: values.listedOn,
    remarks: values.remarks,
    feeds: values.feeds.map(feedName),
    source_urls: values.sourceUrls,
  };
}

/** What the list update changed per matched entity (the single alert's read only: the list stays lean). */
function restChange(change: Change) {
  return {
    entity_ref: change.entityRef,
    source: change.source,
    source_id: change.sourceId,
    name: change.name,
    kind: change.kind,
    newly_matched: change.newlyMatched,
    version: restVersion(change.version),
    previous_version: change.previousVersion ? restVersion(change.previousVersion) : null,
    listed_in_version: change.listedInVersion ? restVersion(change.listedInVersion) : null,
    current: restValues(change.current),
    previous: change.previous ? restValues(change.previous) : null,
    fields: change.fields.map((field) => ({ field: field.field, added: field.added, removed: field.removed })),
  };
}

const versionSchema = z.object({
  id: z.string(),
  source: z.string(),
  seq: z.number().int(),
  label: z.string(),
  imported_at: z.string().nullable(),
});
const valuesSchema = z.object({
  names: z.array(z.string()),
  entity_type: z.string(),
  gender: z.string().nullable(),
  birth_dates: z.array(z.string()),
  nationalities: z.array(z.string()),
  countries: z.array(z.string()),
  identifiers: z.array(z.string()),
  addresses: z.array(z.string()),
  programs: z.array(z.string()),
  listed_on: z.string().nullable(),
  remarks: z.string().nullable(),
  feeds: z.array(z.string()),
  source_urls: z.array(z.string()),
});
const changeSchema = z.object({
  entity_ref: z.string(),
  source: z.string(),
  source_id: z.string(),
  name: z.string(),
  kind: z.enum(MonitoringListingChangeKindValues),
  newly_matched: z.boolean().nullable(),
  version: versionSchema,
  previous_version: versionSchema.nullable(),
  listed_in_version: versionSchema.nullable(),
  current: valuesSchema,
  previous: valuesSchema.nullable(),
  fields: z.array(z.object({ field: z.enum(MonitoringListedFieldValues), added: z.array(z.string()), removed: z.array(z.string()) })),
});

const listQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a positive integer')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer from 1 to 100')
    .optional(),
  status: z.enum(MonitoringAlertStatusValues).optional(),
  profile_id: z.string().min(1).max(64).optional(),
});

function pageOf(query: Record<string, unknown>): { page: number; limit: number } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(page) || page < 1) throw ApiError.of('schema_validation_failed', 'page: must be a positive integer');
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw ApiError.of('schema_validation_failed', 'limit: must be an integer from 1 to 100');
  return { page, limit };
}

const notFound = () => ApiError.of('monitoring_alert_not_found', 'Monitoring alert not found');

export const monitoringRoutes: Route[] = [
  route({
    method: 'get',
    path: '/v1/monitoring/alerts',
    area: 'clm',
    tag: 'Screening monitoring',
    summary: 'Monitoring alerts of the workspace, newest first (filters status, profile_id; page/limit, default 20, max 100)',
    credentials: MANAGEMENT_CREDENTIALS,
    query: listQuery,
    response: z.object({
      alerts: z.array(alertSchema),
      pagination: z.object({
        page: z.number(),
        limit: z.number(),
        total_count: z.number(),
        total_pages: z.number(),
        has_next: z.boolean(),
        has_prev: z.boolean(),
      }),
    }),
    document: MonitoringAlertsDocument,
    variables: ({ query }) => {
      const { page, limit } = pageOf(query);
      const q = query as z.infer<typeof listQuery>;
      return {
        first: limit,
        after: page > 1 ? offsetCursor((page - 1) * limit) : null,
        status: q.status ?? null,
        profileId: q.profile_id ?? null,
      };
    },
    result: (data, { query }) => {
      const { page, limit } = pageOf(query);
      const total = data.monitoringAlerts.totalCount ?? 0;
      const totalPages = Math.ceil(total / limit);
      return {
        body: {
          alerts: data.monitoringAlerts.nodes.map(restAlert),
          pagination: { page, limit, total_count: total, total_pages: totalPages, has_next: page < totalPages, has_prev: page > 1 },
        },
      };
    },
  }),
  route({
    method: 'get',
    path: '/v1/monitoring/alerts/:alertId',
    area: 'clm',
    tag: 'Screening monitoring',
    summary:
      'One monitoring alert with what the list update changed per matched entity (`changes`: new, changed with a field-level diff, or unchanged); 404 monitoring_alert_not_found when absent in the workspace',
    credentials: MANAGEMENT_CREDENTIALS,
    response: z.object({ alert: alertSchema.extend({ changes: z.array(changeSchema) }) }),
    document: MonitoringAlertDocument,
    variables: ({ params }) => ({ id: params.alertId }),
    result: (data) => {
      if (!data.monitoringAlert) throw notFound();
      return { body: { alert: { ...restAlert(data.monitoringAlert), changes: data.monitoringAlert.changes.map(restChange) } } };
    },
  }),
  route({
    method: 'post',
    path: '/v1/monitoring/alerts/:alertId/acknowledge',
    area: 'clm',
    tag: 'Screening monitoring',
    summary: 'Acknowledge a monitoring alert (open → acknowledged; again: unchanged), with an optional note (≤ 2,000 characters)',
    credentials: MANAGEMENT_CREDENTIALS,
    body: z.strictObject({ note: z.string().max(2_000).nullable().optional() }).optional(),
    response: z.object({ alert: alertSchema }),
    document: AcknowledgeMonitoringAlertDocument,
    variables: ({ params, body }) => ({
      id: params.alertId,
      input: { note: (body as { note?: string | null } | undefined)?.note ?? null },
    }),
    result: (data) => ({ body: { alert: restAlert(data.acknowledgeMonitoringAlert) } }),
  }),
  route({
    method: 'get',
    path: '/v1/monitoring/profiles/:profileId',
    area: 'clm',
    tag: 'Screening monitoring',
    summary:
      'Whether and how a profile is monitored (frequencies, last screening, next scheduled re-screen); 404 when never screened with its profile id',
    credentials: MANAGEMENT_CREDENTIALS,
    response: z.object({
      monitoring: z.object({
        profile_id: z.string(),
        sanctions_frequency: z.string(),
        pep_frequency: z.string(),
        frequencies_resolved_at: z.string().nullable(),
        last_search_id: z.string(),
        last_screened_at: z.string(),
        next_full_screen_at: z.string().nullable(),
        monitored_since: z.string(),
      }),
    }),
    document: MonitoredProfileDocument,
    variables: ({ params }) => ({ profileId: params.profileId }),
    result: (data) => {
      const m = data.monitoredProfile;
      if (!m) throw ApiError.of('profile_not_found', 'Profile not monitored (never screened with its profile id)');
      return {
        body: {
          monitoring: {
            profile_id: m.profileId,
            sanctions_frequency: m.sanctionsFrequency,
            pep_frequency: m.pepFrequency,
            frequencies_resolved_at: m.frequenciesResolvedAt,
            last_search_id: m.lastSearchId,
            last_screened_at: m.lastScreenedAt,
            next_full_screen_at: m.nextFullScreenAt,
            monitored_since: m.monitoredSince,
          },
        },
      };
    },
  }),
];
