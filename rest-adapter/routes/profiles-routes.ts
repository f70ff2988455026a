// Profiles area: /clm/v1, envelope {msg, status, result}, x-api-key.
import { z } from 'zod';
import { stringifyLossless } from '../http/lossless-json';
import {
  commentSchema,
  meta,
  pageWindow,
  pageMetaSchema,
  pageQuery,
  PROFILE_CREDENTIALS,
  profileNotFound,
  profileSchema,
  toComment,
  toProfile,
} from './profiles-mapping';
import { route, Route } from './route';
import {
  type CreateProfileCommentInput,
  type CreateProfileInput,
  CommentsDocument,
  CreateCommentDocument,
  CreateProfileDocument,
  EraseDocument,
  ProfileDocument,
  ProfilesDocument,
  UpdateCommentDocument,
  UpdateProfileDocument,
} from '../operations/operations.generated';

/** Custom field values keyed by definition key; values are checked by the profiles service. */
const customFieldsBody = z.record(z.string(), z.unknown());
const groupIdsBody = z.array(z.string().min(1).max(100)).max(100);

export const createProfileBody = z.strictObject({
  name: z.string().min(1).max(500),
  kind: z.string().min(1).max(100),
  email: z.email().nullish(),
  profileCustomFields: customFieldsBody.optional(),
  profileGroupIds: groupIdsBody.optional(),
});

const updateProfileBody = z.strictObject({
  name: z.string().min(1).max(500).optional(),
  kind: z.string().min(1).max(100).optional(),
  email: z.email().nullish(),
  profileCustomFields: customFieldsBody.optional(),
  profileGroupIds: groupIdsBody.optional(),
});

/** GraphQL input from a REST body: only supplied keys; each custom field value as exact JSON text
 * (null clears the key). */
export function profileInput(body: Record<string, unknown>): CreateProfileInput {
  const input: Record<string, unknown> = {};
  for (const key of ['name', 'kind', 'email', 'profileGroupIds'] as const)
    if (Object.hasOwn(body, key) && body[key] !== undefined) input[key] = body[key];
  if (body.profileCustomFields !== undefined) {
    input.profileCustomFields = Object.entries(body.profileCustomFields as Record<string, unknown>).map(([key, value]) => ({
      key,
      value: value === null ? null : stringifyLossless(value),
    }));
  }
  // name and kind are there when the create body passed its schema (an update sends what it has).
  return input as CreateProfileInput;
}

const commentBody = z.strictObject({
  text: z.string().min(1).max(10_000),
  kind: z.enum(['profile', 'match']),
  matchId: z.string().min(1).max(200).nullish(),
});

const updateCommentBody = z.strictObject({
  text: z.string().min(1).max(10_000),
  _v: z.number().int().min(0).optional(),
});

const erasureBody = z.strictObject({ reason: z.string().max(1000).optional() }).optional();

const listQuery = z.object({ ...pageQuery, profile_group_ids: z.string().max(10_000).optional() });

