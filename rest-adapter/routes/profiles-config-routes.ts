// Workspace configuration of the profiles area under /tenant-config/v1, envelope {msg, status, result}:
// the monitoring default that profile groups inherit, and custom field definition history/rollback.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { offsetCursor } from '../../platform/graphql/paging';
import { definitionSchema, pageMetaSchema, pageQuery } from './profiles-mapping';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import {
  type RollbackProfileCustomFieldDefinitionInput,
  DefinitionRevisionsDocument,
  MonitoringDefaultDocument,
  RollbackDefinitionDocument,
  UpdateMonitoringDefaultDocument,
} from '../operations/operations.generated';

const SANCTIONS = ['deltas', 'daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'] as const;
const PERIODIC = ['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'] as const;

const monitoringDefaultSchema = z.object({
  monitoringFeedFrequencies: z.object({ Sanctions: z.enum(SANCTIONS), PEP: z.enum(PERIODIC), News: z.enum(PERIODIC) }),
  customized: z.boolean().describe('false while the built-in default applies (Sanctions daily, PEP weekly, News weekly)'),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

const updateMonitoringDefaultBody = z.strictObject({
  monitoringFeedFrequencies: z.strictObject({
    Sanctions: z.enum(SANCTIONS).nullish(),
    PEP: z.enum(PERIODIC).nullish(),
    News: z.enum(PERIODIC).nullish(),
  }),
});

const revisionSchema = z.object({
  revision: z.number().int(),
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  priority: z.number().int(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  archived: z.boolean(),
  change: z.enum(['create', 'update', 'archive', 'restore', 'rollback']),
  rolledBackTo: z.number().int().nullable(),
  actorId: z.string().nullable(),
  createdAt: z.string(),
});

const rollbackBody = z.strictObject({ revision: z.number().int().min(1) });

const DEFINITIONS = '/tenant-config/v1/profile-custom-fields';

/** REST names feeds as the spec does (Sanctions, PEP, News); GraphQL fields are camelCase. Omitted keys stay omitted. */
function toGraphqlFeedKeys(frequencies: Record<string, string | null | undefined>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [feed, key] of [
    ['Sanctions', 'sanctions'],
    ['PEP', 'pep'],
    ['News', 'news'],
  ])
    if (Object.hasOwn(frequencies, feed)) out[key] = frequencies[feed] ?? null;
  return out;
}

export const profileConfigRoutes: Route[] = [
  route({
    method: 'get',
    path: '/tenant-config/v1/monitoring-default',
    area: 'clm',
    tag: 'Monitoring',
    summary: 'Read the workspace monitoring frequencies that profile groups inherit for the feeds they do not override',
    response: z.object({ monitoringDefault: monitoringDefaultSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: MonitoringDefaultDocument,
    variables: () => ({}),
    result: (data) => ({ body: { monitoringDefault: data.workspaceMonitoringDefault } }),
  }),
  route({
    method: 'patch',
    path: '/tenant-config/v1/monitoring-default',
    area: 'clm',
    tag: 'Monitoring',
    summary: 'Change the workspace monitoring frequencies (supplied feeds change, omitted keep, null returns to the built-in default)',
    response: z.object({ monitoringDefault: monitoringDefaultSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateMonitoringDefaultBody,
    document: UpdateMonitoringDefaultDocument,
    variables: ({ body }) => ({
      input: {
        monitoringFeedFrequencies: toGraphqlFeedKeys((body as z.infer<typeof updateMonitoringDefaultBody>).monitoringFeedFrequencies),
      },
    }),
    result: (data) => ({ body: { monitoringDefault: data.updateWorkspaceMonitoringDefault } }),
  }),
  route({
    method: 'get',
    path: `${DEFINITIONS}/:key/revisions`,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Revision history of a custom field definition, newest first (page, perPage)',
    response: z.object({ revisions: z.array(revisionSchema), meta: pageMetaSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    query: z.object(pageQuery),
    document: DefinitionRevisionsDocument,
    variables: ({ params, query }) => {
      const page = (query.page as number | undefined) ?? 1;
      const perPage = (query.perPage as number | undefined) ?? 20;
      return { key: params.key, first: perPage, after: page > 1 ? offsetCursor((page - 1) * perPage) : null };
    },
    result: (data, { query }) => {
      const connection = data.profileCustomFieldDefinitionRevisions;
      if (!connection) throw ApiError.of('custom_field_definition_not_found', 'Custom field definition not found');
      const meta = {
        page: (query.page as number | undefined) ?? 1,
        perPage: (query.perPage as number | undefined) ?? 20,
        total: connection.totalCount,
      };
      return { body: { revisions: connection.nodes, meta } };
    },
  }),
  route({
    method: 'post',
    path: `${DEFINITIONS}/:key/rollback`,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Roll a definition back to an earlier revision (409 custom_field_option_immutable when that would omit a saved option value)',
    response: z.object({ customField: definitionSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: rollbackBody,
    document: RollbackDefinitionDocument,
    variables: ({ params, body }) => ({ key: params.key, input: body as RollbackProfileCustomFieldDefinitionInput }),
    result: (data) => ({ body: { customField: data.rollbackProfileCustomFieldDefinition } }),
  }),
];
