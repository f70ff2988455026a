// Queries in scripts the lists rarely carry (Korean, Greek, Thai, Hebrew, kana) are folded to Latin as lists write them.
import { foldToAscii } from './text';
import { compareNames } from './score';
import { abjadReads } from './abjad';
import { scriptReads } from './script-readings';
import { foreignScriptOf, scriptOf } from './scripts';

it('folds Hangul per syllable as DPRK names are listed, and Greek, Hebrew, kana and Thai to Latin', () => {
  expect(foldToAscii('김정은').trim().split(/\s+/)).toEqual(['kim', 'jong', 'un']);
  expect(foldToAscii('Ουσάμα μπιν Λάντεν')).toBe('usama bin landen');
  expect(foldToAscii('אוסאמה בן לאדן')).toBe('usama bin ladn');
  expect(foldToAscii('キム・ジョンウン').trim().split(/\s+/)).toEqual(['kim', 'jonun']);
  expect(foldToAscii('อุซามะฮ์ บิน ลาดิน').trim().split(/\s+/)).toEqual(['usama', 'bin', 'ladin']);
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

// Names of listed records written in their own script (bench/lib/written-scripts.ts; UN original-script names).
describe('readings of other romanizations (script-readings.ts) and Han company words', () => {
  it('reads Hangul in McCune-Reischauer with voiced consonants inside a name, and in Revised Romanization', () => {
    expect(scriptReads('Korean', 'kil', 'gil')).toBe(true); // 리영길 "RI, Yong Gil"
    expect(scriptReads('Korean', 'kon', 'gon')).toBe(true); // 리만건 "RI, Man Gon"
    expect(scriptReads('Korean', 'jong', 'jeong')).toBe(true); // 정: RR eo for MR o
    expect(scriptReads('Korean', 'kim', 'gim')).toBe(true);
    expect(scriptReads('Korean', 'thae', 'tae')).toBe(true);
    expect(scriptReads('Korean', 'ri', 'lee')).toBe(true);
    expect(scriptReads('Korean', 'choe', 'choi')).toBe(true);
    expect(scriptReads('Korean', 'pak', 'park')).toBe(true);
    // other names stay other names
    expect(scriptReads('Korean', 'kim', 'kam')).toBe(false);
    expect(scriptReads('Korean', 'song', 'sang')).toBe(false);
    const r = compareNames('리영길', 'RI, Yong Gil', 'person');
    expect(r.score).toBeGreaterThanOrEqual(0.95);
    expect(r.pairs.map((p) => p.how)).toEqual(['other_script', 'other_script', 'other_script']);
  });

  it('reads Greek in ELOT 743 and the spellings beside it', () => {
    expect(scriptReads('Greek', 'konstandinos', 'konstantinos')).toBe(true);
    expect(scriptReads('Greek', 'stayridis', 'stavridis')).toBe(true); // αυ before a voiced letter
    expect(scriptReads('Greek', 'christodulos', 'christodoulos')).toBe(true);
    expect(scriptReads('Greek', 'maziotis', 'manidis')).toBe(false);
    expect(compareNames('Κωνσταντίνος Σταυρίδης', 'STAVRIDIS, Konstantinos', 'person').score).toBeGreaterThanOrEqual(0.9);
    expect(compareNames('Νικόλαος Μαζιώτης', 'MAZIOTIS, Nikolaos', 'person').score).toBe(1);
  });

  it('reads Hebrew ב as v, ח as ch, and Israeli names of the OFAC list', () => {
    expect(abjadReads('shrbit', 'sharvit', true)).toBe(true);
    expect(abjadReads('hsdai', 'chasdai', true)).toBe(true);
    expect(abjadReads('shrbit', 'sharvit')).toBe(false); // Arabic ب is b
    for (const [written, listed] of [
      ['ינון לוי', 'LEVI, Yinon'],
      ['משה שרביט', 'SHARVIT, Moshe'],
      ['צבי בר יוסף', 'BAR YOSEF, Zvi'],
      ['דוד חי חסדאי', 'CHASDAI, David Chai'],
    ])
      expect(compareNames(written, listed, 'person').score).toBeGreaterThanOrEqual(0.85);
  });

  it('romanizes every Han character as its own syllable and translates the words of company names', () => {
    expect(foldToAscii('華信船務(香港)有限公司')).toBe('hua xin shipping ( hong kong ) co ltd');
    expect(foldToAscii('沈忠國際海運有限公司')).toBe('shen zhong international shipping co ltd');
    expect(foldToAscii('長安')).toBe('chang an');
    expect(compareNames('華信船務(香港)有限公司', 'HUAXIN SHIPPING HONGKONG LTD', 'organization').score).toBeGreaterThanOrEqual(0.9);
    expect(compareNames('沈忠國際海運有限公司', 'SHEN ZHONG INTERNATIONAL SHIPPING', 'organization').score).toBeGreaterThanOrEqual(0.9);
  });

  it('names the script a name is written in', () => {
    expect(scriptOf('김정은')).toBe('Korean');
    expect(scriptOf('ハマス')).toBe('Japanese');
    expect(scriptOf('山口組')).toBe('Chinese'); // kanji alone cannot be told from Chinese: read as Chinese
    expect(scriptOf('ایوب بشیر')).toBe('Persian');
    expect(scriptOf('Jin Tiesan (金铁三)')).toBe('Chinese');
    expect(foreignScriptOf('Jin Tiesan (金铁三)')).toBeUndefined();
    expect(scriptOf('José')).toBeUndefined();
  });
});

// Thai: RTGS-like, syllable by syllable: leading vowels read after their consonant, implied vowels, final consonant
// classes, letters under the thanthakhat silent, ห before a sonorant silent, tone marks dropped (any-ascii read
// "thaksin chinwatr", letter by letter).
it('reads Thai names as RTGS writes them', () => {
  const read = (s: string) => foldToAscii(s).trim().split(/\s+/);
  expect(read('ทักษิณ ชินวัตร')).toEqual(['thaksin', 'chinwat']);
  expect(read('สุวิทย์ พวงเพชร')).toEqual(['suwit', 'phuangphet']);
  expect(read('สมบูรณ์ กระดุมพร')).toEqual(['sombun', 'kradumphon']);
  expect(read('อรินทร์ จันทร์ประภาพร')).toEqual(['arin', 'chanpraphaphon']);
  expect(read('สุเทพ สามแสง')).toEqual(['suthep', 'samsaeng']);
  expect(read('เชียงใหม่ หลวง เมือง')).toEqual(['chiangmai', 'luang', 'mueang']);
  expect(read('ยิ่งลักษณ์ ประยุทธ์')).toEqual(['yinglak', 'prayut']);
});

it('matches Thai names against the spellings Thai names are listed in, both ways', () => {
  expect(scriptReads('Thai', 'sombun', 'somboon')).toBe(true);
  expect(scriptReads('Thai', 'kradumphon', 'kradumporn')).toBe(true);
  expect(scriptReads('Thai', 'wari', 'varee')).toBe(true);
  expect(scriptReads('Thai', 'sombun', 'sompong')).toBe(false);
  expect(compareNames('สมบูรณ์ กระดุมพร', 'KRADUMPORN, Somboon', 'person').score).toBeGreaterThanOrEqual(0.9);
  expect(compareNames('KRADUMPORN, Somboon', 'สมบูรณ์ กระดุมพร', 'person').score).toBeGreaterThanOrEqual(0.9);
  expect(compareNames('สุเทพ สามแสง', 'SAMSAENG, Suthep', 'person').score).toBe(1);
  expect(compareNames('สุเทพ สามแสง', 'SAMSAENG, Suwit', 'person').score).toBeLessThan(0.8);
  expect(scriptOf('สุเทพ สามแสง')).toBe('Thai');
});
