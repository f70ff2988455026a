/**
 * Names written in an abjad (Arabic, Persian, Urdu, Pashto, Hebrew) against Latin spellings.
 *
 * An abjad writes consonants and long vowels; short vowels and doubled consonants (shadda) are not written. The
 * transliteration (`transliterate-arabic.ts`, `transliterate-other.ts`) therefore gives one consonant-heavy spelling
 * ("hsn" for حسن), while the Latin records write one *vocalization* of it ("Hassan", "Hasan", "Hasan"). Comparing the two as
 * two Latin spellings (edit distance, skeleton keys) treats the missing vowels as differences, and short names (حسن, عمر,
 * سيد, بن, گل) have too few letters for any of those rules.
 *
 * `abjadReads(src, latin)` asks instead whether `latin` is one of the readings of the transliterated abjad token `src`:
 * each written letter rendered by one of the Latin spellings the lists use for it (ق as q, k or g; ث as th, t or s; و as
 * w, u, o or ou; ع and alef as a vowel or nothing; ة as a, ah or e ...), a doubled consonant for an unwritten shadda, and
 * up to two short vowels between letters (one "a"/"e" after the last). A reading is the same name in another script, not
 * an approximation of it: the engine reports it as `other_script` and scores it like a romanization variant.
 */

const ABJAD = /[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\ufb1d-\ufdff\ufe70-\ufeff]/;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/;

/** A name written in an abjad only (no Latin letters beside it): every token of it is a transliterated abjad word. */
export function isAbjadName(raw: string): boolean {
  return ABJAD.test(raw) && !LATIN_LETTER.test(raw);
}

/**
 * The Latin spellings of each letter the transliteration writes (its output alphabet, not the source letters: ع and ا
 * both come out as "a", ص and س as "s", which is why "a" may be a vowel or nothing). Digraphs may also be two letters
 * (طه -> "th" is t + h), so both parses are tried.
 */
const READINGS: Record<string, string[]> = {
  // vowel letters: alef, ayin, ta marbuta, alef maqsura ("a"); final ya, hamza seats ("i"); waw as a vowel ("u")
  a: ['', 'a', 'aa', 'e', 'i', 'o', 'u', 'ah', 'eh', 'at', 'ai', 'ay', 'ae', 'ou', 'y'],
  i: ['', 'i', 'e', 'y', 'ee', 'ie', 'iy', 'ey', 'ei', 'ai', 'ay'],
  u: ['', 'u', 'o', 'ou', 'oo', 'w', 'v', 'ow', 'aw', 'au'],
  e: ['', 'e', 'a', 'i', 'ai', 'ay'],
  // waw and ya as consonants (or as the long vowels they also write)
  w: ['w', 'v', 'u', 'o', 'ou', 'oo'],
  y: ['y', 'i', 'e', 'ee', 'ei', 'ai', 'ay', 'ey', 'ie', 'ii', 'j'],
  b: ['b', 'p'],
  p: ['p', 'b'],
  t: ['t'],
  th: ['th', 't', 's'],
  j: ['j', 'dj', 'g', 'dzh', 'zh', 'gu'],
  h: ['h'],
  kh: ['kh', 'h', 'x', 'k', 'ch'],
  // dal, and dad, which Persian and Urdu say (and write in Latin) as z: فضل "Fazl", رمضان "Ramzan"
  d: ['d', 'z', 'dh'],
  dh: ['dh', 'z', 'd', 'th', 'dz'],
  r: ['r'],
  // zay, and zah, which the Maghreb writes as d: حافظ "Hafed"
  z: ['z', 's', 'dh', 'th', 'dz', 'd'],
  s: ['s', 'c', 'ss'],
  sh: ['sh', 'ch', 'sch', 's', 'x'],
  f: ['f', 'ph', 'v'],
  q: ['q', 'k', 'g', 'c', 'ck', 'kk', 'qu', 'gh'],
  k: ['k', 'c', 'ck', 'q', 'g', 'ch'],
  g: ['g', 'gh', 'k'],
  gh: ['gh', 'g'],
  l: ['l'],
  m: ['m'],
  n: ['n'],
  ch: ['ch', 'tch', 'ts', 'c', 'sh'],
  zh: ['zh', 'j', 'z', 'g', 's'],
  v: ['v', 'f', 'w'],
  dz: ['dz', 'z', 'j'],
  ts: ['ts', 'tz', 'z', 's', 'c'],
};
/** Inside a word, alef and ayin are a vowel other than i, or nothing: جمال is "Jamal", not "Jamil" (جميل writes its ya). */
const MEDIAL_READINGS: Record<string, string[]> = { a: ['', 'a', 'aa', 'e', 'o', 'u', 'ou', 'ae'] };
/** A final he is often not written in Latin, or written as a vowel ("Zadeh"/"Zada", "Zeiniye"). */
const FINAL_READINGS: Record<string, string[]> = { h: ['h', '', 'e', 'a'] };
/** Letters the article assimilates to, as the transliteration writes them (t th d dh r z s sh l n and their emphatics). */
const SUN_LETTERS = 'tdrzsln';
const ARTICLE = 'al+sun';
READINGS[ARTICLE] = ['a', 'e', 'u', 'i', 'ou', ''];
const DIGRAPHS = new Set(['th', 'dh', 'kh', 'sh', 'gh', 'ch', 'zh', 'dz', 'ts']);
const SHORT_VOWELS = 'aeiou';
const CONSONANT = /[bcdfghjklmnpqrstvwxyz]/;

