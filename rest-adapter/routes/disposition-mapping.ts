// Automatic disposition on the wire: the typed GraphQL annotation back to the snake_case table of
// the interface spec ("Disposition annotation"), and the settings body of /tenant-config/v1.
import { z } from 'zod';
import {
  type DispositionFieldsFragment,
  type DispositionSettingsFieldsFragment,
  DispositionModeValues,
  type UpdateAutomaticDispositionSettingsInput,
} from '../operations/operations.generated';
import { feedEnum, feedName, REST_FEED_CHOICES } from './feed-names';

export function restDisposition(a: DispositionFieldsFragment): Record<string, unknown> {
  return {
    prediction: a.prediction,
    confidence: a.confidence,
    analysis_status: a.analysisStatus,
    rationale: a.rationale,
    evidence_refs: a.evidenceRefs,
    score_summary: Object.fromEntries(a.scoreSummary.map((item) => [item.field, item.weight])),
    risk_flags: a.riskFlags,
    signature_version: a.signatureVersion,
    source: a.source,
    ...(a.error ? { error: a.error } : {}),
  };
}

export const dispositionSettingsSchema = z.object({
  enabled: z.boolean(),
  directApiChannel: z.boolean(),
  mode: z.enum(DispositionModeValues),
  confidenceThreshold: z.number(),
  searchThreshold: z.number(),
  searchFeeds: z.array(z.string()),
  updatedAt: z.string().nullable(),
});

export const updateDispositionSettingsBody = z.strictObject({
  enabled: z.boolean().optional(),
  directApiChannel: z.boolean().optional(),
  mode: z.enum(DispositionModeValues).optional(),
  confidenceThreshold: z.number().min(0).max(1).optional(),
  // the workspace's defaults for searches that send none (the threshold lab's settings); null: the engine's default
  searchThreshold: z.number().min(0).max(1).nullable().optional(),
  searchFeeds: z.array(z.enum(REST_FEED_CHOICES)).max(REST_FEED_CHOICES.length).optional(),
});

/** The settings as REST answers them: feed names spelled as REST callers send them. */
export function restDispositionSettings(s: DispositionSettingsFieldsFragment): Record<string, unknown> {
  return { ...s, searchFeeds: s.searchFeeds.map(feedName) };
}

/** The PATCH body as the GraphQL input: feed names to the enum. */
export function dispositionSettingsInput(body: z.infer<typeof updateDispositionSettingsBody>): UpdateAutomaticDispositionSettingsInput {
  const { searchFeeds, ...rest } = body;
  return { ...rest, ...(searchFeeds ? { searchFeeds: searchFeeds.map(feedEnum) } : {}) };
}
