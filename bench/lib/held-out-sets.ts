/**
 * Labelled sets made from variation the list authors wrote down, not from the generator. Built deterministically from the
 * shipped lists (no downloads, no random draws: every order is a sha256 order), so a run is reproducible:
 * - leave-one-alias-out (LOAO), **every** listed Latin alias: the 2024 OFAC SDN records with the 2021 alt.csv aliases
 *   attached by entity number (`loao_ofac`), the UN records (`loao_un`), and the other lists that carry aliases (OFAC
 *   non-SDN, EU, the PEP file: `loao_other`). An alias is removed from the index and queried with its record's type; its
 *   record must come back at rank <= 10 at or above the threshold. Round r removes the r-th alias of every record, so one
 *   index serves a round and no record loses two aliases at once.
 * - cross-authority (`cross_authority`): the same person or organisation listed by two authorities (UN, OFAC SDN, OFAC
 *   non-SDN, EU), linked by a shared UN reference, passport / national id / tax / registration / IMO / SWIFT number, or by a
 *   full date of birth with a shared nationality that only one record of each authority has; and the 2021 OFAC edition's
 *   primary name where the 2024 edition spells it otherwise (same entity number). Each record's primary name, where the
 *   other record does not carry it verbatim, is queried; the other record must come back (both stay in the index).
 * - cross-script, per script: UN records carrying both a Latin and an original-script name. `script_to_latin` removes the
 *   record's original-script names and queries each; `latin_to_script` removes every Latin name and queries the primary.
 * Every case sits in the calibration half or the report half by a fixed hash of its record id (of the smaller id of a
 * cross-authority link: both directions of a link land in one half) (sha256, first byte even = calibration), so nothing
 * fitted on one half is reported.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  addName,
  entityKey,
  loadWatchlist,
  SHIPPED_WATCHLISTS_DIR,
  type EntityName,
  type EntityType,
  type WatchlistEntity,
} from '../../subgraphs/screening/lists';
import { NAME_SCRIPTS, scriptOf } from '../../lib/names/scripts';
import { WRITTEN_NAMES } from './written-scripts';

export type Half = 'calibration' | 'report';

export const HELD_OUT_SETS = ['loao_ofac', 'loao_un', 'loao_other', 'cross_authority', 'script_to_latin', 'latin_to_script'] as const;
export type HeldOutSet = (typeof HELD_OUT_SETS)[number];

export interface HeldOutCase {
  set: HeldOutSet;
  query: string;
  type: EntityType;
  expected: string;
  /** The record's primary name as left in the index (pairs for the compare surface). */
  listed: string;
  half: Half;
  /** Cross-script cases: the script of the original-script name (Arabic, Persian, Cyrillic, Chinese, ...). */
  script?: string;
  /**
   * Cross-script cases in a script the lists do not write: the original-script name was written for the bench
   * (bench/lib/written-scripts.ts), not published by the list; reported apart from the lists' own names.
   */
  written?: boolean;
  /** Cross-authority cases: what linked the two records (identifier kind, dob+nationality, ofac_edition). */
  link?: string;
  /** Index of the round (HeldOutRound) whose index the case is searched in. */
  round: number;
}

export interface HeldOutRound {
  label: string;
  /** The entities the round's index holds: the shipped ones minus the names the round holds out. */
  indexed: WatchlistEntity[];
}

export function halfOf(id: string): Half {
  return createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'calibration' : 'report';
}

const hashOrder = (s: string) => createHash('sha256').update(s).digest('hex');

/** Attaches the 2021 OFAC alt.csv aliases to the 2024 SDN records with the same entity number. */
export async function attachOfac2021Aliases(entities: WatchlistEntity[]): Promise<number> {
  const old = await loadOfac2021();
  const byId = new Map(old.map((e) => [e.sourceId, e]));
  let attached = 0;
  for (const e of entities) {
    if (e.source !== 'ofac_sdn') continue;
    const before = e.names.length;
    for (const n of byId.get(e.sourceId)?.names ?? []) if (n.kind !== 'primary' && n.kind !== 'title') addName(e, n);
    attached += e.names.length - before;
  }
  return attached;
}

