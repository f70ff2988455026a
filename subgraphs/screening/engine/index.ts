/**
 * In-memory screening index: interned tokens, integer postings (CSR typed arrays) on exact tokens, phonetic skeletons,
 * joined neighbour tokens, and a trigram index over the token vocabulary for typo expansion. Retrieval accumulates a
 * cheap weighted overlap per name, keeps the best candidates, then rescores them with the full name scorer.
 */
import { entityKey, type EntityType, type Feed, type WatchlistEntity } from '../lists/model';
import { birthDateAdjustment, countryAdjustment, typeAdjustment, type Adjustment } from './adjust';
import { buildCsr, buildHashCsr, GrowableInt32, type Csr } from './growable';
import { identifierAdjustment, type QueryIdentifier } from './identifiers';
import { DEFAULT_THRESHOLD } from '../../../lib/names/levels';
import { isSignificant, normalizeName, type NameStyle } from '../../../lib/names/normalize';
import { styleForType } from './name-style';
import { phoneticKey } from '../../../lib/names/phonetic';
import { isAbjadName } from '../../../lib/names/abjad';
import { foreignScriptOf } from '../../../lib/names/scripts';
import {
  hasJapaneseAlternate,
  prepareJapaneseAlternate,
  japaneseAlts,
  chineseAlts,
  joinedReadings,
  prepareName,
  scoreName,
  scriptField,
  tokenWeight,
  warmMemo,
  type PreparedName,
  type SimCache,
} from '../../../lib/names/score';
import { damerauLevenshtein } from '../../../lib/names/similarity';
import { buildMatch, type ScreeningMatch } from './result';
import { compareTies, nameTie, type NameTie } from './ties';
import { queryReadings, type QueryReadings } from './readings';
import { compareParties, type CompareParty, type NameComparison } from './compare';
import { TokenClass } from '../../../lib/names/vocabulary';
import { EntityStore, EntityStoreBuilder, type EntityStoreParts } from './entity-store';

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
  /** Documents of the screened party (passport, national id, ...): an identical listed identifier raises the score. */
  identifiers?: QueryIdentifier[];
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

/** Entities to index, in order, without holding them all as objects at once (e.g. decoded from a previous index). */
export interface EntityInput {
  count: number;
  entities: Iterable<WatchlistEntity>;
}

/** A build fed entity by entity (IndexBuilder): the count is known up front, the entities come later. */
interface IncrementalInput {
  count: number;
  incremental: true;
}

export interface BuildOptions {
  /** Keep the entity bytes in a file in this folder rather than in memory (entity-store.ts). */
  spillDir?: string;
}

interface BuildState {
  t0: number;
  entityCount: number;
  onProgress?: BuildProgress;
  ei: number;
  storeBuilder: EntityStoreBuilder;
  nameEntity: GrowableInt32;
  nameIndex: GrowableInt32;
  tokStart: GrowableInt32;
  tokIds: GrowableInt32;
  tokCls: GrowableInt32;
  pTokK: GrowableInt32;
  pTokV: GrowableInt32;
  pKeyK: GrowableInt32;
  pKeyV: GrowableInt32;
  pJoinK: GrowableInt32;
  pJoinV: GrowableInt32;
  keyOf: number[];
  dfCount: number[];
  keyText: string[];
  feedBits: Map<string, number>;
  /** Pairs of phonetic keys held by one name (namePairHash) → the name: the postings of names holding two query tokens. */
  pPairK: GrowableInt32;
  pPairV: GrowableInt32;
  /** Names posted under a phonetic key none of their tokens has (another reading of a token, see addNameRow). */
  altKeyNames: GrowableInt32;
  /** Scratch of addNameRow: positions and distinct ids of a name's significant tokens, and its distinct phonetic keys
   * (grown for a longer name). */
  sigIdx: Int32Array;
  sigIds: Int32Array;
  nameKeys: Int32Array;
}

/**
 * Everything a built index holds, as typed arrays and string tables (an index snapshot writes and reads this; the maps
 * searches use are rebuilt from the tables). Strings of a table are in id order.
 */
export interface IndexState {
  stats: ScreeningIndexStats;
  arrays: {
    nameEntity: Int32Array;
    nameIndex: Uint16Array;
    nameTokStart: Int32Array;
    tokIds: Int32Array;
    tokClass: Uint8Array;
    vocabKey: Int32Array;
    df: Int32Array;
    entNameStart: Int32Array;
    feedMask: Uint16Array;
    postTokOffsets: Int32Array;
    postTokValues: Int32Array;
    postKeyOffsets: Int32Array;
    postKeyValues: Int32Array;
    postJoinOffsets: Int32Array;
    postJoinValues: Int32Array;
    /** Hashes of the joined spellings, ascending: a spelling's id is the position of its hash (see joinHash). */
    joinHashes: Int32Array;
    trigramOffsets: Int32Array;
    trigramValues: Int32Array;
    /** Hashes of the key pairs, ascending: a pair's id is the position of its hash (see namePairHash). */
    pairHashes: Int32Array;
    postPairOffsets: Int32Array;
    postPairValues: Int32Array;
    altKeyNames: Int32Array;
  };
  strings: { vocab: string[]; keys: string[]; trigrams: string[] };
  store: EntityStoreParts;
}

/** One significant token of a query reading, as retrieval uses it (see ScreeningIndex.queryTokens). */
interface QueryToken {
  /** Its retrieval weight (rarity). */
  w: number;
  /** Its id in the vocabulary and its phonetic key's id, when listed names have them. */
  id: number | undefined;
  kid: number | undefined;
  /** Its postings are long and rarer tokens reached names: it only adds its weight to those (probeWeight). */
  probe: boolean;
  /** Every posting the walk visits for it, with the weight a name in it gets. */
  lists: { post: Csr; key: number; weight: number }[];
  /** The same, by the listed token (exact, another reading, a typo, the query's neighbours joined) and by phonetic key. */
  idWeight: Map<number, number>;
  keyWeight: Map<number, number>;
  /** Its id among the listed names' joined neighbours ("abubakr" for "abu bakr"). */
  joinKey: number | undefined;
}

