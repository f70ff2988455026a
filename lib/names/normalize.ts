/**
 * Name normalization shared by list names and queries, so both sides are prepared the same way:
 * transliteration, accent and case folding, "LAST, First" reordering, punctuation, token classes, initials.
 */
import { damerauLevenshtein, translitKey } from './similarity';
import { foldToAscii } from './text';
import {
  AMBIGUOUS_LEGAL_FORMS,
  GENERIC_WORDS,
  HONORIFICS,
  HYPHEN_ARTICLES,
  LEGAL_FORM_PHRASES,
  LEGAL_FORMS,
  PARTICLES,
  STOPWORDS,
  TokenClass,
} from './vocabulary';

export interface NormalizedName {
  /** Tokens in natural reading order (given names first for people), including stopwords. */
  tokens: string[];
  classes: TokenClass[];
  /** The style actually applied: an 'unknown' name that carries a legal form ("S.A.", "LLC") is read as an organisation. */
  style?: NameStyle;
}

export type NameStyle = 'person' | 'organization' | 'unknown';

/**
 * An untyped name reads as an organisation when it carries an unambiguous legal form ("LLC", "GmbH", "Ltd") or a legal form
 * written as dotted initials ("S.A.", "S.A.C.", "C.V."): the query "LUCERO IMPORT S.A.C." must be prepared like the listed
 * organisation, not as a person with three initials.
 */
