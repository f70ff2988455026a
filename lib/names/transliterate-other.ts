/**
 * Hangul and Hebrew -> Latin the way sanctions lists write such names, and every other script through any-ascii.
 * Hangul: one token per syllable, simplified McCune-Reischauer without diacritics (김정은 -> "kim jong un", as the UN and
 * OFAC write DPRK names; the engine's joined units still match "jongun"). Hebrew: an abjad like Arabic; vowel letters
 * become vowels so that phonetic skeletons (which drop vowels) line up with Latin spellings.
 */
import anyAscii from 'any-ascii';
import { hasKana, transliterateKana } from './transliterate-kana';
import { transliterateThai } from './transliterate-thai';

const LEAD = ['k', 'kk', 'n', 't', 'tt', 'r', 'm', 'p', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'kh', 'th', 'ph', 'h'];
const VOWEL = ['a', 'ae', 'ya', 'yae', 'o', 'e', 'yo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'u', 'ui', 'i'];
const TAIL = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];

function hangulSyllable(code: number): string {
  const s = code - 0xac00;
  return LEAD[Math.floor(s / 588)] + VOWEL[Math.floor((s % 588) / 28)] + TAIL[s % 28];
}

const HEBREW: Record<string, string> = {
  א: 'a',
  ב: 'b',
  ג: 'g',
  ד: 'd',
  ה: 'h',
  ז: 'z',
  ח: 'h',
  ט: 't',
  כ: 'k',
  ך: 'kh',
  ל: 'l',
  מ: 'm',
  ם: 'm',
  נ: 'n',
  ן: 'n',
  ס: 's',
  ע: 'a',
  פ: 'p',
  ף: 'f',
  צ: 'ts',
  ץ: 'ts',
  ק: 'k',
  ר: 'r',
  ש: 'sh',
  ת: 't',
  '׳': '',
  "'": '',
};

/** Hebrew spellings of the name particles of Arabic names, which the abjad would leave vowel-less ("בן" -> "bn"). */
const HEBREW_WORDS: Record<string, string> = { בן: 'bin', בין: 'bin', בת: 'bint', אבו: 'abu', אבן: 'ibn', עבד: 'abd', אל: 'al' };
/** Letters with a geresh write sounds Hebrew lacks (ג׳ j, ז׳ zh, צ׳ ch, ח׳ kh, ת׳ th, ד׳ dh). */
const GERESH: Record<string, string> = { ג: 'j', ז: 'zh', צ: 'ch', ץ: 'ch', ח: 'h', ת: 'th', ד: 'dh' };

function hebrewWord(word: string): string {
  const w = word.replace(/\u05f3|'/g, "'");
  if (HEBREW_WORDS[w.replace(/'/g, '')]) return HEBREW_WORDS[w.replace(/'/g, '')];
  // the article written joined with a hyphen or maqaf ("אל-קאעדה") is split by the caller; joined, it stays part of the name
  let out = '';
  const chars = [...w];
  const last = chars.length - 1;
  chars.forEach((c, i) => {
    if (c === "'") return;
    if (chars[i + 1] === "'" && GERESH[c]) {
      out += GERESH[c];
      return;
    }
    // a word-initial aleph carries the vowel written after it ("אוסאמה" -> "usama", "איברהים" -> "ibrahim")
    if (c === 'א' && i === 0 && (chars[1] === 'ו' || chars[1] === 'י')) return;
    if (c === 'ו') out += i === 0 ? (chars[1] === 'ו' ? 'w' : 'v') : chars[i - 1] === 'ו' ? '' : chars[i + 1] === 'ו' ? 'w' : 'u';
    else if (c === 'י') out += i === 0 ? 'y' : chars[i - 1] === 'י' ? '' : 'i';
    // a final he after a consonant is the vowel a (Usama, Hamza, Fatima)
    else if (c === 'ה' && i === last && i > 0 && !'וי'.includes(chars[i - 1])) out += 'a';
    else out += HEBREW[c] ?? c;
  });
  return out;
}

const HANGUL = /[\uac00-\ud7a3]/;
const HEBREW_RE = /[\u05d0-\u05ea]/;

export function transliterateOther(s: string): string {
  let out = s;
  if (HANGUL.test(out))
    out = out.replace(/[\uac00-\ud7a3]+/g, (word) => ` ${[...word].map((c) => hangulSyllable(c.charCodeAt(0))).join(' ')} `);
  if (HEBREW_RE.test(out)) out = out.replace(/[\u05d0-\u05ea\u05f3']+/g, hebrewWord).replace(/[\u0591-\u05c7]/g, '');
  if (GREEK.test(out)) out = greekDigraphs(out);
  if (hasKana(out)) out = transliterateKana(out);
  if (THAI.test(out)) out = transliterateThai(out);
  // Greek, kana, Armenian, Georgian, Devanagari, ...: any-ascii's romanization; Latin letters are left to the caller
  if (/[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f]/.test(out))
    out = out.replace(/[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f]+/g, (run) => romanize(run));
  return out;
}

const GREEK = /[\u0370-\u03ff]/;
const THAI = /[\u0e01-\u0e4f]/;

/** Modern Greek digraphs as names are romanized (ELOT 743): ου -> u, μπ -> b/mb, ντ -> d/nt, γκ -> g, αι -> e, ει/οι -> i. */
function greekDigraphs(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ου/g, 'u')
    .replace(/(^|\s)μπ/g, '$1b')
    .replace(/μπ/g, 'mb')
    .replace(/(^|\s)ντ/g, '$1d')
    .replace(/ντ/g, 'nd')
    .replace(/(^|\s)γκ/g, '$1g')
    .replace(/γκ|γγ/g, 'ng')
    .replace(/αι/g, 'e')
    .replace(/ει|οι/g, 'i');
}

/** any-ascii, with kana's small ya/yu/yo folded into the syllable before (ジョ -> "jo", キョ -> "kyo"). */
function romanize(run: string): string {
  const out = anyAscii(run);
  if (!/[\u3040-\u30ff]/.test(run)) return out;
  return out.replace(/(sh|ch|j)iy([aou])/gi, '$1$2').replace(/([kgnhbpmr])iy([aou])/gi, '$1y$2');
}
