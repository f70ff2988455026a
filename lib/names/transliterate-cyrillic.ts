/** Cyrillic -> Latin, close to BGN/PCGN as used by sanctions lists (х -> kh, ц -> ts, ж -> zh). */
const MAP: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian, Belarusian
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  // Serbian, Macedonian
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
  // Kazakh, Kyrgyz, Tajik, Uzbek, Tatar
  ә: 'a',
  ғ: 'gh',
  қ: 'q',
  ң: 'ng',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  ҳ: 'h',
  ҷ: 'j',
  ӣ: 'i',
  ӯ: 'u',
  ҫ: 's',
  ҙ: 'z',
};

export function transliterateCyrillic(s: string): string {
  let out = '';
  for (const ch of s) {
    const lower = ch.toLowerCase();
    const t = MAP[lower];
    out += t === undefined ? ch : t;
  }
  return out;
}