export function looksLikeOrganization(folded: string): boolean {
  // a name ending in dotted initials ("GEMINI S.A.S.U.", "BINGO INTERNACIONAL E.U.") ends in a legal form
  const last = folded.trim().split(/\s+/).pop() ?? '';
  if (folded.trim().includes(' ') && /^([a-z]\.){2,}$|^([a-z]\.)+[a-z]$/.test(last)) return true;
  // ... or in an abbreviated legal form, even an ambiguous one ("P.B. SADR CO.", "JAIME JEREZ Y CIA.")
  if (folded.trim().includes(' ') && /^[a-z]+\.$/.test(last) && LEGAL_FORMS.has(last.slice(0, -1))) return true;
  for (const w of folded.split(/[\s,;:/\\()[\]{}"|+*&!?<>=_#@~^%$-]+/)) {
    if (!w) continue;
    const bare = w.replace(/\./g, '');
    if (!bare) continue;
    if (LEGAL_FORMS.has(bare) && !AMBIGUOUS_LEGAL_FORMS.has(bare)) return true;
    if (/^([a-z]\.){2,}[a-z]?\.?$|^([a-z]\.)+[a-z]$/.test(w) && LEGAL_FORMS.has(bare)) return true;
  }
  return false;
}

export function normalizeName(raw: string, style: NameStyle = 'unknown'): NormalizedName {
  let s = foldToAscii(raw);
  if (style === 'unknown' && looksLikeOrganization(s)) style = 'organization';
  // "LAST, First" (OFAC, BIS): reorder when one comma separates a short family part from the given names.
  if (style !== 'organization') {
    const parts = s.split(',');
    if (parts.length === 2) {
      const last = parts[0].trim();
      const first = parts[1].trim();
      const firstWords = first.split(/\s+/);
      const isLegalTail = firstWords.every((w) => LEGAL_FORMS.has(w.replace(/\./g, '')) || GENERIC_WORDS.has(w));
      if (last && first && !isLegalTail && last.split(/\s+/).length <= 4) s = `${first} ${last}`;
    }
  }
  // Hyphenated Arabic articles ("ash-Shami", "al-Tikriti") become stopwords (see wordPieces).
  const raws = s
    .replace(/[.]/g, ' ')
    .split(/[\s,;:/\\()[\]{}"|+*&!?<>=_#@~^%$]+/)
    .filter(Boolean);
  const tokens: string[] = [];
  const classes: TokenClass[] = [];
  for (const r of raws) {
    const word = wordPieces(r);
    for (let k = 0; k < word.pieces.length; k++) {
      tokens.push(word.pieces[k]);
      classes.push(pieceClass(word, k, style));
    }
  }
  // An article precedes a word: one that ends a name is a name ("Thanh LE", "Anh DO", "Minh LA").
  const last = tokens.length - 1;
  if (last > 0 && classes[last] === TokenClass.Stopword && FAMILY_NAME_ARTICLES.has(tokens[last])) classes[last] = TokenClass.Regular;
  if (style === 'organization') joinInitialRuns(tokens, classes, style);
  if (style !== 'person') markLegalFormPhrases(tokens, classes);
  // A name made only of title-like words is a name, not titles: "DHA'AME" (whose romanization key is that of "Dame"), a
  // person listed as "Sheikh". Its words are matched like any other.
  const onlyTitles =
    classes.some((c) => c === TokenClass.Honorific) && !classes.some((c) => c !== TokenClass.Honorific && c !== TokenClass.Stopword);
  if (onlyTitles) {
    classes.forEach((c, i) => {
      if (c === TokenClass.Honorific) classes[i] = TokenClass.Regular;
    });
  }
  return { tokens, classes, style };
}

/**
 * The tokens of one word of a folded name (its hyphenated parts, cleaned), which are hyphenated articles, and their
 * classes per name style once asked for (see pieceClass).
 */
interface WordPieces {
  pieces: string[];
  articles: boolean[];
  classes: Partial<Record<NameStyle, TokenClass[]>>;
}

/** The class of piece k of a word in a name of `style` (before the rules that look at the whole name). */
function pieceClass(word: WordPieces, k: number, style: NameStyle): TokenClass {
  let classes = word.classes[style];
  if (!classes) word.classes[style] = classes = word.pieces.map((piece, i) => classify(piece, style, word.articles[i]));
  return classes[k];
}

/**
 * Words recur across names far more than names do (a build reads tens of millions of words of a few hundred thousand):
 * their pieces are split and cleaned once, and the same token strings come back each time (their hashes computed once).
 */
const wordMemo = new Map<string, WordPieces>();
const WORD_MEMO_MAX = 250_000;

function wordPieces(word: string): WordPieces {
  let known = wordMemo.get(word);
  if (known === undefined) {
    known = splitWord(word);
    if (wordMemo.size >= WORD_MEMO_MAX) wordMemo.clear();
    wordMemo.set(word, known);
  }
  return known;
}

function splitWord(word: string): WordPieces {
  const out: WordPieces = { pieces: [], articles: [], classes: {} };
  const sub = word.split('-').filter(Boolean);
  sub.forEach((p, i) => {
    const clean = p.replace(/[^a-z0-9]/g, '');
    if (!clean) return;
    out.pieces.push(clean);
    out.articles.push(i < sub.length - 1 && HYPHEN_ARTICLES.has(clean));
  });
  return out;
}

/** Articles that are also family names (Vietnamese Lê, Đỗ, La; Chinese Da), read as names at the end of a name. */
const FAMILY_NAME_ARTICLES = new Set(['le', 'la', 'do', 'da', 'de', 'du', 'des', 'van']);

/** Titles and particles in any romanization ("khadzhi" from Хаджи = "haji"). */
const HONORIFIC_KEYS = new Set([...HONORIFICS].filter((h) => h.length >= 3).map(translitKey));
const PARTICLE_KEYS = new Set([...PARTICLES].filter((h) => h.length >= 3).map(translitKey));
/** Long titles, against which a misspelt title is recognised ("Shekh", "Sheikkh", "Mauzawi"). */
const LONG_HONORIFICS = [...HONORIFICS].filter((h) => h.length >= 6);

/**
 * A token one edit away from a long title, sharing its first two letters: a misspelt title. Left as a name it is a query
 * word no listed name has, and costs the match as much as a wrong name would. (Short titles are not guessed: "mayor" is a
 * family name, not "major".)
 */
function isMisspeltHonorific(t: string): boolean {
  if (t.length < 5) return false;
  return LONG_HONORIFICS.some(
    (h) => h[0] === t[0] && h[1] === t[1] && Math.abs(h.length - t.length) <= 1 && damerauLevenshtein(t, h, 2) === 1,
  );
}

/**
 * Classes of the tokens seen, per style and hyphenated-article flag: a build classifies tens of millions of tokens drawn
 * from a vocabulary of a few hundred thousand, and a class costs several set lookups, two romanization keys and edit
 * distances to the long titles. Bounded like the other memos of lib/names.
 */
type ClassMemo = Map<string, TokenClass>;
/** Per style: the classes of tokens that are not, and that are, hyphenated articles. */
const classMemo: Record<NameStyle, [ClassMemo, ClassMemo]> = {
  person: [new Map<string, TokenClass>(), new Map<string, TokenClass>()],
  organization: [new Map<string, TokenClass>(), new Map<string, TokenClass>()],
  unknown: [new Map<string, TokenClass>(), new Map<string, TokenClass>()],
};
const CLASS_MEMO_MAX = 250_000;

function classify(t: string, style: NameStyle, hyphenArticle: boolean): TokenClass {
  const memo = classMemo[style][hyphenArticle ? 1 : 0];
  let cls = memo.get(t);
  if (cls === undefined) {
    cls = classifyToken(t, style, hyphenArticle);
    if (memo.size >= CLASS_MEMO_MAX) memo.clear();
    memo.set(t, cls);
  }
  return cls;
}

function classifyToken(t: string, style: NameStyle, hyphenArticle: boolean): TokenClass {
  // in a person's name a single letter is an initial ("Hajji A. Al-Afari", "Socorro E. Hernandez"), not the article
  // "a"/"e"/"y", and "il" is a (Korean) name ("CHOE SONG IL"), not the Italian article
  if (style !== 'organization' && !hyphenArticle && ((t.length === 1 && /[a-z]/.test(t)) || t === 'il'))
    return t === 'il' ? TokenClass.Regular : TokenClass.Initial;
  if (hyphenArticle || STOPWORDS.has(t)) return TokenClass.Stopword;
  // "general" is an honorific for people ("General X") but a generic word in "General Trading": untyped names keep it
  if (
    style !== 'organization' &&
    (HONORIFICS.has(t) || HONORIFIC_KEYS.has(translitKey(t)) || isMisspeltHonorific(t)) &&
    !(style === 'unknown' && GENERIC_WORDS.has(t))
  )
    return TokenClass.Honorific;
  if (style !== 'person' && LEGAL_FORMS.has(t) && (style === 'organization' || !AMBIGUOUS_LEGAL_FORMS.has(t))) return TokenClass.LegalForm;
  if (style !== 'person' && GENERIC_WORDS.has(t)) return TokenClass.Generic;
  if (PARTICLES.has(t) || PARTICLE_KEYS.has(translitKey(t))) return TokenClass.Particle;
  if (t.length === 1 && /[a-z]/.test(t)) return TokenClass.Initial;
  return TokenClass.Regular;
}

/** The phrases of LEGAL_FORM_PHRASES by their first word, in list order (a name's token is looked up, not every phrase tried). */
const LEGAL_FORM_PHRASES_BY_FIRST_WORD = new Map<string, (readonly string[])[]>();
for (const phrase of LEGAL_FORM_PHRASES) {
  const same = LEGAL_FORM_PHRASES_BY_FIRST_WORD.get(phrase[0]);
  if (same) same.push(phrase);
  else LEGAL_FORM_PHRASES_BY_FIRST_WORD.set(phrase[0], [phrase]);
}

/**
 * A legal form written out ("limited liability company", "otkrytoe aktsionernoe obshchestvo") is a legal form word by word,
 * as its abbreviation (LLC, OAO) is: one list spells out what another abbreviates. Only where the phrase leaves a name
 * beside it (a name that is nothing but the phrase keeps its words).
 */
function markLegalFormPhrases(tokens: string[], classes: TokenClass[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const phrase = LEGAL_FORM_PHRASES_BY_FIRST_WORD.get(tokens[i])?.find(
      (p) => p.length < tokens.length && p.every((w, k) => tokens[i + k] === w),
    );
    if (!phrase) continue;
    for (let k = 0; k < phrase.length; k++) classes[i + k] = TokenClass.LegalForm;
    i += phrase.length - 1;
  }
}

/** "R D I S A" -> "rdi sa": organisation names written as spaced initials are one token. */
function joinInitialRuns(tokens: string[], classes: TokenClass[], style: NameStyle): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].length !== 1) continue;
    let j = i;
    while (j + 1 < tokens.length && tokens[j + 1].length === 1) j++;
    // "R D I S A": a trailing legal form written as initials stays separate
    for (const k of [3, 2]) {
      // (a run that is wholly a legal form, "L.L.C.", is that legal form)
      if (j - k + 1 >= i && LEGAL_FORMS.has(tokens.slice(j - k + 1, j + 1).join(''))) {
        const form = tokens.slice(j - k + 1, j + 1).join('');
        tokens.splice(j - k + 1, k, form);
        classes.splice(j - k + 1, k, TokenClass.LegalForm);
        j -= k;
        break;
      }
    }
    if (j > i) {
      const joined = tokens.slice(i, j + 1).join('');
      tokens.splice(i, j - i + 1, joined);
      classes.splice(i, j - i + 1, classify(joined, style === 'unknown' ? 'organization' : style, false));
    }
  }
}

/** Tokens that take part in matching (not stopwords, not honorifics). */
export function isSignificant(c: TokenClass): boolean {
  return c !== TokenClass.Stopword && c !== TokenClass.Honorific;
}
