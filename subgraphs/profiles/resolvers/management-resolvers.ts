// Profile groups, custom field definitions and comments.
import { sliceConnection } from '../../../platform/graphql/paging';
import type { GraphQLResolveInfo } from 'graphql';
import { ProfilesContext } from '../context';
import { ProfilesError } from '../errors';
import { createComment, getComment, listProfileComments, updateComment } from '../services/comment-service';
import { existing, profilesCreateOnce } from '../services/create-once';
import {
  createDefinition,
  CreateDefinitionInput,
  getDefinition,
  listDefinitions,
  setDefinitionArchived,
  updateDefinitionByKey,
  UpdateDefinitionInput,
} from '../services/definition-service';
import { connectionWindow } from '../services/deps';
import { archiveGroup, createGroup, FeedFrequencies, getGroup, listGroups, ProfileGroupRecord, updateGroupById } from '../services/group-service';

type PageArgs = { first?: number | null; after?: string | null };

/** GraphQL spells the feeds in camelCase (sanctions, pep, news); the service and REST use the feed names. */
interface FrequenciesInput {
  sanctions?: string | null;
  pep?: string | null;
  news?: string | null;
}

interface GroupInput {
  name?: string;
  description?: string | null;
  priority?: number | null;
  monitoringFeedFrequencies?: FrequenciesInput | null;
}

function toServiceFrequencies(input: FrequenciesInput | null | undefined): FeedFrequencies | null | undefined {
  if (input === null || input === undefined) return input;
  return { Sanctions: input.sanctions ?? undefined, PEP: input.pep ?? undefined, News: input.news ?? undefined };
}

function toServiceGroupInput<T extends GroupInput>(input: T) {
  const { monitoringFeedFrequencies, ...rest } = input;
  return Object.hasOwn(input, 'monitoringFeedFrequencies') ? { ...rest, monitoringFeedFrequencies: toServiceFrequencies(monitoringFeedFrequencies) } : rest;
}

export const managementResolvers = {
  Query: {
    profileComments: (_: unknown, args: PageArgs & { profileId: string }, ctx: ProfilesContext) => listProfileComments(ctx.deps, ctx.scope, args.profileId, args),
    profileGroups: async (_: unknown, args: PageArgs & { includeArchived?: boolean | null }, ctx: ProfilesContext) => {
      const window = connectionWindow(args, 'profile_group_validation_failed', 'all');
      return sliceConnection(await listGroups(ctx.deps, ctx.scope, args.includeArchived ?? false), window.skip, window.take);
    },
    profileGroup: (_: unknown, args: { id: string }, ctx: ProfilesContext) => getGroup(ctx.deps, ctx.scope, args.id),
    profileCustomFieldDefinitions: async (_: unknown, args: PageArgs & { includeArchived?: boolean | null }, ctx: ProfilesContext) => {
      const window = connectionWindow(args, 'custom_field_definition_invalid', 'all');
      return sliceConnection(await listDefinitions(ctx.deps, ctx.scope, args.includeArchived ?? false), window.skip, window.take);
    },
    profileCustomFieldDefinition: (_: unknown, args: { key: string }, ctx: ProfilesContext) => getDefinition(ctx.deps, ctx.scope, args.key),
  },
  Mutation: {
    createProfileComment: (_: unknown, args: { profileId: string; input: { text: string; kind: string; matchId?: string | null } }, ctx: ProfilesContext, info: GraphQLResolveInfo) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createComment(ctx.deps, ctx.scope, ctx.principal, args.profileId, args.input, record),
        replay: (id) => existing(getComment(ctx.deps, ctx.scope, args.profileId, id), () => new ProfilesError('comment_not_found', 'Comment not found')),
      }),
    updateProfileComment: (_: unknown, args: { profileId: string; commentId: string; input: { text: string; version?: number | null } }, ctx: ProfilesContext) =>
      updateComment(ctx.deps, ctx.scope, ctx.principal, args.profileId, args.commentId, args.input),
    createProfileGroup: (_: unknown, args: { input: GroupInput & { name: string } }, ctx: ProfilesContext, info: GraphQLResolveInfo) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createGroup(ctx.deps, ctx.scope, toServiceGroupInput(args.input), record),
        replay: (id) => existing(getGroup(ctx.deps, ctx.scope, id), () => new ProfilesError('profile_group_not_found', 'Profile group not found')),
      }),
    updateProfileGroup: (_: unknown, args: { id: string; input: GroupInput }, ctx: ProfilesContext) => updateGroupById(ctx.deps, ctx.scope, args.id, toServiceGroupInput(args.input)),
    archiveProfileGroup: (_: unknown, args: { id: string }, ctx: ProfilesContext) => archiveGroup(ctx.deps, ctx.scope, args.id),
    createProfileCustomFieldDefinition: (_: unknown, args: { input: CreateDefinitionInput }, ctx: ProfilesContext, info: GraphQLResolveInfo) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createDefinition(ctx.deps, ctx.scope, args.input, ctx.principal.actorId, record),
        replay: (key) => existing(getDefinition(ctx.deps, ctx.scope, key), () => new ProfilesError('custom_field_definition_not_found', 'Custom field definition not found')),
      }),
    updateProfileCustomFieldDefinition: (_: unknown, args: { key: string; input: UpdateDefinitionInput }, ctx: ProfilesContext) =>
      updateDefinitionByKey(ctx.deps, ctx.scope, args.key, args.input, ctx.principal.actorId),
    archiveProfileCustomFieldDefinition: (_: unknown, args: { key: string }, ctx: ProfilesContext) => setDefinitionArchived(ctx.deps, ctx.scope, args.key, true, ctx.principal.actorId),
    restoreProfileCustomFieldDefinition: (_: unknown, args: { key: string }, ctx: ProfilesContext) => setDefinitionArchived(ctx.deps, ctx.scope, args.key, false, ctx.principal.actorId),
  },
  ProfileGroup: {
    archived: (group: ProfileGroupRecord) => group.archivedAt !== null,
    monitoringFeedFrequencies: (group: ProfileGroupRecord) => {
      const stored = group.monitoringFeedFrequencies as FeedFrequencies | null;
      return stored ? { sanctions: stored.Sanctions ?? null, pep: stored.PEP ?? null, news: stored.News ?? null } : null;
    },
  },
};
