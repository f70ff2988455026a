/** Script-independent text folding: transliteration to Latin, accent stripping, special letters, case. */
import { transliterateArabic } from './transliterate-arabic';
import { transliterateCyrillic } from './transliterate-cyrillic';
import { transliterateHan } from './pinyin-table';
import { transliterateOther } from './transliterate-other';

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  Þ: 'th',
  œ: 'oe',
  Œ: 'oe',
  ı: 'i',
  ŋ: 'ng',
  ĸ: 'k',
  ſ: 's',
  ŀ: 'l',
  ʻ: '',
  ʼ: '',
  ʿ: '',
  ʾ: '',
  '‘': '',
  '’': '',
  '`': '',
  '´': '',
  "'": '',
};

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const CYRILLIC = /[\u0400-\u04ff]/;
const HAN = /[\u3400-\u9fff]/;
const ASCII_ONLY = /^[\u0000-\u007f]*$/;
const ASCII_APOSTROPHES = /['`]/g;
/** Any letter outside Latin (and its extensions) left after the scripts above. */
const OTHER = /[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f]/;

/** Brings any supported script to lower-case ASCII letters, digits, spaces and the separators , and - . */
export function foldToAscii(input: string): string {
  // Most names are plain ASCII: nothing to transliterate or decompose, and of SPECIAL only the apostrophes apply.
  if (ASCII_ONLY.test(input)) return input.replace(ASCII_APOSTROPHES, '').toLowerCase();
  let s = input;
  if (ARABIC.test(s)) s = transliterateArabic(s);
  if (CYRILLIC.test(s)) s = transliterateCyrillic(s);
  if (HAN.test(s)) s = transliterateHan(s);
  if (OTHER.test(s)) s = transliterateOther(s);
  s = s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const ch of s) {
    const sp = SPECIAL[ch];
    out += sp === undefined ? ch : sp;
  }
  return out.toLowerCase();
}
