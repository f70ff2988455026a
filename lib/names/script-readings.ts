/**
 * Readings of names transliterated from a script (Hangul, Greek, Japanese, Thai) that the lists romanize in more than one way. The
 * engine transliterates one way (Hangul as the UN and OFAC write DPRK names, in simplified McCune-Reischauer; Greek
 * letter by letter); a Latin token is a *reading* of such a token when both have the same key below, which folds the
 * differences between the romanizations in use - not between names:
 * - Korean: MR writes a plain consonant voiced inside a name (리영길 "Ri Yong Gil", 김수길 "Kim Su Gil", where one
 *   syllable at a time gives "kil"); Revised Romanization writes eo/eu for MR's o/u (정 "Jeong", 은 "Eun"), g/d/b/j for
 *   the plain consonants (김 "Gim"), t/p/k for MR's th/ph/kh (태 "Tae"); family names have spellings of their own (리/이
 *   Ri, Lee, Yi, Rhee; 박 Pak, Park, Bak; 최 Choe, Choi).
 * - Greek: ELOT 743 writes ντ nt, μπ mp, αυ/ευ av/af/ev/ef, υ y; names are also written with nd/d, mb/b, u, i.
 * Like an abjad reading (abjad.ts), a reading is the same name in another script: `other_script` at the romanization-
 * variant similarity. Only a token read from that script is compared this way; two Latin spellings never are.
 */
import type { NameScript } from './scripts';

const KOREAN_FAMILY: Record<string, string> = {
  lee: 'i',
  yi: 'i',
  rhee: 'i',
  rhie: 'i',
  li: 'i',
  ri: 'i',
  ni: 'i',
  park: 'pak',
  bak: 'pak',
  choi: 'choe',
  choy: 'choe',
};

function koreanKey(t: string): string {
  if (KOREAN_FAMILY[t]) return KOREAN_FAMILY[t];
  return (
    t
      .replace(/eo/g, 'o')
      .replace(/eu/g, 'u')
      .replace(/oo/g, 'u')
      .replace(/ee/g, 'i')
      // aspirates: MR th/ph/kh (and ch'), RR t/p/k
      .replace(/([tpk])h/g, '$1')
      // plain consonants: MR k/t/p/ch at the start of a word, g/d/b/j inside it; RR g/d/b/j everywhere
      .replace(/g(?!$)/g, 'k')
      .replace(/d/g, 't')
      .replace(/b/g, 'p')
      .replace(/j/g, 'ch')
      .replace(/^r(?=[iy])/, '')
      .replace(/l/g, 'r')
      .replace(/(.)\1/g, '$1')
  );
}

function greekKey(t: string): string {
  return t
    .replace(/ou/g, 'u')
    .replace(/(a|e|i)[uy](?=[aeiouybdgzlmnrv]|$)/g, '$1v')
    .replace(/(a|e|i)[uy]/g, '$1f')
    .replace(/af/g, 'av')
    .replace(/ef/g, 'ev')
    .replace(/if/g, 'iv')
    .replace(/[mn]p|mb/g, 'b')
    .replace(/nt|nd/g, 'd')
    .replace(/n[gk]|gk/g, 'g')
    .replace(/kh|ch/g, 'h')
    .replace(/ph/g, 'f')
    .replace(/y/g, 'i')
    .replace(/b/g, 'v')
    .replace(/(.)\1/g, '$1');
}

/**
 * Japanese: lists write long vowels short or doubled (Goto, Gotou, Gotoh; Kodo, Koudou; Yuuki, Yuki) and n or m before
 * b/p/m (Shimbun, Shinbun); a name's reading and its listed spelling may differ in just these ("井上" inoue: the key of
 * both "inoue" and "inoe" is "inoe").
 */
function japaneseKey(t: string): string {
  return t
    .replace(/ou|oo|oh(?![aeiou])/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/m(?=[bpm])/g, 'n')
    .replace(/(.)\1/g, '$1');
}

/**
 * Thai: the engine reads RTGS (transliterate-thai.ts); Thai names in Latin are mostly spelled as their bearers choose:
 * ph/p, th/t, kh/k, ch/j (จ), v/w (ว), oo/u, ee/i, "-porn" for พร (RTGS "phon"), "-ya"/"-a" after i (จริยา), final s for
 * RTGS t.
 */
function thaiKey(t: string): string {
  return t
    .replace(/([ptk])h/g, '$1')
    .replace(/j/g, 'ch')
    .replace(/v/g, 'w')
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/orn/g, 'on')
    .replace(/r(?=[^aeiou]|$)/g, 'n')
    .replace(/iy(?=[aeiou])/g, 'i')
    .replace(/uea/g, 'ua')
    .replace(/s$/, 't')
    .replace(/(.)\1/g, '$1');
}

/**
 * The Latin spelling of a word as Japanese writes it in katakana (transliterate-kana.ts reads katakana as foreign words):
 * the vowel Japanese adds to a bare consonant is not read ("ヤクザ" reads "yakza": YAKUZA), and the au of foreign words
 * is written o ("オウム" reads "oum": AUM, as "audio" is オーディオ). Compared besides the spelling itself.
 */
function katakanaSpelling(latin: string): string {
  return latin
    .replace(/au/g, 'o')
    .replace(/([aeiou][^aeiou])u(?=[^aeiouy])/g, '$1')
    .replace(/([^aeiou])u$/, '$1')
    .replace(/([td])o$/, '$1');
}

/** Other spellings of a Latin token a script's reading may stand for, besides the token (see katakanaSpelling). */
const LATIN_SPELLINGS: Partial<Record<NameScript, (t: string) => string>> = { Japanese: katakanaSpelling };

const KEYS: Partial<Record<NameScript, (t: string) => string>> = {
  Korean: koreanKey,
  Greek: greekKey,
  Japanese: japaneseKey,
  Thai: thaiKey,
  // a Chinese syllable reads as itself; its other romanizations are the token's alternates (score.ts, wade-giles.ts)
  Chinese: (t) => t,
};

/** The scripts whose tokens have readings here. */
export function hasScriptReadings(script: NameScript | undefined): boolean {
  return !!script && !!KEYS[script];
}

/** `latin` is a reading of the token `src` transliterated from `script` (see the module comment). */
export function scriptReads(script: NameScript, src: string, latin: string): boolean {
  const key = KEYS[script];
  if (!key || latin.length < 2) return false;
  const k = key(src);
  if (k === key(latin)) return true;
  const other = LATIN_SPELLINGS[script]?.(latin);
  return other !== undefined && other !== latin && k === key(other);
}