export class ScreeningIndex {
  /** The listed entities, compact and decoded on use (entity-store.ts). */
  store!: EntityStore;
  stats!: ScreeningIndexStats;
  // names
  private nameEntity!: Int32Array;
  private nameIndex!: Uint16Array;
  private nameTokStart!: Int32Array;
  private tokIds!: Int32Array;
  private tokClass!: Uint8Array;
  // vocabulary
  private vocab = new Map<string, number>();
  private vocabText: string[] = [];
  private vocabKey: Int32Array = new Int32Array(0);
  private vocabKeyText: string[] = [];
  /** Name ids of entity ei: entNameStart[ei] .. entNameStart[ei+1] (names are added entity by entity). */
  private entNameStart!: Int32Array;
  /** Prepared list names, built on first use (bounded). */
  private prepCache: (PreparedName | undefined)[] = [];
  private prepCount = 0;
  // fuzzy expansion scratch (per vocabulary id)
  private triCount: Uint8Array = new Uint8Array(0);
  private triTouched: Int32Array = new Int32Array(0);
  private fuzzyCache = new Map<string, number[]>();
  /** Per vocabulary token and per phonetic key: the search (markGen) that reaches names through it (scoreReached). */
  private tokenMark: Int32Array = new Int32Array(0);
  private keyMark: Int32Array = new Int32Array(0);
  private markGen = 0;
  private df: Int32Array = new Int32Array(0);
  private keyVocab = new Map<string, number>();
  /**
   * Joined neighbour spellings ("abubakr") by their 32-bit hash, not as strings: at 10 million entities there are ~50
   * million of them (5.7 per entity at 200k), and a map of strings cost ~80 bytes each on the heap against 4 bytes here.
   * Two spellings with one hash share postings: a few more candidates, which the full scorer rescores anyway.
   */
  private joinHashes: Int32Array = new Int32Array(0);
  private postTok!: Csr;
  private postKey!: Csr;
  private postJoin!: Csr;
  /**
   * Names by the pairs of phonetic keys they hold (a name with one key: that key twice), by hash as joinHashes: the
   * names a query reaches through two of its tokens are found without walking either token's postings, which grow with
   * the list (see gatherCandidates).
   */
  private pairHashes: Int32Array = new Int32Array(0);
  private postPair!: Csr;
  /** Names posted under a phonetic key none of their own tokens has (another reading of a token), ascending. */
  private altKeyNames: Int32Array = new Int32Array(0);
  /** Trigram of the vocabulary (tokens of 4+ letters) → its id in postTri. */
  private trigram = new Map<string, number>();
  private postTri!: Csr;
  private logN!: number;
  // per-search scratch (single-threaded)
  private acc!: Float32Array;
  /** 1 for a retrieved name holding every token of a query reading exactly (see `markVerbatim`). */
  private verbatim!: Uint8Array;
  private best!: Float32Array;
  private stamp!: Int32Array;
  private stampGen = 0;
  private feedMask!: Uint16Array;
  /**
   * How names are retrieved: `walk` visits every posting of every query token whole; `pairs` gathers the names holding
   * two of the query's tokens from the key pair postings and walks only postings of up to `shortPosting` names, until it
   * holds `budget` names (gatherCandidates); `auto` (the default) walks while no posting it would walk is longer than
   * WALK_LIMIT and gathers by pairs beyond. The benches and tests set it to compare the two.
   */
  retrieval: { mode: 'auto' | 'walk' | 'pairs'; shortPosting: number; budget: number } = {
    mode: 'auto',
    shortPosting: SHORT_POSTING,
    budget: CANDIDATE_BUDGET,
  };

  constructor(
    input: WatchlistEntity[] | EntityInput | IndexState | IncrementalInput,
    onProgress?: BuildProgress,
    options: BuildOptions = {},
  ) {
    if ('arrays' in input) {
      this.store = new EntityStore(input.store);
      this.restore(input);
      this.stats = input.stats;
      return;
    }
    const entityCount = Array.isArray(input) ? input.length : input.count;
    this.building = this.beginBuild(entityCount, onProgress, options);
    if ('incremental' in input) return;
    const source: Iterable<WatchlistEntity> = Array.isArray(input) ? input : input.entities;
    try {
      for (const e of source) this.addEntity(e);
    } catch (error) {
      this.building.storeBuilder.abandon();
      throw error;
    }
    this.finishBuild();
  }

  /** The state of a build under way (entities are added one by one, see IndexBuilder). */
  private building?: BuildState;

  private beginBuild(entityCount: number, onProgress: BuildProgress | undefined, options: BuildOptions): BuildState {
    const cap = (per: number) => Math.max(1024, Math.min(entityCount * per, 1 << 26));
    this.feedMask = new Uint16Array(entityCount);
    this.entNameStart = new Int32Array(entityCount + 1);
    return {
      t0: performance.now(),
      entityCount,
      onProgress,
      ei: 0,
      storeBuilder: new EntityStoreBuilder(entityCount, { spillDir: options.spillDir }),
      nameEntity: new GrowableInt32(cap(2)),
      nameIndex: new GrowableInt32(cap(2)),
      tokStart: new GrowableInt32(cap(2)),
      tokIds: new GrowableInt32(cap(6)),
      tokCls: new GrowableInt32(cap(6)),
      pTokK: new GrowableInt32(1 << 16),
      pTokV: new GrowableInt32(1 << 16),
      pKeyK: new GrowableInt32(1 << 16),
      pKeyV: new GrowableInt32(1 << 16),
      pJoinK: new GrowableInt32(1 << 16),
      pJoinV: new GrowableInt32(1 << 16),
      keyOf: [],
      dfCount: [],
      keyText: [],
      feedBits: feedBits(),
      pPairK: new GrowableInt32(cap(3)),
      pPairV: new GrowableInt32(cap(3)),
      altKeyNames: new GrowableInt32(1024),
      sigIdx: new Int32Array(64),
      sigIds: new Int32Array(64),
      nameKeys: new Int32Array(64),
    };
  }

  /** Adds the next entity of a build under way (in index order). */
  addEntity(e: WatchlistEntity): void {
    const b = this.building;
    if (!b) throw new Error('screening index: no build under way');
    const ei = b.ei;
    if (ei >= b.entityCount) throw new Error(`screening index: more than the ${b.entityCount} entities announced`);
    b.storeBuilder.add(e);
    this.entNameStart[ei] = b.nameEntity.length;
    let fm = 0;
    for (const f of e.feeds) fm |= b.feedBits.get(f) ?? 0;
    this.feedMask[ei] = fm;
    const style = styleForType(e.type);
    for (let ni = 0; ni < e.names.length && ni < 65535; ni++) {
      const nm = e.names[ni];
      if (nm.kind === 'title') continue;
      const primary = normalizeName(nm.value, style);
      const script = foreignScriptOf(nm.value);
      // a name in kanji is also indexed in its Japanese reading, as a second row of the same name right after it (see
      // isJapaneseRow)
      const alt =
        (script === 'Chinese' || script === 'Japanese') && hasJapaneseAlternate(nm.value)
          ? prepareJapaneseAlternate(nm.value, style)
          : undefined;
      // other readings of a token (Wade-Giles of a Chinese syllable, the dictionary's other readings of a kanji word)
      // retrieve the name through their phonetic keys and joined spellings, as its own tokens do
      this.addNameRow(b, ei, ni, primary, script === 'Chinese' ? chineseAlts(primary.tokens) : undefined);
      if (alt && !sameTokens(alt.tokens, primary.tokens)) this.addNameRow(b, ei, ni, alt, alt.alts);
    }
    if (b.onProgress && (ei + 1) % 100000 === 0) b.onProgress(ei + 1, b.entityCount);
    b.ei++;
  }

