// Names in Chinese characters are read in pinyin; lists also write them in Wade-Giles (Taiwan, older records).
import { wadeGiles } from './wade-giles';
import { prepareName, scoreName } from './score';
import { scriptReads } from './script-readings';

it('spells pinyin syllables in Wade-Giles, without apostrophes or umlauts', () => {
  const wg = (s: string) =>
    s
      .split(' ')
      .map((t) => wadeGiles(t) ?? t)
      .join(' ');
  expect(wg('mao ze dong')).toBe('mao tse tung');
  expect(wg('jiang jing guo')).toBe('chiang ching kuo');
  expect(wg('deng xiao ping')).toBe('teng hsiao ping');
  expect(wg('xu zhi ming')).toBe('hsu chih ming');
  expect(wg('cai zhou ren')).toBe('tsai chou jen');
  expect(wg('zi ci si ri')).toBe('tzu tzu ssu jih');
  expect(wg('xiong jian yan ye yue er lv xue')).toBe('hsiung chien yen yeh yueh erh lu hsueh');
  expect(wg('gui he ge luo')).toBe('kuei ho ko lo');
  // the same in both, or no pinyin syllable: none
  for (const t of ['wang', 'chen', 'li', 'ping', 'shipping', 'co', 'ltd']) expect(wadeGiles(t)).toBeUndefined();
});

it('a name in Chinese characters matches its Wade-Giles spelling, joined or hyphenated, as other_script', () => {
  const explain = (a: string, b: string) => scoreName(prepareName(a, 'person'), prepareName(b, 'person'), { explain: true });
  for (const latin of ['TENG Hsiao-ping', 'TENG Hsiaoping', 'DENG Xiaoping']) {
    const s = explain('邓小平', latin);
    expect(s.score).toBeGreaterThanOrEqual(0.9);
    expect(s.pairs.every((p) => p.how === 'other_script')).toBe(true);
    expect(explain(latin, '邓小平').score).toBe(s.score);
  }
  expect(explain('蒋经国', 'CHIANG Ching-kuo').score).toBeGreaterThanOrEqual(0.9);
  // another syllable is not a reading: 邓 is not Tang, 伟 is not Wen
  expect(explain('邓小平', 'TANG Hsiao-ping').score).toBeLessThan(0.8);
  expect(explain('张伟', 'CHANG Wen').score).toBeLessThan(0.8);
  // two Latin spellings never compare this way
  expect(explain('TENG Hsiaoping', 'DENG Xiaoping').pairs.some((p) => p.how === 'other_script')).toBe(false);
  expect(scriptReads('Chinese', 'deng', 'deng')).toBe(true);
});
