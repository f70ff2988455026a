/**
 * Frozen copy of the engine's romanization key (engine/similarity.ts `translitKey`, as of `vigil-name-4`), used by the
 * evaluation generator to tell a listed name written in another romanization ("Mohamed ISMAIL" for "ISMAIL, Mohammed")
 * from a name that is not listed. Frozen for the reason normalize-v1 is: the labelled set must not move when the engine
 * does. Do not edit; add a new version instead.
 */
export function romanizationKeyV1(t: string): string {
  let s = t
    .replace(/shch/g, 'S')
    .replace(/dzh|dj|zh|dz/g, 'j')
    .replace(/sh|sch/g, 'S')
    .replace(/tch|ch|tsh/g, 'C')
    .replace(/kh/g, 'H')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/tz/g, 'ts')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/^ye/, 'e')
    .replace(/ee/g, 'i')
    .replace(/oo|ou/g, 'u');
  s = s
    .replace(/([bdfgjklmnprstvz])h/g, '$1')
    .replace(/([aeiouy])[hH](?![aeiouy])/g, '$1')
    .replace(/H/g, 'h')
    .replace(/y/g, 'i');
  let out = '';
  for (let i = 0; i < s.length; i++) if (s[i] !== s[i - 1]) out += s[i];
  return out;
}