/**
 * Hebrew letters that Latin writes two ways by the dot Hebrew leaves out: ב b or v, כ k or kh/ch, פ p or f; ח is ch or kh
 * in Israeli names (Chai, Chasdai) where Arabic's ح is h.
 */
const HEBREW_READINGS: Record<string, string[]> = {
  b: ['b', 'v'],
  h: ['h', 'ch', 'kh'],
  k: ['k', 'c', 'ck', 'q', 'g', 'ch', 'kh'],
  p: ['p', 'f', 'ph'],
};

const memo = new Map<string, boolean>();

/** `latin` is one vocalization of the transliterated abjad token `src` (see the module comment); `hebrew`: written in Hebrew. */
export function abjadReads(src: string, latin: string, hebrew = false): boolean {
  if (src === latin) return true;
  if (latin.length < 2 || latin.length > src.length * 4 + 4) return false;
  const key = `${hebrew ? 'he' : ''}|${src}|${latin}`;
  let hit = memo.get(key);
  if (hit === undefined) {
    hit = reads(src, latin, hebrew);
    if (memo.size >= 100000) memo.clear();
    memo.set(key, hit);
  }
  return hit;
}

function reads(src: string, latin: string, hebrew: boolean): boolean {
  const ls = src.length;
  const ll = latin.length;
  // seen[i * (ll + 1) + j]: state (i letters of src read, j letters of latin consumed) already tried and failed
  const seen = new Uint8Array((ls + 1) * (ll + 1));
  const go = (i: number, j: number): boolean => {
    if (i === ls) return j === ll || (j === ll - 1 && (latin[j] === 'a' || latin[j] === 'e'));
    const at = i * (ll + 1) + j;
    if (seen[at]) return false;
    seen[at] = 1;
    const options = DIGRAPHS.has(src.slice(i, i + 2)) ? [src.slice(i, i + 2), src[i]] : [src[i]];
    // the article inside a name written together ("hsam al dyn" joined) before a sun letter is assimilated: ud-din,
    // ad-din, ar-rahman ("Hesamuddin", "Abderrahmane")
    if (i > 0 && src.startsWith('al', i) && SUN_LETTERS.includes(src[i + 2])) options.push(ARTICLE);
    for (const unit of options) {
      const next = i + (unit === ARTICLE ? 2 : unit.length);
      const hebrewRenderings = hebrew ? HEBREW_READINGS[unit] : undefined;
      const renderings = hebrewRenderings
        ? next === ls && unit === 'h'
          ? [...hebrewRenderings, ...FINAL_READINGS.h]
          : hebrewRenderings
        : next === ls
          ? (FINAL_READINGS[unit] ?? READINGS[unit] ?? [unit])
          : i > 0
            ? (MEDIAL_READINGS[unit] ?? READINGS[unit] ?? [unit])
            : (READINGS[unit] ?? [unit]);
      for (const r of renderings) {
        if (!latin.startsWith(r, j)) continue;
        // alef or ayin left out inside a word only beside another vowel letter ("Ismail" for اسماعيل): between two
        // consonants it is a long vowel Latin writes (جمال is not "Jmil")
        if (!r && unit === 'a' && i > 0 && next < ls && !'aiuyw'.includes(src[i - 1]) && !'aiuyw'.includes(src[next])) continue;
        const j2 = j + r.length;
        const ends = [j2];
        // an unwritten shadda: the consonant doubled in Latin ("hsn" -> "hassan")
        const last = r[r.length - 1];
        if (r && CONSONANT.test(last) && latin[j2] === last) ends.push(j2 + 1);
        for (const e of ends) {
          if (next < ls) {
            // unwritten short vowels between letters: at most two ("ou", "ai")
            for (let k = 0; k <= 2 && e + k <= ll; k++) {
              if (k > 0 && !SHORT_VOWELS.includes(latin[e + k - 1])) break;
              if (go(next, e + k)) return true;
            }
          } else if (go(next, e)) return true;
        }
      }
    }
    return false;
  };
  return go(0, 0);
}
