// Names in kanji are read as Japanese too (kuromoji's IPADIC dictionary, Hepburn without long vowels), beside their
// Chinese reading: "山口組" is YAMAGUCHI-GUMI, not "shan kou zu".
import { japaneseReading } from './japanese-reading';
import { foldToAscii } from './text';
import { prepareJapaneseAlternate, scoreName, prepareName } from './score';
import { scriptReads } from './script-readings';

it('reads names in kanji as Japanese, family names, given names and groups', () => {
  expect(japaneseReading('山口組')).toBe('yamaguchigumi');
  expect(japaneseReading('稲川会')).toBe('inagawa kai');
  expect(japaneseReading('後藤忠政')).toBe('goto tadamasa');
  expect(japaneseReading('西口茂男')).toBe('nishiguchi shigeo');
  expect(japaneseReading('オウム真理教')).toBe('oum shinri kyo');
  // no Han: no Japanese reading
  expect(japaneseReading('ハマス')).toBeUndefined();
  expect(japaneseReading('Inoue')).toBeUndefined();
  // the Chinese reading is unchanged
  expect(foldToAscii('山口組').trim()).toBe('shan kou zu');
});

it('a name in kanji scores against its Japanese Latin spelling in its Japanese reading, both ways', () => {
  const score = (a: string, b: string) => {
    const la = prepareJapaneseAlternate(a, 'person') ?? prepareName(a, 'person');
    const lb = prepareJapaneseAlternate(b, 'person') ?? prepareName(b, 'person');
    return scoreName(la, lb).score;
  };
  expect(score('西口茂男', 'NISHIGUCHI, Shigeo')).toBe(1);
  expect(score('NISHIGUCHI, Shigeo', '西口茂男')).toBe(1);
  // long vowels as lists write them (Inoue, Goto, Gotoh)
  expect(score('井上邦雄', 'INOUE, Kunio')).toBeGreaterThanOrEqual(0.9);
  expect(scriptReads('Japanese', 'goto', 'gotoh')).toBe(true);
  expect(scriptReads('Japanese', 'goto', 'gato')).toBe(false);
  expect(score('井上邦雄', 'INAGAWA, Kunio')).toBeLessThan(0.8);
  expect(prepareJapaneseAlternate('山口組', 'organization')?.script).toBe('Japanese');
  expect(prepareJapaneseAlternate('Yamaguchi', 'organization')).toBeUndefined();
});
