// Automatic disposition over GraphQL: the workspace settings and the annotation objects of a match.
import { ScreeningContext } from '../context';
import { DispositionMode, DispositionSettings, readDispositionSettings, updateDispositionSettings } from '../services/disposition-service';
import type { DispositionAnnotation } from '../services/search-model';
import type { MatchView } from '../services/search-service';

interface SettingsInput {
  enabled?: boolean | null;
  directApiChannel?: boolean | null;
  mode?: DispositionMode | null;
  confidenceThreshold?: number | null;
}

const settingsView = (settings: DispositionSettings) => ({
  enabled: settings.enabled, directApiChannel: settings.directApi, mode: settings.mode, confidenceThreshold: settings.threshold, updatedAt: settings.updatedAt,
});

export const dispositionResolvers = {
  Query: {
    automaticDispositionSettings: async (_: unknown, __: unknown, ctx: ScreeningContext) => settingsView(await readDispositionSettings(ctx.db, ctx.scope)),
  },
  Mutation: {
    updateAutomaticDispositionSettings: async (_: unknown, args: { input: SettingsInput }, ctx: ScreeningContext) =>
      settingsView(await updateDispositionSettings(ctx.db, ctx.scope, ctx.principal.actorId, {
        enabled: args.input.enabled, directApi: args.input.directApiChannel, mode: args.input.mode ?? undefined, threshold: args.input.confidenceThreshold ?? undefined,
      })),
  },
  ScreeningMatch: {
    automaticDisposition: (match: MatchView) => match.automatic_disposition ?? null,
    dispositionHint: (match: MatchView) => match.disposition_hint ?? null,
  },
  DispositionAnnotation: {
    analysisStatus: (annotation: DispositionAnnotation) => annotation.analysis_status,
    evidenceRefs: (annotation: DispositionAnnotation) => annotation.evidence_refs,
    scoreSummary: (annotation: DispositionAnnotation) => Object.entries(annotation.score_summary).map(([field, weight]) => ({ field, weight })),
    riskFlags: (annotation: DispositionAnnotation) => annotation.risk_flags,
    signatureVersion: (annotation: DispositionAnnotation) => annotation.signature_version,
    error: (annotation: DispositionAnnotation) => annotation.error ?? null,
  },
};
