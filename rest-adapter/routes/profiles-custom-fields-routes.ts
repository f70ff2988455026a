// Custom field definitions: /tenant-config/v1/profile-custom-fields, envelope {msg, status, result}.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { definitionSchema, includeArchivedQuery } from './profiles-mapping';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import {
  type CreateProfileCustomFieldDefinitionInput,
  type UpdateProfileCustomFieldDefinitionInput,
  ArchiveDefinitionDocument,
  CreateDefinitionDocument,
  DefinitionDocument,
  DefinitionsDocument,
  RestoreDefinitionDocument,
  UpdateDefinitionDocument,
} from '../operations/operations.generated';

const TYPES = ['text', 'number', 'date', 'boolean', 'enum', 'json'] as const;
const option = z.strictObject({ value: z.string().min(1).max(200), label: z.string().min(1).max(200) });

const createBody = z.strictObject({
  key: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must match ^[a-z][a-z0-9_]{0,63}$')
    .optional(),
  label: z.string().min(1).max(200),
  type: z.enum(TYPES),
  required: z.boolean().optional(),
  priority: z.number().int().min(0).max(1_000_000).optional(),
  options: z.array(option).max(500).optional(),
});

const updateBody = z.strictObject({
  label: z.string().min(1).max(200).optional(),
  required: z.boolean().optional(),
  priority: z.number().int().min(0).max(1_000_000).optional(),
  options: z.array(option).max(500).optional(),
});

function notFound(): ApiError {
  return ApiError.of('custom_field_definition_not_found', 'Custom field definition not found');
}

const BASE = '/tenant-config/v1/profile-custom-fields';

export const profileCustomFieldRoutes: Route[] = [
  route({
    method: 'get',
    path: BASE,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'List custom field definitions (priority order; archived ones only with includeArchived=true)',
    response: z.object({ customFields: z.array(definitionSchema) }),
    credentials: MANAGEMENT_CREDENTIALS,
    query: includeArchivedQuery,
    document: DefinitionsDocument,
    variables: ({ query }) => ({ includeArchived: query.includeArchived === 'true' }),
    result: (data) => ({ body: { customFields: data.profileCustomFieldDefinitions.nodes } }),
  }),
  route({
    method: 'post',
    path: BASE,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Define a custom field (key supplied or generated from the label; key and type are immutable)',
    response: z.object({ customField: definitionSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: createBody,
    document: CreateDefinitionDocument,
    variables: ({ body }) => ({ input: body as CreateProfileCustomFieldDefinitionInput }),
    result: (data) => ({ body: { customField: data.createProfileCustomFieldDefinition } }),
    successStatus: 201,
  }),
  route({
    method: 'get',
    path: `${BASE}/:key`,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Read a custom field definition (archived ones too)',
    response: z.object({ customField: definitionSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: DefinitionDocument,
    variables: ({ params }) => ({ key: params.key }),
    result: (data) => {
      if (!data.profileCustomFieldDefinition) throw notFound();
      return { body: { customField: data.profileCustomFieldDefinition } };
    },
  }),
  route({
    method: 'patch',
    path: `${BASE}/:key`,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Update label, priority, required or options (saved option values must stay: 409 custom_field_option_immutable)',
    response: z.object({ customField: definitionSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateBody,
    document: UpdateDefinitionDocument,
    variables: ({ params, body }) => ({ key: params.key, input: body as UpdateProfileCustomFieldDefinitionInput }),
    result: (data) => ({ body: { customField: data.updateProfileCustomFieldDefinition } }),
  }),
  route({
    method: 'post',
    path: `${BASE}/:key/archive`,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Archive a custom field definition (stored values are kept and no longer emitted)',
    response: z.object({ customField: definitionSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: ArchiveDefinitionDocument,
    variables: ({ params }) => ({ key: params.key }),
    result: (data) => ({ body: { customField: data.archiveProfileCustomFieldDefinition } }),
  }),
  route({
    method: 'post',
    path: `${BASE}/:key/restore`,
    area: 'clm',
    tag: 'Profile custom fields',
    summary: 'Restore an archived custom field definition (its stored values are emitted again)',
    response: z.object({ customField: definitionSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: RestoreDefinitionDocument,
    variables: ({ params }) => ({ key: params.key }),
    result: (data) => ({ body: { customField: data.restoreProfileCustomFieldDefinition } }),
  }),
];