  /**
   * One row of name `ni` of entity `ei`: its tokens, their postings, phonetic keys and joined neighbours. Called for tens
   * of millions of names, so it allocates nothing per name beyond what the vocabulary gains (the build's scratch).
   */
  private addNameRow(
    b: BuildState,
    ei: number,
    ni: number,
    n: { tokens: string[]; classes: TokenClass[] },
    alts: (string[] | undefined)[] | undefined,
  ): void {
    const { tokens, classes } = n;
    if (!classes.some(isSignificant)) return;
    const { tokIds, keyOf, dfCount, pTokK, pTokV, pKeyK, pKeyV, pJoinK, pJoinV } = b;
    const nameId = b.nameEntity.length;
    b.nameEntity.push(ei);
    b.nameIndex.push(ni);
    b.tokStart.push(tokIds.length);
    // positions and ids of the significant tokens so far (a token repeated in a name is posted once)
    if (b.sigIdx.length < tokens.length) {
      b.sigIdx = new Int32Array(tokens.length * 2);
      b.sigIds = new Int32Array(tokens.length * 2);
    }
    const { sigIdx, sigIds } = b;
    let sigCount = 0;
    let postedCount = 0;
    let keyCount = 0;
    let altKeys = false;
    for (let t = 0; t < tokens.length; t++) {
      const text = tokens[t];
      let id = this.vocab.get(text);
      if (id === undefined) {
        id = this.vocabText.length;
        this.vocab.set(text, id);
        this.vocabText.push(text);
        dfCount.push(0);
        const key = phoneticKey(text);
        b.keyText.push(key);
        keyOf.push(intern(this.keyVocab, key));
      }
      tokIds.push(id);
      b.tokCls.push(classes[t]);
      if (!isSignificant(classes[t])) continue;
      sigIdx[sigCount++] = t;
      if (holds(sigIds, postedCount, id)) continue;
      sigIds[postedCount++] = id;
      dfCount[id]++;
      pTokK.push(id);
      pTokV.push(nameId);
      keyCount = addNameKey(b, keyCount, keyOf[id]);
      if (text.length >= 2 && keyOf[id] !== undefined) {
        pKeyK.push(keyOf[id]);
        pKeyV.push(nameId);
      }
      const readings = alts?.[t];
      if (!readings) continue;
      for (const a of readings) {
        const kid = intern(this.keyVocab, phoneticKey(a));
        if (kid === keyOf[id]) continue;
        pKeyK.push(kid);
        pKeyV.push(nameId);
        keyCount = addNameKey(b, keyCount, kid);
        altKeys = true;
      }
    }
    if (altKeys) b.altKeyNames.push(nameId);
    const { nameKeys, pPairK, pPairV } = b;
    if (keyCount === 1) {
      pPairK.push(namePairHash(nameKeys[0], nameKeys[0]));
      pPairV.push(nameId);
    }
    for (let x = 0; x < keyCount; x++)
      for (let y = x + 1; y < keyCount; y++) {
        pPairK.push(namePairHash(nameKeys[x], nameKeys[y]));
        pPairV.push(nameId);
      }
    // joined neighbours: "abu bakr" is also findable as "abubakr"
    for (let a = 0; a < sigCount; a++) {
      const first = sigIdx[a];
      let text = tokens[first];
      for (let j = first + 1; j <= first + 2 && j < tokens.length; j++) {
        text += tokens[j];
        if (!isSignificant(classes[j])) continue;
        pJoinK.push(joinHash(text));
        pJoinV.push(nameId);
        const readings = alts && joinedReadings(tokens, alts, first, j);
        if (!readings) continue;
        for (const joined of readings) {
          pJoinK.push(joinHash(joined));
          pJoinV.push(nameId);
        }
      }
    }
  }

  /** Lets go of a build under way (its spill file). */
  abandonBuild(): void {
    this.building?.storeBuilder.abandon();
    this.building = undefined;
  }

  /** Ends a build under way: the postings, the trigram index, the scratch. */
  finishBuild(): void {
    const b = this.building;
    if (!b) throw new Error('screening index: no build under way');
    if (b.ei !== b.entityCount) {
      b.storeBuilder.abandon();
      throw new Error(`screening index: ${b.ei} of the ${b.entityCount} entities announced`);
    }
    this.building = undefined;
    const { entityCount, storeBuilder, nameEntity, nameIndex, tokStart, tokIds, tokCls, pTokK, pTokV, pKeyK, pKeyV, pJoinK, pJoinV } = b;
    const { keyOf, dfCount, keyText, t0 } = b;
    this.store = storeBuilder.finish();
    tokStart.push(tokIds.length);
    this.entNameStart[entityCount] = nameEntity.length;
    this.vocabKeyText = keyText;
    this.nameEntity = nameEntity.toArray();
    this.nameIndex = Uint16Array.from(nameIndex.toArray());
    this.nameTokStart = tokStart.toArray();
    this.tokIds = tokIds.toArray();
    this.tokClass = Uint8Array.from(tokCls.toArray());
    this.vocabKey = Int32Array.from(keyOf);
    this.df = Int32Array.from(dfCount);
    this.postTok = buildCsr(pTokK, pTokV, this.vocabText.length);
    this.postKey = buildCsr(pKeyK, pKeyV, this.keyVocab.size);
    // The hashes pushed become ids: their positions among the distinct hashes, ascending.
    const joins = buildHashCsr(pJoinK, pJoinV);
    this.joinHashes = joins.hashes;
    this.postJoin = joins.csr;
    const pairs = buildHashCsr(b.pPairK, b.pPairV);
    this.pairHashes = pairs.hashes;
    this.postPair = pairs.csr;
    this.altKeyNames = b.altKeyNames.toArray();
    // trigram index over the vocabulary (tokens of 4+ letters) for typo expansion
    const tri = new Map<string, number[]>();
    for (let id = 0; id < this.vocabText.length; id++) {
      const t = this.vocabText[id];
      if (t.length < 4) continue;
      for (const g of trigrams(t)) {
        let arr = tri.get(g);
        if (!arr) {
          arr = [];
          tri.set(g, arr);
        }
        arr.push(id);
      }
    }
    const triK = new GrowableInt32(1 << 16);
    const triV = new GrowableInt32(1 << 16);
    for (const [g, arr] of tri) {
      const gid = this.trigram.size;
      this.trigram.set(g, gid);
      for (const id of arr) {
        triK.push(gid);
        triV.push(id);
      }
    }
    this.postTri = buildCsr(triK, triV, this.trigram.size);
    this.allocateScratch();
    this.stats = {
      entities: entityCount,
      names: this.nameEntity.length,
      tokens: this.tokIds.length,
      vocabulary: this.vocabText.length,
      buildMs: Math.round(performance.now() - t0),
    };
  }

  /** Per-name scratch of searches, and the prepared list names of lists of real size. */
  private allocateScratch(warm = true): void {
    const names = this.nameEntity.length;
    this.logN = Math.log(Math.max(2, names));
    this.prepCache = new Array<PreparedName | undefined>(names);
    this.triCount = new Uint8Array(this.vocabText.length);
    this.tokenMark = new Int32Array(this.vocabText.length);
    this.keyMark = new Int32Array(this.keyVocab.size);
    this.triTouched = new Int32Array(this.vocabText.length);
    this.acc = new Float32Array(names);
    this.verbatim = new Uint8Array(names);
    this.best = new Float32Array(names);
    this.stamp = new Int32Array(names);
    // Lists of real size (up to PREP_CACHE_MAX names) get every list name prepared now, so that first searches do not pay
    // for it (the tail of query latency); bigger indexes prepare names on first use.
    if (warm && names <= PREP_CACHE_MAX) {
      for (let ei = 0; ei < this.store.size; ei++) {
        const style = styleForType(this.store.type(ei));
        for (let n = this.entNameStart[ei]; n < this.entNameStart[ei + 1]; n++) warmMemo(this.preparedListName(n, style));
      }
    }
  }

  /** The index as typed arrays and string tables (see IndexState); shares the arrays, copies nothing. */
  exportState(): IndexState {
    const inIdOrder = (map: Map<string, number>) => {
      const out = new Array<string>(map.size);
      for (const [text, id] of map) out[id] = text;
      return out;
    };
    return {
      stats: this.stats,
      arrays: {
        nameEntity: this.nameEntity,
        nameIndex: this.nameIndex,
        nameTokStart: this.nameTokStart,
        tokIds: this.tokIds,
        tokClass: this.tokClass,
        vocabKey: this.vocabKey,
        df: this.df,
        entNameStart: this.entNameStart,
        feedMask: this.feedMask,
        postTokOffsets: this.postTok.offsets,
        postTokValues: this.postTok.values,
        postKeyOffsets: this.postKey.offsets,
        postKeyValues: this.postKey.values,
        postJoinOffsets: this.postJoin.offsets,
        postJoinValues: this.postJoin.values,
        joinHashes: this.joinHashes,
        trigramOffsets: this.postTri.offsets,
        trigramValues: this.postTri.values,
        pairHashes: this.pairHashes,
        postPairOffsets: this.postPair.offsets,
        postPairValues: this.postPair.values,
        altKeyNames: this.altKeyNames,
      },
      strings: {
        vocab: this.vocabText,
        keys: inIdOrder(this.keyVocab),
        trigrams: inIdOrder(this.trigram),
      },
      store: this.store.parts,
    };
  }

