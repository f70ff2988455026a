// The hosted page's view of a session (GraphQL CaptureSession): what the page needs to render
// its steps, and nothing of the profile, review outcome, scope, storage or assessment.
import { SessionRow } from '../../data/session-store';
import { IdvDeps } from '../../services/deps';
import { livenessFramesNeeded } from './capture-progress';
import { artifactsOf, companyNameOf, consentTextOf, progressOf, stepsOf } from './capture-service';
import { captureManifestColumn } from '../../data/json-columns';

/** CaptureSession as its resolvers read it. */
export type CaptureSessionView = ReturnType<typeof toCaptureSession>;

export function toCaptureSession(deps: Pick<IdvDeps, 'keyProvider'>, row: SessionRow) {
  const manifest = captureManifestColumn.read(row.captureManifest);
  const progress = progressOf(deps, row);
  const consent = consentTextOf(row, companyNameOf(row));
  return {
    id: row.id,
    status: row.status,
    submitted: row.submittedAt !== null,
    consent: { recorded: progress.consentRecorded, text: consent.text, policyVersion: consent.version },
    steps: stepsOf(row).map((step) => ({
      stepId: step.step_id,
      type: step.type,
      required: step.type === 'consent' ? true : step.required,
      title: step.title ?? null,
      framesNeeded: step.type === 'liveness' ? livenessFramesNeeded(step) : 0,
      livenessMode: step.type === 'liveness' ? (typeof step.config.mode === 'string' ? step.config.mode : 'passive') : null,
      documentLabel: step.type === 'document' ? String(step.config.label ?? step.config.document_id) : null,
      acceptedFormats: step.type === 'document' ? ((step.config.accepted_formats as string[] | undefined) ?? ['pdf', 'jpeg', 'png']) : [],
      questions:
        step.type === 'questionnaire'
          ? (
              (step.config.questions as { question_id: string; prompt: string; type: string; options?: string[]; required?: boolean }[]) ??
              []
            ).map((q) => ({
              questionId: q.question_id,
              prompt: q.prompt,
              type: q.type,
              options: q.options ?? [],
              required: q.required !== false,
            }))
          : [],
    })),
    artifacts: artifactsOf(row).map((a) => ({
      artifactId: a.artifact_id,
      kind: a.kind,
      stepId: a.step_id,
      frame: a.frame ?? 0,
      contentType: a.content_type,
      capturedAt: a.captured_at,
    })),
    missing: progress.missing,
    readyToSubmit: progress.complete,
    idCapture: manifest.id_capture
      ? {
          acceptedIdTypes: manifest.id_capture.accepted_id_types,
          preselectedIdType: manifest.id_capture.preselected_id_type,
          captureSides: manifest.id_capture.capture_sides,
        }
      : null,
    completion: { action: manifest.completion.action, returnUrl: manifest.completion.return_url ?? null },
    tokenExpiresAt: row.tokenExpiresAt.toISOString(),
  };
}
