/**
 * The differential check of retrieval: the same searches with the pair retrieval and with the walk of every posting
 * (ScreeningIndex.retrieval), compared result for result (the whole match: entity, score, names compared), with the CPU
 * time of each. Queries are listed names as listed and as a screener mistypes them: a typo, the tokens reordered, a token
 * dropped. On lists whose postings are all short the two must agree exactly; beyond, the pairs leave out names reached
 * by one query token only through a long posting, and the check says how often that changes an answer and its top.
 */
import type { Rng } from '../../lib/random/prng';
import { percentile } from './evaluation-lists';
import type { ScreeningIndex, SearchOptions } from '../../subgraphs/screening/engine';

export interface RetrievalDiff {
  searches: number;
  differing: { query: string; opts: string; walk: string[]; pairs: string[] }[];
  /** Searches whose first result differs (entity or score), or that one answers empty and the other not. */
  topDiffering: number;
  /** Of those, the searches where the pairs' first result scores lower than the walk's (or is missing). */
  topWorse: { query: string; opts: string; walk: string; pairs: string }[];
  /** CPU milliseconds per search, sorted, per retrieval. */
  walkMs: number[];
  pairsMs: number[];
  /** The searches the pair retrieval took longest over, with both times. */
  slowest: { query: string; opts: string; walkMs: number; pairsMs: number }[];
}

/** Each name as listed and up to three mistyped forms of it. */
export function queryVariants(names: string[], rng: Rng): string[] {
  const out: string[] = [];
  for (const name of names) {
    out.push(name);
    const tokens = name.split(/\s+/).filter(Boolean);
    const long = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.length >= 4);
    if (long.length) {
      const { t, i } = rng.pick(long);
      const at = 1 + rng.int(t.length - 2);
      const typo = rng.chance(0.5) ? t.slice(0, at) + t.slice(at + 1) : t.slice(0, at) + t[at + 1] + t[at] + t.slice(at + 2);
      out.push(tokens.map((x, k) => (k === i ? typo : x)).join(' '));
    }
    if (tokens.length >= 2) out.push([...tokens].reverse().join(' '));
    if (tokens.length >= 3) {
      const drop = rng.int(tokens.length);
      out.push(tokens.filter((_, k) => k !== drop).join(' '));
    }
  }
  return out;
}

/** Search options the check runs each query with: plain, a feed filter, a typed query, a wide net. */
export const DIFF_OPTIONS: SearchOptions[] = [
  { feeds: 'all' },
  { feeds: ['Sanctions'] },
  { type: 'individual', strictType: true },
  { limit: 50, threshold: 0.3 },
];

export function diffRetrieval(index: ScreeningIndex, queries: string[], options: SearchOptions[] = DIFF_OPTIONS): RetrievalDiff {
  const diff: RetrievalDiff = { searches: 0, differing: [], topDiffering: 0, topWorse: [], walkMs: [], pairsMs: [], slowest: [] };
  const run = (query: string, opts: SearchOptions, mode: 'walk' | 'pairs', times: number[]) => {
    index.retrieval.mode = mode;
    const cpu = process.cpuUsage();
    const results = index.search(query, opts);
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1000);
    // the whole match (names compared, explanations), keyed for display by entity and score
    return results.map((m) => `${m.entity.id} ${m.score} ${JSON.stringify(m)}`);
  };
  try {
    for (const query of queries) {
      for (const opts of options) {
        diff.searches++;
        const walk = run(query, opts, 'walk', diff.walkMs);
        const pairs = run(query, opts, 'pairs', diff.pairsMs);
        if (walk.join('\n') !== pairs.join('\n')) diff.differing.push({ query, opts: JSON.stringify(opts), walk, pairs });
        if (brief(walk[0]) !== brief(pairs[0])) diff.topDiffering++;
        if (scoreOf(pairs[0]) < scoreOf(walk[0]))
          diff.topWorse.push({ query, opts: JSON.stringify(opts), walk: brief(walk[0]), pairs: brief(pairs[0]) });
        diff.slowest.push({ query, opts: JSON.stringify(opts), walkMs: diff.walkMs.at(-1)!, pairsMs: diff.pairsMs.at(-1)! });
      }
    }
  } finally {
    index.retrieval.mode = 'auto';
  }
  diff.slowest = diff.slowest.sort((a, b) => b.pairsMs - a.pairsMs).slice(0, 5);
  diff.walkMs.sort((a, b) => a - b);
  diff.pairsMs.sort((a, b) => a - b);
  return diff;
}

/** A few lines: how many searches differ (and the first few in full), and the CPU time of each retrieval. */
export function diffReport(diff: RetrievalDiff): string[] {
  const at = (times: number[], p: number) => percentile(times, p).toFixed(1);
  const timing = (times: number[]) => `p50 ${at(times, 50)} ms, p95 ${at(times, 95)} ms, max ${at(times, 100)} ms CPU`;
  const lines = [
    `${diff.searches} searches, ${diff.differing.length} with different results, ${diff.topDiffering} with a different first ` +
      `result, ${diff.topWorse.length} with a lower first score by pairs`,
    `  walk of every posting: ${timing(diff.walkMs)}`,
    `  pairs:                 ${timing(diff.pairsMs)}`,
  ];
  for (const d of diff.slowest)
    lines.push(`  slow: "${d.query}" ${d.opts}: pairs ${d.pairsMs.toFixed(1)} ms, walk ${d.walkMs.toFixed(1)} ms`);
  for (const d of diff.topWorse.slice(0, 10)) lines.push(`  lower first: "${d.query}" ${d.opts}: walk ${d.walk} | pairs ${d.pairs}`);
  for (const d of diff.differing.slice(0, 5)) {
    lines.push(`  "${d.query}" ${d.opts}`);
    const n = Math.max(d.walk.length, d.pairs.length);
    const at = [...Array(n).keys()].filter((i) => d.walk[i] !== d.pairs[i]);
    for (const i of at.slice(0, 4)) lines.push(`    #${i + 1} walk: ${brief(d.walk[i])} | pairs: ${brief(d.pairs[i])}`);
    if (at.length > 4) lines.push(`    ... ${at.length - 4} more positions differ`);
  }
  return lines;
}

/** The score of one result line (-1 for none). */
const scoreOf = (line: string | undefined) => (line ? Number(line.split(' ')[1]) : -1);

/** The entity and score of one result line. */
const brief = (line: string | undefined) => (line ? line.split(' ').slice(0, 2).join(' ') : '-');
