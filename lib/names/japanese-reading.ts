/**
 * The Japanese reading of a name written in Han characters (kanji). A name in kanji alone cannot be told from a Chinese
 * one, so such a name gets both readings: the Chinese one (pinyin, pinyin-table.ts) and this one, as alternates ("山口組"
 * is YAMAGUCHI-GUMI, "井上邦雄" Inoue Kunio). Words are read with kuromoji's IPADIC dictionary (it knows family names,
 * given names and many organisations with their readings) and romanized in Hepburn as lists write Japanese names
 * (`romanizeReading`). A character the dictionary has no reading for keeps its Chinese reading.
 *
 * The dictionary ships inside the package (no download); it is loaded on first use only (the first Han name prepared:
 * the UN list carries Chinese names, so a full index build loads it once), synchronously, with Node's own gunzip: about
 * 1 s and 100 MB of heap (see docs/screening-matching.md). A name a Japanese reading cannot be given to (no Han in it)
 * gets none.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { transliterateHan } from './pinyin-table';
import { romanizeReading, transliterateKana } from './transliterate-kana';

interface KuromojiToken {
  surface_form: string;
  reading?: string;
  pos: string;
  pos_detail_1: string;
  pos_detail_2: string;
}
interface KuromojiTokenizer {
  tokenize(text: string): KuromojiToken[];
  viterbi_builder: { trie: { commonPrefixSearch(s: string): { k: string; v: number }[] } };
  token_info_dictionary: { target_map: Record<number, number[]>; getFeatures(id: string): string };
}
interface KuromojiDictionaries {
  loadTrie(base: Int32Array, check: Int32Array): void;
  loadTokenInfoDictionaries(tokenInfo: Uint8Array, pos: Uint8Array, targetMap: Uint8Array): void;
  loadConnectionCosts(cc: Int16Array): void;
  loadUnknownDictionaries(
    unk: Uint8Array,
    unkPos: Uint8Array,
    unkMap: Uint8Array,
    catMap: Uint8Array,
    compatCatMap: Uint32Array,
    invokeDef: Uint8Array,
  ): void;
}

let tokenizer: KuromojiTokenizer | undefined;

/** kuromoji's own loader is asynchronous; names are prepared synchronously, so the same files are read the same way here. */
function loadTokenizer(): KuromojiTokenizer {
  if (tokenizer) return tokenizer;
  const req = createRequire(__filename);
  const root = path.dirname(path.dirname(req.resolve('kuromoji')));
  const DynamicDictionaries = req('kuromoji/src/dict/DynamicDictionaries') as new () => KuromojiDictionaries;
  const Tokenizer = req('kuromoji/src/Tokenizer') as new (dic: KuromojiDictionaries) => KuromojiTokenizer;
  const file = (name: string): ArrayBuffer => {
    const b = gunzipSync(readFileSync(path.join(root, 'dict', name)));
    // typed views need an aligned offset: copy unless the buffer owns its memory from 0
    return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength
      ? b.buffer
      : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  };
  const dic = new DynamicDictionaries();
  dic.loadTrie(new Int32Array(file('base.dat.gz')), new Int32Array(file('check.dat.gz')));
  dic.loadTokenInfoDictionaries(
    new Uint8Array(file('tid.dat.gz')),
    new Uint8Array(file('tid_pos.dat.gz')),
    new Uint8Array(file('tid_map.dat.gz')),
  );
  dic.loadConnectionCosts(new Int16Array(file('cc.dat.gz')));
  dic.loadUnknownDictionaries(
    new Uint8Array(file('unk.dat.gz')),
    new Uint8Array(file('unk_pos.dat.gz')),
    new Uint8Array(file('unk_map.dat.gz')),
    new Uint8Array(file('unk_char.dat.gz')),
    new Uint32Array(file('unk_compat.dat.gz')),
    new Uint8Array(file('unk_invoke.dat.gz')),
  );
  tokenizer = new Tokenizer(dic);
  return tokenizer;
}