let ofac2021: Promise<WatchlistEntity[]> | undefined;
function loadOfac2021(): Promise<WatchlistEntity[]> {
  ofac2021 ??= loadWatchlist('ofac_sdn', path.join(SHIPPED_WATCHLISTS_DIR, 'ofac_sdn_2021-07_full'));
  return ofac2021;
}

const LATIN = /^[\u0000-\u024f\u1e00-\u1eff\s\p{P}\p{S}]*$/u;

/** The script a non-Latin name is written in, as the per-script figures name it (the engine's own reading: scriptOf). */
export function scriptName(s: string): string | undefined {
  if (LATIN.test(s)) return undefined;
  return scriptOf(s);
}

/** The scripts the per-script figures report, whether or not the lists hold names in them. */
export const REPORTED_SCRIPTS: readonly string[] = NAME_SCRIPTS;

const primary = (e: WatchlistEntity) => (e.names.find((n) => n.kind === 'primary') ?? e.names[0]).value;
const clone = (entities: WatchlistEntity[]) => entities.map((e) => ({ ...e, names: [...e.names] }));
/** Case, spacing and punctuation aside: "AL-QAIDA" and "Al Qaida" are one name verbatim. */
const plain = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
/** Latin names a screener would type for a record: not titles, not original-script names. */
const latinNames = (e: WatchlistEntity) => e.names.filter((n) => n.kind !== 'title' && LATIN.test(n.value));
/** Some UN alias fields hold several spellings separated by ";": a screener types one name, the first. */
const firstSpelling = (s: string) => s.split(/\s*;\s*/)[0];

const LOAO_SET = (e: WatchlistEntity): HeldOutSet | undefined =>
  e.source === 'ofac_sdn' ? 'loao_ofac' : e.source === 'un' ? 'loao_un' : e.source === 'bis_dpl' ? undefined : 'loao_other';

/** Identifier kinds that name one document or registration: a shared value links two records. */
const LINKING_IDS = /^(un_reference|passport|national_id|tax_id|registration|imo|swift|.*pas[as]?port.*)$/;
/** Sources of one authority that publish the same record twice (OFAC SDN and non-SDN share entity numbers). */
const authority = (source: string) => (source.startsWith('ofac_') ? 'ofac' : source);

interface Link {
  a: WatchlistEntity;
  b: WatchlistEntity;
  how: string;
}

/** Records of two authorities that are one person or organisation by a shared identifier or birth date + nationality. */
export function linkAcrossAuthorities(entities: WatchlistEntity[]): Link[] {
  const links = new Map<string, Link>();
  const add = (a: WatchlistEntity, b: WatchlistEntity, how: string) => {
    if (authority(a.source) === authority(b.source)) return;
    const [x, y] = entityKey(a) < entityKey(b) ? [a, b] : [b, a];
    const key = `${entityKey(x)}|${entityKey(y)}`;
    if (!links.has(key)) links.set(key, { a: x, b: y, how });
  };
  // identifiers: digits and letters only; short values ("12345") are too common to link anything
  const byId = new Map<string, WatchlistEntity[]>();
  for (const e of entities)
    for (const i of e.identifiers ?? []) {
      if (!LINKING_IDS.test(i.kind)) continue;
      const v = i.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
      if (v.length < 6 || !/\d/.test(v)) continue;
      const k = `${i.kind === 'un_reference' ? 'un' : 'doc'}:${v}`;
      const list = byId.get(k) ?? [];
      if (!list.includes(e)) list.push(e);
      byId.set(k, list);
    }
  for (const [k, list] of byId) {
    const authorities = new Set(list.map((e) => authority(e.source)));
    if (authorities.size < 2 || list.length > 4) continue; // one number on many records is a shared address or a placeholder
    for (const a of list) for (const b of list) if (a !== b) add(a, b, k.split(':')[0] === 'un' ? 'un_reference' : 'identifier');
  }
  // a full date of birth and a nationality that exactly one individual of each authority has
  const byDob = new Map<string, WatchlistEntity[]>();
  for (const e of entities) {
    if (e.type !== 'individual') continue;
    const dobs = new Set(e.birthDates.filter((d) => d.kind === 'full').map((d) => (d as { value: string }).value));
    for (const d of dobs)
      for (const n of new Set(e.nationalities.filter((x) => /^[A-Z]{2}$/.test(x)))) {
        const list = byDob.get(`${d}|${n}`) ?? [];
        list.push(e);
        byDob.set(`${d}|${n}`, list);
      }
  }
  for (const list of byDob.values()) {
    const per = new Map<string, WatchlistEntity[]>();
    for (const e of list) per.set(authority(e.source), [...(per.get(authority(e.source)) ?? []), e]);
    const singles = [...per.values()].filter((l) => l.length === 1).map((l) => l[0]);
    if (singles.length < 2 || singles.length !== per.size) continue;
    for (const a of singles) for (const b of singles) if (a !== b) add(a, b, 'dob_nationality');
  }
  return [...links.values()].sort((x, y) =>
    hashOrder(entityKey(x.a) + entityKey(x.b)) < hashOrder(entityKey(y.a) + entityKey(y.b)) ? -1 : 1,
  );
}

