/**
 * Engine-only benchmark. Default: index every shipped list, run a few thousand labelled queries (positives and
 * negatives), print build time and p50/p95/p99 per query. `--scale N`: N synthetic entities composed from the real
 * lists' tokens and random syllables; prints build time, p95 query latency and RSS.
 */
import os from 'node:os';
import { buildIndex } from '../subgraphs/screening/engine/index';
import { generateEvaluationSet } from '../subgraphs/screening/evaluation/generate';
import { Rng } from '../lib/random/prng';
import { emptyEntity, type WatchlistEntity } from '../subgraphs/screening/lists';
import { loadBenchEntities, percentile } from './lib/evaluation-lists';

const mb = (n: number) => `${Math.round(n / 1048576)} MB`;

/** CPU time per query (process.cpuUsage: this process's threads, GC included), sorted; filled by timeQueries. */
let cpuTimes: number[] = [];

function timeQueries(run: (q: string) => unknown, queries: string[]): number[] {
  for (const q of queries.slice(0, 200)) run(q); // warm-up (JIT)
  const times: number[] = [];
  cpuTimes = [];
  for (const q of queries) {
    const c = process.cpuUsage();
    const t = performance.now();
    run(q);
    times.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpuTimes.push((d.user + d.system) / 1000);
  }
  cpuTimes.sort((a, b) => a - b);
  return times.sort((a, b) => a - b);
}

function report(label: string, times: number[]): void {
  console.log(
    `${label}: ${times.length} queries, p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  );
  // wall-clock percentiles include time the process waited for a CPU (other load on the machine); CPU time does not
  console.log(
    `  CPU time per query: p50 ${percentile(cpuTimes, 50).toFixed(3)} ms, p95 ${percentile(cpuTimes, 95).toFixed(3)} ms, p99 ${percentile(cpuTimes, 99).toFixed(3)} ms; load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`,
  );
}

function syntheticEntities(n: number, real: WatchlistEntity[], rng: Rng): WatchlistEntity[] {
  const tokens = real.flatMap((e) => e.names.flatMap((x) => x.value.split(/[\s,]+/))).filter((t) => /^[A-Za-z-]{2,}$/.test(t));
  const syll = [
    'ka',
    'ri',
    'mo',
    'ta',
    'ne',
    'lu',
    'sa',
    'vo',
    'di',
    'ga',
    'ber',
    'shan',
    'kov',
    'el',
    'ar',
    'zu',
    'pe',
    'hi',
    'nor',
    'ti',
    'ma',
    'ro',
  ];
  const word = () => {
    if (rng.chance(0.7)) return rng.pick(tokens);
    let w = '';
    for (let k = 2 + rng.int(3); k > 0; k--) w += rng.pick(syll);
    return w[0].toUpperCase() + w.slice(1);
  };
  const out = new Array<WatchlistEntity>(n);
  for (let i = 0; i < n; i++) {
    const person = rng.chance(0.6);
    const e = emptyEntity('synthetic', String(i), person ? 'individual' : 'entity');
    const parts = 2 + rng.int(person ? 3 : 3);
    const name = Array.from({ length: parts }, word).join(' ');
    e.names.push({ value: person ? name : `${name} ${rng.pick(['LLC', 'LTD', 'JSC', 'GmbH', 'S.A.', 'Inc'])}`, kind: 'primary' });
    if (rng.chance(0.3)) e.names.push({ value: Array.from({ length: 2 }, word).join(' '), kind: 'aka', quality: 'good' });
    if (person && rng.chance(0.5)) e.birthDates.push({ kind: 'year', value: String(1940 + rng.int(60)) });
    out[i] = e;
  }
  return out;
}

async function main() {
  const scaleArg = process.argv.indexOf('--scale');
  const real = await loadBenchEntities(true);
  const set = generateEvaluationSet(await loadBenchEntities(false), { positives: 2000, negatives: 3000 });
  const queries = new Rng(7).shuffle([...set.positives.map((p) => p.query), ...set.negatives.map((n) => n.query)]);
  if (scaleArg < 0) {
    const t = performance.now();
    const index = buildIndex(real);
    const s = index.stats;
    console.log(
      `index: ${s.entities} entities, ${s.names} names, ${s.tokens} tokens, vocabulary ${s.vocabulary}; built in ${(performance.now() - t).toFixed(0)} ms`,
    );
    report(
      'search (default threshold, limit 10)',
      timeQueries((q) => index.search(q), queries),
    );
    console.log(`RSS ${mb(process.memoryUsage().rss)}`);
    return;
  }
  const n = Number(process.argv[scaleArg + 1] ?? 1000000);
  const rng = new Rng(42);
  console.log(`generating ${n} synthetic entities ...`);
  const entities = [...real, ...syntheticEntities(n - real.length, real, rng)];
  const t = performance.now();
  const index = buildIndex(entities, (done, total) =>
    console.log(
      `  indexed ${done}/${total} entities (${((performance.now() - t) / 1000).toFixed(1)} s, RSS ${mb(process.memoryUsage().rss)})`,
    ),
  );
  const s = index.stats;
  console.log(
    `index: ${s.entities} entities, ${s.names} names, ${s.tokens} tokens, vocabulary ${s.vocabulary}; built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  report(
    'search at scale',
    timeQueries((q) => index.search(q), queries.slice(0, 2000)),
  );
  console.log(`RSS ${mb(process.memoryUsage().rss)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
