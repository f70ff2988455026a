// Profile groups, custom field definitions and comments.
import { sliceConnection } from '../../../platform/graphql/paging';
import { ProfilesError } from '../errors';
import { createComment, getComment, listProfileComments, updateComment } from '../services/comment-service';
import { existing, profilesCreateOnce } from '../services/create-once';
import {
  createDefinition,
  getDefinition,
  listDefinitions,
  setDefinitionArchived,
  updateDefinitionByKey,
} from '../services/definition-service';
import { connectionWindow } from '../services/deps';
import { archiveGroup, createGroup, FeedFrequencies, getGroup, listGroups, updateGroupById } from '../services/group-service';
import type { ProfileGroupFeedFrequenciesInput, Resolvers, UpdateProfileGroupInput } from './resolver-types.generated';

/** GraphQL spells the feeds in camelCase (sanctions, pep, news); the service and REST use the feed names. */
function toServiceFrequencies(input: ProfileGroupFeedFrequenciesInput | null | undefined): FeedFrequencies | null | undefined {
  if (input === null || input === undefined) return input;
  return { Sanctions: input.sanctions ?? undefined, PEP: input.pep ?? undefined, News: input.news ?? undefined };
}

function toServiceGroupInput<T extends UpdateProfileGroupInput>(input: T) {
  const { monitoringFeedFrequencies, ...rest } = input;
  return Object.hasOwn(input, 'monitoringFeedFrequencies')
    ? { ...rest, monitoringFeedFrequencies: toServiceFrequencies(monitoringFeedFrequencies) }
    : rest;
}

export const managementResolvers = {
  Query: {
    profileComments: async (_, args, ctx) => listProfileComments(ctx.deps, ctx.scope, await ctx.profileLoader.load(args.profileId), args),
    profileGroups: async (_, args, ctx) => {
      const window = connectionWindow(args, 'profile_group_validation_failed', 'all');
      return sliceConnection(await listGroups(ctx.deps, ctx.scope, args.includeArchived ?? false), window.skip, window.take);
    },
    profileGroup: (_, args, ctx) => getGroup(ctx.deps, ctx.scope, args.id),
    profileCustomFieldDefinitions: async (_, args, ctx) => {
      const window = connectionWindow(args, 'custom_field_definition_invalid', 'all');
      return sliceConnection(await listDefinitions(ctx.deps, ctx.scope, args.includeArchived ?? false), window.skip, window.take);
    },
    profileCustomFieldDefinition: (_, args, ctx) => getDefinition(ctx.deps, ctx.scope, args.key),
  },
  Mutation: {
    createProfileComment: (_, args, ctx, info) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createComment(ctx.deps, ctx.scope, ctx.principal, args.profileId, args.input, record),
        replay: (id) =>
          existing(getComment(ctx.deps, ctx.scope, args.profileId, id), () => new ProfilesError('comment_not_found', 'Comment not found')),
      }),
    updateProfileComment: (_, args, ctx) => updateComment(ctx.deps, ctx.scope, ctx.principal, args.profileId, args.commentId, args.input),
    createProfileGroup: (_, args, ctx, info) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createGroup(ctx.deps, ctx.scope, toServiceGroupInput(args.input), ctx, record),
        replay: (id) =>
          existing(getGroup(ctx.deps, ctx.scope, id), () => new ProfilesError('profile_group_not_found', 'Profile group not found')),
      }),
    updateProfileGroup: (_, args, ctx) => updateGroupById(ctx.deps, ctx.scope, args.id, toServiceGroupInput(args.input), ctx),
    archiveProfileGroup: (_, args, ctx) => archiveGroup(ctx.deps, ctx.scope, args.id, ctx),
    createProfileCustomFieldDefinition: (_, args, ctx, info) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createDefinition(ctx.deps, ctx.scope, args.input, ctx, record),
        replay: (key) =>
          existing(
            getDefinition(ctx.deps, ctx.scope, key),
            () => new ProfilesError('custom_field_definition_not_found', 'Custom field definition not found'),
          ),
      }),
    updateProfileCustomFieldDefinition: (_, args, ctx) => updateDefinitionByKey(ctx.deps, ctx.scope, args.key, args.input, ctx),
    archiveProfileCustomFieldDefinition: (_, args, ctx) => setDefinitionArchived(ctx.deps, ctx.scope, args.key, true, ctx),
    restoreProfileCustomFieldDefinition: (_, args, ctx) => setDefinitionArchived(ctx.deps, ctx.scope, args.key, false, ctx),
  },
  ProfileGroup: {
    archived: (group) => group.archivedAt !== null,
    monitoringFeedFrequencies: (group) => group.monitoringFeedFrequencies as FeedFrequencies | null,
  },
  ProfileGroupFeedFrequencies: {
    sanctions: (stored) => stored.Sanctions ?? null,
    pep: (stored) => stored.PEP ?? null,
    news: (stored) => stored.News ?? null,
  },
} satisfies Resolvers;
