// npm run bench:batch — batch screening and search history at volume, beside the single search.
//  1. A fresh embedded PostgreSQL, the shipped lists imported (BENCH_LISTS=small: BIS DPL + UN only).
//  2. The whole platform in this process, with its worker (2 cores shared by everything).
//  3. Single search: BENCH_SYNC sequential POST /v1/search-sync (the baseline per entity).
//  4. Batch: BENCH_BATCH names (default 10,000) through POST /v1/search, polled to completion.
//     Target: <= 60 s on 2 cores. Printed with the per-entity cost as a ratio to the single search.
//  5. History: BENCH_HISTORY stored searches (default 1,000,000; inserted by SQL, each with its entity
//     result row) in one workspace, then GET /v2/search/requests pages: first page, a deep page,
//     q, job_id, created_at bounds. Target: p95 <= 50 ms. Each beside the single-search p95 as a ratio.
//     The same shapes are then timed at the data-access layer alone (no HTTP/GraphQL hops).
//     BENCH_EXPLAIN=1 also prints the plan (EXPLAIN ANALYZE) of each shape's statements.
// Full sizes: npm run bench:batch. Small: BENCH_BATCH=1000 BENCH_HISTORY=100000 BENCH_LISTS=small npm run bench:batch
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { benchConfig } from './lib/bench-config';
import { logger } from '../platform/logging/logger';
import { startPlatform } from '../app/start-platform';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { importShippedLists, runImport, shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { HistoryFilter, historyStatements, listHistory } from '../subgraphs/screening/data/history-store';
import type { Scope } from '../platform/db/prisma';
import { Sql } from '../subgraphs/screening/data/watchlist-store';

const BATCH = Number(process.env.BENCH_BATCH ?? 10_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1_000_000);
const SYNC = Number(process.env.BENCH_SYNC ?? 200);
const SMALL_LISTS = process.env.BENCH_LISTS === 'small';
/** BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of each history shape's statements. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const r = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function timed(count: number, call: (i: number) => Promise<Response>): Promise<{ p50: number; p95: number }> {
  return timedCall(count, async (i) => {
    const response = await call(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  });
}

function names(count: number): string[] {
  const listed = [
    'Barzan Ibrahim Hassan al-Tikriti',
    'Huda Salih Mahdi Ammash',
    'Hikmat Mizban Ibrahim al-Azzawi',
    'Watban Ibrahim Hasan al-Tikriti',
    'Kim Jong Un',
    'Ali Hassan Majid',
  ];
  const first = ['Maria', 'John', 'Wei', 'Fatima', 'Olga', 'Ahmed', 'Lucia', 'Kenji', 'Amara', 'Pavel'];
  const last = ['Schmidt', 'Okafor', 'Rossi', 'Nakamura', 'Haddad', 'Kowalski', 'Silva', 'Ivanova', 'Mensah', 'Larsen'];
  return Array.from({ length: count }, (_, i) =>
    i % 10 === 0 ? listed[(i / 10) % listed.length] : `${first[i % 10]} ${last[Math.floor(i / 10) % 10]} ${i}`,
  );
}

/** The history shapes of the HTTP rows, as the service hands them to the data-access layer (limit + 1). */
const historyShapes = (jobId: string, from: string): [string, HistoryFilter, number, number][] => [
  ['first page (limit 10)', { sort: 'desc' }, 0, 11],
  ['page 100 (limit 250)', { sort: 'desc' }, 99 * 250, 251],
  ['q (name substring)', { q: 'person 123456', sort: 'desc' }, 0, 11],
  ['job_id', { jobId, sort: 'desc' }, 0, 11],
  ['created_at last hour, asc', { from: new Date(from), sort: 'asc' }, 0, 11],
];

async function timedCall(count: number, call: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function explainHistory(db: Sql, scope: Scope, jobId: string, from: string): Promise<void> {
  for (const [label, filter, offset, limit] of historyShapes(jobId, from)) {
    const { page, count } = historyStatements(scope, filter, offset, limit);
    for (const [part, statement] of [
      ['page', page],
      ['count', count],
    ] as const) {
      if (!statement) continue;
      const plan = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, ...statement.params);
      process.stdout.write(`\n-- ${label} (${part})\n${plan.map((line) => line['QUERY PLAN']).join('\n')}\n`);
    }
  }
}

async function main(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const database = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-batch-bench-${process.pid}`), ephemeral: true });
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    VIGIL_INTERNAL_SECRET: crypto.randomBytes(32).toString('base64url'),
    VIGIL_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
  });
  const rows: { measure: string; value: string; baseline: string; ratio: string; target: string }[] = [];
  try {
    await applyMigrations(database.url);
    const config = benchConfig();
    const platform = await startPlatform(config);
    try {
      const db = platform.db;
      const dir = shippedWatchlistDir();
      if (SMALL_LISTS) {
        await runImport(db, { format: 'bis_dpl', path: path.join(dir, 'us_bis_dpl_2022/dpl.txt'), origin: 'cli' });
        await runImport(db, { format: 'un_xml', path: path.join(dir, 'un_consolidated_2026-02/UN_consolidated.xml'), origin: 'cli' });
      } else {
        await importShippedLists(db, dir, { origin: 'cli' });
      }
      const tenant = await createTenant(db, 'bench');
      const workspace = await createWorkspace(db, tenant.id, 'bench');
      const { apiKey } = await createApplication(db, { workspaceId: workspace.id, name: 'bench' });
      const headers = { 'content-type': 'application/json', 'x-api-key': apiKey.key };
      const rest = platform.urls['rest-adapter']!;
      // Wait for the subgraph's index.
      for (;;) {
        const probe = await fetch(`${rest}/v1/search-sync`, { method: 'POST', headers, body: JSON.stringify({ name: 'probe' }) });
        await probe.arrayBuffer();
        if (probe.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const syncNames = names(SYNC);
      const sync = await timed(SYNC, (i) =>
        fetch(`${rest}/v1/search-sync`, { method: 'POST', headers, body: JSON.stringify({ name: syncNames[i] }) }),
      );
      rows.push({
        measure: `single search POST /v1/search-sync (${SYNC} sequential)`,
        value: `p50 ${r(sync.p50)} ms, p95 ${r(sync.p95)} ms`,
        baseline: '-',
        ratio: '-',
        target: '-',
      });

      const t0 = performance.now();
      const submitted = await fetch(`${rest}/v1/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ requests: names(BATCH).map((name) => ({ name })), feeds: 'all' }),
      });
      const body = (await submitted.json()) as { result: { id: string } };
      if (!submitted.ok) throw new Error(`submit: ${JSON.stringify(body)}`);
      const submitMs = performance.now() - t0;
      let last = '';
      for (;;) {
        const status = (await (await fetch(`${rest}/v1/search/${body.result.id}?limit=1`, { headers })).json()) as {
          result: { status: string; progress: { processed: number; total: number } };
        };
        const line = `batch: ${status.result.status} ${status.result.progress.processed}/${status.result.progress.total}`;
        if (line !== last) process.stdout.write(`${line} (${r((performance.now() - t0) / 1000, 1)} s)\n`);
        last = line;
        if (status.result.status === 'completed') break;
        if (status.result.status === 'failed') throw new Error('batch failed');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const batchMs = performance.now() - t0;
      const perEntity = batchMs / BATCH;
      rows.push({
        measure: `batch POST /v1/search, ${BATCH} names to completion (submit ${r(submitMs, 0)} ms)`,
        value: `${r(batchMs / 1000, 1)} s (${r(perEntity, 3)} ms/entity)`,
        baseline: `${r(sync.p50)} ms/search`,
        ratio: `${r(perEntity / sync.p50, 3)}x`,
        target: `<= ${r((60_000 * BATCH) / 10_000 / 1000, 0)} s ${batchMs <= (60_000 * BATCH) / 10_000 ? 'OK' : 'MISSED'}`,
      });

      // History volume: HISTORY requests (one entity result each) in this workspace, by SQL.
      const th = performance.now();
      for (let start = 0; start < HISTORY; start += 100_000) {
        const n = Math.min(100_000, HISTORY - start);
        await db.$executeRawUnsafe(
          `WITH s AS (SELECT g, lpad(to_hex(g), 24, '0') AS id, now() - make_interval(secs => g) AS at FROM generate_series($3::int + 1, $3::int + $4::int) g),
                q AS (INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, config, entities, source, created_at, updated_at)
                      SELECT id, $1, $2, 'application', 'bench', '{"feeds":["all"]}', jsonb_build_array(jsonb_build_object('type', null, 'name', 'Person ' || g, 'feeds', '["all"]'::jsonb, 'custom_id', null)), 'direct_api', at, at FROM s)
           INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, name, match_count, created_at)
           SELECT id || '_0', id, 0, $1, $2, 'Person ' || g, 0, at FROM s`,
          tenant.id,
          workspace.id,
          start,
          n,
        );
      }
      // What autovacuum does after a bulk insert (statistics, and the visibility map that lets a
      // page's ids come off the index alone).
      await db.$executeRawUnsafe('VACUUM ANALYZE screening.search_requests');
      await db.$executeRawUnsafe('VACUUM ANALYZE screening.search_results');
      process.stdout.write(`history: ${HISTORY} stored searches inserted in ${r((performance.now() - th) / 1000, 1)} s\n`);
      const from = new Date(Date.now() - 3600 * 1000).toISOString();
      const pages: [string, string][] = [
        ['first page (limit 10)', ''],
        ['page 100 (limit 250)', '?page=100&limit=250'],
        ['q (name substring)', '?q=person%20123456'],
        ['job_id', `?job_id=${body.result.id}`],
        ['created_at last hour, asc', `?created_at_from=${encodeURIComponent(from)}&sort=asc`],
      ];
      if (EXPLAIN) await explainHistory(db, { tenantId: tenant.id, workspaceId: workspace.id }, body.result.id, from);
      for (const [label, query] of pages) {
        const page = await timed(50, () => fetch(`${rest}/v2/search/requests${query}`, { headers }));
        rows.push({
          measure: `history ${label} over ${HISTORY} searches`,
          value: `p50 ${r(page.p50)} ms, p95 ${r(page.p95)} ms`,
          baseline: `sync p95 ${r(sync.p95)} ms`,
          ratio: `${r(page.p95 / sync.p95)}x`,
          target: `p95 <= 50 ms ${page.p95 <= 50 ? 'OK' : 'MISSED'}`,
        });
      }
      // The same shapes at the data-access layer alone (SQL and row decoding, no HTTP or GraphQL
      // hops): what the indexes cost, and steadier than the HTTP figures on a shared machine.
      const scope = { tenantId: tenant.id, workspaceId: workspace.id };
      for (const [label, filter, offset, limit] of historyShapes(body.result.id, from)) {
        const store = await timedCall(50, () => listHistory(db, scope, filter, offset, limit));
        rows.push({
          measure: `history ${label}: data-access layer only`,
          value: `p50 ${r(store.p50)} ms, p95 ${r(store.p95)} ms`,
          baseline: '-',
          ratio: '-',
          target: '-',
        });
      }
    } finally {
      await platform.close();
    }
  } finally {
    await database.stop();
  }
  console.log('');
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
