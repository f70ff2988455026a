/**
 * Name-to-name scoring: token alignment tolerant of order, missing middle names, initials, typos, joined/split tokens and
 * transliteration (via phonetic skeletons). Weighted so that unmatched query tokens cost more than unmatched list tokens,
 * rare tokens weigh more than common ones, and legal forms / generic words / single short tokens never carry a match.
 */
import { normalizeName, isSignificant, type NameStyle } from './normalize';
import { phoneticKey } from './phonetic';
import { tokenSimilarity, type TokenMatchKind, type TokenSim } from './similarity';
import { TokenClass } from './vocabulary';

export interface PreparedName {
  tokens: string[];
  keys: string[];
  classes: TokenClass[];
  /** Rarity in [0,1] per token (1 = unseen/unique); from the index's document frequencies. */
  rarity: number[];
  style: NameStyle;
}

/** Weight of a token by class and rarity. */
export function tokenWeight(cls: TokenClass, rarity: number): number {
  const r = 0.35 + 0.65 * rarity;
  switch (cls) {
    case TokenClass.Regular: return r;
    case TokenClass.Particle: return 0.25 * r;
    case TokenClass.Initial: return 0.3;
    case TokenClass.Generic: return 0.3 * r;
    case TokenClass.LegalForm: return 0.1;
    default: return 0;
  }
}

export function prepareName(raw: string, style: NameStyle, rarityOf: (t: string) => number = () => 1): PreparedName {
  const n = normalizeName(raw, style);
  return { tokens: n.tokens, classes: n.classes, keys: n.tokens.map(phoneticKey), rarity: n.tokens.map(rarityOf), style };
}

export interface AlignedPair {
  query: string;
  list: string;
  similarity: number;
  how: TokenMatchKind | 'joined';
}

export interface NameScore {
  score: number;
  /** Score before caps. */
  raw: number;
  pairs: AlignedPair[];
  unmatchedQuery: string[];
  unmatchedList: string[];
  caps: string[];
}

interface Unit {
  text: string;
  key: string;
  mask: number;
  joined: boolean;
  initial: boolean;
  firstIdx: number;
  lastIdx: number;
}

function units(n: PreparedName, sig: number[]): Unit[] {
  const out: Unit[] = [];
  const bit = new Map<number, number>();
  sig.forEach((ti, k) => bit.set(ti, k));
  for (let k = 0; k < sig.length; k++) {
    const ti = sig[k];
    out.push({ text: n.tokens[ti], key: n.keys[ti], mask: 1 << k, joined: false, initial: n.classes[ti] === TokenClass.Initial, firstIdx: ti, lastIdx: ti });
  }
  // joined neighbours ("abu bakr" ~ "abubakr", "abd al rahman" ~ "abdulrahman"), stopwords in between included
  for (let k = 0; k < sig.length; k++) {
    const i = sig[k];
    let text = n.tokens[i];
    let mask = 1 << k;
    for (let j = i + 1; j <= i + 2 && j < n.tokens.length; j++) {
      text += n.tokens[j];
      const b = bit.get(j);
      if (b === undefined) continue;
      mask |= 1 << b;
      if (text.length >= 4) out.push({ text, key: phoneticKey(text), mask, joined: true, initial: false, firstIdx: i, lastIdx: j });
    }
  }
  return out;
}

/** Per-query memo of token similarities (the same list tokens recur across candidates). */
export type SimCache = Map<string, TokenSim>;

