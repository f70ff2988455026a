/**
 * The misses of a held-out set, one by one, for cause analysis (a listing tool beside `npm run bench:quality`, not a bench
 * figure): per miss the query, the expected record's names, where the record ranked and with what score, the pair score of
 * the query against the record's best name (the compare surface), whether the miss is one of **retrieval** (the record
 * never reached the scorer: no result for it, though its best name scores at or above the threshold as a pair) or of
 * **scoring** (scored, below the threshold), and the engine's explanation of the record's best name.
 *
 *   npx tsx bench/held-out-misses.ts [--sets cross_authority] [--half calibration|report|both] [--fp]
 *
 * `--fp` also counts the generator's false positives per half (seed 20240503, 2,000 / 8,000 as the bench) and lists them:
 * a quick check of a rule's cost without the pg_trgm peer. Needs VIGIL_WATCHLIST_DIR.
 */
import { buildIndex } from '../subgraphs/screening/engine/index';
import { DEFAULT_THRESHOLD } from '../lib/names/levels';
import { generateEvaluationSet } from '../subgraphs/screening/evaluation/generate';
import { entityKey } from '../subgraphs/screening/lists';
import { loadBenchEntities } from './lib/evaluation-lists';
import { reachable } from './lib/reachable';
import { attachOfac2021Aliases, buildHeldOutSets, halfOf, type HeldOutSet } from './lib/held-out-sets';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const sets = (argOf('--sets') ?? 'cross_authority').split(',') as HeldOutSet[];
  const half = argOf('--half') ?? 'both';
  const entities = await loadBenchEntities(false);
  await attachOfac2021Aliases(entities);
  const { cases, rounds } = await buildHeldOutSets(entities, { sets });
  const byRound = new Map<number, number[]>();
  cases.forEach((c, i) => byRound.set(c.round, [...(byRound.get(c.round) ?? []), i]));
  const found = new Map<string, number>();
  const total = new Map<string, number>();
  const lines: string[] = [];
  for (const [r, idx] of byRound) {
    const ix = buildIndex(rounds[r].indexed);
    const byId = new Map(rounds[r].indexed.map((e) => [entityKey(e), e]));
    for (const i of idx) {
      const c = cases[i];
      const key = `${c.set} ${c.half}`;
      total.set(key, (total.get(key) ?? 0) + 1);
      const res = ix.search(c.query, { limit: 10, threshold: 0, type: c.type });
      const rank = res.findIndex((m) => m.entity.id === c.expected);
      if (rank >= 0 && res[rank].score >= DEFAULT_THRESHOLD) {
        found.set(key, (found.get(key) ?? 0) + 1);
        continue;
      }
      if (half !== 'both' && c.half !== half) continue;
      const e = byId.get(c.expected)!;
      const deep = rank >= 0 ? res : ix.search(c.query, { limit: 500, threshold: 0, type: c.type });
      const deepRank = deep.findIndex((m) => m.entity.id === c.expected);
      const m = deep[deepRank];
      // the query against each of the record's names as a pair: what the scorer gives when the record is a candidate
      const pair = e.names
        .map((n) => ({
          n: n.value,
          s: ix.compare({ name: c.query, type: c.type }, { name: n.value, type: e.type }).nameScore,
        }))
        .sort((a, b) => b.s - a.s)[0];
      const kind =
        deepRank < 0
          ? pair.s >= DEFAULT_THRESHOLD
            ? 'RETRIEVAL (not reached; pair scores at or above the threshold)'
            : 'not reached; pair below the threshold too (scoring)'
          : deepRank >= 10
            ? `rank ${deepRank + 1} (beyond 10) score ${m.score}`
            : `SCORING rank ${deepRank + 1} score ${m.score}`;
      const unreach =
        c.set.startsWith('loao') || c.set === 'cross_authority'
          ? !reachable(
              c.query,
              e.names.map((n) => n.value),
            )
          : false;
      lines.push(
        `\n[${c.set} ${c.half}${c.link ? ` ${c.link}` : ''}${unreach ? ' UNREACHABLE' : ''}] ${JSON.stringify(c.query)} (${c.type}) -> ${c.expected}: ${kind}`,
      );
      lines.push(
        `   record names: ${e.names.map((n) => `${JSON.stringify(n.value)}${n.kind === 'primary' ? '' : `/${n.kind}`}`).join(', ')}`,
      );
      lines.push(
        `   best pair: ${pair.s} ${JSON.stringify(pair.n)}; top result: ${res[0] ? `${JSON.stringify(res[0].name.value)} ${res[0].score}` : '-'}`,
      );
      if (m) {
        const info = m.match_score_info;
        lines.push(
          `   explained on ${JSON.stringify(info.best_name.value)} (raw ${info.best_name.raw_score}): ${info.token_alignment
            .map((p) => `${p.query}~${p.list} ${p.similarity} ${p.how}`)
            .join('; ')} | unmatched query [${info.unmatched_query_tokens.join(' ')}] list [${info.unmatched_list_tokens.join(' ')}]${
            info.caps.length ? ` | caps: ${info.caps.join('; ')}` : ''
          }`,
        );
      }
    }
  }
  for (const l of lines) console.log(l);
  console.log('');
  for (const [k, n] of [...total].sort())
    console.log(`${k}: ${found.get(k) ?? 0} of ${n} found (${(((found.get(k) ?? 0) / n) * 100).toFixed(2)}%)`);

  if (process.argv.includes('--fp')) {
    const set = generateEvaluationSet(entities, { positives: 2000, negatives: 8000 });
    const ix = buildIndex(entities);
    const fps = { calibration: 0, report: 0 };
    const negs = { calibration: 0, report: 0 };
    for (const n of set.negatives) {
      const h = halfOf(n.query);
      negs[h]++;
      const top = ix.search(n.query, { limit: 1, threshold: DEFAULT_THRESHOLD })[0];
      if (!top) continue;
      fps[h]++;
      console.log(`FP [${h}] ${JSON.stringify(n.query)} -> ${JSON.stringify(top.match_score_info.best_name.value)} ${top.score}`);
    }
    const hits = { calibration: 0, report: 0 };
    const pos = { calibration: 0, report: 0 };
    for (const p of set.positives) {
      const h = halfOf(p.expected[0]);
      pos[h]++;
      if (ix.search(p.query, { limit: 10, threshold: DEFAULT_THRESHOLD }).some((m) => p.expected.includes(m.entity.id))) hits[h]++;
      else console.log(`generator miss [${h}] ${p.kind} ${JSON.stringify(p.query)}`);
    }
    for (const h of ['calibration', 'report'] as const)
      console.log(
        `generator ${h}: false positives ${fps[h]} of ${negs[h]} (${((fps[h] / negs[h]) * 100).toFixed(2)}%), recall ${hits[h]} of ${pos[h]} (${((hits[h] / pos[h]) * 100).toFixed(2)}%)`,
      );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
