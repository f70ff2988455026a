// Automatic disposition on the wire: the typed GraphQL annotation back to the snake_case table of
// the interface spec ("Disposition annotation"), and the settings body of /tenant-config/v1.
import { z } from 'zod';
import { type DispositionFieldsFragment, DispositionModeValues } from '../operations/operations.generated';

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
  updatedAt: z.string().nullable(),
});

export const updateDispositionSettingsBody = z.strictObject({
  enabled: z.boolean().optional(),
  directApiChannel: z.boolean().optional(),
  mode: z.enum(DispositionModeValues).optional(),
  confidenceThreshold: z.number().min(0).max(1).optional(),
});
