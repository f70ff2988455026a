// Which required steps of a session are complete, from what the customer has done so far: the
// consent evidence, the stored artifacts and the questionnaire answers. Submit refuses a session
// with anything missing (naming it), and the flow moves collecting_artifacts →
// ready_for_assessment the moment the last required step completes.
import { FlowStep, ONE_SIDED_BUILTINS } from '../../model/steps';
import type { ArtifactKind, ArtifactRecord, CaptureManifest } from '../../model/stored-shapes';

/** Frames an active liveness challenge needs (the challenge is judged across them); a passive
 * liveness step needs one. */
export const ACTIVE_LIVENESS_FRAMES = 3;

export interface AnswerRecord {
  step_id: string;
  question_id: string;
  answer: unknown;
}

export interface CaptureProgress {
  consentRecorded: boolean;
  /** Human-readable names of what is still missing, in flow order ("consent", "liveness: 2 more selfie frames", ...). */
  missing: string[];
  complete: boolean;
}

interface ProgressInput {
  steps: FlowStep[];
  manifest: CaptureManifest;
  consentEvidence: Record<string, unknown> | null;
  artifacts: ArtifactRecord[];
  answers: AnswerRecord[];
}

/** Sides the id document needs: fixed by the manifest, or (auto) by the declared type. */
export function idSidesNeeded(manifest: CaptureManifest, artifacts: ArtifactRecord[]): 'one' | 'two' {
  const idCapture = manifest.id_capture;
  if (!idCapture) return 'two';
  if (idCapture.capture_sides === 'one' || idCapture.capture_sides === 'two') return idCapture.capture_sides;
  const declared = idCapture.preselected_id_type ?? artifacts.find((a) => a.kind === 'id_front')?.declared_id_type ?? null;
  if (!declared) return 'two';
  const custom = idCapture.custom_id_types.find((item) => item.id === declared);
  if (custom) return custom.sides === 'one' ? 'one' : 'two';
  return ONE_SIDED_BUILTINS.includes(declared) ? 'one' : 'two';
}

export function livenessFramesNeeded(step: FlowStep): number {
  return step.config.mode === 'active' ? ACTIVE_LIVENESS_FRAMES : 1;
}

export function captureProgress(input: ProgressInput): CaptureProgress {
  const consentRecorded = Object.keys(input.consentEvidence ?? {}).length > 0;
  const has = (kind: ArtifactKind, stepId?: string) =>
    input.artifacts.some((a) => a.kind === kind && (stepId === undefined || a.step_id === stepId));
  // Consent is never optional (with or without a consent step): capture may not begin without it.
  const missing: string[] = consentRecorded ? [] : ['consent'];
  for (const step of input.steps) {
    if (step.type === 'consent' || !step.required) continue;
    if (step.type === 'liveness') {
      const frames = input.artifacts.filter((a) => a.kind === 'selfie' && a.step_id === step.step_id).length;
      const needed = livenessFramesNeeded(step);
      if (frames < needed) missing.push(`${step.step_id}: ${needed - frames} more selfie frame${needed - frames === 1 ? '' : 's'}`);
    } else if (step.type === 'id_capture') {
      if (!has('id_front', step.step_id)) missing.push(`${step.step_id}: id_front`);
      if (idSidesNeeded(input.manifest, input.artifacts) === 'two' && !has('id_back', step.step_id))
        missing.push(`${step.step_id}: id_back`);
    } else if (step.type === 'document') {
      if (!has('document', step.step_id)) missing.push(`${step.step_id}: document`);
    } else if (step.type === 'questionnaire') {
      const questions = (step.config.questions as { question_id: string; required?: boolean }[] | undefined) ?? [];
      const answered = new Set(input.answers.filter((a) => a.step_id === step.step_id).map((a) => a.question_id));
      const unanswered = questions.filter((q) => q.required !== false && !answered.has(q.question_id)).map((q) => q.question_id);
      if (unanswered.length > 0) missing.push(`${step.step_id}: answers to ${unanswered.join(', ')}`);
    }
  }
  return { consentRecorded, missing, complete: missing.length === 0 };
}