  private restore(state: IndexState): void {
    const a = state.arrays;
    const s = state.strings;
    const counts: [string, number, number][] = [
      ['names', a.nameEntity.length, a.nameTokStart.length - 1],
      ['name indexes', a.nameIndex.length, a.nameEntity.length],
      ['token classes', a.tokClass.length, a.tokIds.length],
      ['vocabulary', s.vocab.length, a.df.length],
      ['phonetic keys', s.vocab.length, a.vocabKey.length],
      ['entities', a.entNameStart.length - 1, this.store.size],
      ['feeds', a.feedMask.length, this.store.size],
      ['token postings', a.postTokOffsets.length - 1, s.vocab.length],
      ['key postings', a.postKeyOffsets.length - 1, s.keys.length],
      ['join postings', a.postJoinOffsets.length - 1, a.joinHashes.length],
      ['trigram postings', a.trigramOffsets.length - 1, s.trigrams.length],
      ['pair postings', a.postPairOffsets.length - 1, a.pairHashes.length],
    ];
    for (const [what, got, expected] of counts)
      if (got !== expected) throw new Error(`screening index state: ${what} ${got} ≠ ${expected}`);
    this.nameEntity = a.nameEntity;
    this.nameIndex = a.nameIndex;
    this.nameTokStart = a.nameTokStart;
    this.tokIds = a.tokIds;
    this.tokClass = a.tokClass;
    this.vocabKey = a.vocabKey;
    this.df = a.df;
    this.entNameStart = a.entNameStart;
    this.feedMask = a.feedMask;
    this.postTok = { offsets: a.postTokOffsets, values: a.postTokValues };
    this.postKey = { offsets: a.postKeyOffsets, values: a.postKeyValues };
    this.postJoin = { offsets: a.postJoinOffsets, values: a.postJoinValues };
    this.postTri = { offsets: a.trigramOffsets, values: a.trigramValues };
    this.pairHashes = a.pairHashes;
    this.postPair = { offsets: a.postPairOffsets, values: a.postPairValues };
    this.altKeyNames = a.altKeyNames;
    this.vocabText = s.vocab;
    s.vocab.forEach((text, id) => this.vocab.set(text, id));
    s.keys.forEach((text, id) => this.keyVocab.set(text, id));
    this.joinHashes = a.joinHashes;
    s.trigrams.forEach((text, id) => this.trigram.set(text, id));
    // The same key strings as the key table (one copy each), by vocabulary id.
    this.vocabKeyText = Array.from(a.vocabKey, (kid) => s.keys[kid]);
    // No warm-up of the prepared names: a start from a snapshot serves at once, names are prepared on first use.
    this.allocateScratch(false);
  }

  /** The id of a joined spelling, if a listed name has it (by its hash: see joinHashes). */
  private joinId(text: string): number | undefined {
    const id = searchSorted(this.joinHashes, joinHash(text));
    return id < 0 ? undefined : id;
  }

  /** Rarity in [0,1]: 1 for tokens not in the lists or in one name, lower for common tokens ("mohammed"). */
  rarity = (token: string): number => {
    const id = this.vocab.get(token);
    return id === undefined ? 1 : this.rarityOfId(id);
  };

  private rarityOfId(id: number): number {
    const df = this.df[id];
    if (df <= 1) return 1;
    return Math.max(0, Math.min(1, Math.log(this.nameEntity.length / df) / this.logN));
  }

  private preparedListName(nameId: number, style: NameStyle): PreparedName {
    let p = this.prepCache[nameId];
    if (p) return p;
    p = this.prepareListName(nameId, style);
    if (this.prepCount >= PREP_CACHE_MAX) {
      this.prepCache = new Array<PreparedName | undefined>(this.nameEntity.length);
      this.prepCount = 0;
    }
    this.prepCache[nameId] = p;
    this.prepCount++;
    return p;
  }

