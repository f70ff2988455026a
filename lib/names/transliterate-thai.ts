/**
 * Thai -> Latin close to the Royal Thai General System (RTGS), the way Thai names are romanized before the spellings
 * people choose for themselves (which the reading key in script-readings.ts folds: "Somboon" for สมบูรณ์ "sombun",
 * "-porn" for พร "phon", "Varee" for วารี "wari"). Thai writes syllables, not letters in order, so a word is read
 * syllable by syllable:
 * - a leading vowel (เ แ โ ใ ไ) is written before its consonant and read after it ("เพชร" phet);
 * - a consonant with no written vowel has an implied one: o before a consonant that closes its syllable ("สม" som,
 *   "พร" phon), a otherwise ("อรินทร์" arin);
 * - a consonant ending a syllable is read by its class: ก ข ค ฆ k; ด ต ถ ท ธ จ ช ซ ศ ษ ส ฎ ฏ ฐ ฑ ฒ t; บ ป พ ฟ ภ p;
 *   น ญ ณ ร ล ฬ n; ง ng, ม m; ย and ว end a vowel (i, o);
 * - letters under the thanthakhat (์) are silent ("สุวิทย์" suwit), and so is the ร after ท/ต in ทร์/ตร์ ("จันทร์" chan)
 *   and a final ร after a closing consonant ("เพชร" phet); ห before a sonorant (หน หม หย หร หล หว หง หญ) and อ before
 *   ย only mark the tone and are silent; tone marks are dropped; ศร and สร read s ("ศรี" si).
 * Not covered: the linking vowels of Pali and Sanskrit compounds, which the spelling does not write ("วรสิน" reads
 * "wonsin" here, Worasin in use), and words whose vowel is not written at all beyond one syllable.
 */

// prettier-ignore
const INITIAL: Record<string, string> = {
  ก: 'k', ข: 'kh', ฃ: 'kh', ค: 'kh', ฅ: 'kh', ฆ: 'kh', ง: 'ng', จ: 'ch', ฉ: 'ch', ช: 'ch', ซ: 's', ฌ: 'ch', ญ: 'y', ฎ: 'd',
  ฏ: 't', ฐ: 'th', ฑ: 'th', ฒ: 'th', ณ: 'n', ด: 'd', ต: 't', ถ: 'th', ท: 'th', ธ: 'th', น: 'n', บ: 'b', ป: 'p', ผ: 'ph',
  ฝ: 'f', พ: 'ph', ฟ: 'f', ภ: 'ph', ม: 'm', ย: 'y', ร: 'r', ฤ: 'rue', ล: 'l', ฦ: 'lue', ว: 'w', ศ: 's', ษ: 's', ส: 's',
  ห: 'h', ฬ: 'l', อ: '', ฮ: 'h',
};
// prettier-ignore
const FINAL: Record<string, string> = {
  ก: 'k', ข: 'k', ฃ: 'k', ค: 'k', ฅ: 'k', ฆ: 'k', ง: 'ng', จ: 't', ฉ: 't', ช: 't', ซ: 't', ฌ: 't', ญ: 'n', ฎ: 't', ฏ: 't',
  ฐ: 't', ฑ: 't', ฒ: 't', ณ: 'n', ด: 't', ต: 't', ถ: 't', ท: 't', ธ: 't', น: 'n', บ: 'p', ป: 'p', ผ: 'p', ฝ: 'p', พ: 'p',
  ฟ: 'p', ภ: 'p', ม: 'm', ย: 'i', ร: 'n', ล: 'n', ว: 'o', ศ: 't', ษ: 't', ส: 't', ห: '', ฬ: 'n', อ: '', ฮ: '',
};

const isConsonant = (c: string | undefined) => !!c && c >= '\u0e01' && c <= '\u0e2e';
const isLead = (c: string | undefined) => !!c && c >= '\u0e40' && c <= '\u0e44';
/** Vowel signs written after or above/below their consonant. */
const isFollow = (c: string | undefined) => !!c && ((c >= '\u0e30' && c <= '\u0e39') || c === '\u0e47');
const TONE = /[\u0e48-\u0e4b]/g;
const THANTHAKHAT = '\u0e4c';
/** The second consonants of onset clusters (กร, กล, กว, ปร, พล, ...) and the consonants that take them. */
const CLUSTER_FIRST = new Set([...'กขคตปผพบ']);
const CLUSTER_SECOND = new Set([...'รลว']);
const SONORANT = new Set([...'งญนมยรลว']);

