import { ProfilesContext } from '../context';
import { createProfile, ProfileRecord } from '../services/profile-service';

export const profileResolvers = {
  Query: {
    viewer: (_: unknown, __: unknown, ctx: ProfilesContext) => ctx.principal,
    profile: (_: unknown, args: { id: string }, ctx: ProfilesContext) => ctx.profileLoader.load(args.id),
  },
  Mutation: {
    createProfile: (_: unknown, args: { input: { name: string; kind: string; email?: string } }, ctx: ProfilesContext) =>
      createProfile(ctx.db, ctx.scope, args.input),
  },
  Profile: {
    __resolveReference: (ref: { id: string }, ctx: ProfilesContext) => ctx.profileLoader.load(ref.id),
    erasureClaimed: (profile: ProfileRecord) => profile.erasureClaimedAt !== null,
    createdAt: (profile: ProfileRecord) => profile.createdAt.toISOString(),
    updatedAt: (profile: ProfileRecord) => profile.updatedAt.toISOString(),
  },
};