function pairSim(q: Unit, l: Unit, cache: SimCache | undefined): TokenSim {
  const ck = `${q.text}\u0001${l.text}`;
  const hit = cache?.get(ck);
  if (hit) return hit;
  let s = tokenSimilarity(q.text, l.text, q.key, l.key, q.initial || l.initial);
  if (s.sim < 0.9 && !q.joined && !l.joined) {
    // "alzawahiri" vs "zawahiri": a glued Arabic article
    for (const [a, b, flip] of [[q.text, l.text, false], [l.text, q.text, true]] as const) {
      if (a.length >= 6 && (a.startsWith('al') || a.startsWith('el')) && !b.startsWith(a.slice(0, 2))) {
        const tail = a.slice(2);
        const t = flip ? tokenSimilarity(b, tail, phoneticKey(b), phoneticKey(tail)) : tokenSimilarity(tail, b, phoneticKey(tail), phoneticKey(b));
        if (t.sim * 0.97 > s.sim) s = { sim: t.sim * 0.97, kind: 'prefix_al' };
      }
    }
  }
  cache?.set(ck, s);
  return s;
}

const bitsOf = (mask: number) => {
  const out: number[] = [];
  for (let k = 0; mask; k++, mask >>>= 1) if (mask & 1) out.push(k);
  return out;
};

/**
 * Scores a query name against a list name. `explain` fills pairs/unmatched lists (slower); the score is the same.
 */
