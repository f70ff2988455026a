/**
 * The writing system a name is written in, as the engine's explanations and the quality figures name it. A name written
 * wholly in another script than Latin is transliterated before it is compared (text.ts); a token pair that lines up
 * across the two scripts is "the same name in another script" (`other_script` in the token alignment), whatever the
 * similarity of the two Latin spellings.
 */

export const NAME_SCRIPTS = ['Arabic', 'Persian', 'Cyrillic', 'Greek', 'Hebrew', 'Chinese', 'Japanese', 'Korean', 'Thai'] as const;
export type NameScript = (typeof NAME_SCRIPTS)[number] | 'other';

const LATIN = /^[\u0000-\u024f\u1e00-\u1eff\u2000-\u206f\p{P}\p{S}\s]*$/u;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]/;

/** The script a name is written in, or undefined for Latin. A name mixing Latin letters with another script counts by the other script. */
export function scriptOf(s: string): NameScript | undefined {
  if (LATIN.test(s)) return undefined;
  // Persian (and Urdu, Pashto) write pe, che, zhe, gaf (and their own kaf and yeh); Arabic has none of them
  if (/[\u067e\u0686\u0698\u06af\u06a9\u06cc]/u.test(s)) return 'Persian';
  for (const [name, re] of SCRIPT_TESTS) if (re.test(s)) return name;
  return 'other';
}

const SCRIPT_TESTS: [NameScript, RegExp][] = [
  ['Arabic', /\p{Script=Arabic}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  // kana before Han: Japanese writes names in kanji with kana beside them
  ['Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Korean', /\p{Script=Hangul}/u],
  ['Chinese', /\p{Script=Han}/u],
  ['Thai', /\p{Script=Thai}/u],
];

/**
 * The script of a name written wholly in another script (no Latin letter in it), or undefined. Only such names have every
 * token transliterated; a mixed name ("Jin Tiesan (金铁三)") is compared token by token as written.
 */
export function foreignScriptOf(raw: string): NameScript | undefined {
  if (LATIN_LETTER.test(raw)) return undefined;
  return scriptOf(raw);
}
