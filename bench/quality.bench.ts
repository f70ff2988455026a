/**
 * Screening quality: Vigil's engine vs a PostgreSQL pg_trgm similarity() peer on the same labelled sets, each split into a
 * calibration half and a report half by a fixed hash of the record id (bench/lib/held-out-sets.ts): the generator's set
 * (subgraphs/screening/evaluation) and the sets of the lists' own variation (every listed alias left out in turn, the same
 * record listed by two authorities, original-script names against their Latin records, per script); then
 * precision/recall/F1 of the compare surface on labelled pairs. Postgres: DATABASE_URL, or an embedded server.
 * Options: --positives N --negatives N (generator), --per-set N (cap per held-out set; default all), --sets a,b (only these
 * held-out sets, e.g. script_to_latin,latin_to_script), --seed N, --misses (calibration-half misses and
 * false positives grouped by cause), --fit (fit the calibration knot on the calibration half; bench/lib/calibration-fit.ts).
 */
import path from 'node:path';
import pg from 'pg';
import { buildIndex } from '../subgraphs/screening/engine/index';
import { DEFAULT_THRESHOLD } from '../lib/names/levels';
import { generateEvaluationSet, VARIANT_KINDS, type EvaluationSet } from '../subgraphs/screening/evaluation/generate';
import { entityKey, type EntityType, type WatchlistEntity } from '../subgraphs/screening/lists';
import { loadBenchEntities } from './lib/evaluation-lists';
import { measureDispositionQuality } from './lib/disposition-quality';
import { loadTrigramTable, TRIGRAM_THRESHOLD, trigramQuery } from './lib/trigram-peer';
import { causeOf, fitLines, groupLines } from './lib/calibration-fit';
import { reachable } from './lib/reachable';
import {
  attachOfac2021Aliases,
  buildHeldOutSets,
  halfOf,
  HELD_OUT_SETS,
  REPORTED_SCRIPTS,
  type Half,
  type HeldOutCase,
  type HeldOutSet,
} from './lib/held-out-sets';

interface Figures {
  recall: number;
  recallAt10: number;
  fpr: number;
  perKind: Map<string, number>;
}

function evaluate(
  set: EvaluationSet,
  hitsFor: (i: number, positive: boolean) => { id: string; score: number }[],
  threshold: number,
): Figures {
  let hit = 0;
  let hit10 = 0;
  const kindTotal = new Map<string, number>();
  const kindHit = new Map<string, number>();
  set.positives.forEach((p, i) => {
    const res = hitsFor(i, true);
    const exp = new Set(p.expected);
    const ok = res.some((r) => r.score >= threshold && exp.has(r.id));
    if (ok) hit++;
    if (res.slice(0, 10).some((r) => exp.has(r.id))) hit10++;
    kindTotal.set(p.kind, (kindTotal.get(p.kind) ?? 0) + 1);
    if (ok) kindHit.set(p.kind, (kindHit.get(p.kind) ?? 0) + 1);
  });
  let fp = 0;
  set.negatives.forEach((_, i) => {
    if (hitsFor(i, false).some((r) => r.score >= threshold)) fp++;
  });
  const perKind = new Map<string, number>();
  for (const [k, t] of kindTotal) perKind.set(k, (kindHit.get(k) ?? 0) / t);
  return { recall: hit / set.positives.length, recallAt10: hit10 / set.positives.length, fpr: fp / set.negatives.length, perKind };
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL);
  const { startEmbeddedPostgres } = await import('../platform/db/embedded');
  const db = await startEmbeddedPostgres({ dataDir: path.resolve('.vigil/bench-pg'), ephemeral: true, databaseName: 'bench' });
  try {
    return await fn(db.url);
  } finally {
    await db.stop();
  }
}

