// Unit tests of capture completeness: what is missing, in flow order, for each step type.
import { presetSteps, normalizeSteps } from '../../model/steps';
import type { ArtifactRecord, CaptureManifest } from '../../model/stored-shapes';
import { captureProgress } from './capture-progress';

const manifest = (capture_sides: 'auto' | 'one' | 'two' = 'auto', preselected: string | null = null): CaptureManifest => ({
  workflow: 'liveness_and_id',
  required_kinds: [],
  optional_kinds: [],
  id_capture: {
    step_id: 'id_capture',
    sides: capture_sides,
    accepted_id_types: ['passport', 'driver_license'],
    custom_id_types: [],
    preselected_id_type: preselected,
    capture_sides,
  },
  documents: [],
  completion: { action: 'close_tab' },
});
const artifact = (kind: ArtifactRecord['kind'], step_id: string, extra: Partial<ArtifactRecord> = {}): ArtifactRecord => ({
  artifact_id: `idvart_${kind}${step_id}`,
  kind,
  step_id,
  frame: 0,
  declared_id_type: null,
  content_type: 'image/jpeg',
  state: 'stored',
  captured_at: '',
  ...extra,
});
const consent = { accepted: true };

it('lists consent, selfie and both sides for a fresh default session', () => {
  expect(
    captureProgress({ steps: presetSteps('liveness_and_id'), manifest: manifest(), consentEvidence: {}, artifacts: [], answers: [] })
      .missing,
  ).toEqual(['consent', 'liveness: 1 more selfie frame', 'id_capture: id_front', 'id_capture: id_back']);
});

it('a declared one-sided type or a one-sided manifest needs no back', () => {
  const front = artifact('id_front', 'id_capture', { declared_id_type: 'passport' });
  const steps = presetSteps('id_only');
  expect(captureProgress({ steps, manifest: manifest(), consentEvidence: consent, artifacts: [front], answers: [] }).complete).toBe(true);
  expect(
    captureProgress({
      steps,
      manifest: manifest('one'),
      consentEvidence: consent,
      artifacts: [artifact('id_front', 'id_capture')],
      answers: [],
    }).complete,
  ).toBe(true);
  expect(
    captureProgress({ steps, manifest: manifest('auto', 'driver_license'), consentEvidence: consent, artifacts: [front], answers: [] })
      .missing,
  ).toEqual(['id_capture: id_back']);
});

it('[idv.capture.optional-steps] [idv.capture.consent-first] optional steps never block; consent always does, even without a consent step', () => {
  const steps = normalizeSteps([{ step_id: 'selfie', type: 'liveness', required: false }]);
  expect(captureProgress({ steps, manifest: manifest(), consentEvidence: {}, artifacts: [], answers: [] }).missing).toEqual(['consent']);
  expect(captureProgress({ steps, manifest: manifest(), consentEvidence: consent, artifacts: [], answers: [] }).complete).toBe(true);
});
