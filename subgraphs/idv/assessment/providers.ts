// The assessment's providers, behind interfaces so an installation can swap any of them (a
// vendor OCR, a hardware liveness sensor) without touching the rules. The local, offline
// implementations are the defaults (local-providers.ts).

/** One face found in an image. */
export interface FaceObservation {
  /** Detector confidence 0..1. */
  score: number;
  /** Face box in the analysed image: x, y, width, height (pixels). */
  box: [number, number, number, number];
  /** Identity embedding (compare with faceSimilarity). */
  embedding: number[];
  /** Pose and expression cues, e.g. "facing left", "blink left eye", "head up". */
  gestures: string[];
}

export interface FaceAnalyzer {
  /** The most prominent face of an image (any format sharp reads), or null when none. */
  analyze(image: Buffer): Promise<FaceObservation | null>;
}

export interface OcrResult {
  text: string;
  /** Mean word confidence 0..1. */
  confidence: number;
}

export interface OcrProvider {
  /** Reads text from an image already cropped to the region of interest. */
  recognize(image: Buffer, options: { charset?: string }): Promise<OcrResult>;
}

export interface AssessmentProviders {
  faces: FaceAnalyzer;
  ocr: OcrProvider;
}