/** Whether the dictionary has been loaded (tests and benches report the cost of loading it). */
export function japaneseDictionaryLoaded(): boolean {
  return !!tokenizer;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const KATAKANA_WORD = /^[\u30a1-\u30fa\u30fc]+$/;
/** One word of a Japanese reading: its romanized reading and, for a word in kanji, the dictionary's other readings of it. */
export interface JapaneseWord {
  text: string;
  /** Other readings the dictionary lists for the same characters (romanized), when there are any. */
  alts?: string[];
}
const memo = new Map<string, JapaneseWord[]>();

/**
 * The Japanese reading of `raw` in Latin letters, one token per dictionary word ("篠田 建 市" -> "shinoda ken shi"),
 * or undefined when `raw` has no Han character. Memoized (bounded): list names are prepared again after a cache reset.
 */
export function japaneseReading(raw: string): string | undefined {
  const words = japaneseReadingWords(raw);
  return (
    words &&
    words
      .map((w) => w.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The words of `raw`'s Japanese reading, each with the dictionary's other readings of its kanji. The dictionary picks one
 * reading per word, but a name's reading is its bearer's choice: 清司 is listed with the readings Seiji, Kiyoshi and
 * Kiyoji, and 高山清司 is TAKAYAMA, Kiyoshi; 建 reads ken or tate and 市 shi or ichi, and 篠田建市 is SHINODA, Kenichi.
 */
export function japaneseReadingWords(raw: string): JapaneseWord[] | undefined {
  if (!HAN.test(raw)) return undefined;
  const hit = memo.get(raw);
  if (hit) return hit;
  const out = readWords(raw.normalize('NFKC'));
  if (memo.size >= 20000) memo.clear();
  memo.set(raw, out);
  return out;
}

const KANA_RUN = /[\u3041-\u3096\u30a1-\u30fa\u30fc]+/;

function readWords(text: string, depth = 0): JapaneseWord[] {
  const words: JapaneseWord[] = [];
  for (const t of loadTokenizer().tokenize(text)) {
    const surface = t.surface_form;
    // a dictionary word mixing katakana and kanji ("オウム真理教"): the katakana part is a foreign word, read as one
    // (transliterate-kana.ts), the kanji part on its own ("真理教" shinrikyo)
    if (depth === 0 && HAN.test(surface) && KANA_RUN.test(surface) && /[\u30a1-\u30fa]/.test(surface)) {
      for (const part of surface.split(/([\u3041-\u3096\u30a1-\u30fa\u30fc]+)/).filter(Boolean))
        words.push(...(HAN.test(part) ? readWords(part, 1) : [{ text: transliterateKana(part).trim() }]));
    } else if (t.reading && KATAKANA_WORD.test(t.reading) && (HAN.test(surface) || KANA_RUN.test(surface))) {
      const text = romanizeReading(t.reading);
      const alts = HAN.test(surface) ? otherReadings(surface, text) : undefined;
      words.push(alts ? { text, alts } : { text });
    } else if (HAN.test(surface)) words.push({ text: transliterateHan(surface).trim() });
    // punctuation and Latin letters stay as written (the caller folds them)
    else words.push({ text: surface });
  }
  return words;
}

/** The dictionary's readings of a kanji word other than `first` (romanized, one word each), or undefined when none. */
function otherReadings(surface: string, first: string): string[] | undefined {
  const alts = dictionaryReadings(surface)
    .map(romanizeReading)
    .filter((r, i, all) => r !== first && /^[a-z]+$/.test(r) && all.indexOf(r) === i);
  return alts.length ? alts : undefined;
}

/** Every reading the dictionary lists for exactly `surface` (its word entries, in katakana), first seen first. */
export function dictionaryReadings(surface: string): string[] {
  const t = loadTokenizer();
  const out: string[] = [];
  for (const { k, v } of t.viterbi_builder.trie.commonPrefixSearch(surface)) {
    if (k !== surface) continue;
    for (const id of t.token_info_dictionary.target_map[v] ?? []) {
      const reading = t.token_info_dictionary.getFeatures(String(id)).split(',')[8];
      if (reading && KATAKANA_WORD.test(reading) && !out.includes(reading)) out.push(reading);
    }
  }
  return out;
}