/**
 * Builds every held-out case and the rounds whose indexes they are searched in. `perSet` caps the cases of each set
 * (taken in hash order) for quick runs; without it every case is built.
 */
export async function buildHeldOutSets(
  entities: WatchlistEntity[],
  opts: { perSet?: number; sets?: HeldOutSet[] } = {},
): Promise<{ cases: HeldOutCase[]; rounds: HeldOutRound[]; links: Record<string, number>; aliasesBeyondRounds: number }> {
  const cap = opts.perSet ?? Infinity;
  const cases: HeldOutCase[] = [];
  const rounds: HeldOutRound[] = [];
  const counts = new Map<HeldOutSet, number>();
  const room = (s: HeldOutSet) => (!opts.sets || opts.sets.includes(s)) && (counts.get(s) ?? 0) < cap;
  const push = (c: Omit<HeldOutCase, 'round'>, round: number) => {
    counts.set(c.set, (counts.get(c.set) ?? 0) + 1);
    cases.push({ ...c, round });
  };
  const ordered = entities.slice().sort((a, b) => (hashOrder(entityKey(a)) < hashOrder(entityKey(b)) ? -1 : 1));

  // round 0: the full lists. Cross-authority cases: the linked record is found, the query's own record is there too.
  rounds.push({ label: 'full lists', indexed: entities });
  const links = linkAcrossAuthorities(entities);
  const linkCounts: Record<string, number> = {};
  for (const { a, b, how } of links) {
    linkCounts[how] = (linkCounts[how] ?? 0) + 1;
    const half = halfOf(entityKey(a));
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      // the primary name each authority chose: the same name in its spelling (an alias of one record is often
      // another name altogether, which no spelling rule can reach; leave-one-alias-out measures those)
      const query = primary(from);
      if (!LATIN.test(query) || to.names.some((n) => plain(n.value) === plain(query)) || !room('cross_authority')) continue;
      push(
        {
          set: 'cross_authority',
          query: firstSpelling(query),
          type: to.type,
          expected: entityKey(to),
          listed: primary(to),
          half,
          link: how,
        },
        0,
      );
    }
  }
  // the 2021 OFAC edition's names that the 2024 record (with 2021 aliases attached) does not carry: respellings
  const old = new Map((await loadOfac2021()).map((e) => [e.sourceId, e]));
  for (const e of ordered) {
    const was = e.source === 'ofac_sdn' ? old.get(e.sourceId) : undefined;
    if (!was) continue;
    const query = primary(was);
    if (e.names.some((n) => plain(n.value) === plain(query)) || !room('cross_authority')) continue;
    push(
      {
        set: 'cross_authority',
        query,
        type: e.type,
        expected: entityKey(e),
        listed: primary(e),
        half: halfOf(entityKey(e)),
        link: 'ofac_edition',
      },
      0,
    );
  }
  linkCounts.ofac_edition = cases.filter((c) => c.link === 'ofac_edition').length;

  // cross-script: one round removes the original-script names, another the Latin ones
  const withScript = ordered.filter((e) => e.names.some((n) => !LATIN.test(n.value)) && latinNames(e).length);
  const s2l = clone(entities);
  const l2s = clone(entities);
  const s2lRound = rounds.push({ label: 'original-script names held out', indexed: s2l }) - 1;
  const l2sRound = rounds.push({ label: 'Latin names held out', indexed: l2s }) - 1;
  const byKeyS2l = new Map(s2l.map((e) => [entityKey(e), e]));
  const byKeyL2s = new Map(l2s.map((e) => [entityKey(e), e]));
  for (const e of withScript) {
    const id = entityKey(e);
    const original = e.names.filter((n) => !LATIN.test(n.value));
    const latin = latinNames(e);
    if (room('script_to_latin')) {
      const held = byKeyS2l.get(id)!;
      held.names = held.names.filter((n) => LATIN.test(n.value));
      for (const n of original)
        push(
          {
            set: 'script_to_latin',
            query: n.value,
            type: e.type,
            expected: id,
            listed: primary(e),
            half: halfOf(id),
            script: scriptName(n.value),
          },
          s2lRound,
        );
    }
    if (room('latin_to_script')) {
      const held = byKeyL2s.get(id)!;
      held.names = held.names.filter((n) => !latin.includes(n));
      if (!held.names.length) continue;
      push(
        {
          set: 'latin_to_script',
          query: primary(e),
          type: e.type,
          expected: id,
          listed: held.names[0].value,
          half: halfOf(id),
          script: scriptName(held.names[0].value),
        },
        l2sRound,
      );
    }
  }

  // cross-script in the scripts the lists do not write: names written for the bench, searched in the same two rounds (the
  // Latin -> script round indexes the written name as the record's only name)
  for (const w of WRITTEN_NAMES) {
    const id = entityKey(w);
    const e = byKeyS2l.get(id);
    if (!e || !byKeyL2s.has(id)) throw new Error(`written-scripts: ${id} is not in the shipped lists`);
    if (e.names[0].value !== w.listed) throw new Error(`written-scripts: ${id} is "${e.names[0].value}", not "${w.listed}"`);
    const script = w.script;
    if (room('script_to_latin'))
      push(
        { set: 'script_to_latin', query: w.value, type: e.type, expected: id, listed: w.listed, half: halfOf(id), script, written: true },
        s2lRound,
      );
    if (room('latin_to_script')) {
      const held = byKeyL2s.get(id)!;
      held.names = [{ value: w.value, kind: 'original_script' }];
      push(
        { set: 'latin_to_script', query: w.listed, type: e.type, expected: id, listed: w.value, half: halfOf(id), script, written: true },
        l2sRound,
      );
    }
  }

  // leave-one-alias-out, every alias: round r holds out the r-th alias (in hash order) of every record
  const aliasesOf = new Map<WatchlistEntity, EntityName[]>();
  for (const e of ordered) {
    const set = LOAO_SET(e);
    if (!set) continue;
    // an alias that another name of the record spells verbatim (case and punctuation aside) holds nothing out
    const aliases = latinNames(e)
      .filter((n, _, all) => n.kind !== 'primary' && !all.some((m) => m !== n && plain(m.value) === plain(n.value)))
      .sort((x, y) => (hashOrder(id(e) + x.value) < hashOrder(id(e) + y.value) ? -1 : 1));
    if (aliases.length) aliasesOf.set(e, aliases);
  }
  function id(e: WatchlistEntity) {
    return entityKey(e);
  }
  const MAX_ROUNDS = 12;
  let aliasesBeyondRounds = 0;
  for (const aliases of aliasesOf.values()) aliasesBeyondRounds += Math.max(0, aliases.length - MAX_ROUNDS);
  for (let r = 0; r < MAX_ROUNDS; r++) {
    const heldOut = [...aliasesOf].filter(([e, aliases]) => aliases.length > r && room(LOAO_SET(e)!));
    if (!heldOut.length) break;
    const indexed = clone(entities);
    const byKey = new Map(indexed.map((e) => [entityKey(e), e]));
    const round = rounds.push({ label: `aliases held out, round ${r + 1}`, indexed }) - 1;
    for (const [e, aliases] of heldOut) {
      const set = LOAO_SET(e)!;
      if (!room(set)) continue;
      const name = aliases[r];
      const held = byKey.get(entityKey(e))!;
      held.names = held.names.filter((n) => n.value !== name.value);
      push(
        { set, query: firstSpelling(name.value), type: e.type, expected: entityKey(e), listed: primary(e), half: halfOf(entityKey(e)) },
        round,
      );
    }
  }
  return { cases, rounds, links: linkCounts, aliasesBeyondRounds };
}