  private prepareListName(nameId: number, style: NameStyle): PreparedName {
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
      keys.push(this.vocabKeyText[id]);
      classes.push(this.tokClass[i]);
      rarity.push(this.rarityOfId(id));
    }
    const raw = this.store.get(this.nameEntity[nameId]).names[this.nameIndex[nameId]].value;
    if (this.isJapaneseRow(nameId)) {
      const alts = japaneseAlts(raw, tokens);
      return { tokens, keys, classes, rarity, style, script: 'Japanese', ...(alts ? { alts } : {}) };
    }
    const script = scriptField(raw);
    const alts = script.script === 'Chinese' ? chineseAlts(tokens) : undefined;
    return { tokens, keys, classes, rarity, style, ...(isAbjadName(raw) ? { abjad: true } : {}), ...script, ...(alts ? { alts } : {}) };
  }

  /** The second row of one listed name: its Japanese reading (a name in kanji is indexed in both readings). */
  private isJapaneseRow(nameId: number): boolean {
    const ei = this.nameEntity[nameId];
    return nameId > this.entNameStart[ei] && this.nameIndex[nameId - 1] === this.nameIndex[nameId];
  }

  /** Vocabulary tokens within 2 edits of `t` found through shared trigrams (typed-array counters, no maps). */
  private fuzzyTokens(t: string): number[] {
    if (t.length < 4) return [];
    let hit = this.fuzzyCache.get(t);
    if (hit === undefined) {
      hit = this.computeFuzzyTokens(t);
      if (this.fuzzyCache.size >= 50000) this.fuzzyCache.clear();
      this.fuzzyCache.set(t, hit);
    }
    return hit;
  }

  private computeFuzzyTokens(t: string): number[] {
    const grams = trigrams(t);
    const count = this.triCount;
    const touched = this.triTouched;
    let nt = 0;
    for (const g of grams) {
      const gid = this.trigram.get(g);
      if (gid === undefined) continue;
      const from = this.postTri.offsets[gid];
      const to = this.postTri.offsets[gid + 1];
      if (to - from > 20000) continue;
      for (let i = from; i < to; i++) {
        const id = this.postTri.values[i];
        if (count[id] === 0) touched[nt++] = id;
        if (count[id] < 255) count[id]++;
      }
    }
    const need = Math.max(1, grams.length - 6);
    const cands: number[] = [];
    const maxLenDiff = 2;
    for (let i = 0; i < nt; i++) {
      const id = touched[i];
      if (count[id] >= need && Math.abs(this.vocabText[id].length - t.length) <= maxLenDiff) cands.push(id);
    }
    cands.sort((a, b) => count[b] - count[a] || a - b);
    const out: number[] = [];
    const lim = Math.min(cands.length, 200);
    for (let i = 0; i < lim; i++) {
      const id = cands[i];
      const v = this.vocabText[id];
      if (v === t) continue;
      if (damerauLevenshtein(t, v, 2) <= (Math.min(t.length, v.length) >= 6 ? 2 : 1)) out.push(id);
      if (out.length >= 30) break;
    }
    for (let i = 0; i < nt; i++) count[touched[i]] = 0;
    return out;
  }

  private prepareQuery(query: string, style: NameStyle): PreparedName {
    const q = prepareName(query, style, this.rarity);
    q.known = q.tokens.map((t) => this.vocab.has(t));
    return q;
  }

  /** The Japanese readings of a query in kanji (see prepareJapaneseAlternate), or undefined for any other query. */
  private japaneseQueryReadings(query: string, type: EntityType | undefined): (QueryReadings & { all: PreparedName[] }) | undefined {
    if (!hasJapaneseAlternate(query) || !prepareJapaneseAlternate(query, styleForType(type))) return undefined;
    const r = queryReadings((style) => {
      const p = prepareJapaneseAlternate(query, style, this.rarity)!;
      p.known = p.tokens.map((t) => this.vocab.has(t));
      return p;
    }, type);
    return { ...r, all: [r.q, ...(r.qOrg ? [r.qOrg] : []), ...(r.qPerson ? [r.qPerson] : [])] };
  }

  /** Prepared name `ni` of entity `ei`: the index's cached copy when the name is indexed, else prepared now. */
  private preparedAlias(ei: number, ni: number): PreparedName {
    const e = this.store.get(ei);
    const style = styleForType(e.type);
    for (let n = this.entNameStart[ei], end = this.entNameStart[ei + 1]; n < end; n++) {
      if (this.nameIndex[n] === ni) return this.preparedListName(n, style);
    }
    return prepareName(e.names[ni].value, style, this.rarity);
  }

  /**
   * Marks the retrieved names holding every token of some query reading exactly, whatever the tokens' classes (a title
   * such as "Haj" is not in the postings but is a token of the name), and returns how many there are. Retrieval weights
   * only significant tokens, so "ALI, Haj" listed as such is reached by "ali" alone, like hundreds of other names, while
   * a name reached by two phonetic near-misses outweighs it: these names are the strongest evidence retrieval has and
   * must never be cut behind names matching fewer of the query's tokens exactly.
   */
  private markVerbatim(readings: PreparedName[], touched: number[]): number {
    const wanted: number[][] = [];
    for (const r of readings) {
      const ids = new Set<number>();
      for (const t of r.tokens) ids.add(this.vocab.get(t) ?? -1);
      if (!ids.has(-1) && ids.size > 0) wanted.push([...ids]);
    }
    if (!wanted.length) return 0;
    let count = 0;
    for (const n of touched) {
      const s = this.nameTokStart[n];
      const e = this.nameTokStart[n + 1];
      for (const ids of wanted) {
        let all = e - s >= ids.length;
        for (let k = 0; all && k < ids.length; k++) {
          all = false;
          for (let p = s; p < e; p++) {
            if (this.tokIds[p] === ids[k]) {
              all = true;
              break;
            }
          }
        }
        if (all) {
          this.verbatim[n] = 1;
          count++;
          break;
        }
      }
    }
    return count;
  }

  /** One name against one candidate, scored as a search would score the candidate listed (see compare.ts). */
  compare(query: CompareParty, candidate: CompareParty, threshold?: number): NameComparison {
    return compareParties(
      query,
      candidate,
      { rarity: this.rarity, prepareQuery: (name, style) => this.prepareQuery(name, style) },
      threshold,
    );
  }

  /**
   * What each significant token of the readings reaches, in the order retrieval adds them up: per reading, the rarest
   * token first. A very common token ("mohammed" at a million entities) is not used to retrieve when rarer tokens already
   * reached names: it only adds its weight to those (checked on their own tokens), so postings of tens of thousands of
   * names are never walked (`probe`).
   */
  private queryTokens(readings: PreparedName[]): { byReading: QueryToken[][]; qLen: number } {
    const byReading: QueryToken[][] = [];
    let qLen = 0;
    let reachedAny = false;
    for (const r of readings) {
      qLen = Math.max(qLen, r.tokens.length);
      const order = r.tokens
        .map((text, i) => ({ i, len: postingLength(this.postTok, this.vocab.get(text)) }))
        .filter(({ i }) => isSignificant(r.classes[i]))
        .sort((a, b) => a.len - b.len || a.i - b.i);
      const ofReading: QueryToken[] = [];
      for (const { i, len } of order) {
        const text = r.tokens[i];
        const cls = r.classes[i];
        const w = Math.max(0.05, tokenWeight(cls, r.rarity[i]));
        const id = this.vocab.get(text);
        const kid = cls !== TokenClass.Initial && text.length >= 2 ? this.keyVocab.get(r.keys[i]) : undefined;
        const probe = reachedAny && (len > LONG_POSTING || postingLength(this.postKey, kid) > LONG_POSTING);
        const token: QueryToken = { w, id, kid, probe, lists: [], idWeight: new Map(), keyWeight: new Map(), joinKey: undefined };
        const byId = (tokenId: number | undefined, weight: number) => {
          if (tokenId === undefined) return;
          token.lists.push({ post: this.postTok, key: tokenId, weight });
          if (weight > (token.idWeight.get(tokenId) ?? 0)) token.idWeight.set(tokenId, weight);
        };
        const byKey = (keyId: number | undefined, weight: number) => {
          if (keyId === undefined) return;
          token.lists.push({ post: this.postKey, key: keyId, weight });
          if (weight > (token.keyWeight.get(keyId) ?? 0)) token.keyWeight.set(keyId, weight);
        };
        byId(id, w);
        token.joinKey = this.joinId(text);
        if (token.joinKey !== undefined) token.lists.push({ post: this.postJoin, key: token.joinKey, weight: w });
        byKey(kid, w * 0.9);
        // the token's other readings (a Chinese syllable in Wade-Giles, a kanji word's other readings) reach Latin names
        // spelt that way, like another spelling of the token
        for (const a of r.alts?.[i] ?? []) {
          byId(this.vocab.get(a), w * 0.95);
          byKey(this.keyVocab.get(phoneticKey(a)), w * 0.9);
        }
        if (cls === TokenClass.Regular) for (const fid of this.fuzzyTokens(text)) byId(fid, w * 0.85);
        // the query's neighbours joined: "abu bakr" finds "abubakr"
        let joined = text;
        for (let j = i + 1; j <= i + 2 && j < r.tokens.length; j++) {
          joined += r.tokens[j];
          if (!isSignificant(r.classes[j])) continue;
          byId(this.vocab.get(joined), w);
          byKey(this.keyVocab.get(phoneticKey(joined)), w * 0.9);
        }
        if (!probe && token.lists.some((l) => postingLength(l.post, l.key) > 0)) reachedAny = true;
        ofReading.push(token);
      }
      byReading.push(ofReading);
    }
    return { byReading, qLen };
  }

  /**
   * The walk: every posting of every token, each name getting per token the best way it is reached (exact > joined >
   * skeleton > typo). Linear in the postings' length, which grows with the list: the reference `gatherCandidates` and
   * `scoreReached` are checked against (retrieval mode `walk`).
   */
  private walk(tokens: QueryToken[]): number[] {
    const touched: number[] = [];
    const acc = this.acc;
    let tokenTouched: number[] = [];
    for (const token of tokens) {
      if (token.probe) {
        for (const n of touched) acc[n] += this.probeWeight(n, token);
        continue;
      }
      const gen = ++this.stampGen;
      for (const { post, key, weight } of token.lists) {
        for (let p = post.offsets[key], e = post.offsets[key + 1]; p < e; p++) {
          const n = post.values[p];
          if (this.stamp[n] !== gen) {
            this.stamp[n] = gen;
            this.best[n] = weight;
            tokenTouched.push(n);
          } else if (weight > this.best[n]) this.best[n] = weight;
        }
      }
      for (const n of tokenTouched) {
        if (acc[n] === 0) touched.push(n);
        acc[n] += this.best[n];
      }
      tokenTouched = [];
    }
    return touched;
  }

  /**
   * The names worth scoring, best first, without walking long postings. The sources, strongest first: names holding two
   * of a reading's tokens (any spelling the walk would reach them by: the key pair postings), names of one phonetic key
   * reached by a token, and the postings short enough to walk (a rare token reaches every name holding it, even one that
   * shares nothing else with the query). Each source's strength is the retrieval weight its names get from it; sources
   * are read until `budget` names are held, so a query of common tokens ("Mohammed Ali" among millions) costs the
   * same as a rare one, and a name found only through a weak source (two generic words of a long company name) is left
   * out once stronger ones have filled the budget. Each reading's most selective pair of exact spellings is read first
   * whatever the budget: it holds every name holding all the reading's tokens (the verbatim names retrieval must never
   * cut), even when another reading's pairs weigh more (a company name read as a person's).
   */
  private gatherCandidates(byReading: QueryToken[][], budget: number): number[] {
    const sources: { strength: number; post: Csr; key: number }[] = [];
    const pairs = new Set<number>();
    const addPair = (strength: number, a: number, b: number) => {
      const hash = namePairHash(a, b);
      if (pairs.has(hash)) return;
      pairs.add(hash);
      const id = searchSorted(this.pairHashes, hash);
      if (id >= 0) sources.push({ strength, post: this.postPair, key: id });
    };
    for (const tokens of byReading) {
      const exact = this.exactPair(tokens);
      if (exact !== undefined) sources.push({ strength: Infinity, post: this.postPair, key: exact });
      const keys = tokens.map((token) => this.strongestKeys(token));
      for (let i = 0; i < tokens.length; i++) {
        if (!tokens[i].probe)
          for (const { post, key, weight } of tokens[i].lists)
            if (postingLength(post, key) <= this.retrieval.shortPosting) sources.push({ strength: weight, post, key });
        for (const [a, strengthA] of keys[i]) {
          addPair(strengthA, a, a);
          for (let j = i + 1; j < tokens.length; j++) for (const [b, strengthB] of keys[j]) addPair(strengthA + strengthB, a, b);
        }
      }
    }
    sources.sort((x, y) => y.strength - x.strength);
    const gen = ++this.stampGen;
    const out: number[] = [];
    for (const { post, key } of sources) {
      if (out.length >= budget) break;
      for (let p = post.offsets[key], e = post.offsets[key + 1]; p < e; p++) {
        const n = post.values[p];
        if (this.stamp[n] === gen) continue;
        this.stamp[n] = gen;
        out.push(n);
      }
    }
    return out;
  }

  /** The pair posting of two of a reading's tokens as spelt, with the fewest names (undefined: fewer than two are listed). */
  private exactPair(tokens: QueryToken[]): number | undefined {
    const keys = [...new Set(tokens.flatMap((token) => (token.id === undefined ? [] : [this.vocabKey[token.id]])))];
    let best: number | undefined;
    let bestLength = Infinity;
    for (let a = 0; a < keys.length; a++)
      for (let b = a + 1; b < keys.length; b++) {
        const id = searchSorted(this.pairHashes, namePairHash(keys[a], keys[b]));
        if (id < 0) continue;
        const length = postingLength(this.postPair, id);
        if (length < bestLength) [best, bestLength] = [id, length];
      }
    return best;
  }

  /** Whether this search gathers its names by pairs (see `retrieval`): some posting it would walk is long. */
  private byPairs(tokens: QueryToken[]): boolean {
    const { mode } = this.retrieval;
    if (mode !== 'auto') return mode === 'pairs';
    return tokens.some((token) => !token.probe && token.lists.some(({ post, key }) => postingLength(post, key) > WALK_LIMIT));
  }

  /**
   * The phonetic keys of the spellings a token reaches a name by (the keys the name's pair postings hold), each with the
   * best weight a name holding it gets: the KEYS_PER_TOKEN strongest (a token's typo spellings can be dozens).
   */
  private strongestKeys(token: QueryToken): [number, number][] {
    const keys = new Map<number, number>(token.keyWeight);
    for (const [tokenId, weight] of token.idWeight) {
      const keyId = this.vocabKey[tokenId];
      if (weight > (keys.get(keyId) ?? 0)) keys.set(keyId, weight);
    }
    if (token.kid !== undefined && !keys.has(token.kid)) keys.set(token.kid, token.w * 0.9);
    return [...keys].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, KEYS_PER_TOKEN);
  }

  /**
   * Sets acc[] of each gathered name to what the walk would give it: per token the best way the name is reached, read
   * from the name's own tokens, added in the walk's order in float32 as the walk adds them. Returns the names reached.
   */
  private scoreReached(names: number[], tokens: QueryToken[]): number[] {
    // listed token / phonetic key → the query tokens reaching a name through it, with the weight each gives
    const byId = new Map<number, { t: number; weight: number }[]>();
    const byKey = new Map<number, { t: number; weight: number }[]>();
    const index = (map: Map<number, { t: number; weight: number }[]>, id: number, t: number, weight: number) => {
      const hits = map.get(id);
      if (hits) hits.push({ t, weight });
      else map.set(id, [{ t, weight }]);
    };
    // the same ids marked in per-index tables: most of a name's tokens reach nothing, and a typed-array read says so
    // faster than a map lookup
    const mark = ++this.markGen;
    tokens.forEach((token, t) => {
      if (token.probe) return;
      for (const [id, weight] of token.idWeight) {
        index(byId, id, t, weight);
        this.tokenMark[id] = mark;
      }
      for (const [id, weight] of token.keyWeight) {
        index(byKey, id, t, weight);
        this.keyMark[id] = mark;
      }
    });
    const best = new Float64Array(tokens.length);
    const reached: number[] = [];
    for (const n of names) {
      best.fill(0);
      const start = this.nameTokStart[n];
      const end = this.nameTokStart[n + 1];
      for (let p = start; p < end; p++) {
        if (!significantClass(this.tokClass[p])) continue;
        const tok = this.tokIds[p];
        if (this.tokenMark[tok] === mark) for (const { t, weight } of byId.get(tok)!) if (weight > best[t]) best[t] = weight;
        const keyId = this.vocabKey[tok];
        if (this.keyMark[keyId] !== mark || this.vocabText[tok].length < 2) continue;
        for (const { t, weight } of byKey.get(keyId)!) if (weight > best[t]) best[t] = weight;
      }
      const altKeys = searchSorted(this.altKeyNames, n) >= 0;
      let sum = 0;
      for (let t = 0; t < tokens.length; t++) {
        const token = tokens[t];
        if (token.probe) {
          if (sum !== 0) sum = Math.fround(sum + this.probeWeight(n, token));
          continue;
        }
        let weight = best[t];
        if (token.joinKey !== undefined && token.w > weight && inPosting(this.postJoin, token.joinKey, n)) weight = token.w;
        // a name posted under another reading's key holds no token with that key
        if (altKeys) for (const [keyId, w] of token.keyWeight) if (w > weight && inPosting(this.postKey, keyId, n)) weight = w;
        if (weight > 0) sum = Math.fround(sum + Math.fround(weight));
      }
      if (sum === 0) continue;
      this.acc[n] = sum;
      reached.push(n);
    }
    return reached;
  }

  /** What a token with long postings adds to a name already reached: its weight when the name holds it exactly, x 0.9
   * for its phonetic key. */
  private probeWeight(n: number, token: QueryToken): number {
    let best = 0;
    for (let p = this.nameTokStart[n], e = this.nameTokStart[n + 1]; p < e; p++) {
      const tok = this.tokIds[p];
      if (tok === token.id) return token.w;
      if (token.kid !== undefined && this.vocabKey[tok] === token.kid && significantClass(this.tokClass[p])) best = token.w * 0.9;
    }
    return best;
  }

  /**
   * Steps 1 and 2 of a search: the names the readings reach, the best first, cut to the candidates worth rescoring.
   * Readings of one spelling of the query retrieve together; the Japanese readings of a query in kanji retrieve on their
   * own (a Chinese reading reaching many names with two syllables must not push out the one name its Japanese reading
   * reaches whole).
   */
  private retrieve(readings: PreparedName[], opts: SearchOptions, limit: number, feedFilter: number): number[] {
    // 1. retrieval: per query token, the best way each name is reached
    const { byReading, qLen } = this.queryTokens(readings);
    const tokens = byReading.flat();
    const maxCand = Math.max(60, limit * 6);
    const touched = this.byPairs(tokens)
      ? this.scoreReached(this.gatherCandidates(byReading, Math.max(this.retrieval.budget, maxCand * BUDGET_PER_CANDIDATE)), tokens)
      : this.walk(tokens);
    const acc = this.acc;
    // Among names reached equally, the ones closest in length to the query come first: with a common token ("Muhammad")
    // hundreds of names tie, and the listed "MUHAMMAD, Muhammad" must not be cut behind longer names.
    for (const n of touched) acc[n] -= LENGTH_TIE_BREAK * Math.abs(this.nameTokStart[n + 1] - this.nameTokStart[n] - qLen);
    const verbatimCount = this.markVerbatim(readings, touched);
    const verbatim = this.verbatim;
    // 2. keep the best candidates: the names holding every query token exactly first, then by retrieval score
    const excluded = opts.excludeEntityIds?.length ? new Set(opts.excludeEntityIds) : undefined;
    let cands = touched;
    if (feedFilter || excluded || (opts.strictType && opts.type)) {
      cands = touched.filter((n) => {
        const ei = this.nameEntity[n];
        if (feedFilter && !(this.feedMask[ei] & feedFilter)) return false;
        if (opts.strictType && opts.type && this.store.type(ei) !== opts.type) return false;
        if (excluded && excluded.has(entityKey(this.store.get(ei)))) return false;
        return true;
      });
    }
    if (cands.length > maxCand * 4) {
      // select before sorting: only names scoring at least the maxCand-th best retrieval score among their group (verbatim
      // names, then the others for the places left) are sorted
      const exact = verbatimCount ? cands.filter((n) => verbatim[n]) : [];
      const rest = verbatimCount ? cands.filter((n) => !verbatim[n]) : cands;
      const keep = (names: number[], k: number) => {
        if (k <= 0) return [];
        if (names.length <= k) return names;
        const cut = kthLargest(names, acc, k);
        return names.filter((n) => acc[n] >= cut);
      };
      cands = [...keep(exact, maxCand), ...keep(rest, maxCand - exact.length)];
    }
    cands.sort((a, b) => verbatim[b] - verbatim[a] || acc[b] - acc[a] || a - b);
    // names reached by under a third of what the best name was reached by cannot come close (kept: at least 20, and every
    // verbatim name)
    let take = Math.min(maxCand, cands.length);
    if (take > 20) {
      let best = 0;
      for (let i = 0; i < cands.length && (i === 0 || verbatim[cands[i - 1]]); i++) best = Math.max(best, acc[cands[i]]);
      const floor = best * RETRIEVAL_FLOOR;
      while (take > 20 && !verbatim[cands[take - 1]] && acc[cands[take - 1]] < floor) take--;
    }
    const top = cands.slice(0, take);
    for (const n of touched) {
      acc[n] = 0;
      verbatim[n] = 0;
    }
    return top;
  }

  search(query: string, opts: SearchOptions = {}): ScreeningMatch[] {
    const limit = opts.limit ?? 10;
    const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
    const { q, qOrg, qPerson, queryFor } = queryReadings((style) => this.prepareQuery(query, style), opts.type);
    // a query in kanji is also read as Japanese: both readings retrieve, and each record scores with the better one
    const ja = this.japaneseQueryReadings(query, opts.type);
    const readings = [q, ...(qOrg ? [qOrg] : []), ...(qPerson ? [qPerson] : [])];
    if (![...readings, ...(ja?.all ?? [])].some((r) => r.classes.some(isSignificant))) return [];
    const feedFilter =
      opts.feeds && opts.feeds !== 'all' && opts.feeds.length ? opts.feeds.reduce((m, f) => m | (feedBits().get(f) ?? 0), 0) : 0;

    // 1-2. retrieval and the candidates to rescore, per spelling of the query
    const top = this.retrieve(readings, opts, limit, feedFilter);
    if (ja) for (const n of this.retrieve(ja.all, opts, limit, feedFilter)) if (!top.includes(n)) top.push(n);

    // 3. rescoring with the full scorer; best name per entity
    const cache: SimCache = new Map();
    const latinQuery = !NON_LATIN.test(query);
    const jaCache: SimCache = new Map();
    const perEntity = new Map<number, { nameId: number; score: number; japanese: boolean }>();
    for (const n of top) {
      const ei = this.nameEntity[n];
      const e = this.store.get(ei);
      const nm = e.names[this.nameIndex[n]];
      const listName = this.preparedListName(n, styleForType(e.type));
      const how = { weakAlias: nm.quality === 'low', otherScript: latinQuery && !!nm.script };
      const s = scoreName(queryFor(e), listName, { cache, ...how }).score;
      const sJa = ja ? scoreName(ja.queryFor(e), listName, { cache: jaCache, ...how }).score : -1;
      const best = Math.max(s, sJa);
      const cur = perEntity.get(ei);
      if (!cur || best > cur.score) perEntity.set(ei, { nameId: n, score: best, japanese: sJa > s });
    }
    // 4. adjustments, threshold, ranking guard
    type Scored = {
      ei: number;
      nameId: number;
      name: number;
      japanese: boolean;
      base: number;
      bonus: number;
      adjustments: Adjustment[];
      final: number;
    };
    const scored: Scored[] = [];
    for (const [ei, { nameId, score, japanese }] of perEntity) {
      if (score < threshold - 0.2) continue;
      const e = this.store.get(ei);
      const adjustments = [
        birthDateAdjustment(opts.birthDate, e),
        countryAdjustment(opts.country, e),
        typeAdjustment(opts.type, e),
        identifierAdjustment(opts.identifiers, e),
      ].filter((a): a is Adjustment => !!a);
      // An identical identifier is evidence of identity, not a corroborating fact: it counts in the base score, so it
      // may rank a record above one with a better name score (the bonuses below only break ties).
      const penalty = adjustments.reduce((s, a) => s + (a.feature === 'identifier' ? a.delta : Math.min(0, a.delta)), 0);
      const bonus = adjustments.reduce((s, a) => s + (a.feature === 'identifier' ? 0 : Math.max(0, a.delta)), 0);
      const base = Math.max(0, score + penalty);
      scored.push({ ei, nameId, name: score, japanese, base, bonus, adjustments, final: Math.min(1, base + bonus) });
    }
    // A bonus (same birth date, same country) may break ties but never lifts a result above one with a better base score.
    scored.sort((a, b) => b.base - a.base || b.bonus - a.bonus || a.ei - b.ei);
    for (let i = 1; i < scored.length; i++) {
      const prev = scored[i - 1];
      if (scored[i].base < prev.base && scored[i].final > prev.final) scored[i].final = prev.final;
    }
    // Ties (see docs/screening-matching.md, "Ranking"): the secondary facts the query carries, then the record holding a
    // name equal to the query, then a primary name over an alias, then the better name score.
    const ties = new Map<number, NameTie>();
    const tieOf = (x: Scored) => {
      let t = ties.get(x.ei);
      if (!t) ties.set(x.ei, (t = nameTie(query, this.store.get(x.ei), this.nameIndex[x.nameId])));
      return t;
    };
    scored.sort(
      (a, b) => round4(b.final) - round4(a.final) || b.bonus - a.bonus || compareTies(tieOf(a), tieOf(b)) || b.base - a.base || a.ei - b.ei,
    );
    const out: ScreeningMatch[] = [];
    for (const s of scored) {
      if (s.final < threshold) continue;
      const e = this.store.get(s.ei);
      out.push(
        buildMatch({
          entity: e,
          query,
          queryName: s.japanese && ja ? ja.queryFor(e) : queryFor(e),
          // the best name explained in the reading that scored (a name in kanji has two rows)
          listNamePrep: (ni) =>
            ni === this.nameIndex[s.nameId] ? this.preparedListName(s.nameId, styleForType(e.type)) : this.preparedAlias(s.ei, ni),
          cache: s.japanese ? jaCache : cache,
          latinQuery,
          bestNameIndex: this.nameIndex[s.nameId],
          nameScore: s.name,
          adjustments: s.adjustments,
          finalScore: round4(s.final),
          threshold,
        }),
      );
      if (out.length >= limit) break;
    }
    return out;
  }
}

