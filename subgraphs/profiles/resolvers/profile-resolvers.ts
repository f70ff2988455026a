import { countPending } from '../services/four-eyes-service';
import { ProfilesError } from '../errors';
import { existing, profilesCreateOnce } from '../services/create-once';
import { viewCustomFields } from '../services/custom-field-rules';
import { dateOfBirthOf } from '../services/date-of-birth';
import { requestErasure } from '../services/erasure-service';
import { createProfile, listProfilePage, updateProfile } from '../services/profile-service';
import { listProfileComments } from '../services/comment-service';
import { countProfilesAwaitingReview, recentActivity } from '../services/home-service';
import { analyticsRefOf, fourEyesQueueAge } from '../services/analytics-service';
import { statusChangeView } from '../services/profile-status-service';
import { mightSelect } from '../../../platform/graphql/selection';
import type { Resolvers } from './resolver-types.generated';

/** Fields read from a profile's custom field values or group assignments (GET one profile selects them). */
const PROFILE_PARTS = ['profileCustomFields', 'dateOfBirth', 'profileGroupIds'];

export const profileResolvers = {
  Query: {
    viewer: (_, __, ctx) => ctx.principal,
    profile: (_, args, ctx, info) =>
      PROFILE_PARTS.some((part) => mightSelect(info, [], part)) ? ctx.loadProfileWithParts(args.id) : ctx.profileLoader.load(args.id),
    // A page that shows its profiles' group ids reads them with the page (the loader is primed).
    profiles: (_, args, ctx, info) =>
      listProfilePage(
        ctx.deps,
        ctx.scope,
        args,
        mightSelect(info, ['nodes'], 'profileGroupIds') ? (id, groupIds) => ctx.groupIdsLoader.prime(id, groupIds) : undefined,
      ),
    workQueues: (_, __, ctx) => ({ workspaceId: ctx.scope.workspaceId }),
    workspaceActivity: (_, args, ctx) => recentActivity(ctx.deps, ctx.scope, args.first),
    workspaceAnalytics: (_, args, ctx) => analyticsRefOf(ctx.scope, args.input),
  },
  // The home page's counts: each subgraph adds its own to this entity; the key is the caller's workspace.
  WorkQueues: {
    __resolveReference: (ref) => ({ workspaceId: ref.workspaceId }),
    profilesAwaitingReview: (_, __, ctx) => countProfilesAwaitingReview(ctx.deps, ctx.scope),
    fourEyesPending: (_, __, ctx) => countPending(ctx.db, ctx.scope),
  },
  // The analytics page: the key is the caller's workspace and the range; each subgraph adds its figures.
  WorkspaceAnalytics: {
    __resolveReference: (ref, ctx) => analyticsRefOf(ctx.scope, ref),
    fourEyesQueue: (_, __, ctx) => fourEyesQueueAge(ctx.db, ctx.scope),
  },
  Mutation: {
    createProfile: (_, args, ctx, info) =>
      profilesCreateOnce(ctx, info, args, {
        create: (record) =>
          createProfile(ctx.deps, ctx.scope, args.input, {
            record,
            // The answer's custom fields and group ids are what was just stored: no read back.
            written: (profile, stored) => {
              ctx.customFieldValuesLoader.prime(
                profile.id,
                stored.values.map((value) => ({ profileId: profile.id, ...value })),
              );
              ctx.groupIdsLoader.prime(profile.id, stored.groupIds);
            },
          }),
        replay: (id) => existing(ctx.profileLoader.load(id), () => new ProfilesError('profile_not_found', 'Profile not found')),
      }),
    updateProfile: (_, args, ctx) => updateProfile(ctx.deps, ctx.scope, args.id, args.input),
    requestProfileErasure: (_, args, ctx) =>
      requestErasure(ctx.deps, ctx.scope, ctx.principal, args.id, { reason: args.input?.reason, requestId: ctx.requestId }),
  },
  // Timestamps leave as Date objects: the DateTime scalar prints them.
  Profile: {
    __resolveReference: (ref, ctx) => ctx.profileLoader.load(ref.id),
    erasureClaimed: (profile) => profile.erasureClaimedAt !== null,
    profileCustomFields: async (profile, _, ctx) => {
      const values = await ctx.customFieldValuesLoader.load(profile.id);
      if (values.length === 0) return null;
      return viewCustomFields(await ctx.readDefinitions(), values);
    },
    dateOfBirth: async (profile, _, ctx) => dateOfBirthOf(await ctx.readDefinitions(), await ctx.customFieldValuesLoader.load(profile.id)),
    profileGroupIds: (profile, _, ctx) => ctx.groupIdsLoader.load(profile.id),
    groups: (profile, _, ctx) => ctx.groupsLoader.load(profile.id),
    statusHistory: async (profile, _, ctx) => (await ctx.statusChangesLoader.load(profile.id)).map(statusChangeView),
    comments: async (profile, args, ctx) =>
      (await listProfileComments(ctx.deps, ctx.scope, profile, args)) ?? {
        nodes: [],
        pageInfo: { hasNextPage: false, endCursor: null },
        totalCount: 0,
      },
  },
} satisfies Resolvers;
