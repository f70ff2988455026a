// The shapes IDV stores in its JSON columns (data/json-columns.ts holds their codecs). A leaf
// module: the codecs and the services that build or read these values import the shapes from here
// rather than from each other, which made import cycles.

export interface CaptureManifest {
  workflow: string;
  required_kinds: string[];
  optional_kinds: string[];
  id_capture: {
    step_id: string;
    sides: string;
    accepted_id_types: string[];
    custom_id_types: { id: string; label: string; sides: string }[];
    preselected_id_type: string | null;
    capture_sides: 'auto' | 'one' | 'two';
  } | null;
  documents: { step_id: string; document_id: string; required: boolean }[];
  completion: { action: string; return_url?: string };
}

/** Artifact kinds each step type produces. */
export const ARTIFACT_KINDS = ['selfie', 'id_front', 'id_back', 'document'] as const;

/** Public artifact metadata as stored on the session row (never storage keys). */
export interface ArtifactRecord {
  artifact_id: string;
  kind: ArtifactKind;
  step_id: string;
  /** Selfie frames of one liveness capture are numbered 0..n-1; 0 elsewhere. */
  frame: number;
  /** The id type the customer declared with the id_front capture (null elsewhere). */
  declared_id_type: string | null;
  content_type: string;
  state: 'stored';
  captured_at: string;
}

export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** Where an artifact's bytes are: kept apart from the public records (never leaves the service). */
export interface ArtifactStorageRecord {
  artifact_id: string;
  blob_key: string;
  sha256: string;
  byte_size: number;
  content_type: string;
}
