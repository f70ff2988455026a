// Where a capture artifact's sealed bytes live in the blob store, and the encryption context that
// binds them to their session and artifact (a blob moved under another session does not open).
// Shared by the REST adapter (which seals and writes the upload) and the IDV services (which
// verify, read and delete it); ids are unguessable and are the only inputs.
export const ARTIFACT_ID_PATTERN = /^idvart_[a-z0-9]{24}$/;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

export function artifactBlobKey(sessionId: string, artifactId: string): string {
  if (!SESSION_ID_PATTERN.test(sessionId) || !ARTIFACT_ID_PATTERN.test(artifactId)) throw new Error('invalid artifact reference');
  return `idv/artifacts/${sessionId}/${artifactId}`;
}

export function artifactSealContext(sessionId: string, artifactId: string): string {
  return `idv.artifact:${sessionId}:${artifactId}`;
}

/** Upload limits, checked on the bytes (type by magic bytes, never by name or declared type). */
export const ARTIFACT_LIMITS = {
  /** Selfie frames and id document sides. */
  imageMaxBytes: 8 * 1024 * 1024,
  /** Supporting documents (PDF or image). */
  documentMaxBytes: 10 * 1024 * 1024,
  minImageSide: 64,
  maxImageSide: 8000,
  /** Selfie frames per liveness step (frame 0..9). */
  maxSelfieFrames: 10,
} as const;