export function scoreName(q: PreparedName, l: PreparedName, opts: { explain?: boolean; weakAlias?: boolean; otherScript?: boolean; cache?: SimCache } = {}): NameScore {
  const sigQ = q.tokens.map((_, i) => i).filter((i) => isSignificant(q.classes[i])).slice(0, 24);
  const sigL = l.tokens.map((_, i) => i).filter((i) => isSignificant(l.classes[i])).slice(0, 24);
  const empty: NameScore = { score: 0, raw: 0, pairs: [], unmatchedQuery: sigQ.map((i) => q.tokens[i]), unmatchedList: sigL.map((i) => l.tokens[i]), caps: [] };
  if (!sigQ.length || !sigL.length) return empty;
  const wq = sigQ.map((i) => tokenWeight(q.classes[i], q.rarity[i]));
  const wl = sigL.map((i) => tokenWeight(l.classes[i], l.rarity[i]));
  const uq = units(q, sigQ);
  const ul = units(l, sigL);
  const edges: { qi: number; li: number; sim: number; kind: TokenMatchKind | 'joined'; w: number }[] = [];
  for (let a = 0; a < uq.length; a++) {
    const qu = uq[a];
    for (let b = 0; b < ul.length; b++) {
      const lu = ul[b];
      if (qu.joined && lu.joined) continue;
      if (qu.joined || lu.joined) {
        if (Math.abs(qu.text.length - lu.text.length) > 2 || qu.text[0] !== lu.text[0]) continue;
      } else if (Math.abs(qu.text.length - lu.text.length) > 4 && qu.key !== lu.key && !qu.initial && !lu.initial) continue;
      const s = pairSim(qu, lu, opts.cache);
      if (s.sim < 0.7) continue;
      let w = 0;
      for (const k of bitsOf(qu.mask)) w += wq[k];
      for (const k of bitsOf(lu.mask)) w += wl[k];
      edges.push({ qi: a, li: b, sim: s.sim, kind: qu.joined || lu.joined ? 'joined' : s.kind, w });
    }
  }
  edges.sort((x, y) => y.sim - x.sim || y.w - x.w || x.qi - y.qi || x.li - y.li);
  let usedQ = 0;
  let usedL = 0;
  let num = 0;
  let regularMatched = 0;
  let fuzzyPairs = 0;
  let evidenceRarity = 0;
  let evidenceLen = 0;
  const pairs: AlignedPair[] = [];
  for (const e of edges) {
    const qu = uq[e.qi];
    const lu = ul[e.li];
    if (qu.mask & usedQ || lu.mask & usedL) continue;
    usedQ |= qu.mask;
    usedL |= lu.mask;
    num += e.sim * e.w;
    if (e.sim < 1 && e.kind !== 'transliteration') fuzzyPairs++; // script conversion is not a coincidence
    for (const k of bitsOf(qu.mask)) {
      if (q.classes[sigQ[k]] === TokenClass.Regular) {
        regularMatched++;
        evidenceRarity = Math.max(evidenceRarity, q.rarity[sigQ[k]]);
        evidenceLen = Math.max(evidenceLen, qu.text.length);
      }
    }
    if (opts.explain) pairs.push({ query: qu.text, list: lu.text, similarity: round(e.sim), how: e.kind });
  }
  const person = q.style !== 'organization' && l.style !== 'organization';
  let den = 0;
  const unmatchedQuery: string[] = [];
  const unmatchedList: string[] = [];
  sigQ.forEach((ti, k) => {
    if (usedQ & (1 << k)) den += wq[k];
    else {
      const middle = person && k > 0 && k < sigQ.length - 1;
      den += wq[k] * (middle ? 0.7 : 1);
      if (opts.explain) unmatchedQuery.push(q.tokens[ti]);
    }
  });
  sigL.forEach((ti, k) => {
    if (usedL & (1 << k)) den += wl[k];
    else {
      const middle = person && k > 0 && k < sigL.length - 1;
      den += wl[k] * (middle ? 0.4 : 0.8);
      if (opts.explain) unmatchedList.push(l.tokens[ti]);
    }
  });
  let raw = den > 0 ? Math.min(1, num / den) : 0;
  const caps: string[] = [];
  if (fuzzyPairs > 1) {
    // every additional approximate token makes a coincidental look-alike more likely
    raw = Math.max(0, raw - 0.04 * (fuzzyPairs - 1));
    caps.push(`${fuzzyPairs} approximate tokens: -${round(0.04 * (fuzzyPairs - 1))}`);
  }
  let score = raw;
  // A query that is exactly a listed multi-token name (same significant tokens in the same order) needs no caps.
  const sameSequence = sigQ.length >= 2 && sigQ.length === sigL.length && sigQ.every((ti, k) => q.tokens[ti] === l.tokens[sigL[k]]);
  if (sameSequence) {
    // nothing to cap
  } else if (regularMatched === 0 && score > 0.5) {
    score = 0.5;
    caps.push('only legal forms, generic words, particles or initials matched: capped at 0.50');
  } else if (regularMatched === 1) {
    // The whole match rests on one token: short and common tokens cannot make a strong match alone.
    // "alone": nothing else of substance on either side is left unmatched (a one-word name, plus legal forms at most)
    let unmatchedSubstance = false;
    sigQ.forEach((ti, k) => { if (!(usedQ & (1 << k)) && q.classes[ti] !== TokenClass.LegalForm) unmatchedSubstance = true; });
    sigL.forEach((ti, k) => { if (!(usedL & (1 << k)) && l.classes[ti] !== TokenClass.LegalForm) unmatchedSubstance = true; });
    const alone = !unmatchedSubstance;
    const cap = evidenceLen <= 2 ? 0.6 : Math.min(evidenceLen === 3 ? 0.75 : 1, alone ? 0.7 + 0.3 * evidenceRarity ** 4 : 0.78);
    if (score > cap) {
      score = cap;
      caps.push(`single-token evidence (${evidenceLen} letters, rarity ${round(evidenceRarity)}): capped at ${round(cap)}`);
    }
  }
  if (opts.otherScript && score > 0) {
    // a Latin query should land on the best Latin name, not on a transliterated original-script alias
    score *= 0.97;
    caps.push('original-script name vs Latin query: x0.97');
  }
  if (opts.weakAlias && score > 0) {
    score *= 0.95;
    caps.push('low-quality alias: x0.95');
  }
  return { score: round(score), raw: round(raw), pairs, unmatchedQuery, unmatchedList, caps };
}

export const round = (x: number) => Math.round(x * 10000) / 10000;

/** Convenience for tests and ad-hoc use: compares two raw names without an index (all tokens treated as rare). */
export function compareNames(query: string, listed: string, style: NameStyle = 'unknown', listedStyle: NameStyle = style): NameScore {
  return scoreName(prepareName(query, style), prepareName(listed, listedStyle), { explain: true });
}
