/**
 * Tie-breaking between records whose scores are equal: the record that holds a name equal to the query comes first
 * (written the same way, then the same tokens), then one matched on its primary name over one matched on an alias.
 */
import type { NameKind, WatchlistEntity } from '../lists/model';
import { normalizeName } from '../../../lib/names/normalize';
import { styleForType } from './name-style';

export interface NameTie {
  /** 2: a listed name equals the query verbatim (case and spacing aside); 1: the same tokens in the same order; 0: neither. */
  equality: number;
  /** 0 primary name, 1 any alias (of the equal name, else of the best name). */
  kindRank: number;
}

const KIND_RANK: Record<NameKind, number> = { primary: 0, aka: 1, fka: 1, nka: 1, original_script: 1, other: 1, weak_aka: 1, title: 1 };

const verbatim = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export function nameTie(query: string, e: WatchlistEntity, bestNameIndex: number): NameTie {
  const q = verbatim(query);
  const style = styleForType(e.type);
  let qTokens: string | undefined;
  let best: NameTie = { equality: 0, kindRank: KIND_RANK[e.names[bestNameIndex]?.kind ?? 'other'] };
  for (const n of e.names) {
    if (n.kind === 'title') continue;
    let equality = verbatim(n.value) === q ? 2 : 0;
    if (!equality) {
      qTokens ??= normalizeName(query, style).tokens.join(' ');
      if (normalizeName(n.value, style).tokens.join(' ') === qTokens) equality = 1;
    }
    if (!equality) continue;
    const tie = { equality, kindRank: KIND_RANK[n.kind] };
    if (compareTies(tie, best) < 0) best = tie;
  }
  return best;
}

/** Negative when `a` ranks before `b`. */
export function compareTies(a: NameTie, b: NameTie): number {
  return b.equality - a.equality || a.kindRank - b.kindRank;
}
