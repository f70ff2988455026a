/** Latin -> Cyrillic as a Russian clerk would write a foreign name; used to make "via Cyrillic and back" variants. */
const MULTI: [string, string][] = [
  ['shch', 'щ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['kh', 'х'],
  ['zh', 'ж'],
  ['ts', 'ц'],
  ['ya', 'я'],
  ['yu', 'ю'],
  ['yo', 'ё'],
  ['ph', 'ф'],
  ['th', 'т'],
  ['ee', 'и'],
  ['oo', 'у'],
  ['ou', 'у'],
];
const SINGLE: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'дж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  x: 'кс',
  y: 'й',
  z: 'з',
};

export function latinToCyrillic(name: string): string {
  const s = name.toLowerCase();
  let out = '';
  for (let i = 0; i < s.length;) {
    const m = MULTI.find(([l]) => s.startsWith(l, i));
    if (m) {
      out += m[1];
      i += m[0].length;
      continue;
    }
    const ch = s[i];
    // "Prince" -> Принс, "Johnson" -> Джонсон: soft c, silent h after a consonant
    if (ch === 'c' && /[eiy]/.test(s[i + 1] ?? '')) {
      out += 'с';
      i++;
      continue;
    }
    if (ch === 'h' && i > 0 && /[bcdfgjklmnpqrstvwxz]/.test(s[i - 1])) {
      i++;
      continue;
    }
    out += ch === 'y' && (i === s.length - 1 || !/[a-z]/.test(s[i + 1] ?? '')) ? 'ы' : (SINGLE[ch] ?? ch);
    i++;
  }
  return out.replace(/(^|\s)(\S)/g, (_m, sp: string, c: string) => sp + c.toUpperCase());
}
