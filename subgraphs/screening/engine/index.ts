/**
 * In-memory screening index: interned tokens, integer postings (CSR typed arrays) on exact tokens, phonetic skeletons,
 * joined neighbour tokens, and a trigram index over the token vocabulary for typo expansion. Retrieval accumulates a
 * cheap weighted overlap per name, keeps the best candidates, then rescores them with the full name scorer.
 */
import { entityKey, type EntityType, type Feed, type WatchlistEntity } from '../lists/model';
import { birthDateAdjustment, countryAdjustment, typeAdjustment, type Adjustment } from './adjust';
import { buildCsr, GrowableInt32, type Csr } from './growable';
import { DEFAULT_THRESHOLD } from './levels';
import { isSignificant, normalizeName, styleForType, type NameStyle } from './normalize';
import { phoneticKey } from './phonetic';
import { prepareName, scoreName, tokenWeight, type PreparedName, type SimCache } from './score';
import { damerauLevenshtein } from './similarity';
import { buildMatch, type ScreeningMatch } from './result';
import { TokenClass } from './vocabulary';

export interface SearchOptions {
  limit?: number;
  threshold?: number;
  /** Restrict to entities carrying any of these feeds ('all' or omitted: every feed). */
  feeds?: Feed[] | 'all';
  /** Query entity type: a penalty for mismatching types (not a filter unless strictType). */
  type?: EntityType;
  strictType?: boolean;
  birthDate?: string;
  country?: string;
  /** Entity ids (`source:sourceId`) a reviewer already cleared for this customer. */
  excludeEntityIds?: string[];
}

export interface ScreeningIndexStats {
  entities: number;
  names: number;
  tokens: number;
  vocabulary: number;
  buildMs: number;
}

const ORG_STYLE: NameStyle = 'organization';

export interface BuildProgress {
  (done: number, total: number): void;
}

export class ScreeningIndex {
  readonly entities: WatchlistEntity[];
  readonly stats: ScreeningIndexStats;
  // names
  private nameEntity: Int32Array;
  private nameIndex: Uint16Array;
  private nameTokStart: Int32Array;
  private tokIds: Int32Array;
  private tokClass: Uint8Array;
  // vocabulary
  private vocab = new Map<string, number>();
  private vocabText: string[] = [];
  private vocabKey: Int32Array = new Int32Array(0);
  private df: Int32Array = new Int32Array(0);
  private keyVocab = new Map<string, number>();
  private joinVocab = new Map<string, number>();
  private postTok!: Csr;
  private postKey!: Csr;
  private postJoin!: Csr;
  private trigram = new Map<string, Int32Array>();
  private logN: number;
  // per-search scratch (single-threaded)
  private acc: Float32Array;
  private best: Float32Array;
  private stamp: Int32Array;
  private stampGen = 0;
  private feedMask: Uint16Array;