const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0750-\u077f\u3400-\u9fff\uac00-\ud7af\ufb50-\ufeff]/;

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** Retrieval weight taken off per token of difference between a name's length and the query's (a tie-break only). */
const LENGTH_TIE_BREAK = 0.001;

/** Candidates below this share of the best retrieval score are not rescored (beyond the first 20). */
const RETRIEVAL_FLOOR = 0.34;

/** Postings longer than this are not walked once rarer query tokens have found candidates. */
const LONG_POSTING = 10000;

/**
 * Retrieval walks every posting while none is longer than this (see ScreeningIndex.retrieval): above the longest posting
 * of the shipped lists (3,368 names of 50,087), so that lists of that size are searched as they always were.
 */
const WALK_LIMIT = 4096;

/**
 * When gathering candidates by pairs, postings up to this length are walked whole: a rare token ("zelenskyy") reaches
 * every name holding it even where the name shares no second token with the query. Longer postings are reached through
 * the key pairs only.
 */
const SHORT_POSTING = 256;

/**
 * Names gathered by pairs before weaker sources are left unread (see gatherCandidates), and per candidate kept for
 * rescoring at least: at 3M entities, 2,000 against 4,000 took a search's p50 from 10.3 to 6.2 ms and gave as many
 * results (`bench:scale -- --engine --budgets`).
 */
