// Blocking keys: the cheap first pass of delta screening. Even a 200-entity index costs a full
// query preparation per search (normalization, readings, typo expansion), which over 100,000
// monitored names is most of the run. A monitored name can only match a changed entity when they
// share a key: a significant token, its phonetic key, one of its single-character deletions (so
// any one-edit typo meets: both sides delete the differing character) or the join of two adjacent
// tokens ("Abdul Rahman" / "Abdulrahman"). Names that share none are not searched at all; the rest
// go through the delta index and the full index as before, so the scores are unchanged.
import { EntityType, isSignificant, normalizeName, phoneticKey, styleForType, WatchlistEntity } from '../../services/engine-adapter';

/** Tokens shorter than this are particles ("al", "bin", "de"): too common to block on. */
const MIN_TOKEN = 3;

function tokenKeys(token: string, out: string[]): void {
  out.push(`t:${token}`, `p:${phoneticKey(token)}`);
  if (token.length >= 5) for (let i = 0; i < token.length; i++) out.push(`d:${token.slice(0, i)}${token.slice(i + 1)}`);
  if (token.length >= 4) out.push(`d:${token}`);
}

/** All tokens of a name as the engine reads it in that style, and the significant ones. */
function tokensOf(name: string, type: EntityType | undefined): { all: string[]; significant: string[] } {
  const normalized = normalizeName(name, styleForType(type));
  return { all: normalized.tokens, significant: normalized.tokens.filter((_, i) => isSignificant(normalized.classes[i])) };
}

/** Every blocking key of a listed name: its significant tokens, and the joins of adjacent tokens
 * (with particles and honorifics too: "Redouane el Habhab" is also written "Redouaneel Habhab"). */
export function listedNameKeys(name: string, type: EntityType | undefined): string[] {
  const { all, significant } = tokensOf(name, type);
  const keys: string[] = [];
  for (const token of significant) if (token.length >= MIN_TOKEN) tokenKeys(token, keys);
  for (const tokens of [all, significant]) for (let i = 1; i < tokens.length; i++) tokenKeys(`${tokens[i - 1]}${tokens[i]}`, keys);
  return keys;
}

/** The keys of every name of the changed entities (each name read in the entity's own style),
 * each with the entities that carry it. */
export class BlockingKeys {
  private readonly keys = new Map<string, number[]>();
  /** Keys of each token seen so far (monitored names repeat their tokens a lot). */
  private readonly tokenMemo = new Map<string, string[]>();
  /** Verdicts of the names checked so far. */
  private readonly memo = new Map<string, boolean>();

  constructor(entities: WatchlistEntity[]) {
    entities.forEach((entity, ordinal) => {
      for (const name of entity.names) {
        if (name.kind === 'title') continue;
        // A query without a type reads the name in the unknown style: cover that reading too.
        for (const key of [...listedNameKeys(name.value, entity.type), ...listedNameKeys(name.value, undefined)]) {
          const carriers = this.keys.get(key);
          if (!carriers) this.keys.set(key, [ordinal]);
          else if (carriers[carriers.length - 1] !== ordinal) carriers.push(ordinal);
        }
      }
    });
  }

  private keysOfToken(token: string): string[] {
    let keys = this.tokenMemo.get(token);
    if (!keys) {
      keys = [];
      tokenKeys(token, keys);
      if (this.tokenMemo.size < 500_000) this.tokenMemo.set(token, keys);
    }
    return keys;
  }

  /** True when enough of the name's tokens meet the keys of ONE changed entity to possibly match. */
  mayMatch(name: string, type: EntityType | undefined): boolean {
    const memoKey = `${type ?? ''}|${name}`;
    const known = this.memo.get(memoKey);
    if (known !== undefined) return known;
    const tokens = tokensOf(name, type).significant;
    const met = new Map<number, number>();
    const credit = (carriers: Iterable<number>, points: number) => {
      for (const ordinal of carriers) met.set(ordinal, (met.get(ordinal) ?? 0) + points);
    };
    let countable = 0;
    for (let i = 0; i < tokens.length; i++) {
      if (i > 0) {
        // Two tokens joined meet a listed token or join, typos included ("Yog-won" / "Yong-won").
        const joined = new Set<number>();
        for (const key of this.keysOfToken(`${tokens[i - 1]}${tokens[i]}`))
          for (const ordinal of this.keys.get(key) ?? []) joined.add(ordinal);
        credit(joined, 2);
      }
      if (tokens[i].length < MIN_TOKEN) continue;
      countable++;
      const carriers = new Set<number>();
      for (const key of this.keysOfToken(tokens[i])) for (const ordinal of this.keys.get(key) ?? []) carriers.add(ordinal);
      credit(carriers, 1);
    }
    const needed = Math.min(2, Math.max(1, countable));
    let hit = false;
    for (const points of met.values())
      if (points >= needed) {
        hit = true;
        break;
      }
    if (this.memo.size < 200_000) this.memo.set(memoKey, hit);
    return hit;
  }
}
