// Queries in scripts the lists rarely carry (Korean, Greek, Thai, Hebrew, kana) are folded to Latin as lists write them.
import { foldToAscii } from './text';
import { compareNames } from './score';

it('folds Hangul per syllable as DPRK names are listed, and Greek, Hebrew, kana and Thai to Latin', () => {
  expect(foldToAscii('김정은').trim().split(/\s+/)).toEqual(['kim', 'jong', 'un']);
  expect(foldToAscii('Ουσάμα μπιν Λάντεν')).toBe('usama bin landen');
  expect(foldToAscii('אוסאמה בן לאדן')).toBe('usama bin ladn');
  expect(foldToAscii('キム・ジョンウン').trim().split(/\s+/)).toEqual(['kim', 'jonun']);
  expect(foldToAscii('อุซามะฮ์ บิน ลาดิน')).toBe('ousamah bin ladin');
  expect(foldToAscii('José Müller')).toBe('jose muller');
});

it('matches the folded names against the listed Latin spellings', () => {
  expect(compareNames('김정은', 'KIM, Jong Un', 'person').score).toBe(1);
  expect(compareNames('Βλαντιμίρ Πούτιν', 'Vladimir Putin', 'person').score).toBeGreaterThanOrEqual(0.8);
  expect(compareNames('อุซามะฮ์ บิน ลาดิน', 'Usama bin Ladin', 'person').score).toBeGreaterThanOrEqual(0.8);
});

// Hebrew: a word-initial aleph carries the vowel after it, a final he after a consonant is "a", ח is the Arabic h, the
// particles of Arabic names are spelled out, and geresh letters write j/zh/ch.
it('reads Hebrew spellings of listed names', () => {
  expect(foldToAscii('איברהים')).toBe('ibrhim');
  expect(foldToAscii('ג׳מאל')).toBe('jmal');
  expect(foldToAscii('חמאס')).toBe('hmas');
  expect(compareNames('אוסאמה בן לאדן', 'Usama BIN LADIN', 'person').score).toBeGreaterThanOrEqual(0.9);
  expect(compareNames('מוחמד עלי', 'Muhammad Ali', 'person').score).toBeGreaterThanOrEqual(0.9);
  expect(compareNames('ולדימיר פוטין', 'Vladimir Putin', 'person').score).toBeGreaterThanOrEqual(0.9);
});

// Katakana: Hepburn with the small vowels and digraphs combined, ン as m before b/p/m, the long-vowel mark dropped, and
// the vowel katakana adds after a bare consonant dropped ("ハマス" -> hamas); any-ascii gave "hamasu" and "muhanmado".
it('reads katakana spellings of foreign names', () => {
  expect(foldToAscii('ハマス').trim()).toBe('hamas');
  expect(foldToAscii('ムハンマド').trim()).toBe('muhammad');
  expect(foldToAscii('アブドゥル').trim()).toBe('abdur');
  expect(foldToAscii('ディ ファ ウィ ジョ ッカ').trim().split(/\s+/)).toEqual(['di', 'fa', 'wi', 'jo', 'kka']);
  expect(foldToAscii('すずき').trim()).toBe('suzuki'); // hiragana: Japanese names keep their vowels
  expect(compareNames('ハマス', 'HAMAS', 'organization').score).toBe(1);
  expect(compareNames('キム・ジョンウン', 'KIM Jong Un', 'person').score).toBeGreaterThanOrEqual(0.75);
  expect(compareNames('セルゲイ・ショイグ', 'Sergei Shoigu', 'person').score).toBeGreaterThanOrEqual(0.85);
  expect(compareNames('アフマド・シャー', 'Ahmad Shah', 'person').score).toBeGreaterThanOrEqual(0.8);
});
