/**
 * A name written in another script finds its Latin record, and a Latin name finds a record listed in that script, in
 * every script the engine reads; the token alignment says "other_script" for each pair read across scripts. Names are
 * those of listed records (UN original-script names; OFAC records written in their own script, see
 * bench/lib/written-scripts.ts). A small index of its own: one Latin record and one original-script record per case.
 */
import { buildIndex, type ScreeningIndex } from './index';
import type { EntityType, WatchlistEntity } from '../lists';

const CASES: { script: string; latin: string; written: string; type: EntityType }[] = [
  { script: 'Arabic', latin: 'SADDAM HUSSEIN AL-TIKRITI', written: 'صدام حسين التكريتي', type: 'individual' },
  { script: 'Persian', latin: 'AYYUB BASHIR', written: 'ایوب بشیر', type: 'individual' },
  { script: 'Cyrillic', latin: 'DOKU KHAMATOVICH UMAROV', written: 'Умаров Доку Хаматович', type: 'individual' },
  { script: 'Greek', latin: 'STAVRIDIS, Konstantinos', written: 'Κωνσταντίνος Σταυρίδης', type: 'individual' },
  { script: 'Hebrew', latin: 'SHARVIT, Moshe', written: 'משה שרביט', type: 'individual' },
  { script: 'Chinese', latin: 'SHEN ZHONG INTERNATIONAL SHIPPING', written: '沈忠國際海運有限公司', type: 'entity' },
  { script: 'Japanese', latin: 'HAMAS', written: 'ハマス', type: 'entity' },
  // kanji: read as Japanese beside the Chinese reading
  { script: 'Japanese (kanji)', latin: 'YAMAGUCHI-GUMI', written: '山口組', type: 'entity' },
  { script: 'Japanese (kanji, person)', latin: 'NISHIGUCHI, Shigeo', written: '西口茂男', type: 'individual' },
  { script: 'Japanese (kanji, long vowel)', latin: 'GOTO, Tadamasa', written: '後藤忠政', type: 'individual' },
  // the dictionary reads 清司 Seiji first and lists Kiyoshi; 建市 is unknown to it, read by character (ken|tate + shi|ichi)
  { script: 'Japanese (kanji, another reading)', latin: 'TAKAYAMA, Kiyoshi', written: '高山清司', type: 'individual' },
  { script: 'Japanese (kanji, readings by character)', latin: 'SHINODA, Kenichi', written: '篠田建市', type: 'individual' },
  { script: 'Japanese (a Japanese word in katakana)', latin: 'YAKUZA', written: 'ヤクザ', type: 'entity' },
  // Wade-Giles (not a listed record: no shipped record writes a Chinese name both ways)
  { script: 'Chinese (Wade-Giles)', latin: 'CHIANG Ching-kuo', written: '蒋经国', type: 'individual' },
  { script: 'Korean', latin: 'RI, Yong Gil', written: '리영길', type: 'individual' },
  { script: 'Thai', latin: 'Usama BIN LADIN', written: 'อุซามะฮ์ บิน ลาดิน', type: 'individual' },
  { script: 'Thai (RTGS, -porn)', latin: 'KRADUMPORN, Somboon', written: 'สมบูรณ์ กระดุมพร', type: 'individual' },
  { script: 'Thai (leading vowel, silent ร)', latin: 'PHUANGPHET, Suwit', written: 'สุวิทย์ พวงเพชร', type: 'individual' },
];

const entity = (sourceId: string, value: string, type: EntityType): WatchlistEntity => ({
  source: 'test',
  sourceId,
  feeds: ['Sanctions'],
  type,
  names: [{ value, kind: 'primary' }],
  birthDates: [],
  nationalities: [],
  countries: [],
  addresses: [],
  identifiers: [],
  programs: [],
  sourceUrls: [],
});

let latinIndex: ScreeningIndex;
let writtenIndex: ScreeningIndex;
// unrelated records, so that rarities are not those of a one-name index
const OTHERS = [
  'KIM, Jong Un',
  'Ali HASSAN',
  'MOHAMMED, Omar',
  'KOREA MINING DEVELOPMENT TRADING CORPORATION',
  'Vladimir PUTIN',
  'YAMAMOTO, Ken',
  'SOMCHAI, Wongsawat',
];
beforeAll(() => {
  const others = OTHERS.map((n, i) => entity(`other-${i}`, n, n.includes('CORPORATION') ? 'entity' : 'individual'));
  latinIndex = buildIndex([...others, ...CASES.map((c, i) => entity(`latin-${i}`, c.latin, c.type))]);
  writtenIndex = buildIndex([...others, ...CASES.map((c, i) => entity(`written-${i}`, c.written, c.type))]);
});

describe.each(CASES.map((c, i) => ({ ...c, i })))('$script', ({ latin, written, type, i }) => {
  it('a query in the script finds the Latin record, explained as other_script', () => {
    const [hit] = latinIndex.search(written, { type });
    expect(hit?.entity.id).toBe(`test:latin-${i}`);
    expect(hit.score).toBeGreaterThanOrEqual(0.8);
    const hows = hit.match_score_info.token_alignment.map((p) => p.how);
    expect(hows.length).toBeGreaterThan(0);
    expect(hows.every((h) => h === 'other_script')).toBe(true);
  });

  it('a Latin query finds the record listed in the script', () => {
    const [hit] = writtenIndex.search(latin, { type });
    expect(hit?.entity.id).toBe(`test:written-${i}`);
    expect(hit.score).toBeGreaterThanOrEqual(0.8);
    expect(hit.match_score_info.token_alignment.every((p) => p.how === 'other_script')).toBe(true);
  });
});

it('a Latin query against a Latin record stays "exact"', () => {
  const [hit] = latinIndex.search('Moshe Sharvit', { type: 'individual' });
  expect(hit.match_score_info.token_alignment.map((p) => p.how)).toEqual(['exact', 'exact']);
});

it('a Chinese name keeps its Chinese reading: the Japanese one is an alternate, not a replacement', () => {
  const index = buildIndex([entity('cn', 'SHEN ZHONG INTERNATIONAL SHIPPING', 'entity'), entity('ja', 'YAMAGUCHI-GUMI', 'entity')]);
  expect(index.search('沈忠國際海運有限公司', { type: 'entity' })[0]?.entity.id).toBe('test:cn');
  expect(index.search('山口組', { type: 'entity' })[0]?.entity.id).toBe('test:ja');
  // and a Chinese name finds no Japanese record through its Japanese reading
  expect(index.search('沈忠國際海運有限公司', { type: 'entity' }).map((m) => m.entity.id)).not.toContain('test:ja');
});
