// Names in kanji are read as Japanese too (kuromoji's IPADIC dictionary, Hepburn without long vowels), beside their
// Chinese reading: "山口組" is YAMAGUCHI-GUMI, not "shan kou zu".
import { japaneseReading, japaneseReadingWords } from './japanese-reading';
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

it("a given name in kanji matches any of the dictionary's readings of its characters, as other_script", () => {
  const explain = (a: string, b: string) => {
    const la = prepareJapaneseAlternate(a, 'person') ?? prepareName(a, 'person');
    const lb = prepareJapaneseAlternate(b, 'person') ?? prepareName(b, 'person');
    return scoreName(la, lb, { explain: true });
  };
  // 清司: the dictionary reads Seiji first and lists Kiyoshi too
  expect(japaneseReadingWords('高山清司')?.find((w) => w.text === 'seiji')?.alts).toContain('kiyoshi');
  const kiyoshi = explain('高山清司', 'TAKAYAMA, Kiyoshi');
  expect(kiyoshi.score).toBeGreaterThanOrEqual(0.9);
  expect(kiyoshi.pairs.find((p) => p.query === 'seiji')).toMatchObject({ list: 'kiyoshi', how: 'other_script' });
  // 建市, a name the dictionary does not know, is read character by character: ken|tate + shi|ichi
  const kenichi = explain('SHINODA, Kenichi', '篠田建市');
  expect(kenichi.score).toBeGreaterThanOrEqual(0.9);
  expect(kenichi.pairs.find((p) => p.query === 'kenichi')).toMatchObject({ list: 'kenshi', how: 'other_script' });
  // another given name is not one of them
  expect(explain('高山清司', 'TAKAYAMA, Kenji').score).toBeLessThan(0.8);
  expect(explain('篠田建市', 'SHINODA, Kenta').score).toBeLessThan(0.8);
});

it('katakana read as a foreign word matches the Latin spelling of a Japanese word or of au', () => {
  const score = (a: string, b: string) => scoreName(prepareName(a, 'organization'), prepareName(b, 'organization'), { explain: true });
  // ヤクザ reads "yakza" (the vowel a foreign word does not have is dropped)
  expect(scriptReads('Japanese', 'yakza', 'yakuza')).toBe(true);
  expect(score('ヤクザ', 'YAKUZA').pairs[0]).toMatchObject({ how: 'other_script' });
  expect(score('ヤクザ', 'YAKUZA').score).toBeGreaterThanOrEqual(0.9);
  // オウム reads "oum": AUM
  expect(scriptReads('Japanese', 'oum', 'aum')).toBe(true);
  expect(scriptReads('Japanese', 'oum', 'oman')).toBe(false);
  // only the vowel katakana adds: other vowels are not dropped
  expect(scriptReads('Japanese', 'yakza', 'yakiza')).toBe(false);
  // two Latin spellings never compare this way
  expect(score('YAKZA', 'YAKUZA').pairs[0]?.how).not.toBe('other_script');
});
