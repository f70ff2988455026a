// npm run bench:news — adverse media at volume: ingestion throughput, the News index build, and
// the News step of a search beside the list search it runs next to (the baseline, as a ratio).
//  1. A fresh embedded PostgreSQL; BENCH_NEWS_ARTICLES synthetic articles (default 20,000; a few
//     sentences each, names drawn from pools, a third of the sentences adverse) written to a JSON
//     lines file and ingested through the service (as the CLI does); then the same file again
//     (idempotent re-ingest: every article unchanged).
//  2. The News index build over the distinct categorised names.
//  3. BENCH_NEWS_SEARCHES searches (default 300; half names that are mentioned, half not) through the
//     News step (index check, settings, mentions read) beside the engine search over the UN list.
// Small: BENCH_NEWS_ARTICLES=2000 BENCH_NEWS_SEARCHES=100 npm run bench:news
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { ingestNewsFile } from '../subgraphs/screening/news/services/ingest-service';
import { newsIndexOf } from '../subgraphs/screening/news/services/news-index';
import { newsMatchesOf } from '../subgraphs/screening/news/services/news-search';
import { buildEngineIndex, loadList } from '../subgraphs/screening/services/engine-adapter';
import { shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { normalizeQuery } from '../subgraphs/screening/services/search-service';

const ARTICLES = Number(process.env.BENCH_NEWS_ARTICLES ?? 20_000);
const SEARCHES = Number(process.env.BENCH_NEWS_SEARCHES ?? 300);
const FIRST = [
  'Tobias',
  'Marta',
  'Ilya',
  'Fatima',
  'Kenji',
  'Amara',
  'Pavel',
  'Lucia',
  'Ahmed',
  'Olga',
  'Wei',
  'Sean',
  'Ingrid',
  'Rafael',
  'Noor',
];
const LAST = [
  'Wrenfield',
  'Okonkwo',
  'Haddad',
  'Kowalski',
  'Nakamura',
  'Mensah',
  'Larsen',
  'Ivanova',
  'Rossi',
  'Schmidt',
  'Delacroix',
  'Marrowby',
  'Quill',
  'Abernathy',
  'Sato',
  'Fischer',
  'Moreau',
  'Petrov',
  'Silva',
  'Brennan',
];
const ADVERSE = [
  'was charged with laundering money through shell companies.',
  'is accused of bribing officials to win contracts.',
  'was fined by the regulator for weak controls.',
  'allegedly helped clients evade sanctions.',
];
const NEUTRAL = ['opened a new school in the city.', 'spoke at the annual conference.', 'won the regional chess tournament.'];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const r = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const person = (i: number) =>
  `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= FIRST.length * LAST.length ? ` ${LAST[Math.floor(i / (FIRST.length * LAST.length)) % LAST.length]}` : ''}`;

function corpus(file: string): void {
  const lines: string[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const sentences = [0, 1, 2].map(
      (k) =>
        `${person((i * 7 + k * 131) % 3000)} ${(i + k) % 3 === 0 ? ADVERSE[(i + k) % ADVERSE.length] : NEUTRAL[(i + k) % NEUTRAL.length]}`,
    );
    lines.push(
      JSON.stringify({
        id: `bench-${i}`,
        url: `https://news.example.org/${i}`,
        title: `Story ${i}`,
        published_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        source: 'Bench Wire',
        text: sentences.join(' '),
      }),
    );
  }
  fs.writeFileSync(file, lines.join('\n'));
}

async function main(): Promise<void> {
  const database = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-bench-news-${process.pid}`), ephemeral: true });
  try {
    await applyMigrations(database.url);
    const db = createDb(database.url, 4);
    const file = path.join(os.tmpdir(), `vigil-bench-news-${process.pid}.jsonl`);
    corpus(file);
    let t = performance.now();
    const first = await ingestNewsFile(db, { path: file });
    const ingestS = (performance.now() - t) / 1000;
    t = performance.now();
    const again = await ingestNewsFile(db, { path: file });
    const reS = (performance.now() - t) / 1000;
    console.log(
      `ingest     ${first.articles} articles, ${first.mentions} mentions: ${r(ingestS)} s (${Math.round(first.articles / ingestS)} articles/s)`,
    );
    console.log(
      `re-ingest  ${again.unchanged} unchanged: ${r(reS)} s (${Math.round(again.articles / reS)} articles/s; ratio to first ingest ${r(reS / ingestS)})`,
    );

    t = performance.now();
    const snapshot = await newsIndexOf(db).current();
    console.log(`News index ${snapshot?.index.entityCount} categorised names: built in ${Math.round(performance.now() - t)} ms`);

    const un = buildEngineIndex(await loadList('un_xml', path.join(shippedWatchlistDir(), 'un_consolidated_2026-02/UN_consolidated.xml')));
    const scope = { tenantId: 'bench-tenant', workspaceId: 'bench-workspace' };
    const listTimes: number[] = [];
    const newsTimes: number[] = [];
    let hits = 0;
    for (let i = 0; i < SEARCHES; i++) {
      const name = i % 2 === 0 ? person((i * 37) % 3000) : `Quentin Zabriskie ${i}`;
      const query = normalizeQuery({ name, feeds: ['all'] });
      t = performance.now();
      un.search(query.name, { limit: query.limit, threshold: query.threshold, feeds: query.feeds, type: query.type });
      listTimes.push(performance.now() - t);
      t = performance.now();
      hits += (await newsMatchesOf(db, scope, query, undefined)).length ? 1 : 0;
      newsTimes.push(performance.now() - t);
    }
    listTimes.sort((a, b) => a - b);
    newsTimes.sort((a, b) => a - b);
    console.log(`search     ${SEARCHES} names (${hits} with News hits)`);
    console.log(`  list search (baseline, UN list, engine only)  p50 ${r(pct(listTimes, 50))} ms  p95 ${r(pct(listTimes, 95))} ms`);
    console.log(
      `  News step (check, settings, mentions)         p50 ${r(pct(newsTimes, 50))} ms  p95 ${r(pct(newsTimes, 95))} ms  (ratio p50 ${r(pct(newsTimes, 50) / pct(listTimes, 50))}, p95 ${r(pct(newsTimes, 95) / pct(listTimes, 95))})`,
    );
    fs.rmSync(file, { force: true });
    await db.$disconnect();
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
