// Face similarity and its calibrated thresholds. The similarity is the cosine of mean-centred
// embeddings (Pearson correlation): the raw embeddings share a large positive component that
// compresses raw cosines into a narrow band. Calibrated with `npm run bench:assessment` on the
// shipped photographs (shared/data/faces): same-person pairs 0.427-0.525, different-person pairs
// 0.104-0.383 (docs/idv-capture.md keeps the table).

/** At or above: same person. */
export const FACE_MATCH_THRESHOLD = 0.405;

export function faceSimilarity(a: number[], b: number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  const meanA = a.reduce((s, x) => s + x, 0) / a.length;
  const meanB = b.reduce((s, x) => s + x, 0) / b.length;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] - meanA;
    const y = b[i] - meanB;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}