export const profileRoutes: Route[] = [
  route({
    method: 'post',
    path: '/clm/v1/profiles',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Create a profile (without screening)',
    response: z.object({ profile: profileSchema }),
    credentials: PROFILE_CREDENTIALS,
    body: createProfileBody,
    document: CreateProfileDocument,
    variables: ({ body }) => ({ input: profileInput(body as Record<string, unknown>) }),
    result: (data) => ({ body: { profile: toProfile(data.createProfile) } }),
    successStatus: 201,
  }),
  route({
    method: 'get',
    path: '/clm/v1/profiles',
    area: 'clm',
    tag: 'Profiles',
    summary: 'List profiles (newest first); profile_group_ids filters to profiles in any of the groups',
    response: z.object({ profiles: z.array(profileSchema), meta: pageMetaSchema }),
    credentials: PROFILE_CREDENTIALS,
    query: listQuery,
    document: ProfilesDocument,
    variables: ({ query }) => {
      const ids =
        typeof query.profile_group_ids === 'string'
          ? query.profile_group_ids
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean)
          : [];
      return { profileGroupIds: ids.length ? ids : undefined, ...pageWindow(query) };
    },
    result: (data, { query }) => ({ body: { profiles: data.profiles.nodes.map(toProfile), meta: meta(query, data.profiles) } }),
  }),
  route({
    method: 'get',
    path: '/clm/v1/profiles/:profileId',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Read a profile',
    response: z.object({ profile: profileSchema }),
    credentials: PROFILE_CREDENTIALS,
    document: ProfileDocument,
    variables: ({ params }) => ({ id: params.profileId }),
    result: (data) => {
      if (!data.profile) throw profileNotFound();
      return { body: { profile: toProfile(data.profile) } };
    },
  }),
  route({
    method: 'patch',
    path: '/clm/v1/profiles/:profileId',
    area: 'clm',
    tag: 'Profiles',
    summary:
      'Update a profile: only supplied fields change; profileCustomFields updates supplied keys (null clears one); profileGroupIds replaces',
    response: z.object({ profile: profileSchema }),
    credentials: PROFILE_CREDENTIALS,
    body: updateProfileBody,
    document: UpdateProfileDocument,
    variables: ({ params, body }) => ({ id: params.profileId, input: profileInput(body as Record<string, unknown>) }),
    result: (data) => ({ body: { profile: toProfile(data.updateProfile) } }),
  }),
  route({
    method: 'post',
    path: '/clm/v1/profiles/:profileId/comments',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Comment on a profile (kind profile) or on one of its matches (kind match, matchId optional)',
    response: z.object({ comment: commentSchema }),
    credentials: PROFILE_CREDENTIALS,
    body: commentBody,
    document: CreateCommentDocument,
    variables: ({ params, body }) => ({ profileId: params.profileId, input: body as CreateProfileCommentInput }),
    result: (data) => ({ body: { comment: toComment(data.createProfileComment) } }),
    successStatus: 201,
  }),
  route({
    method: 'get',
    path: '/clm/v1/profiles/:profileId/comments',
    area: 'clm',
    tag: 'Profiles',
    summary: "List a profile's comments (oldest first)",
    response: z.object({ comments: z.array(commentSchema), meta: pageMetaSchema }),
    credentials: PROFILE_CREDENTIALS,
    query: z.object(pageQuery),
    document: CommentsDocument,
    variables: ({ params, query }) => ({ profileId: params.profileId, ...pageWindow(query) }),
    result: (data, { query }) => {
      if (!data.profileComments) throw profileNotFound();
      return { body: { comments: data.profileComments.nodes.map(toComment), meta: meta(query, data.profileComments) } };
    },
  }),
  route({
    method: 'patch',
    path: '/clm/v1/profiles/:profileId/comments/:commentId',
    area: 'clm',
    tag: 'Profiles',
    summary: 'Edit a comment (text); _v, when given, must match the current version',
    response: z.object({ comment: commentSchema }),
    credentials: PROFILE_CREDENTIALS,
    body: updateCommentBody,
    document: UpdateCommentDocument,
    variables: ({ params, body }) => {
      const input = body as { text: string; _v?: number };
      return { profileId: params.profileId, commentId: params.commentId, input: { text: input.text, version: input._v } };
    },
    result: (data) => ({ body: { comment: toComment(data.updateProfileComment) } }),
  }),
  route({
    method: 'post',
    path: '/clm/v1/profiles/:profileId/erasure',
    area: 'clm',
    tag: 'Profiles',
    summary: "Erase a profile's personal data (GDPR): claims the profile, then erases name, email, custom field values and comment texts",
    response: z.object({
      erasure: z.object({ profileId: z.string(), status: z.literal('completed'), claimedAt: z.string(), erasedAt: z.string() }),
      profile: profileSchema,
    }),
    credentials: PROFILE_CREDENTIALS,
    body: erasureBody,
    document: EraseDocument,
    variables: ({ params, body }) => ({ id: params.profileId, input: { reason: (body as { reason?: string } | undefined)?.reason } }),
    result: (data) => {
      const erasure = data.requestProfileErasure;
      return {
        body: {
          erasure: { profileId: erasure.profile.id, status: erasure.status, claimedAt: erasure.claimedAt, erasedAt: erasure.erasedAt },
          profile: toProfile(erasure.profile),
        },
      };
    },
  }),
];
