import type { GraphQLResolveInfo } from 'graphql';
import { ProfilesContext } from '../context';
import { ProfilesError } from '../errors';
import { existing, profilesCreateOnce } from '../services/create-once';
import { viewCustomFields } from '../services/custom-field-rules';
import { dateOfBirthOf } from '../services/date-of-birth';
import { requestErasure } from '../services/erasure-service';
import { createProfile, CreateProfileInput, listProfilePage, ProfileRecord, updateProfile, UpdateProfileInput } from '../services/profile-service';

type PageArgs = { first?: number | null; after?: string | null };

export const profileResolvers = {
  Query: {
    viewer: (_: unknown, __: unknown, ctx: ProfilesContext) => ctx.principal,
    profile: (_: unknown, args: { id: string }, ctx: ProfilesContext) => ctx.profileLoader.load(args.id),
    profiles: (_: unknown, args: PageArgs & { profileGroupIds?: string[] | null }, ctx: ProfilesContext) => listProfilePage(ctx.deps, ctx.scope, args),
  },
  Mutation: {
    createProfile: (_: unknown, args: { input: CreateProfileInput }, ctx: ProfilesContext, info: GraphQLResolveInfo) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) => createProfile(ctx.deps, ctx.scope, args.input, record && (async (tx, profile) => (await record(tx, profile.id), profile))),
        replay: (id) => existing(ctx.profileLoader.load(id), () => new ProfilesError('profile_not_found', 'Profile not found')),
      }),
    updateProfile: (_: unknown, args: { id: string; input: UpdateProfileInput }, ctx: ProfilesContext) => updateProfile(ctx.deps, ctx.scope, args.id, args.input),
    requestProfileErasure: (_: unknown, args: { id: string; input?: { reason?: string | null } | null }, ctx: ProfilesContext) =>
      requestErasure(ctx.deps, ctx.scope, ctx.principal, args.id, { reason: args.input?.reason, requestId: ctx.requestId }),
  },
  // Timestamps leave as Date objects: the DateTime scalar prints them.
  Profile: {
    __resolveReference: (ref: { id: string }, ctx: ProfilesContext) => ctx.profileLoader.load(ref.id),
    erasureClaimed: (profile: ProfileRecord) => profile.erasureClaimedAt !== null,
    profileCustomFields: async (profile: ProfileRecord, _: unknown, ctx: ProfilesContext) => {
      const values = await ctx.customFieldValuesLoader.load(profile.id);
      if (values.length === 0) return null;
      return viewCustomFields(await ctx.readDefinitions(), values);
    },
    dateOfBirth: async (profile: ProfileRecord, _: unknown, ctx: ProfilesContext) =>
      dateOfBirthOf(await ctx.readDefinitions(), await ctx.customFieldValuesLoader.load(profile.id)),
    profileGroupIds: (profile: ProfileRecord, _: unknown, ctx: ProfilesContext) => ctx.groupIdsLoader.load(profile.id),
  },
};
