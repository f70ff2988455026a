// Profile groups, custom field definitions and comments.
import { ProfilesContext } from '../context';
import { CommentRecord, createComment, listProfileComments, updateComment } from '../services/comment-service';
import { FieldDefinition } from '../services/custom-field-rules';
import {
  createDefinition,
  CreateDefinitionInput,
  getDefinition,
  listDefinitions,
  setDefinitionArchived,
  updateDefinitionByKey,
  UpdateDefinitionInput,
} from '../services/definition-service';
import { archiveGroup, createGroup, CreateGroupInput, getGroup, listGroups, ProfileGroupRecord, updateGroupById, UpdateGroupInput } from '../services/group-service';

export const managementResolvers = {
  Query: {
    profileComments: (_: unknown, args: { profileId: string; page?: number | null; perPage?: number | null }, ctx: ProfilesContext) =>
      listProfileComments(ctx.deps, ctx.scope, args.profileId, args),
    profileGroups: (_: unknown, args: { includeArchived?: boolean | null }, ctx: ProfilesContext) => listGroups(ctx.deps, ctx.scope, args.includeArchived ?? false),
    profileGroup: (_: unknown, args: { id: string }, ctx: ProfilesContext) => getGroup(ctx.deps, ctx.scope, args.id),
    profileCustomFieldDefinitions: (_: unknown, args: { includeArchived?: boolean | null }, ctx: ProfilesContext) =>
      listDefinitions(ctx.deps, ctx.scope, args.includeArchived ?? false),
    profileCustomFieldDefinition: (_: unknown, args: { key: string }, ctx: ProfilesContext) => getDefinition(ctx.deps, ctx.scope, args.key),
  },
  Mutation: {
    createProfileComment: (_: unknown, args: { profileId: string; input: { text: string; kind: string; matchId?: string | null } }, ctx: ProfilesContext) =>
      createComment(ctx.deps, ctx.scope, ctx.principal, args.profileId, args.input),
    updateProfileComment: (_: unknown, args: { profileId: string; commentId: string; input: { text: string; version?: number | null } }, ctx: ProfilesContext) =>
      updateComment(ctx.deps, ctx.scope, ctx.principal, args.profileId, args.commentId, args.input),
    createProfileGroup: (_: unknown, args: { input: CreateGroupInput }, ctx: ProfilesContext) => createGroup(ctx.deps, ctx.scope, args.input),
    updateProfileGroup: (_: unknown, args: { id: string; input: UpdateGroupInput }, ctx: ProfilesContext) => updateGroupById(ctx.deps, ctx.scope, args.id, args.input),
    archiveProfileGroup: (_: unknown, args: { id: string }, ctx: ProfilesContext) => archiveGroup(ctx.deps, ctx.scope, args.id),
    createProfileCustomFieldDefinition: (_: unknown, args: { input: CreateDefinitionInput }, ctx: ProfilesContext) => createDefinition(ctx.deps, ctx.scope, args.input, ctx.principal.actorId),
    updateProfileCustomFieldDefinition: (_: unknown, args: { key: string; input: UpdateDefinitionInput }, ctx: ProfilesContext) =>
      updateDefinitionByKey(ctx.deps, ctx.scope, args.key, args.input, ctx.principal.actorId),
    archiveProfileCustomFieldDefinition: (_: unknown, args: { key: string }, ctx: ProfilesContext) => setDefinitionArchived(ctx.deps, ctx.scope, args.key, true, ctx.principal.actorId),
    restoreProfileCustomFieldDefinition: (_: unknown, args: { key: string }, ctx: ProfilesContext) => setDefinitionArchived(ctx.deps, ctx.scope, args.key, false, ctx.principal.actorId),
  },
  ProfileGroup: {
    archived: (group: ProfileGroupRecord) => group.archivedAt !== null,
    createdAt: (group: ProfileGroupRecord) => group.createdAt.toISOString(),
    updatedAt: (group: ProfileGroupRecord) => group.updatedAt.toISOString(),
  },
  ProfileCustomFieldDefinition: {
    createdAt: (definition: FieldDefinition) => definition.createdAt.toISOString(),
    updatedAt: (definition: FieldDefinition) => definition.updatedAt.toISOString(),
  },
  ProfileComment: {
    createdAt: (comment: CommentRecord) => comment.createdAt.toISOString(),
    updatedAt: (comment: CommentRecord) => comment.updatedAt.toISOString(),
  },
};
