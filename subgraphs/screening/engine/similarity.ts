/** String and token similarity primitives: Damerau-Levenshtein (OSA), Jaro-Winkler, and the token comparison rules. */

/** Optimal-string-alignment distance; returns max+1 as soon as the distance is known to exceed max. */
export function damerauLevenshtein(a: string, b: string, max = 3): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[lb];
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const ma = new Uint8Array(la);
  const mb = new Uint8Array(lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(lb - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (!mb[j] && a.charCodeAt(i) === b.charCodeAt(j)) { ma[i] = 1; mb[j] = 1; m++; break; }
    }
  }
  if (!m) return 0;
  let t = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!ma[i]) continue;
    while (!mb[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) t++;
    k++;
  }
  const jaro = (m / la + m / lb + (m - t / 2) / m) / 3;
  let p = 0;
  while (p < 4 && p < la && p < lb && a[p] === b[p]) p++;
  return jaro + p * 0.1 * (1 - jaro);
}

function vowelShare(t: string): number {
  let v = 0;
  for (let i = 0; i < t.length; i++) if ('aeiou'.includes(t[i])) v++;
  return v / t.length;
}

export type TokenMatchKind = 'exact' | 'transliteration' | 'typo' | 'phonetic' | 'initial' | 'prefix_al' | 'fuzzy' | 'none';

export interface TokenSim {
  sim: number;
  kind: TokenMatchKind;
}

const NONE: TokenSim = { sim: 0, kind: 'none' };

/**
 * Similarity of two normalized tokens in [0,1] with the rule that produced it. Short tokens need exact or phonetic
 * equality (edit distance on 3 letters is noise); typos get 0.93 for one edit, 0.86 for two on longer tokens.
 */
export function tokenSimilarity(a: string, b: string, ka: string, kb: string, allowInitial = true): TokenSim {
  if (a === b) return { sim: 1, kind: 'exact' };
  const la = a.length;
  const lb = b.length;
  if (la === 1 || lb === 1) {
    if (allowInitial && (la === 1 ? b[0] === a : a[0] === b)) return { sim: 0.8, kind: 'initial' };
    return NONE;
  }
  let best = NONE;
  const minLen = Math.min(la, lb);
  if (minLen >= 3) {
    const d = damerauLevenshtein(a, b, 3);
    // one edit in a short token changes the name far more than in a long one
    const s = d === 1 ? (minLen >= 8 ? 0.93 : minLen >= 6 ? 0.9 : minLen === 5 ? 0.85 : minLen === 4 ? 0.8 : 0)
      : d === 2 ? (minLen >= 9 ? 0.86 : minLen >= 7 ? 0.8 : 0)
      : d === 3 && minLen >= 12 ? 0.8 : 0;
    if (s > best.sim) best = { sim: s, kind: 'typo' };
  }
  if (ka === kb && (ka.length >= 3 || (ka.length === 2 && a[0] === b[0])) && best.sim < 0.9) {
    // Same skeleton. Vowel-less spellings (from Arabic script) can only be matched this way: full credit. Between two
    // vowelled Latin spellings the skeleton is looser evidence ("Sakura"/"Zakaria") unless they also look alike.
    const abjad = vowelShare(a) < 0.2 || vowelShare(b) < 0.2;
    const s = abjad || jaroWinkler(a, b) >= 0.85 ? 0.9 : 0.8;
    if (s > best.sim) best = { sim: s, kind: abjad ? 'transliteration' : 'phonetic' };
  }
  if (best.sim < 0.8 && minLen >= 5) {
    const jw = jaroWinkler(a, b);
    if (jw >= 0.9) {
      const s = 0.7 + (jw - 0.9) * 2; // 0.90 -> 0.70, 0.95 -> 0.80
      if (s > best.sim) best = { sim: s, kind: 'fuzzy' };
    }
  }
  return best;
}
