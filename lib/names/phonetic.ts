/**
 * Phonetic skeleton of a token: a simplified metaphone tuned for transliterated names. Spelling families that lists
 * and customers mix up collapse to one key: vowels dropped (a leading vowel kept as "A"), kh/h, ph/f, sh/ch/s, q/k/c,
 * z/s, w/v, dzh/dj/j, doubled letters. "Mohammed", "Muhamad", "Мохаммед" and "محمد" all give "mhmd".
 */
const memo = new Map<string, string>();

/** Memoized (bounded): the same tokens recur across list names, joined units and queries. */
export function phoneticKey(token: string): string {
  let k = memo.get(token);
  if (k === undefined) {
    k = computePhoneticKey(token);
    if (memo.size >= 250000) memo.clear();
    memo.set(token, k);
  }
  return k;
}

function computePhoneticKey(token: string): string {
  let s = token;
  s = s
    .replace(/dzh|dj|zh/g, 'j')
    .replace(/tch|sch|sh|ch|tsh/g, 'S')
    .replace(/kh/g, 'h')
    .replace(/gh/g, 'g')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/ck/g, 'k')
    .replace(/ts|tz/g, 's')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/z/g, 's')
    .replace(/S/g, 's');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if ('aeiouy'.includes(ch)) {
      if (i === 0) out += 'A';
      continue;
    }
    if (ch === 'h' && out.length > 0 && i === s.length - 1) continue; // final h: "Abdallah" = "Abdalla"
    if (out[out.length - 1] !== ch) out += ch;
  }
  return out;
}