/** pg_trgm baseline: similarity(name, query) over every listed name, best name per entity, top 10. */
async function trigramResults(
  url: string,
  entities: WatchlistEntity[],
  queries: string[],
  table = 'bench_names',
): Promise<{ id: string; score: number }[][]> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => undefined); // idle clients see the server shut down at the end of the run
  try {
    await loadTrigramTable(pool, entities, table);
    const out = new Array<{ id: string; score: number }[]>(queries.length);
    let next = 0;
    const worker = async () => {
      const client = await pool.connect();
      try {
        await client.query(`SELECT set_limit(${TRIGRAM_THRESHOLD})`);
        for (;;) {
          const i = next++;
          if (i >= queries.length) break;
          const r = await client.query<{ entity_id: string; s: number }>(trigramQuery(table), [queries[i]]);
          out[i] = r.rows.map((row) => ({ id: row.entity_id, score: Number(row.s) }));
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return out;
  } finally {
    await pool.end();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
type Hits = { id: string; score: number }[];
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

/** Recall of held-out cases: the expected record at rank <= 10 with a score at or above the threshold. */
/**
 * The negatives of a held-out set: each case's query against the name of another case's record in the same set and script
 * (the case half the group away, so never its own record), scored as a pair. A pair at or above the threshold is a false
 * positive of that set: the engine took another record's name for the query's. Each case gives one pair.
 */
function mismatchedPairs(cases: HeldOutCase[]): { a: string; b: string; type: EntityType; i: number }[] {
  const groups = new Map<string, number[]>();
  cases.forEach((c, i) => {
    const k = `${c.set}|${c.script ?? ''}|${c.written ? 'w' : ''}|${c.half}`;
    const g = groups.get(k) ?? [];
    g.push(i);
    groups.set(k, g);
  });
  const out: { a: string; b: string; type: EntityType; i: number }[] = [];
  for (const g of groups.values())
    g.forEach((i, k) => {
      for (let step = Math.max(1, Math.floor(g.length / 2)); step < g.length + Math.floor(g.length / 2); step++) {
        const j = g[(k + step) % g.length];
        if (cases[j].expected === cases[i].expected || cases[j].type !== cases[i].type) continue;
        out.push({ a: cases[i].query, b: cases[j].listed, type: cases[i].type, i });
        return;
      }
    });
  return out;
}

/** "recall / false positives" over the cases `idx`: found at rank <= 10 at or above t; mismatched pairs at or above t. */
function heldFigures(idx: number[], hits: Hits[], pairScores: Map<number, number>, t: number, cases = heldCases): string {
  if (!idx.length) return '-';
  let found = 0;
  let negatives = 0;
  let fp = 0;
  for (const i of idx) {
    if (hits[i].slice(0, 10).some((h) => h.id === cases[i].expected && h.score >= t)) found++;
    const p = pairScores.get(i);
    if (p === undefined) continue;
    negatives++;
    if (p >= t) fp++;
  }
  return `${pct(found / idx.length)} / ${negatives ? pct(fp / negatives) : '-'}`;
}
let heldCases: HeldOutCase[] = [];

async function main() {
  const entities = await loadBenchEntities(false);
  const attached = await attachOfac2021Aliases(entities);
  const seed = process.argv.includes('--seed') ? arg('--seed', 0) : undefined;
  const set = generateEvaluationSet(entities, { seed, positives: arg('--positives', 2000), negatives: arg('--negatives', 8000) });
  const { cases, rounds, links, aliasesBeyondRounds } = await buildHeldOutSets(entities, {
    perSet: process.argv.includes('--per-set') ? arg('--per-set', 0) : undefined,
    sets: process.argv.includes('--sets') ? (process.argv[process.argv.indexOf('--sets') + 1].split(',') as HeldOutSet[]) : undefined,
  });
  heldCases = cases;
  // leave-one-alias-out and cross-authority cases whose query shares no word a name matcher can use with any name its
  // record keeps in the index (bench/lib/reachable.ts): reported apart, as "reachable", beside the raw figure
  const namesIn = rounds.map((r) => {
    let m: Map<string, string[]> | undefined;
    return () => (m ??= new Map(r.indexed.map((e) => [entityKey(e), e.names.map((n) => n.value)])));
  });
  const unreachable = new Set<HeldOutCase>(
    cases.filter(
      (c) => (c.set.startsWith('loao') || c.set === 'cross_authority') && !reachable(c.query, namesIn[c.round]().get(c.expected) ?? []),
    ),
  );
  console.log(
    `lists: ${entities.length} entities (2021 OFAC aliases attached to the 2024 records: ${attached}); generator set: ${set.positives.length} positives, ${set.negatives.length} negatives (seed ${set.seed}); held-out cases: ${cases.length} in ${rounds.length} indexes`,
  );
  console.log(
    `unreachable held-out cases (no related word, bench/lib/reachable.ts): ${['loao_ofac', 'loao_un', 'loao_other', 'cross_authority']
      .map((s) => `${s} ${cases.filter((c) => c.set === s && unreachable.has(c)).length} of ${cases.filter((c) => c.set === s).length}`)
      .join(', ')}`,
  );
  console.log(
    `cross-authority links: ${Object.entries(links)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}; aliases past the last leave-one-alias-out round (not queried): ${aliasesBeyondRounds}`,
  );
  const index = buildIndex(entities);
  const t0 = performance.now();
  const run = (ix: typeof index, q: string, type?: EntityType) =>
    ix.search(q, { limit: 10, threshold: 0.5, type }).map((m) => ({ id: m.entity.id, score: m.score }));
  const vPos = set.positives.map((p) => run(index, p.query));
  const vNeg = set.negatives.map((n) => run(index, n.query));
  // each round holds other names out: its own index, built and searched in turn (not kept: 15 indexes of the lists)
  const vHeld = new Array<Hits>(cases.length);
  const explainHeld = new Map<number, ReturnType<typeof index.search>[number] | undefined>();
  let engineMs = performance.now() - t0;
  rounds.forEach((round, r) => {
    const mine = cases.map((c, i) => ({ c, i })).filter(({ c }) => c.round === r);
    if (!mine.length) return;
    const ix = r === 0 ? index : buildIndex(round.indexed);
    const t1 = performance.now();
    for (const { c, i } of mine) vHeld[i] = run(ix, c.query, c.type);
    engineMs += performance.now() - t1;
    if (process.argv.includes('--misses'))
      for (const { c, i } of mine)
        if (c.half === 'calibration' && !vHeld[i].some((h) => h.id === c.expected && h.score >= DEFAULT_THRESHOLD))
          explainHeld.set(
            i,
            ix.search(c.query, { limit: 10, threshold: 0, type: c.type }).find((m) => m.entity.id === c.expected),
          );
  });

  // the held-out sets' negatives: mismatched pairs, scored by the compare surface (the served index's rarities)
  const negPairs = mismatchedPairs(cases);
  const vPairs = new Map<number, number>();
  for (const p of negPairs) vPairs.set(p.i, index.compare({ name: p.a, type: p.type }, { name: p.b, type: p.type }).score);
  const tPairs = new Map<number, number>();

  // the trigram peer on the same sets (its threshold picked on the calibration half)
  let tPos: Hits[] | undefined, tNeg: Hits[] | undefined, tHeld: Hits[] | undefined;
  try {
    await withPostgres(async (url) => {
      const all = await trigramResults(url, entities, [...set.positives.map((p) => p.query), ...set.negatives.map((n) => n.query)]);
      tPos = all.slice(0, set.positives.length);
      tNeg = all.slice(set.positives.length);
      tHeld = new Array<Hits>(cases.length);
      for (let r = 0; r < rounds.length; r++) {
        const mine = cases.map((c, i) => ({ c, i })).filter(({ c }) => c.round === r);
        if (!mine.length) continue;
        const hits = await trigramResults(
          url,
          rounds[r].indexed,
          mine.map(({ c }) => c.query),
          'bench_held_out',
        );
        mine.forEach(({ i }, k) => (tHeld![i] = hits[k]));
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const r = await client.query<{ s: number }>(
          'SELECT similarity(a, b) AS s FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(a, b, n) ORDER BY n',
          [negPairs.map((p) => p.a), negPairs.map((p) => p.b)],
        );
        r.rows.forEach((row, k) => tPairs.set(negPairs[k].i, Number(row.s)));
      } finally {
        await client.end();
      }
    });
  } catch (err) {
    console.error(`pg_trgm baseline unavailable: ${(err as Error).message}`);
  }

  for (const half of ['calibration', 'report'] as Half[]) {
    const posIdx = set.positives.map((p, i) => (halfOf(p.expected[0]) === half ? i : -1)).filter((i) => i >= 0);
    const negIdx = set.negatives.map((n, i) => (halfOf(n.query) === half ? i : -1)).filter((i) => i >= 0);
    const sub: EvaluationSet = { ...set, positives: posIdx.map((i) => set.positives[i]), negatives: negIdx.map((i) => set.negatives[i]) };
    const figs = (pos: Hits[], neg: Hits[], t: number) => evaluate(sub, (i, p) => (p ? pos[posIdx[i]] : neg[negIdx[i]]), t);
    const vigil = figs(vPos, vNeg, DEFAULT_THRESHOLD);
    const trgm = tPos && tNeg ? [0.5, 0.6, 0.7].map((t) => ({ t, f: figs(tPos!, tNeg!, t) })) : [];
    console.log(
      `\n== ${half} half: ${sub.positives.length} generator positives, ${sub.negatives.length} negatives, ${cases.filter((c) => c.half === half).length} held-out cases`,
    );
    const row = (label: string, vals: string[]) => console.log(label.padEnd(34) + vals.map((v) => v.padStart(17)).join(''));
    row('', [`Vigil @${DEFAULT_THRESHOLD}`, ...trgm.map((b) => `pg_trgm @${b.t}`)]);
    row(
      'generator recall @threshold',
      [vigil, ...trgm.map((b) => b.f)].map((f) => pct(f.recall)),
    );
    row(
      'generator recall@10',
      [vigil, ...trgm.map((b) => b.f)].map((f) => pct(f.recallAt10)),
    );
    row(
      'false positives on negatives',
      [vigil, ...trgm.map((b) => b.f)].map((f) => pct(f.fpr)),
    );
    const heldRow = (label: string, keep: (c: HeldOutCase) => boolean) => {
      const idx = cases.map((c, i) => (c.half === half && keep(c) ? i : -1)).filter((i) => i >= 0);
      row(`${label} (${idx.length})`, [
        heldFigures(idx, vHeld, vPairs, DEFAULT_THRESHOLD),
        ...trgm.map((b) => (tHeld ? heldFigures(idx, tHeld, tPairs, b.t) : '-')),
      ]);
    };
    console.log("held-out sets: recall / false positives (each query against another record's name of the same set, as a pair)");
    for (const s of HELD_OUT_SETS) {
      heldRow(`${s}`, (c) => c.set === s);
      if (s.startsWith('loao') || s === 'cross_authority') heldRow(`  reachable`, (c) => c.set === s && !unreachable.has(c));
      if (s === 'cross_authority')
        for (const link of ['un_reference', 'identifier', 'dob_nationality', 'ofac_edition'])
          heldRow(`  linked by ${link}`, (c) => c.set === s && c.link === link);
      if (s === 'script_to_latin' || s === 'latin_to_script') {
        for (const script of REPORTED_SCRIPTS) heldRow(`  ${script}`, (c) => c.set === s && c.script === script && !c.written);
        for (const script of REPORTED_SCRIPTS)
          if (cases.some((c) => c.written && c.script === script))
            heldRow(`  ${script} (written)`, (c) => c.set === s && c.script === script && !!c.written);
      }
    }
    for (const k of VARIANT_KINDS) {
      const n = sub.positives.filter((p) => p.kind === k).length;
      if (n)
        row(
          `  generator ${k} (${n})`,
          [vigil, ...trgm.map((b) => b.f)].map((f) => pct(f.perKind.get(k) ?? 0)),
        );
    }
  }

  // Per script, both halves together: the sets of the rarer scripts are a few names each, too few to split
  {
    const trgmTs = tHeld ? [0.5, 0.6, 0.7] : [];
    console.log('\n== cross-script per script, both halves (recall / false positives); "written": names written for the bench');
    const row = (label: string, vals: string[]) => console.log(label.padEnd(34) + vals.map((v) => v.padStart(17)).join(''));
    row('', [`Vigil @${DEFAULT_THRESHOLD}`, ...trgmTs.map((t) => `pg_trgm @${t}`)]);
    for (const s of ['script_to_latin', 'latin_to_script'] as const)
      for (const script of REPORTED_SCRIPTS)
        for (const written of [false, true]) {
          const idx = cases.map((c, i) => (c.set === s && c.script === script && !!c.written === written ? i : -1)).filter((i) => i >= 0);
          if (!idx.length && written) continue;
          row(`${s} ${script}${written ? ' (written)' : ''} (${idx.length})`, [
            heldFigures(idx, vHeld, vPairs, DEFAULT_THRESHOLD),
            ...trgmTs.map((t) => heldFigures(idx, tHeld!, tPairs, t)),
          ]);
        }
  }

  // Listed names in another romanization: rejected as negatives (a reviewer wants them), shown so the rejection is visible
  if (set.romanizedListed.length) {
    const flagged = set.romanizedListed.filter((n) => run(index, n.query).some((h) => h.score >= DEFAULT_THRESHOLD)).length;
    console.log(
      `\nnot counted as negatives: ${set.romanizedListed.length} candidates that are a listed name in another romanization ("${set.romanizedListed[0].query}"); Vigil flags ${pct(flagged / set.romanizedListed.length)} of them at ${DEFAULT_THRESHOLD}`,
    );
  }

  // the compare surface on labelled pairs (report half): a held-out alias against its record's primary name (same), and
  // a generator negative against the listed name the engine finds closest to it (different)
  const pairs: { a: string; b: string; type?: EntityType; same: boolean }[] = [];
  // (at most 600 listed aliases, in the sets' hash order: the rest of the 4,000 pairs are different names)
  for (const c of cases.filter((x) => x.half === 'report' && x.set.startsWith('loao')).slice(0, 600))
    pairs.push({ a: c.query, b: c.listed, type: c.type, same: true });
  const byId = new Map(entities.map((e) => [entityKey(e), e]));
  set.negatives.forEach((n) => {
    if (halfOf(n.query) !== 'report' || pairs.length > 4000) return;
    const top = index.search(n.query, { limit: 1, threshold: 0 })[0];
    if (top) pairs.push({ a: n.query, b: top.match_score_info.best_name.value, type: byId.get(top.entity.id)?.type, same: false });
  });
  let tp = 0,
    fp = 0,
    fn = 0;
  for (const p of pairs) {
    const match = index.compare({ name: p.a }, { name: p.b, type: p.type }).isMatch;
    if (match && p.same) tp++;
    else if (match) fp++;
    else if (p.same) fn++;
  }
  const precision = tp / Math.max(1, tp + fp),
    recall = tp / Math.max(1, tp + fn);
  console.log(
    `\ncompare (POST /v1/names/compare) on ${pairs.length} labelled pairs (report half, ${pairs.filter((p) => p.same).length} same): precision ${pct(precision)}, recall ${pct(recall)}, F1 ${pct((2 * precision * recall) / Math.max(1e-9, precision + recall))} at ${DEFAULT_THRESHOLD}`,
  );
  console.log(`Engine: ${(engineMs / (set.positives.length + set.negatives.length + cases.length)).toFixed(3)} ms/query.`);
  // The second stage after the name match: automatic disposition of the returned matches.
  const disposition = await measureDispositionQuality(entities, { pairs: arg('--disposition-pairs', 600) });
  console.log('');
  for (const line of disposition.lines) console.log(line);
  // Calibration half only: what tuning may look at.
  const calPos = set.positives.map((p, i) => ({ p, i })).filter(({ p }) => halfOf(p.expected[0]) === 'calibration');
  const calNeg = set.negatives.map((n, i) => ({ n, i })).filter(({ n }) => halfOf(n.query) === 'calibration');
  const calHeld = cases.map((c, i) => ({ c, i })).filter(({ c }) => c.half === 'calibration');
  if (process.argv.includes('--fit')) {
    const bestOf = (hits: Hits, expected: string[]) =>
      Math.max(
        0,
        ...hits
          .slice(0, 10)
          .filter((h) => expected.includes(h.id))
          .map((h) => h.score),
      );
    const pos = [
      ...calPos.map(({ p, i }) => ({ set: 'generator', bestExpected: bestOf(vPos[i], p.expected) })),
      ...calHeld.map(({ c, i }) => ({ set: c.set, bestExpected: bestOf(vHeld[i], [c.expected]) })),
    ];
    const neg = calNeg.map(({ i }) => ({ top: vNeg[i][0]?.score ?? 0 }));
    console.log('');
    for (const line of fitLines(pos, neg)) console.log(line);
  }
  if (process.argv.includes('--misses')) {
    const explain = (ix: typeof index, q: string, type: EntityType | undefined, id?: string) => {
      const res = ix.search(q, { limit: 10, threshold: 0, type });
      return id ? res.find((m) => m.entity.id === id) : res[0];
    };
    const show = (q: string, m: ReturnType<typeof explain>) =>
      `${JSON.stringify(q)} -> ${m ? `${JSON.stringify(m.match_score_info.best_name.value)} ${m.score}` : 'nothing'}`;
    const genMisses = calPos
      .filter(({ p, i }) => !vPos[i].some((h) => h.score >= DEFAULT_THRESHOLD && p.expected.includes(h.id)))
      .map(({ p }) => {
        const m = p.expected.map((id) => explain(index, p.query, undefined, id)).find(Boolean);
        return { cause: `${p.kind}: ${causeOf(m)}`, line: show(p.query, m) };
      });
    const fps = calNeg
      .filter(({ i }) => (vNeg[i][0]?.score ?? 0) >= DEFAULT_THRESHOLD)
      .map(({ n }) => {
        const m = explain(index, n.query, undefined);
        return { cause: causeOf(m), line: show(n.query, m) };
      });
    const heldMisses = calHeld
      .filter(({ c, i }) => !vHeld[i].slice(0, 10).some((h) => h.id === c.expected && h.score >= DEFAULT_THRESHOLD))
      .map(({ c, i }) => {
        const m = explainHeld.get(i);
        return {
          cause: `${c.set}${c.script ? ` ${c.script}` : ''}: ${causeOf(m)}`,
          line: `${show(c.query, m)} (primary ${JSON.stringify(c.listed)})`,
        };
      });
    console.log('');
    for (const line of [
      ...groupLines('calibration-half generator misses', genMisses),
      ...groupLines('calibration-half false positives', fps),
      ...groupLines('calibration-half held-out misses', heldMisses, 4),
    ])
      console.log(line);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
