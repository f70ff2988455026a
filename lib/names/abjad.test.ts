// Abjad names (Arabic, Persian, Hebrew) against Latin spellings: a Latin spelling that is one of the readings of the
// written letters is the same name in another script, reported as other_script.
import { abjadReads, isAbjadName } from './abjad';
import { compareNames } from './score';
import { foldToAscii } from './text';

it('reads the short vowels and doubled letters an abjad does not write', () => {
  for (const [src, latin] of [
    ['hsn', 'hassan'],
    ['hsn', 'hasan'],
    ['syd', 'sayyed'],
    ['amr', 'omar'],
    ['aamr', 'amer'],
    ['bn', 'ben'],
    ['mhmd', 'mohammed'],
    ['hqana', 'haqqani'],
    ['mrabtun', 'mourabitoun'],
    ['zynyh', 'zeiniye'],
    ['abdalrhmn', 'abderrahmane'],
    ['fdl', 'fazal'],
  ])
    expect([src, latin, abjadReads(src, latin)]).toEqual([src, latin, true]);
});

it('does not read letters that are not written', () => {
  for (const [src, latin] of [
    ['mhmd', 'muhammadi'],
    ['mhmd', 'ahmed'],
    ['jmal', 'jamil'],
    ['hsn', 'hassani'],
  ])
    expect([src, latin, abjadReads(src, latin)]).toEqual([src, latin, false]);
});

it('tells abjad-only names from mixed ones', () => {
  expect(isAbjadName('حسن عمر')).toBe(true);
  expect(isAbjadName('אוסאמה בן לאדן')).toBe(true);
  expect(isAbjadName('Akrin Saleh (أقرين صالح)')).toBe(false);
  expect(foldToAscii('عبد الله')).toBe('abd allah');
  expect(foldToAscii('والمسلمين')).toBe('wa al mslmyn');
});

it('scores a name in another script that reads as the listed name as the same name, and says so', () => {
  const r = compareNames('حسن عمر', 'OMAR, Hassan', 'person');
  expect(r.score).toBeGreaterThanOrEqual(0.9);
  expect(r.pairs.map((p) => p.how)).toEqual(['other_script', 'other_script']);
  // the reverse direction: a Latin query against the name as written in Arabic
  const back = compareNames('Sayyed Mohammed Haqqani', 'سيد محمد حقانی', 'person');
  expect(back.score).toBeGreaterThanOrEqual(0.9);
  expect(back.pairs.every((p) => p.how === 'other_script')).toBe(true);
  // another name written with the same consonants is not read into it
  expect(compareNames('جمال', 'Jamil', 'person').pairs.some((p) => p.how === 'other_script')).toBe(false);
});
