// The threshold lab over GraphQL: thin, the figures come from services/threshold-lab-service.ts.
import { evaluateThresholdLab, LabSetting } from '../services/threshold-lab-service';
import type { Resolvers } from './resolver-types.generated';
import type { ScreeningFeedValue } from './match-resolvers';

/** A feed set as GraphQL answers it: `[all]` for every feed. */
export const feedSetView = (feeds: readonly ScreeningFeedValue[]): ScreeningFeedValue[] => (feeds.length ? [...feeds] : ['all']);

const settingView = (setting: LabSetting) => ({ threshold: setting.threshold, feeds: feedSetView(setting.feeds) });

export const thresholdLabResolvers = {
  Query: {
    screeningThresholdLab: async (_, args, ctx) => {
      const lab = await evaluateThresholdLab(ctx, ctx.scope, { threshold: args.input.threshold, feeds: args.input.feeds });
      return { ...lab, current: settingView(lab.current), proposed: settingView(lab.proposed) };
    },
  },
} satisfies Resolvers;
