/**
 * Name normalization shared by list names and queries, so both sides are prepared the same way:
 * transliteration, accent and case folding, "LAST, First" reordering, punctuation, token classes, initials.
 */
import type { EntityType } from '../../lists/model';
import { foldToAscii } from './text';
import {
  AMBIGUOUS_LEGAL_FORMS,
  GENERIC_WORDS,
  HONORIFICS,
  HYPHEN_ARTICLES,
  LEGAL_FORMS,
  PARTICLES,
  STOPWORDS,
  TokenClass,
} from './vocabulary';

export interface NormalizedName {
  /** Tokens in natural reading order (given names first for people), including stopwords. */
  tokens: string[];
  classes: TokenClass[];
}

export type NameStyle = 'person' | 'organization' | 'unknown';

export function styleForType(type: EntityType | undefined): NameStyle {
  if (type === 'individual') return 'person';
  if (type === undefined) return 'unknown';
  return 'organization';
}

export function normalizeName(raw: string, style: NameStyle = 'unknown'): NormalizedName {
  let s = foldToAscii(raw);
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
  // Hyphenated Arabic articles ("ash-Shami", "al-Tikriti") become stopwords; remember them before hyphens go.
  const hyphenArticle = new Set<number>();
  const raws = s
    .replace(/[.]/g, ' ')
    .split(/[\s,;:/\\()[\]{}"|+*&!?<>=_#@~^%$]+/)
    .filter(Boolean);
  const pieces: string[] = [];
  for (const r of raws) {
    const sub = r.split('-').filter(Boolean);
    sub.forEach((p, i) => {
      const clean = p.replace(/[^a-z0-9]/g, '');
      if (!clean) return;
      if (i < sub.length - 1 && HYPHEN_ARTICLES.has(clean)) hyphenArticle.add(pieces.length);
      pieces.push(clean);
    });
  }
  const tokens: string[] = [];
  const classes: TokenClass[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const t = pieces[i];
    tokens.push(t);
    classes.push(classify(t, style, hyphenArticle.has(i)));
  }
  if (style === 'organization') joinInitialRuns(tokens, classes, style);
  return { tokens, classes };
}

function classify(t: string, style: NameStyle, hyphenArticle: boolean): TokenClass {
  if (hyphenArticle || STOPWORDS.has(t)) return TokenClass.Stopword;
  if (style !== 'organization' && HONORIFICS.has(t)) return TokenClass.Honorific;
  if (style !== 'person' && LEGAL_FORMS.has(t) && (style === 'organization' || !AMBIGUOUS_LEGAL_FORMS.has(t))) return TokenClass.LegalForm;
  if (style !== 'person' && GENERIC_WORDS.has(t)) return TokenClass.Generic;
  if (PARTICLES.has(t)) return TokenClass.Particle;
  if (t.length === 1 && /[a-z]/.test(t)) return TokenClass.Initial;
  return TokenClass.Regular;
}

/** "R D I S A" -> "rdi sa": organisation names written as spaced initials are one token. */
function joinInitialRuns(tokens: string[], classes: TokenClass[], style: NameStyle): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].length !== 1) continue;
    let j = i;
    while (j + 1 < tokens.length && tokens[j + 1].length === 1) j++;
    // "R D I S A": a trailing legal form written as initials stays separate
    for (const k of [3, 2]) {
      if (j - k + 1 > i && LEGAL_FORMS.has(tokens.slice(j - k + 1, j + 1).join(''))) {
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
