/**
 * Which held-out cases a name matcher can reach at all. A listed alias is often another name altogether (a nom de guerre,
 * a former name, a translation: "ABU OBAYDA" for "TAUFIK RIFKI"); no spelling rule finds it, and a matcher that did would
 * be matching on something else. The rule, independent of the engine's scorer so that a scorer change cannot move it:
 * a case is **reachable** when some word of the query (two letters or more, not an article, particle, title, legal form
 * or generic business word: the vocabulary lists of lib/names/vocabulary.ts) is related to some word of a name the
 * expected record still has in the index, where two words are related when they are
 * - the same after folding accents and case, or the shorter (four letters or more) begins or ends the longer
 *   ("Rahman" / "Abdulrahman"),
 * - the same consonant skeleton (vowels, h, w, y dropped, doubled letters once) of two consonants or more,
 * - the same phonetic key of three letters or more (lib/names/phonetic.ts: "Pezhak" / "Pejak"),
 * - at most one edit apart (four letters or more) or two (six letters or more),
 * - or one so related to the join of two neighbouring words of the other name ("Abdul Rahman" / "Abdulrahman", "AL
 *   ZAROONI" / "ALZROONI").
 * (A name made only of such vocabulary words, "TRADING AND MARITIME INVESTMENTS", is compared by those words.)
 * Everything else shares nothing a name matcher can use: **unreachable**. Original-script names are compared in the
 * engine's Latin reading (normalizeName), as every matcher sees them.
 */
import { normalizeName } from '../../lib/names/normalize';
import { phoneticKey } from '../../lib/names/phonetic';
import { damerauLevenshtein } from '../../lib/names/similarity';
import { GENERIC_WORDS, HONORIFICS, LEGAL_FORMS, PARTICLES, STOPWORDS } from '../../lib/names/vocabulary';

const skip = (t: string) =>
  t.length < 2 || STOPWORDS.has(t) || PARTICLES.has(t) || HONORIFICS.has(t) || LEGAL_FORMS.has(t) || GENERIC_WORDS.has(t);

function skeleton(t: string): string {
  let out = '';
  for (const c of t.replace(/[aeiouyhw]/g, '')) if (c !== out[out.length - 1]) out += c;
  return out;
}

function related(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (s.length >= 4 && (l.startsWith(s) || l.endsWith(s))) return true;
  const ka = skeleton(a);
  if (ka.length >= 2 && ka === skeleton(b)) return true;
  const pa = phoneticKey(a);
  if (pa.length >= 3 && pa === phoneticKey(b)) return true;
  const d = damerauLevenshtein(a, b, 2);
  return (d <= 1 && s.length >= 4) || (d <= 2 && s.length >= 6);
}

/** A name's words, read as a person's and as an organisation's (dotted initials joined: "M.O.G.E." is "moge"). */
const words = (name: string) => [...new Set([...normalizeName(name, 'unknown').tokens, ...normalizeName(name, 'organization').tokens])];
/** The words that carry a name; a name made only of generic words ("TRADING AND MARITIME INVESTMENTS") keeps those. */
const carrying = (all: string[]) => {
  const kept = all.filter((t) => !skip(t));
  return kept.length ? kept : all.filter((t) => t.length >= 2 && !STOPWORDS.has(t));
};
const joins = (all: string[]) => all.slice(1).map((t, i) => all[i] + t);

/** The case's query shares a related word with one of the names (see the module comment). */
export function reachable(query: string, names: string[]): boolean {
  const qAll = words(query);
  const q = carrying(qAll);
  if (!q.length) return false;
  const qJoined = joins(qAll);
  for (const name of names) {
    const all = words(name);
    const n = carrying(all);
    const nJoined = joins(all);
    for (const a of q) if (n.some((b) => related(a, b)) || nJoined.some((b) => related(a, b))) return true;
    if (qJoined.some((j) => n.some((b) => related(j, b)))) return true;
  }
  return false;
}
