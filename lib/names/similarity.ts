/** String and token similarity primitives: Damerau-Levenshtein (OSA), Jaro-Winkler, and the token comparison rules. */

// scratch rows shared by the distance functions (single-threaded; grown on demand)
let row0 = new Int32Array(64);
let row1 = new Int32Array(64);
let row2 = new Int32Array(64);
let markA = new Uint8Array(64);
let markB = new Uint8Array(64);

/** Optimal-string-alignment distance; returns max+1 as soon as the distance is known to exceed max. */
export function damerauLevenshtein(a: string, b: string, max = 3): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  if (row0.length <= lb) {
    row0 = new Int32Array(lb * 2 + 1);
    row1 = new Int32Array(lb * 2 + 1);
    row2 = new Int32Array(lb * 2 + 1);
  }
  let prev2 = row0;
  let prev = row1;
  let cur = row2;
  prev2.fill(0, 0, lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      if (ins < v) v = ins;
      const sub = prev[j - 1] + cost;
      if (sub < v) v = sub;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && prev2[j - 2] + 1 < v) v = prev2[j - 2] + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb];
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (markA.length < la) markA = new Uint8Array(la * 2);
  if (markB.length < lb) markB = new Uint8Array(lb * 2);
  const ma = markA;
  const mb = markB;
  ma.fill(0, 0, la);
  mb.fill(0, 0, lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(lb - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (!mb[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        ma[i] = 1;
        mb[j] = 1;
        m++;
        break;
      }
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

/** The token with doubled letters written once ("moos" -> "mos"). */
function undoubled(t: string): string {
  let out = '';
  for (let i = 0; i < t.length; i++) if (t[i] !== t[i - 1]) out += t[i];
  return out;
}

/**
 * `short` is `long` written without (some of) its vowels and doubled letters, as Arabic-script names come out of
 * transliteration ("sdam" from صدام for "saddam"): same first and last letter, only vowels or repeated letters skipped.
 */
function vowelsDropped(short: string, long: string): boolean {
  if (short.length < 4 || short[0] !== long[0] || short[short.length - 1] !== long[long.length - 1]) return false;
  let vowels = 0;
  for (let i = 0; i < short.length; i++) if ('aeiouy'.includes(short[i])) vowels++;
  if (vowels > 1) return false; // a vowelled spelling ("kali" vs "kayali") is another name, not a consonant skeleton
  let j = 0;
  for (let i = 0; i < long.length; i++) {
    const c = long[i];
    if (j < short.length && c === short[j]) {
      j++;
      continue;
    }
    if (!'aeiouy'.includes(c) && c !== long[i - 1]) return false;
  }
  return j === short.length;
}

/**
 * Not one ending in -i/-y where the other ends in a consonant. The skeleton drops a final vowel, but the Arabic and Persian
 * -i (nisba: "of Salim", "of Asad") makes another name: "Salimi" is not "Salem", "Asadi" is not "Assad".
 */
function nisbaAgrees(a: string, b: string): boolean {
  const nisba = (t: string) => t.endsWith('i') || t.endsWith('y');
  const consonant = (t: string) => !VOWELS.has(t[t.length - 1]);
  return !((nisba(a) && consonant(b)) || (nisba(b) && consonant(a)));
}

/** `long` is `short` with the nisba's -i/-y added, `short` ending in a consonant ("hasani" of "hasan"; not "muhsin" of "muhsi"). */
function isNisbaOf(long: string, short: string): boolean {
  return (
    long.length === short.length + 1 &&
    (long.endsWith('i') || long.endsWith('y')) &&
    long.startsWith(short) &&
    !VOWELS.has(short[short.length - 1])
  );
}

function vowelShare(t: string): number {
  let v = 0;
  for (let i = 0; i < t.length; i++) if ('aeiou'.includes(t[i])) v++;
  return v / t.length;
}

/** A listed initial against a full query token. */
export const LIST_INITIAL_SIM = 0.7;

/** Same phonetic skeleton, two vowelled spellings that look alike / do not. */
export const PHONETIC_ALIKE_SIM = 0.86;
export const PHONETIC_SIM = 0.72;

/** Taken off a typo's similarity when the first letters differ. */
export const FIRST_LETTER_TYPO_PENALTY = 0.07;

const VOICING_PAIRS = new Set(['pb', 'bp', 'td', 'dt', 'kg', 'gk']);
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/**
 * First letters that differ the way romanizations differ: two vowels ("Usama"/"Osama", "Ibrahim"/"Ebrahim"), an aspirate
 * written or not ("Hajaj"/"Ajaj"), a voiced/voiceless pair (Korean "Tongbang"/"Dongbang", "Pong"/"Bong").
 */
function romanizedInitial(a: string, b: string): boolean {
  return (
    (VOWELS.has(a[0]) && VOWELS.has(b[0])) ||
    (a[0] === 'h' && a[1] === b[0]) ||
    (b[0] === 'h' && b[1] === a[0]) ||
    VOICING_PAIRS.has(a[0] + b[0])
  );
}

/** Romanizations of one Arabic name particle (son of, father of, daughter of), to the particle they write. */
const SAME_PARTICLE = new Map<string, string>([
  ...['bin', 'ben', 'ibn', 'bn'].map((t) => [t, 'bin'] as const),
  ...['abu', 'abou', 'abo'].map((t) => [t, 'abu'] as const),
  ...['bint', 'binti', 'binte'].map((t) => [t, 'bint'] as const),
]);

const SHORT_VOWELS = 'aeiou';
/**
 * The spellings of one short vowel: fatha a/e, damma u/o, kasra i/e. Other pairs write long vowels, which the scripts do
 * write, so they make other names: "Hamid"/"Hamad" (حميد/حمد), "Anis"/"Anas", "Karim"/"Karam".
 */
const SHORT_VOWEL_SPELLINGS = new Set(['ae', 'ea', 'uo', 'ou', 'ie', 'ei']);

/** A token as consonant runs (doubled letters written once) and vowel runs, alternating: "othman" -> o th m a n. */
function vowelFrame(t: string): { consonants: string[]; vowels: string[]; startsWithVowel: boolean } {
  const u = undoubled(t);
  const consonants: string[] = [];
  const vowels: string[] = [];
  let run = '';
  let inVowel = SHORT_VOWELS.includes(u[0]);
  for (let i = 0; i <= u.length; i++) {
    const v = i < u.length && SHORT_VOWELS.includes(u[i]);
    if (i === u.length || v !== inVowel) {
      (inVowel ? vowels : consonants).push(run);
      run = '';
      inVowel = v;
    }
    if (i < u.length) run += u[i];
  }
  return { consonants, vowels, startsWithVowel: SHORT_VOWELS.includes(u[0]) };
}

/**
 * Two spellings of one name whose only difference is the short vowels, the way romanizations of Arabic, Persian and
 * Turkic names differ (the scripts write consonants and long vowels; each romanization supplies the short vowels its own
 * way): the same consonants in the same order (doubled letters written once: "Ezzat"/"Izat"), each vowel a single
 * letter on both sides where they differ and two spellings of one short vowel (a/e, u/o, i/e: a written diphthong or
 * long vowel marks another name, "Hassan" is not "Hussein", "Hamid" is not "Hamad"), at most one vowel different in a name of up to three consonants and two in a longer one ("Mohammed"/
 * "Muhammad"), never the final vowel (it marks gender in Romance names: "Mario"/"Maria", "Paulo"/"Paula"), and both
 * spellings at least five letters (four-letter names that differ by a vowel are as often other names: "Dana"/"Dina").
 * Not a token rule on its own: the scorer credits it only inside names of three names or more on both sides (scoreName,
 * `SHORT_VOWEL_MIN_NAMES`), where the other names confirm that the romanization is what differs.
 */
export function shortVowelsDiffer(a: string, b: string): boolean {
  if (a.length < 5 || b.length < 5 || a === b) return false;
  const fa = vowelFrame(a);
  const fb = vowelFrame(b);
  if (fa.startsWithVowel !== fb.startsWithVowel || fa.consonants.length !== fb.consonants.length) return false;
  if (fa.vowels.length !== fb.vowels.length) return false;
  for (let i = 0; i < fa.consonants.length; i++) if (fa.consonants[i] !== fb.consonants[i]) return false;
  // a final vowel run: the token ends in a vowel (then the frames agree on it, as the counts are equal)
  const endsInVowel = SHORT_VOWELS.includes(a[a.length - 1]);
  let differ = 0;
  for (let i = 0; i < fa.vowels.length; i++) {
    const x = fa.vowels[i];
    const y = fb.vowels[i];
    if (x === y) continue;
    if (x.length !== 1 || y.length !== 1 || !SHORT_VOWEL_SPELLINGS.has(x + y)) return false;
    if (endsInVowel && i === fa.vowels.length - 1) return false;
    differ++;
  }
  const consonants = fa.consonants.filter(Boolean).length;
  return differ > 0 && differ <= (consonants >= 4 ? 2 : 1);
}

/** Similarity of two spellings with the same romanization key (translitKey). */
export const TRANSLIT_SIM = 0.95;

const translitCache = new Map<string, string>();

/**
 * Romanization-neutral spelling of a token, vowels kept (unlike phoneticKey): collapses the spellings that Latin ->
 * Cyrillic -> Latin round trips and the common romanization systems (BGN/PCGN, ALA-LC, passport practice) produce for one
 * name: dzh/dj/zh/j, kh/h, ph/f, th/t, w/v, q/k, c/k (c/s before e, i, y), ck/k, x/ks, tz/ts, ee/i, oo/ou/u, y/i, a silent
 * h after a consonant or closing a syllable ("John" = "Jon", "Shakh" = "Shah"), initial ye/e, doubled letters, a final j after a
 * vowel as y ("Nikolaj" = "Nikolay"), ye after a vowel as e ("Nikolayevich" = "Nikolaevich"). Equal keys are one name
 * written two ways.
 */
export function translitKey(t: string): string {
  const k = translitCache.get(t);
  if (k !== undefined) return k;
  let s = t
    // the Slavic short i (й) after a vowel, written j (ISO 9, German, Czech, Polish practice) or y (BGN/PCGN) at the end of
    // a name: "Nikolaj" = "Nikolay", "Aleksej" = "Aleksey", "Dikij" = "Dikiy" (not "Haj": four letters or fewer)
    .replace(/^(.{3,}[aeiou])j$/, '$1y')
    // the iotated e (е) after a vowel, written ye (BGN/PCGN) or e: "Nikolayevich" = "Nikolaevich", "Sergeyev" = "Sergeev"
    .replace(/([aeiou])ye/g, '$1e')
    .replace(/shch/g, 'S')
    .replace(/dzh|dj|zh|dz/g, 'j')
    .replace(/sh|sch/g, 'S')
    .replace(/tch|ch|tsh/g, 'C')
    .replace(/kh/g, 'H')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/tz/g, 'ts')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/^ye/, 'e')
    .replace(/ee/g, 'i')
    .replace(/oo|ou/g, 'u');
  s = s
    .replace(/([bdfgjklmnprstvz])h/g, '$1')
    .replace(/([aeiouy])[hH](?![aeiouy])/g, '$1')
    .replace(/H/g, 'h')
    .replace(/y/g, 'i');
  let out = '';
  for (let i = 0; i < s.length; i++) if (s[i] !== s[i - 1]) out += s[i];
  if (translitCache.size > 100000) translitCache.clear();
  translitCache.set(t, out);
  return out;
}

export type TokenMatchKind =
  | 'exact'
  | 'transliteration'
  /** an abjad (Arabic, Persian, Hebrew) word and a Latin spelling that is one of its readings (lib/names/abjad.ts) */
  | 'other_script'
  | 'typo'
  | 'phonetic'
  | 'initial'
  | 'prefix_al'
  | 'fuzzy'
  | 'none';

export interface TokenSim {
  sim: number;
  kind: TokenMatchKind;
}

const NONE: TokenSim = { sim: 0, kind: 'none' };

/**
 * Similarity of two normalized tokens in [0,1] with the rule that produced it. Short tokens need exact or phonetic
 * equality (edit distance on 3 letters is noise); typos get 0.93 for one edit, 0.86 for two on longer tokens.
 */
export function tokenSimilarity(a: string, b: string, ka: string, kb: string, allowInitial = true, ta?: string, tb?: string): TokenSim {
  if (a === b) return { sim: 1, kind: 'exact' };
  const la = a.length;
  const lb = b.length;
  if (la === 1 || lb === 1) {
    // a query initial for a listed name ("R." for "Gabriel") is how people abbreviate; a listed initial against a full
    // query name ("S. KUZNETSOV" vs "Svetlana") says much less about the query
    if (allowInitial && (la === 1 ? b[0] === a : a[0] === b)) return { sim: la === 1 ? 0.8 : LIST_INITIAL_SIM, kind: 'initial' };
    return NONE;
  }
  // the same name under another romanization (or via Cyrillic and back): "dzhose" = "jose", "khussein" = "hussein"
  // (undoubled keeps the first letter: tokens that differ there are never equal undoubled, so most pairs skip building it)
  if (
    (la >= 3 || lb >= 3) &&
    ((ta ?? translitKey(a)) === (tb ?? translitKey(b)) || (a.charCodeAt(0) === b.charCodeAt(0) && undoubled(a) === undoubled(b)))
  ) {
    return { sim: TRANSLIT_SIM, kind: 'transliteration' };
  }
  // one Arabic name particle in its romanizations: بن "bin"/"ben"/"ibn", أبو "abu"/"abou"/"abo"
  const pa = SAME_PARTICLE.get(a);
  if (pa !== undefined && pa === SAME_PARTICLE.get(b)) return { sim: TRANSLIT_SIM, kind: 'transliteration' };
  let best = NONE;
  const minLen = Math.min(la, lb);
  if (minLen >= 3) {
    const d = damerauLevenshtein(a, b, 3);
    // one edit in a short token changes the name far more than in a long one
    let s =
      d === 1
        ? minLen >= 8
          ? 0.93
          : minLen >= 6
            ? 0.9
            : minLen === 5
              ? 0.85
              : minLen === 4
                ? 0.8
                : 0
        : d === 2
          ? minLen >= 9
            ? 0.86
            : minLen >= 7
              ? 0.8
              : 0
          : d === 3 && minLen >= 12
            ? 0.8
            : 0;
    // Misspellings rarely touch the first letter (Damerau 1964; Pollock & Zamora 1983: a few per cent); romanizations
    // that do ("Kh"/"H", "Q"/"K", "J"/"Zh") are matched above. Another first letter is mostly another name ("Romero"/"Somero").
    if (s > 0 && a[0] !== b[0] && !romanizedInitial(a, b)) s -= FIRST_LETTER_TYPO_PENALTY;

    if (s > best.sim) best = { sim: s, kind: 'typo' };
  }
  if (ka === kb && (ka.length >= 3 || (ka.length === 2 && a[0] === b[0])) && best.sim < 0.9) {
    // Same skeleton. Vowel-less spellings (from Arabic script) can only be matched this way: full credit. Between two
    // vowelled Latin spellings the skeleton is looser evidence ("Sakura"/"Zakaria") unless they also look alike.
    // (3-letter vowel-less tokens are acronyms as often as Arabic names: "LSY" is not "Louis")
    const abjad =
      (la >= 4 && vowelShare(a) < 0.2) || (lb >= 4 && vowelShare(b) < 0.2) || (la < lb ? vowelsDropped(a, b) : vowelsDropped(b, a));
    // Measured on the labelled set: a bare skeleton match between two vowelled spellings is mostly a different name
    // ("Sauceda"/"Saeedi", "Hossein"/"Hassan"), so it weighs little; look-alikes (Jaro-Winkler >= 0.85) keep more.
    // (a 3-letter token is too short for a look-alike: "min"/"minai")
    // (4 letters look alike only with one vowel changed, "Dost"/"Dust", not "Lisa"/"Luis" or "Ming"/"Mingguo")
    const alike =
      nisbaAgrees(a, b) && (minLen >= 5 ? jaroWinkler(a, b) >= 0.85 : minLen === 4 && la === lb && damerauLevenshtein(a, b, 1) === 1);
    const s = abjad ? 0.9 : alike ? PHONETIC_ALIKE_SIM : PHONETIC_SIM;
    if (s > best.sim) best = { sim: s, kind: abjad ? 'transliteration' : 'phonetic' };
  }
  if (best.sim < 0.8 && minLen >= 5 && a.charCodeAt(0) === b.charCodeAt(0)) {
    const jw = jaroWinkler(a, b);
    if (jw >= 0.9) {
      const s = 0.7 + (jw - 0.9) * 2; // 0.90 -> 0.70, 0.95 -> 0.80
      if (s > best.sim) best = { sim: s, kind: 'fuzzy' };
    }
  }
  // a final -i/-y added to a name ending in a consonant is the nisba ("Hasani" of "Hasan", "Salimi" of "Salim"): another
  // name, at most a bare skeleton match, not a typo or a look-alike
  if (best.sim > PHONETIC_SIM && (isNisbaOf(a, b) || isNisbaOf(b, a))) best = { sim: PHONETIC_SIM, kind: 'phonetic' };
  return best;
}