const CANDIDATE_BUDGET = 2000;
const BUDGET_PER_CANDIDATE = 8;

/** Phonetic keys per query token used for pair lookups: its exact spelling, other readings, the closest typos. */
const KEYS_PER_TOKEN = 8;

const significantClass = (cls: number) => isSignificant(cls);

/** The k-th largest acc[] value among names (quickselect on a copy). */
function kthLargest(names: number[], acc: Float32Array, k: number): number {
  const v = new Float32Array(names.length);
  for (let i = 0; i < names.length; i++) v[i] = acc[names[i]];
  let lo = 0;
  let hi = v.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = v[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i] > pivot) i++;
      while (v[j] < pivot) j--;
      if (i <= j) {
        const t = v[i];
        v[i] = v[j];
        v[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return v[target];
}

/** Prepared list names kept between searches (about 1 KB each). */
const PREP_CACHE_MAX = 200000;

const sameTokens = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

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
    ['Sanctions', 'PEP', 'Criminal', 'Legal', 'Offshore', 'Ownership', 'Registries', 'Social Media', 'News', 'Open Source'].forEach(
      (f, i) => FEED_BIT_MAP!.set(f, 1 << i),
    );
  }
  return FEED_BIT_MAP;
}

/** 32-bit FNV-1a over the UTF-16 code units, with a final avalanche (murmur3's finalizer) so near spellings spread. */
function joinHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** Position of `v` in the ascending `a[from .. to)`, or -1. */
function searchSorted(a: Int32Array, v: number, from = 0, to = a.length): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = a[mid];
    if (x < v) lo = mid + 1;
    else if (x > v) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Whether name n is in the postings of `key` (ascending name ids). */
