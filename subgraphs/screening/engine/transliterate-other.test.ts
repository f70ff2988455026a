// Queries in scripts the lists rarely carry (Korean, Greek, Thai, Hebrew, kana) are folded to Latin as lists write them.
import { foldToAscii } from './text';
import { compareNames } from './score';

it('folds Hangul per syllable as DPRK names are listed, and Greek, Hebrew, kana and Thai to Latin', () => {
  expect(foldToAscii('김정은').trim().split(/\s+/)).toEqual(['kim', 'jong', 'un']);
  expect(foldToAscii('Ουσάμα μπιν Λάντεν')).toBe('usama bin landen');
  expect(foldToAscii('אוסאמה בן לאדן')).toBe('aosamh bn ladn');
  expect(foldToAscii('キム・ジョンウン')).toBe('kimu-jonun');
  expect(foldToAscii('อุซามะฮ์ บิน ลาดิน')).toBe('ousamah bin ladin');
  expect(foldToAscii('José Müller')).toBe('jose muller');
});

it('matches the folded names against the listed Latin spellings', () => {
  expect(compareNames('김정은', 'KIM, Jong Un', 'person').score).toBe(1);
  expect(compareNames('Βλαντιμίρ Πούτιν', 'Vladimir Putin', 'person').score).toBeGreaterThanOrEqual(0.8);
  expect(compareNames('อุซามะฮ์ บิน ลาดิน', 'Usama bin Ladin', 'person').score).toBeGreaterThanOrEqual(0.8);
});
