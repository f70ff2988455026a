/**
 * Hanyu Pinyin -> Wade-Giles, one syllable at a time, as lists write names from Taiwan, from before 1979 and from
 * older records ("Chiang", "Hsu", "Tsai", "Chou", "Mao Tse-tung"): the engine reads Han characters in pinyin
 * (pinyin-table.ts), so a Chinese-script name carries the Wade-Giles spelling of each syllable beside it (score.ts,
 * PreparedName.alts) and a Latin token spelt either way is the same syllable. Apostrophes (aspiration: ch'/ch, t'/t) and
 * the umlaut are not kept, as the lists do not keep them ("Ch'en" is listed CHEN). Undefined when the token is no pinyin
 * syllable (a translated word: "shipping") or when both spellings are the same ("chen", "wang").
 */

const INITIALS = ['zh', 'ch', 'sh', 'b', 'p', 'm', 'f', 'd', 't', 'n', 'l', 'g', 'k', 'h', 'j', 'q', 'x', 'r', 'z', 'c', 's', 'y', 'w', ''];
const WG_INITIAL: Record<string, string> = {
  zh: 'ch',
  ch: 'ch',
  sh: 'sh',
  b: 'p',
  p: 'p',
  d: 't',
  t: 't',
  g: 'k',
  k: 'k',
  j: 'ch',
  q: 'ch',
  x: 'hs',
  r: 'j',
  z: 'ts',
  c: 'ts',
};
const FINALS = new Set(
  ('a ai an ang ao e ei en eng er o ong ou i ia ian iang iao ie in ing iong iu u ua uai uan uang ue ui un uo v ve van vn ' + 'ueng').split(
    ' ',
  ),
);

/** The Wade-Giles spelling of one pinyin syllable, or undefined (see the module comment). */
export function wadeGiles(syllable: string): string | undefined {
  const wg = convert(syllable);
  return wg === syllable ? undefined : wg;
}

/** Syllables spelt with y (an initial i or ü) and the buzzing vowel after z, c, s: whole syllables. */
const WHOLE: Record<string, string> = {
  yi: 'i',
  yan: 'yen',
  ye: 'yeh',
  yong: 'yung',
  you: 'yu',
  yue: 'yueh',
  zi: 'tzu',
  ci: 'tzu',
  si: 'ssu',
};
const Y_SAME = new Set(['ya', 'yang', 'yao', 'yin', 'ying', 'yu', 'yuan', 'yun']);

function convert(syllable: string): string | undefined {
  if (WHOLE[syllable]) return WHOLE[syllable];
  if (Y_SAME.has(syllable) || /^w(u|a|ai|an|ang|ei|en|eng|o)$/.test(syllable)) return syllable;
  const initial = INITIALS.find((i) => syllable.startsWith(i))!;
  let fin = syllable.slice(initial.length);
  if (initial === 'y' || initial === 'w') return undefined;
  // after j, q, x the u is ü
  if ('jqx'.includes(initial) && initial && fin.startsWith('u')) fin = `v${fin.slice(1)}`;
  if (!FINALS.has(fin) || (initial === '' && !/^[aeo]/.test(fin)) || (fin === 'o' && !'bpmf'.includes(initial || 'x'))) return undefined;
  return (WG_INITIAL[initial] ?? initial) + wgFinal(initial, fin);
}

function wgFinal(initial: string, fin: string): string {
  // the buzzing vowel after zh, ch, sh, r: zhi chih, chi chih, shi shih, ri jih (after z, c, s: WHOLE)
  if (fin === 'i' && ['zh', 'ch', 'sh', 'r'].includes(initial)) return 'ih';
  // uo is o except after g, k, h, sh; e is o after g, k, h
  if (fin === 'uo') return ['g', 'k', 'h', 'sh'].includes(initial) ? 'uo' : 'o';
  if (fin === 'e') return ['g', 'k', 'h'].includes(initial) ? 'o' : 'e';
  if (fin === 'ui') return ['g', 'k'].includes(initial) ? 'uei' : 'ui';
  switch (fin) {
    case 'er':
      return 'erh';
    case 'ong':
      return 'ung';
    case 'iong':
      return 'iung';
    case 'ian':
      return 'ien';
    case 'ie':
      return 'ieh';
    case 've':
    case 'ue':
      return 'ueh';
    case 'van':
      return 'uan';
    case 'vn':
      return 'un';
    case 'v':
      return 'u';
    default:
      return fin;
  }
}
