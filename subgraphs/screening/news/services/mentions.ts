// Name mentions: split an article's text into sentences and pick the candidate person and
// organisation names of each (runs of capitalised words, with the particles names carry: al-, bin,
// van, de ...). Recall matters more than precision here: a candidate that is no name ("European
// Union") is harmless, because the name engine links a mention to a searched party only above the
// search threshold. Scripts without letter case (Arabic, CJK) are not extracted (documented).
import { detectScript } from '../../lists/scripts';
import { categorizeSentence, CategoryEvidence } from './categories';

export interface ExtractedMention {
  name: string;
  nameKey: string;
  kind: 'individual' | 'entity';
  sentence: string;
  position: number;
  evidence: CategoryEvidence[];
}

const MAX_SENTENCE = 600;
const ABBREVIATIONS = /(?:\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Gen|Col|Lt|No|vs|U\.S|U\.K|e\.g|i\.e)|\b\p{Lu})\.$/u;

/** Sentences of a text: split after . ! ? (not after common abbreviations or initials). */
export function splitSentences(text: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?…]["'”»)]*\s+(?=["'“«(]?[\p{Lu}\p{N}])/gu;
  for (let m = boundary.exec(clean); m; m = boundary.exec(clean)) {
    const end = m.index + m[0].trimEnd().length;
    if (ABBREVIATIONS.test(clean.slice(Math.max(start, end - 6), end))) continue;
    sentences.push(clean.slice(start, end).trim());
    start = m.index + m[0].length;
  }
  if (start < clean.length) sentences.push(clean.slice(start).trim());
  return sentences.filter(Boolean).map((s) => (s.length > MAX_SENTENCE ? `${s.slice(0, MAX_SENTENCE - 1)}…` : s));
}

/** Lower-case particles that belong inside a name between two capitalised words. */
const PARTICLES = new Set([
  'al',
  'el',
  'bin',
  'bint',
  'ibn',
  'abu',
  'de',
  'da',
  'del',
  'della',
  'der',
  'den',
  'di',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'van',
  'von',
  'y',
  'e',
  'zu',
  'ter',
]);
/** Capitalised words that start a sentence or precede a name without being part of it. */
const LEADING = new Set([
  'the',
  'a',
  'an',
  'in',
  'on',
  'at',
  'by',
  'for',
  'from',
  'with',
  'of',
  'and',
  'but',
  'or',
  'as',
  'after',
  'before',
  'when',
  'while',
  'according',
  'yesterday',
  'today',
  'last',
  'this',
  'that',
  'these',
  'those',
  'his',
  'her',
  'their',
  'its',
  'former',
  'ex',
  'president',
  'prime',
  'minister',
  'senator',
  'judge',
  'justice',
  'prosecutor',
  'prosecutors',
  'police',
  'officials',
  'authorities',
  'mr',
  'mrs',
  'ms',
  'dr',
  'sir',
  'lord',
  'lady',
  'general',
  'colonel',
  'sheikh',
  'ceo',
  'chairman',
  'director',
  'businessman',
  'businesswoman',
  'tycoon',
  'oligarch',
  'suspect',
  'defendant',
  'lawyers',
  'investigators',
  'reports',
  'sources',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'в',
  'на',
  'по',
  'суд',
  'бывший',
  'бизнесмен',
  'прокуратура',
  'полиция',
  'господин',
]);
const ORG_SUFFIXES = new Set([
  'ltd',
  'limited',
  'llc',
  'llp',
  'inc',
  'corp',
  'corporation',
  'company',
  'co',
  'gmbh',
  'ag',
  'sa',
  'sarl',
  'plc',
  'bv',
  'nv',
  'bank',
  'holdings',
  'holding',
  'group',
  'trading',
  'industries',
  'partners',
  'foundation',
  'ооо',
  'оао',
  'зао',
  'ао',
  'банк',
]);
const MAX_TOKENS = 6;

const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’.-]*/gu;
const capitalised = (word: string) => /^\p{Lu}/u.test(word) || /^(?:al|el|ad|as|ash|an|ar|at|az)[-‐]\p{Lu}/u.test(word);
const bare = (word: string) => word.replace(/['’]s$/u, '').replace(/[.'’-]+$/u, '');

/** Candidate names of one sentence (each at most once). */
export function candidateNames(sentence: string): string[] {
  const words = [...sentence.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const names: string[] = [];
  let run: typeof words = [];
  const flush = () => {
    while (run.length && (LEADING.has(bare(run[0].text).toLowerCase()) || PARTICLES.has(run[0].text.toLowerCase()))) run.shift();
    while (run.length && PARTICLES.has(run[run.length - 1].text.toLowerCase())) run.pop();
    if (run.length >= 2 && run.length <= MAX_TOKENS) {
      const name = run.map((w, i) => (i === run.length - 1 ? bare(w.text) : w.text.replace(/['’]s$/u, ''))).join(' ');
      if (!names.includes(name)) names.push(name);
    }
    run = [];
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const gap = run.length ? sentence.slice(run[run.length - 1].end, word.start) : ' ';
    // A name does not continue over punctuation (commas, brackets, quotes).
    if (run.length && !/^\s+$/.test(gap)) flush();
    if (capitalised(word.text)) run.push(word);
    else if (run.length && PARTICLES.has(word.text.toLowerCase()) && words[i + 1] && capitalised(words[i + 1].text)) run.push(word);
    else flush();
    if (/[’']s$/u.test(word.text)) flush();
  }
  flush();
  return names;
}

export const nameKeyOf = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export function kindOf(name: string): 'individual' | 'entity' {
  return name.split(' ').some((token) => ORG_SUFFIXES.has(token.toLowerCase().replace(/\.$/, ''))) ? 'entity' : 'individual';
}

/** Every (name, sentence) mention of an article's title and text, with the sentence's categories. */
export function extractMentions(title: string, text: string): ExtractedMention[] {
  const mentions: ExtractedMention[] = [];
  const sentences = [title, ...splitSentences(text)].filter((s) => s.trim());
  sentences.forEach((sentence, position) => {
    const names = candidateNames(sentence);
    if (!names.length) return;
    const evidence = categorizeSentence(sentence);
    for (const name of names) {
      // Tokens of a script without case never reach here; mixed-script noise is dropped.
      if (detectScript(name) && /[A-Za-z]/.test(name)) continue;
      mentions.push({ name, nameKey: nameKeyOf(name), kind: kindOf(name), sentence, position, evidence });
    }
  });
  return mentions;
}
