// Automatic disposition over GraphQL: the workspace settings and the annotation objects of a match.
import {
  DispositionSettings,
  pendingSettingsProposal,
  readDispositionSettings,
  updateDispositionSettings,
} from '../services/disposition-service';
import type { Resolvers } from '../../resolvers/resolver-types.generated';
import { feedSetView } from '../../services/threshold-lab-service';
import { DEFAULT_THRESHOLD } from '../../services/engine-adapter';

const settingsView = (settings: DispositionSettings) => ({
  enabled: settings.enabled,
  directApiChannel: settings.directApi,
  mode: settings.mode,
  confidenceThreshold: settings.threshold,
  searchThreshold: settings.searchThreshold ?? DEFAULT_THRESHOLD,
  searchFeeds: feedSetView(settings.searchFeeds),
  updatedAt: settings.updatedAt,
});

export const dispositionResolvers = {
  Query: {
    automaticDispositionSettings: async (_, __, ctx) => settingsView(await readDispositionSettings(ctx.db, ctx.scope)),
  },
  Mutation: {
    updateAutomaticDispositionSettings: async (_, args, ctx) =>
      settingsView(
        await updateDispositionSettings(ctx.db, ctx.scope, ctx.principal, {
          enabled: args.input.enabled,
          directApi: args.input.directApiChannel,
          mode: args.input.mode ?? undefined,
          threshold: args.input.confidenceThreshold ?? undefined,
          // null resets the default; omitted keeps it.
          searchThreshold: args.input.searchThreshold,
          searchFeeds: args.input.searchFeeds,
        }),
      ),
  },
  AutomaticDispositionSettings: {
    // The change waiting for a second person (four eyes); the profiles subgraph resolves the rest.
    fourEyesProposal: async (_, __, ctx) => {
      const pending = await pendingSettingsProposal(ctx.db, ctx.scope);
      return pending ? { id: pending.id } : null;
    },
  },
  ScreeningMatch: {
    automaticDisposition: (match) => match.automatic_disposition ?? null,
    dispositionHint: (match) => match.disposition_hint ?? null,
  },
  DispositionAnnotation: {
    analysisStatus: (annotation) => annotation.analysis_status,
    evidenceRefs: (annotation) => annotation.evidence_refs,
    scoreSummary: (annotation) => Object.entries(annotation.score_summary).map(([field, weight]) => ({ field, weight })),
    riskFlags: (annotation) => annotation.risk_flags,
    signatureVersion: (annotation) => annotation.signature_version,
    error: (annotation) => annotation.error ?? null,
  },
} satisfies Resolvers;
