/**
 * Japanese kana -> Latin the way foreign names written in katakana map back to their Latin spellings (modified Hepburn):
 * small vowels combine with the syllable before (ティ ti, ドゥ du, ファ fa, ウィ wi), small ya/yu/yo make digraphs (ジョ jo),
 * small tsu doubles the next consonant, the long-vowel mark is dropped (Latin spellings of foreign names do not mark
 * length), ン is m before b/p/m ("ムハンマド" -> "muhammad"), and in katakana the vowel Japanese adds after a final consonant
 * (u after most consonants, o after t/d) is dropped at the end of a word ("ハマス" -> "hamas", "キム" -> "kim"), and inside
 * a word when the syllable before ended in a vowel ("アブドゥル" -> "abdur"). any-ascii spells ディ "dei" and ドゥ "dou".
 */
const ROWS: Record<string, string[]> = {
  '': ['a', 'i', 'u', 'e', 'o'],
  k: ['ka', 'ki', 'ku', 'ke', 'ko'],
  g: ['ga', 'gi', 'gu', 'ge', 'go'],
  s: ['sa', 'shi', 'su', 'se', 'so'],
  z: ['za', 'ji', 'zu', 'ze', 'zo'],
  t: ['ta', 'chi', 'tsu', 'te', 'to'],
  d: ['da', 'ji', 'zu', 'de', 'do'],
  n: ['na', 'ni', 'nu', 'ne', 'no'],
  h: ['ha', 'hi', 'fu', 'he', 'ho'],
  b: ['ba', 'bi', 'bu', 'be', 'bo'],
  p: ['pa', 'pi', 'pu', 'pe', 'po'],
  m: ['ma', 'mi', 'mu', 'me', 'mo'],
  r: ['ra', 'ri', 'ru', 're', 'ro'],
};
const KATAKANA_ROWS: [string, string][] = [
  ['アイウエオ', ''],
  ['カキクケコ', 'k'],
  ['ガギグゲゴ', 'g'],
  ['サシスセソ', 's'],
  ['ザジズゼゾ', 'z'],
  ['タチツテト', 't'],
  ['ダヂヅデド', 'd'],
  ['ナニヌネノ', 'n'],
  ['ハヒフヘホ', 'h'],
  ['バビブベボ', 'b'],
  ['パピプペポ', 'p'],
  ['マミムメモ', 'm'],
  ['ラリルレロ', 'r'],
];
const SYLLABLE = new Map<string, string>();
for (const [chars, row] of KATAKANA_ROWS) [...chars].forEach((c, i) => SYLLABLE.set(c, ROWS[row][i]));
for (const [c, v] of Object.entries({ ヤ: 'ya', ユ: 'yu', ヨ: 'yo', ワ: 'wa', ヲ: 'o', ヴ: 'vu', ン: 'n' })) SYLLABLE.set(c, v);
const SMALL_VOWEL: Record<string, string> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o' };
const SMALL_Y: Record<string, string> = { ャ: 'a', ュ: 'u', ョ: 'o' };

/** Hiragana -> katakana (same table, offset 0x60). */
const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

const consonantOf = (syl: string) => syl.replace(/[aiueo]+$/, '');
const isVowel = (c: string | undefined) => !!c && 'aiueo'.includes(c);

/** Romanizes one run of kana (no separators inside); `katakana` enables the dropping of epenthetic vowels. */
function kanaWord(word: string, katakana: boolean): string {
  const syl: { text: string; epenthetic: boolean }[] = [];
  let geminate = false;
  for (const c of toKatakana(word)) {
    const last = syl[syl.length - 1];
    if (c === 'ー') continue;
    if (c === 'ッ') {
      geminate = true;
      continue;
    }
    if (last && SMALL_VOWEL[c]) {
      // ウィ wi, ヴァ va, ファ fa, ツァ tsa, ティ ti, ドゥ du, シェ she, ジェ je
      last.text = (last.text === 'u' ? 'w' : consonantOf(last.text)) + SMALL_VOWEL[c];
      last.epenthetic = false;
      continue;
    }
    if (last && SMALL_Y[c]) {
      const base = consonantOf(last.text);
      last.text = (/^(sh|ch|j)$/.test(base) ? base : `${base}y`) + SMALL_Y[c];
      last.epenthetic = false;
      continue;
    }
    let text = SYLLABLE.get(c);
    if (text === undefined) {
      syl.push({ text: c, epenthetic: false });
      continue;
    }
    if (geminate && text[0] && !isVowel(text[0])) text = text[0] === 'c' ? `t${text}` : text[0] + text;
    geminate = false;
    // u after a consonant (not ツ's "tsu" inside clusters) and o after t/d are the vowels katakana adds to bare consonants
    syl.push({ text, epenthetic: katakana && (/^[kgszbpmrnh]u$|^fu$|^tsu$/.test(text) || /^[td]o$/.test(text)) });
  }
  let out = '';
  syl.forEach((s, i) => {
    const next = syl[i + 1]?.text;
    let text = s.text;
    if (text === 'n' && next && /^[bpm]/.test(next)) text = 'm';
    const wordEnd = next === undefined;
    const beforeConsonant = next !== undefined && !isVowel(next[0]) && next !== 'n';
    const afterVowel = isVowel(out[out.length - 1]);
    if (s.epenthetic && i > 0 && (wordEnd || (beforeConsonant && afterVowel))) text = text.slice(0, -1);
    out += text;
  });
  return out;
}

const KANA = /[\u3041-\u3096\u30a1-\u30fa\u30fc]/;

/**
 * A Japanese word's reading (katakana, as a dictionary gives it) -> Latin as lists write Japanese names: Hepburn without
 * macrons, the long vowels written short ("ゴトウ" -> "goto", "コウドウ" -> "kodo", "ジロウ" -> "jiro"); no vowel dropped
 * (that rule is for foreign names written in katakana).
 */
export function romanizeReading(reading: string): string {
  return kanaWord(reading, false).replace(/ou|oo/g, 'o').replace(/uu/g, 'u');
}

export function hasKana(s: string): boolean {
  return KANA.test(s);
}

/** Kana runs -> Latin; the middle dot and double hyphen that separate the parts of foreign names become spaces. */
export function transliterateKana(s: string): string {
  return s
    .replace(/[・＝゠]/g, ' ')
    .replace(/[\u3041-\u3096\u30a1-\u30fa\u30fc]+/g, (run) => ` ${kanaWord(run, /[\u30a1-\u30fa]/.test(run))} `);
}