/** One Thai word (no spaces) -> Latin. */
export function thaiWord(word: string): string {
  const c = [...word.replace(TONE, '').replace(/\u0e4d\u0e32/g, '\u0e33')];
  const n = c.length;
  let out = '';
  let i = 0;
  // a letter under the thanthakhat is silent, with the vowel sign it carries ("สิทธิ์" sit)
  const silentAt = (k: number) => isConsonant(c[k]) && (c[k + 1] === THANTHAKHAT || (isFollow(c[k + 1]) && c[k + 2] === THANTHAKHAT));
  // ... and so are both letters of a syllable of two consonants under it after a closed syllable ("จันทร์" chan,
  // "ลักษณ์" lak)
  const silentPair = (k: number) => isConsonant(c[k]) && isConsonant(c[k + 1]) && c[k + 2] === THANTHAKHAT;
  while (i < n) {
    const ch = c[i];
    if (ch === THANTHAKHAT) {
      i++;
      continue;
    }
    if (silentAt(i) || (silentPair(i) && i > 0)) {
      i += c[i + 1] === THANTHAKHAT ? 2 : 3;
      continue;
    }
    let lead = '';
    if (isLead(ch)) {
      lead = ch;
      i++;
    }
    if (!isConsonant(c[i])) {
      // a stray vowel sign or a character not in the tables: kept as it is read alone
      if (lead) out += lead === 'แ' ? 'ae' : lead === 'ใ' || lead === 'ไ' ? 'ai' : lead === 'โ' ? 'o' : 'e';
      else if (c[i] !== undefined) out += c[i] === 'ๆ' ? '' : (VOWEL_ALONE[c[i]] ?? '');
      i++;
      continue;
    }
    // the onset: ห before a sonorant and อ before ย mark the tone only
    let onset = c[i];
    if (
      (onset === 'ห' && SONORANT.has(c[i + 1]) && (isFollow(c[i + 2]) || isConsonant(c[i + 2]) || lead || i + 2 >= n)) ||
      (onset === 'อ' && c[i + 1] === 'ย')
    ) {
      i++;
      onset = c[i];
    }
    let text = INITIAL[onset] ?? '';
    i++;
    // a cluster when its second consonant carries the vowel (กระ kra, ปรา pra, เพลง phleng)
    if (
      CLUSTER_FIRST.has(onset) &&
      CLUSTER_SECOND.has(c[i]) &&
      (isFollow(c[i + 1]) || (lead && c[i + 1] !== undefined && !silentAt(i + 1)))
    ) {
      text += INITIAL[c[i]];
      i++;
    } else if ((onset === 'ศ' || onset === 'ส' || onset === 'ท') && c[i] === 'ร' && isFollow(c[i + 1])) {
      // ศร, สร read s; ทร s ("ทราย" sai)
      text = 's';
      i++;
    }
    // the vowel
    let vowel: string;
    const f = c[i];
    if (lead === 'เ') {
      if (f === 'า') {
        vowel = c[i + 1] === 'ะ' ? 'o' : 'ao';
        i += c[i + 1] === 'ะ' ? 2 : 1;
      } else if (f === 'ี' && c[i + 1] === 'ย') {
        vowel = 'ia';
        i += 2;
      } else if (f === 'ื' && c[i + 1] === 'อ') {
        vowel = 'uea';
        i += 2;
      } else if (f === 'ิ' || (f === 'อ' && !isFollow(c[i + 1]))) {
        vowel = 'oe';
        i++;
      } else {
        vowel = 'e';
        if (f === '็' || f === 'ะ') i++;
      }
    } else if (lead) {
      vowel = lead === 'แ' ? 'ae' : lead === 'โ' ? 'o' : 'ai';
      if (c[i] === 'ะ' || c[i] === '็') i++;
    } else if (f === 'ั') {
      if (c[i + 1] === 'ว') {
        vowel = 'ua';
        i += 2;
      } else {
        vowel = 'a';
        i++;
      }
    } else if (f === 'ื' && c[i + 1] === 'อ') {
      vowel = 'ue';
      i += 2;
    } else if (f === '็' && c[i + 1] === 'อ') {
      vowel = 'o';
      i += 2;
    } else if (isFollow(f)) {
      vowel = VOWEL_ALONE[f] ?? '';
      i++;
      if (f === 'ุ' || f === 'ู' || f === 'ิ' || f === 'ี') {
        // no long vowel follows these
      } else if (c[i] === 'ะ') i++;
    } else if (f === 'อ' && !isFollow(c[i + 1]) && c[i + 1] !== THANTHAKHAT) {
      vowel = 'o';
      i++;
    } else if (f === 'ว' && isConsonant(c[i + 1]) && !isFollow(c[i + 2]) && !silentAt(i + 1)) {
      // -ว- between consonants is the vowel ua ("พวง" phuang)
      vowel = 'ua';
      i++;
    } else {
      // no vowel written: o when the next consonant closes this syllable, else a
      const closes = isConsonant(f) && !silentAt(i) && !isFollow(c[i + 1]) && !(f === 'อ');
      vowel = closes ? 'o' : 'a';
    }
    out += text + vowel;
    // the final consonant: one not carrying a vowel of its own
    // (a consonant before a last ร is that ร's onset - "ภาพร" phaphon - unless the ร is silent, as after ก ค ช ต ท)
    const beforeLastR = c[i + 1] === 'ร' && i + 2 === n && !'กคชตท'.includes(c[i]);
    if (
      isConsonant(c[i]) &&
      !silentAt(i) &&
      !isFollow(c[i + 1]) &&
      !beforeLastR &&
      !(c[i] === 'ร' && vowel === 'a' && !isConsonant(c[i + 1]))
    ) {
      const fin = c[i];
      if (!(fin === 'อ' && isFollow(c[i + 1]))) {
        out += vowel.endsWith('i') && fin === 'ย' ? '' : (FINAL[fin] ?? '');
        i++;
        // a final ร after a closing consonant is silent at the end of a word ("เพชร" phet, "สมัคร" samak)
        if (c[i] === 'ร' && i + 1 === n && 'กคชตท'.includes(fin)) i++;
      }
    }
  }
  return out;
}

// prettier-ignore
const VOWEL_ALONE: Record<string, string> = {
  '\u0e30': 'a', '\u0e31': 'a', '\u0e32': 'a', '\u0e33': 'am', '\u0e34': 'i', '\u0e35': 'i', '\u0e36': 'ue', '\u0e37': 'ue',
  '\u0e38': 'u', '\u0e39': 'u', '\u0e47': '',
};

const THAI_RUN = /[\u0e01-\u0e4f]+/g;

/** Thai words -> Latin (see the module comment); other characters are left as they are. */
export function transliterateThai(s: string): string {
  return s.replace(THAI_RUN, (w) => ` ${thaiWord(w)} `).replace(/ฯ/g, ' ');
}