  constructor(entities: WatchlistEntity[], onProgress?: BuildProgress) {
    const t0 = performance.now();
    this.entities = entities;
    const nameEntity = new GrowableInt32(Math.max(1024, entities.length * 2));
    const nameIndex = new GrowableInt32(Math.max(1024, entities.length * 2));
    const tokStart = new GrowableInt32(Math.max(1024, entities.length * 2));
    const tokIds = new GrowableInt32(Math.max(1024, entities.length * 6));
    const tokCls = new GrowableInt32(Math.max(1024, entities.length * 6));
    const pTokK = new GrowableInt32(1 << 16), pTokV = new GrowableInt32(1 << 16);
    const pKeyK = new GrowableInt32(1 << 16), pKeyV = new GrowableInt32(1 << 16);
    const pJoinK = new GrowableInt32(1 << 16), pJoinV = new GrowableInt32(1 << 16);
    const keyOf: number[] = [];
    const dfCount: number[] = [];
    this.feedMask = new Uint16Array(entities.length);
    const FEED_BITS = feedBits();
    for (let ei = 0; ei < entities.length; ei++) {
      const e = entities[ei];
      let fm = 0;
      for (const f of e.feeds) fm |= FEED_BITS.get(f) ?? 0;
      this.feedMask[ei] = fm;
      const style = styleForType(e.type);
      for (let ni = 0; ni < e.names.length && ni < 65535; ni++) {
        const nm = e.names[ni];
        if (nm.kind === 'title') continue;
        const n = normalizeName(nm.value, style);
        if (!n.classes.some(isSignificant)) continue;
        const nameId = nameEntity.length;
        nameEntity.push(ei);
        nameIndex.push(ni);
        tokStart.push(tokIds.length);
        const seen = new Set<number>();
        const sigIdx: number[] = [];
        for (let t = 0; t < n.tokens.length; t++) {
          const text = n.tokens[t];
          let id = this.vocab.get(text);
          if (id === undefined) {
            id = this.vocabText.length;
            this.vocab.set(text, id);
            this.vocabText.push(text);
            dfCount.push(0);
            const key = phoneticKey(text);
            let kid = this.keyVocab.get(key);
            if (kid === undefined) { kid = this.keyVocab.size; this.keyVocab.set(key, kid); }
            keyOf.push(kid);
          }
          tokIds.push(id);
          tokCls.push(n.classes[t]);
          if (!isSignificant(n.classes[t])) continue;
          sigIdx.push(t);
          if (seen.has(id)) continue;
          seen.add(id);
          dfCount[id]++;
          pTokK.push(id); pTokV.push(nameId);
          if (text.length >= 2 && keyOf[id] !== undefined) { pKeyK.push(keyOf[id]); pKeyV.push(nameId); }
        }
        // joined neighbours: "abu bakr" is also findable as "abubakr"
        for (let a = 0; a < sigIdx.length; a++) {
          let text = n.tokens[sigIdx[a]];
          for (let j = sigIdx[a] + 1; j <= sigIdx[a] + 2 && j < n.tokens.length; j++) {
            text += n.tokens[j];
            if (!isSignificant(n.classes[j])) continue;
            let jid = this.joinVocab.get(text);
            if (jid === undefined) { jid = this.joinVocab.size; this.joinVocab.set(text, jid); }
            pJoinK.push(jid); pJoinV.push(nameId);
          }
        }
      }
      if (onProgress && (ei + 1) % 100000 === 0) onProgress(ei + 1, entities.length);
    }
    tokStart.push(tokIds.length);
    this.nameEntity = nameEntity.toArray();
    this.nameIndex = Uint16Array.from(nameIndex.toArray());
    this.nameTokStart = tokStart.toArray();
    this.tokIds = tokIds.toArray();
    this.tokClass = Uint8Array.from(tokCls.toArray());
    this.vocabKey = Int32Array.from(keyOf);
    this.df = Int32Array.from(dfCount);
    this.postTok = buildCsr(pTokK, pTokV, this.vocabText.length);
    this.postKey = buildCsr(pKeyK, pKeyV, this.keyVocab.size);
    this.postJoin = buildCsr(pJoinK, pJoinV, this.joinVocab.size);
    // trigram index over the vocabulary (tokens of 4+ letters) for typo expansion
    const tri = new Map<string, number[]>();
    for (let id = 0; id < this.vocabText.length; id++) {
      const t = this.vocabText[id];
      if (t.length < 4) continue;
      for (const g of trigrams(t)) {
        let arr = tri.get(g);
        if (!arr) { arr = []; tri.set(g, arr); }
        arr.push(id);
      }
    }
    for (const [g, arr] of tri) this.trigram.set(g, Int32Array.from(arr));
    const names = this.nameEntity.length;
    this.logN = Math.log(Math.max(2, names));
    this.acc = new Float32Array(names);
    this.best = new Float32Array(names);
    this.stamp = new Int32Array(names);
    this.stats = { entities: entities.length, names, tokens: this.tokIds.length, vocabulary: this.vocabText.length, buildMs: Math.round(performance.now() - t0) };
  }

  /** Rarity in [0,1]: 1 for tokens not in the lists or in one name, lower for common tokens ("mohammed"). */
  rarity = (token: string): number => {
    const id = this.vocab.get(token);
    const df = id === undefined ? 0 : this.df[id];
    if (df <= 1) return 1;
    return Math.max(0, Math.min(1, Math.log(this.nameEntity.length / df) / this.logN));
  };

  private preparedListName(nameId: number, style: NameStyle): PreparedName {
    const s = this.nameTokStart[nameId];
    const e = this.nameTokStart[nameId + 1];
    const tokens: string[] = [];
    const keys: string[] = [];
    const classes: TokenClass[] = [];
    const rarity: number[] = [];
    for (let i = s; i < e; i++) {
      const id = this.tokIds[i];
      const text = this.vocabText[id];
      tokens.push(text);
      keys.push(phoneticKeyCached(text));
      classes.push(this.tokClass[i] as TokenClass);
      rarity.push(this.rarity(text));
    }
    return { tokens, keys, classes, rarity, style };
  }

