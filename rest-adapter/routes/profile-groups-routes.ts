// Profile groups: /tenant-config/v1, envelope {msg, status, result}, x-api-key.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { groupSchema, includeArchivedQuery, toGroup } from './profiles-mapping';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import {
  type CreateProfileGroupInput,
  ArchiveGroupDocument,
  CreateGroupDocument,
  GroupDocument,
  GroupsDocument,
  UpdateGroupDocument,
} from '../operations/operations.generated';

const SANCTIONS = ['deltas', 'daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'] as const;
const PERIODIC = ['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'] as const;

const frequencies = z.strictObject({
  Sanctions: z.enum(SANCTIONS).nullish(),
  PEP: z.enum(PERIODIC).nullish(),
  News: z.enum(PERIODIC).nullish(),
});

const createGroupBody = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().max(2000).nullish(),
  priority: z.number().int().min(0).max(2_147_483_647).optional(),
  monitoringFeedFrequencies: frequencies.nullish(),
});

const updateGroupBody = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  description: z.string().max(2000).nullish(),
  priority: z.number().int().min(0).max(2_147_483_647).optional(),
  monitoringFeedFrequencies: frequencies.nullish(),
});

type GroupBody = z.infer<typeof updateGroupBody>;

/** The REST body as the GraphQL input: feed names (Sanctions, PEP, News) become camelCase fields. */
/** The GraphQL input; name is there when the create body passed its schema. */
function groupInput(body: GroupBody): CreateProfileGroupInput {
  const { monitoringFeedFrequencies: feeds, ...rest } = body;
  if (feeds === undefined) return rest as CreateProfileGroupInput;
  return {
    ...rest,
    monitoringFeedFrequencies: feeds === null ? null : { sanctions: feeds.Sanctions, pep: feeds.PEP, news: feeds.News },
  } as CreateProfileGroupInput;
}

function groupNotFound(): ApiError {
  return ApiError.of('profile_group_not_found', 'Profile group not found');
}

export const profileGroupRoutes: Route[] = [
  route({
    method: 'get',
    path: '/tenant-config/v1/profile-groups',
    area: 'clm',
    tag: 'Profile groups',
    summary: 'List profile groups (archived ones only with includeArchived=true); highest priority first',
    response: z.object({ profileGroups: z.array(groupSchema) }),
    credentials: MANAGEMENT_CREDENTIALS,
    query: includeArchivedQuery,
    document: GroupsDocument,
    variables: ({ query }) => ({ includeArchived: query.includeArchived === 'true' }),
    result: (data) => ({ body: { profileGroups: data.profileGroups.nodes.map(toGroup) } }),
  }),
  route({
    method: 'post',
    path: '/tenant-config/v1/profile-groups',
    area: 'clm',
    tag: 'Profile groups',
    summary: 'Create a profile group (its key is generated from the name)',
    response: z.object({ profileGroup: groupSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: createGroupBody,
    document: CreateGroupDocument,
    variables: ({ body }) => ({ input: groupInput(body as GroupBody) }),
    result: (data) => ({ body: { profileGroup: toGroup(data.createProfileGroup) } }),
    successStatus: 201,
  }),
  route({
    method: 'get',
    path: '/tenant-config/v1/profile-groups/:profileGroupId',
    area: 'clm',
    tag: 'Profile groups',
    summary: 'Read a profile group (archived groups too)',
    response: z.object({ profileGroup: groupSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: GroupDocument,
    variables: ({ params }) => ({ id: params.profileGroupId }),
    result: (data) => {
      if (!data.profileGroup) throw groupNotFound();
      return { body: { profileGroup: toGroup(data.profileGroup) } };
    },
  }),
  route({
    method: 'patch',
    path: '/tenant-config/v1/profile-groups/:profileGroupId',
    area: 'clm',
    tag: 'Profile groups',
    summary: 'Update name, description, priority or monitoringFeedFrequencies (replaced as a whole; null removes the overrides)',
    response: z.object({ profileGroup: groupSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    body: updateGroupBody,
    document: UpdateGroupDocument,
    variables: ({ params, body }) => ({ id: params.profileGroupId, input: groupInput(body as GroupBody) }),
    result: (data) => ({ body: { profileGroup: toGroup(data.updateProfileGroup) } }),
  }),
  route({
    method: 'delete',
    path: '/tenant-config/v1/profile-groups/:profileGroupId',
    area: 'clm',
    tag: 'Profile groups',
    summary: 'Archive a profile group (never deleted; its id stays on profiles)',
    response: z.object({ profileGroup: groupSchema }),
    credentials: MANAGEMENT_CREDENTIALS,
    document: ArchiveGroupDocument,
    variables: ({ params }) => ({ id: params.profileGroupId }),
    result: (data) => ({ body: { profileGroup: toGroup(data.archiveProfileGroup) } }),
  }),
];
