// The one module of the screening service that touches the engine engineer's libraries
// (subgraphs/screening/engine and subgraphs/screening/lists). Everything else in the subgraph
// talks to this thin adapter, so a shift in their API is absorbed here.
import {
  buildIndex,
  IndexBuilder,
  restoreIndex,
  type BuildOptions,
  type EntityInput,
  type IndexState,
  type ScreeningIndex,
} from '../engine';
import { DEFAULT_THRESHOLD as ENGINE_DEFAULT_THRESHOLD, matchLevel, SCORER_VERSION } from '../../../lib/names/levels';
import type { ScreeningMatch } from '../engine/result';
import type { CompareParty, NameComparison } from '../engine/compare';
import type { QueryIdentifier, QueryIdentifierKind } from '../engine/identifiers';
import { isIsoCountry, toCountryCode } from '../lists/countries';
import { parseBirthDate } from '../lists/dates';
import {
  detectShippedLists,
  entityContentHash,
  entityKey,
  FEEDS,
  loadWatchlist,
  primaryName,
  type EntityType,
  type Feed,
  type WatchlistEntity,
  type WatchlistFormat,
} from '../lists';

export type {
  CompareParty,
  QueryIdentifier,
  QueryIdentifierKind,
  EntityType,
  Feed,
  NameComparison,
  ScreeningMatch,
  WatchlistEntity,
  WatchlistFormat,
};
export { entityContentHash, entityKey, FEEDS, matchLevel, primaryName, SCORER_VERSION };
export { agreementOf, type AgreementOutcome, type MatchAgreement } from '../engine/adjust';
export { maskIdentifier, normalizeIdentifier, QUERY_IDENTIFIER_KINDS } from '../engine/identifiers';
// Name normalization and phonetic keys, for blocking keys outside the index (delta monitoring).
export { isSignificant, normalizeName } from '../../../lib/names/normalize';
export { styleForType } from '../engine/name-style';
// The quality bench's labelled-set generator, for the threshold lab's fixed sample.
export { generateEvaluationSet, type EvaluationSet } from '../evaluation/generate';
export { phoneticKey } from '../../../lib/names/phonetic';

export const DEFAULT_THRESHOLD: number = ENGINE_DEFAULT_THRESHOLD;

/** Formats the import accepts (the loaders of subgraphs/screening/lists). `ofac` is a short alias. */
export const WATCHLIST_FORMATS: WatchlistFormat[] = [
  'ofac_sdn',
  'ofac_cons',
  'un_xml',
  'bis_dpl',
  'eu_fsf_csv',
  'eu_fsf_xml',
  'uk_ofsi_csv',
  'ftm_jsonl',
];
const FORMAT_ALIASES: Record<string, WatchlistFormat> = {
  ofac: 'ofac_sdn',
  un: 'un_xml',
  bis: 'bis_dpl',
  dpl: 'bis_dpl',
  eu: 'eu_fsf_xml',
  uk: 'uk_ofsi_csv',
  ftm: 'ftm_jsonl',
};

export function resolveFormat(format: string): WatchlistFormat | undefined {
  const lower = format.trim().toLowerCase();
  if ((WATCHLIST_FORMATS as string[]).includes(lower)) return lower as WatchlistFormat;
  return FORMAT_ALIASES[lower];
}

export async function loadList(format: WatchlistFormat, path: string | string[]): Promise<WatchlistEntity[]> {
  return loadWatchlist(format, path);
}

export function shippedLists(dir: string): { folder: string; format: WatchlistFormat; paths: string[] }[] {
  return detectShippedLists(dir);
}

export interface EngineSearchOptions {
  limit: number;
  threshold: number;
  feeds: Feed[] | 'all';
  type?: EntityType;
  birthDate?: string;
  country?: string;
  identifiers?: QueryIdentifier[];
}

/** The in-memory index the subgraph serves from (opaque to the rest of the service). */
export interface EngineIndex {
  readonly entityCount: number;
  readonly nameCount: number;
  readonly buildMs: number;
  search(name: string, options: EngineSearchOptions): ScreeningMatch[];
  /** One name against one candidate, scored as a search would (token rarity from this index). */
  compare(query: CompareParty, candidate: CompareParty, threshold?: number): NameComparison;
}

/** A built index as typed arrays and string tables (what an index snapshot holds). */
export type EngineIndexState = IndexState;
export type EngineEntities = EntityInput;

const states = new WeakMap<EngineIndex, ScreeningIndex>();

export type EngineBuildOptions = BuildOptions;
export { FileChunks, type EntityChunks } from '../engine/entity-store';

export function buildEngineIndex(entities: WatchlistEntity[] | EngineEntities, options?: EngineBuildOptions): EngineIndex {
  return wrap(buildIndex(entities, undefined, options));
}

/** A build fed entity by entity, in index order (rows streamed from PostgreSQL): the same index as buildEngineIndex. */
export interface EngineIndexBuild {
  add(entity: WatchlistEntity): void;
  finish(): EngineIndex;
  /** Lets go of a build that will not finish (its spill file). */
  abandon(): void;
}

export function startEngineIndexBuild(count: number, options?: EngineBuildOptions): EngineIndexBuild {
  const builder = new IndexBuilder(count, undefined, options);
  return { add: (entity) => builder.add(entity), finish: () => wrap(builder.finish()), abandon: () => builder.abandon() };
}

/** The index of a snapshot (throws when its parts do not fit together). */
export function restoreEngineIndex(state: EngineIndexState): EngineIndex {
  return wrap(restoreIndex(state));
}

/** The state of an index built here, for a snapshot (shares the index's arrays). */
export function exportEngineState(engine: EngineIndex): EngineIndexState {
  const index = states.get(engine);
  if (!index) throw new Error('not an index of the engine adapter');
  return index.exportState();
}

/** The entities from..to of an index (all by default), decoded one at a time, in index order. */
export function engineEntities(engine: EngineIndex, from = 0, to?: number): EngineEntities {
  const index = states.get(engine);
  if (!index) throw new Error('not an index of the engine adapter');
  const end = Math.min(to ?? index.store.size, index.store.size);
  return { count: Math.max(0, end - from), entities: index.store.entities(from, end) };
}

function wrap(index: ScreeningIndex): EngineIndex {
  const engine: EngineIndex = {
    entityCount: index.stats.entities,
    nameCount: index.stats.names,
    buildMs: index.stats.buildMs,
    search: (name, options) =>
      index.search(name, {
        limit: options.limit,
        threshold: options.threshold,
        feeds: options.feeds,
        type: options.type,
        birthDate: options.birthDate,
        country: options.country,
        identifiers: options.identifiers,
      }),
    compare: (query, candidate, threshold) => index.compare(query, candidate, threshold),
  };
  states.set(engine, index);
  return engine;
}

/** ISO-2 code of a country given as ISO-2 or as a name; undefined when unknown. */
export function countryCode(value: string): string | undefined {
  const code = toCountryCode(value);
  return code && isIsoCountry(code) ? code : undefined;
}

export function isValidBirthDate(value: string): boolean {
  return parseBirthDate(value) !== undefined;
}