  /** Vocabulary tokens within 2 edits of `t` found through shared trigrams. */
  private fuzzyTokens(t: string): number[] {
    if (t.length < 4) return [];
    const grams = trigrams(t);
    const counts = new Map<number, number>();
    for (const g of grams) {
      const post = this.trigram.get(g);
      if (!post || post.length > 20000) continue;
      for (let i = 0; i < post.length; i++) counts.set(post[i], (counts.get(post[i]) ?? 0) + 1);
    }
    const need = Math.max(1, grams.length - 6);
    const out: number[] = [];
    const cands = [...counts.entries()].filter(([, c]) => c >= need).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 200);
    for (const [id] of cands) {
      const v = this.vocabText[id];
      if (v === t || Math.abs(v.length - t.length) > 2) continue;
      if (damerauLevenshtein(t, v, 2) <= (Math.min(t.length, v.length) >= 6 ? 2 : 1)) out.push(id);
      if (out.length >= 30) break;
    }
    return out;
  }

  search(query: string, opts: SearchOptions = {}): ScreeningMatch[] {
    const limit = opts.limit ?? 10;
    const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
    const style = styleForType(opts.type);
    const q = prepareName(query, style, this.rarity);
    const sig = q.tokens.map((_, i) => i).filter((i) => isSignificant(q.classes[i]));
    if (!sig.length) return [];
    const feedFilter = opts.feeds && opts.feeds !== 'all' && opts.feeds.length ? opts.feeds.reduce((m, f) => m | (feedBits().get(f) ?? 0), 0) : 0;

    // 1. retrieval: per query token, the best way each name is reached (exact > joined > skeleton > typo)
    const touched: number[] = [];
    const acc = this.acc;
    const visit = (post: Csr, key: number | undefined, w: number) => {
      if (key === undefined) return;
      const s = post.offsets[key];
      const e = post.offsets[key + 1];
      const gen = this.stampGen;
      for (let p = s; p < e; p++) {
        const n = post.values[p];
        if (this.stamp[n] !== gen) {
          this.stamp[n] = gen;
          this.best[n] = w;
          tokenTouched.push(n);
        } else if (w > this.best[n]) this.best[n] = w;
      }
    };
    let tokenTouched: number[] = [];
    const flush = () => {
      for (const n of tokenTouched) {
        if (acc[n] === 0) touched.push(n);
        acc[n] += this.best[n];
      }
      tokenTouched = [];
      this.stampGen++;
    };
    this.stampGen++;
    for (let k = 0; k < sig.length; k++) {
      const i = sig[k];
      const text = q.tokens[i];
      const cls = q.classes[i];
      const w = Math.max(0.05, tokenWeight(cls, q.rarity[i]));
      visit(this.postTok, this.vocab.get(text), w);
      visit(this.postJoin, this.joinVocab.get(text), w);
      if (cls !== TokenClass.Initial && text.length >= 2) visit(this.postKey, this.keyVocab.get(q.keys[i]), w * 0.9);
      if (cls === TokenClass.Regular) for (const id of this.fuzzyTokens(text)) visit(this.postTok, id, w * 0.85);
      // the query's neighbours joined: "abu bakr" finds "abubakr"
      let joined = text;
      for (let j = i + 1; j <= i + 2 && j < q.tokens.length; j++) {
        joined += q.tokens[j];
        if (!isSignificant(q.classes[j])) continue;
        visit(this.postTok, this.vocab.get(joined), w);
        visit(this.postKey, this.keyVocab.get(phoneticKey(joined)), w * 0.9);
      }
      flush();
    }
    // 2. keep the best candidates by retrieval score, grouped per entity
    const maxCand = Math.max(60, limit * 6);
    const excluded = opts.excludeEntityIds?.length ? new Set(opts.excludeEntityIds) : undefined;
    let cands = touched;
    if (feedFilter || excluded || (opts.strictType && opts.type)) {
      cands = touched.filter((n) => {
        const ei = this.nameEntity[n];
        if (feedFilter && !(this.feedMask[ei] & feedFilter)) return false;
        if (opts.strictType && opts.type && this.entities[ei].type !== opts.type) return false;
        if (excluded && excluded.has(entityKey(this.entities[ei]))) return false;
        return true;
      });
    }
    cands.sort((a, b) => acc[b] - acc[a] || a - b);
    const top = cands.slice(0, maxCand);
    for (const n of touched) acc[n] = 0;

    // 3. rescoring with the full scorer; best name per entity
    const cache: SimCache = new Map();
    const latinQuery = !NON_LATIN.test(query);
    const perEntity = new Map<number, { nameId: number; score: number }>();
    for (const n of top) {
      const ei = this.nameEntity[n];
      const e = this.entities[ei];
      const nm = e.names[this.nameIndex[n]];
      const s = scoreName(q, this.preparedListName(n, styleForType(e.type)), { cache, weakAlias: nm.quality === 'low', otherScript: latinQuery && !!nm.script }).score;
      const cur = perEntity.get(ei);
      if (!cur || s > cur.score) perEntity.set(ei, { nameId: n, score: s });
    }
    // 4. adjustments, threshold, ranking guard
    type Scored = { ei: number; nameId: number; name: number; base: number; bonus: number; adjustments: Adjustment[]; final: number };
    const scored: Scored[] = [];
    for (const [ei, { nameId, score }] of perEntity) {
      if (score < threshold - 0.2) continue;
      const e = this.entities[ei];
      const adjustments = [birthDateAdjustment(opts.birthDate, e), countryAdjustment(opts.country, e), typeAdjustment(opts.type, e)]
        .filter((a): a is Adjustment => !!a);
      const penalty = adjustments.reduce((s, a) => s + Math.min(0, a.delta), 0);
      const bonus = adjustments.reduce((s, a) => s + Math.max(0, a.delta), 0);
      const base = Math.max(0, score + penalty);
      scored.push({ ei, nameId, name: score, base, bonus, adjustments, final: Math.min(1, base + bonus) });
    }
    // A bonus (same birth date, same country) may break ties but never lifts a result above one with a better base score.
    scored.sort((a, b) => b.base - a.base || b.bonus - a.bonus || a.ei - b.ei);
    for (let i = 1; i < scored.length; i++) {
      const prev = scored[i - 1];
      if (scored[i].base < prev.base && scored[i].final > prev.final) scored[i].final = prev.final;
    }
    scored.sort((a, b) => b.final - a.final || b.base - a.base || b.bonus - a.bonus || a.ei - b.ei);
    const out: ScreeningMatch[] = [];
    for (const s of scored) {
      if (s.final < threshold) continue;
      const e = this.entities[s.ei];
      out.push(buildMatch({
        entity: e, query, queryName: q, listNamePrep: (ni) => prepareName(e.names[ni].value, styleForType(e.type), this.rarity),
        latinQuery, bestNameIndex: this.nameIndex[s.nameId], nameScore: s.name, adjustments: s.adjustments, finalScore: round4(s.final), threshold,
      }));
      if (out.length >= limit) break;
    }
    return out;
  }
}

const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0750-\u077f\u3400-\u9fff\uac00-\ud7af\ufb50-\ufeff]/;

const round4 = (x: number) => Math.round(x * 10000) / 10000;

const keyCache = new Map<string, string>();
function phoneticKeyCached(t: string): string {
  let k = keyCache.get(t);
  if (k === undefined) {
    k = phoneticKey(t);
    if (keyCache.size > 200000) keyCache.clear();
    keyCache.set(t, k);
  }
  return k;
}

function trigrams(t: string): string[] {
  const s = `^${t}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return [...out];
}

let FEED_BIT_MAP: Map<string, number> | undefined;
function feedBits(): Map<string, number> {
  if (!FEED_BIT_MAP) {
    FEED_BIT_MAP = new Map();
    ['Sanctions', 'PEP', 'Criminal', 'Legal', 'Offshore', 'Ownership', 'Registries', 'Social Media', 'News', 'Open Source']
      .forEach((f, i) => FEED_BIT_MAP!.set(f, 1 << i));
  }
  return FEED_BIT_MAP;
}

export function buildIndex(entities: WatchlistEntity[], onProgress?: BuildProgress): ScreeningIndex {
  return new ScreeningIndex(entities, onProgress);
}

export { ORG_STYLE };
