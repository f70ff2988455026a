// Thin: onboardProfile and Profile.onboarding map onto the onboarding service and store.
import DataLoader from 'dataloader';
import { ProfilesContext } from '../../context';
import { readRunsOfProfiles, OnboardingRunRow } from '../data/onboarding-store';
import { findOnboarded, onboardProfile } from '../services/onboarding-service';
import { existing, profilesCreateOnce } from '../../services/create-once';
import { ProfilesError } from '../../errors';
import type { Resolvers } from '../../resolvers/resolver-types.generated';

// One query for the runs of every profile a request renders (a list page asks for many).
const runLoaders = new WeakMap<ProfilesContext, DataLoader<string, OnboardingRunRow | null>>();
function runLoader(ctx: ProfilesContext): DataLoader<string, OnboardingRunRow | null> {
  let loader = runLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (profileIds) => {
      const runs = await readRunsOfProfiles(ctx.db, ctx.scope, profileIds);
      return profileIds.map((id) => runs.find((run) => run.profileId === id) ?? null);
    });
    runLoaders.set(ctx, loader);
  }
  return loader;
}

export const onboardingResolvers = {
  Mutation: {
    onboardProfile: async (_, args, ctx, info) => {
      const { profile, run } = await profilesCreateOnce(ctx, info, args, {
        create: (record) => onboardProfile(ctx.deps, ctx.scope, ctx.principal, args.input, record),
        replay: (profileId) =>
          existing(findOnboarded(ctx.deps, ctx.scope, profileId), () => new ProfilesError('profile_not_found', 'Profile not found')),
      });
      return { profile, onboarding: run, tasks: run.tasks };
    },
  },
  Profile: {
    onboarding: (profile, _, ctx) => runLoader(ctx).load(profile.id),
  },
  ProfileOnboarding: {
    tasks: (run) => run.tasks,
  },
  OnboardingTask: {
    taskId: (task) => task.id,
  },
} satisfies Resolvers;