function inPosting(post: Csr, key: number, n: number): boolean {
  return searchSorted(post.values, n, post.offsets[key], post.offsets[key + 1]) >= 0;
}

/** How many names the postings of `key` hold (none for a key no listed name has). */
function postingLength(post: Csr, key: number | undefined): number {
  return key === undefined ? 0 : post.offsets[key + 1] - post.offsets[key];
}

/** Whether `values[0 .. count)` holds `v` (a name's few distinct tokens: a scan beats a set). */
function holds(values: Int32Array, count: number, v: number): boolean {
  for (let i = 0; i < count; i++) if (values[i] === v) return true;
  return false;
}

/** Adds phonetic key `kid` to the name's distinct keys (b.nameKeys[0 .. count)), growing the scratch; the new count. */
function addNameKey(b: BuildState, count: number, kid: number): number {
  if (holds(b.nameKeys, count, kid)) return count;
  if (b.nameKeys.length === count) {
    const grown = new Int32Array(count * 2);
    grown.set(b.nameKeys);
    b.nameKeys = grown;
  }
  b.nameKeys[count] = kid;
  return count + 1;
}

/** The hash of a pair of phonetic key ids, in either order (see ScreeningIndex.pairHashes). */
function namePairHash(a: number, b: number): number {
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi ^ 0x5bd1e995, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** The id of `text` in `vocab`, added as the next id when new. */
function intern(vocab: Map<string, number>, text: string): number {
  let id = vocab.get(text);
  if (id === undefined) {
    id = vocab.size;
    vocab.set(text, id);
  }
  return id;
}

export function buildIndex(entities: WatchlistEntity[] | EntityInput, onProgress?: BuildProgress, options?: BuildOptions): ScreeningIndex {
  return new ScreeningIndex(entities, onProgress, options);
}

/**
 * A build whose entities arrive over time (rows streamed from PostgreSQL in batches): `add` them in index order, then
 * `finish`. The same index as `buildIndex` over the same entities, without holding them all at once.
 */
export class IndexBuilder {
  private readonly index: ScreeningIndex;
  constructor(count: number, onProgress?: BuildProgress, options?: BuildOptions) {
    this.index = new ScreeningIndex({ count, incremental: true }, onProgress, options);
  }
  add(e: WatchlistEntity): void {
    this.index.addEntity(e);
  }
  finish(): ScreeningIndex {
    this.index.finishBuild();
    return this.index;
  }
  abandon(): void {
    this.index.abandonBuild();
  }
}

/** An index from the state of one built before (an index snapshot); throws when the parts do not fit together. */
export function restoreIndex(state: IndexState): ScreeningIndex {
  return new ScreeningIndex(state);
}

export { ORG_STYLE };
