// npm run bench:monitoring — ongoing monitoring: a list delta re-screened against every monitored
// profile, beside the naive direction.
//  1. A fresh embedded PostgreSQL with the shipped lists (BENCH_LISTS=small: BIS DPL + UN only) and
//     the screening index built from it, as a worker builds it.
//  2. BENCH_SUBJECTS monitored profiles (default 100,000; Sanctions frequency `deltas`), their queries
//     sealed as the enrollment seals them; BENCH_LISTED of them (default 50) carry the names of
//     entities the delta will change, the rest plausible customer names.
//  3. A new UN version that changes BENCH_DELTA entities (default 200), imported as a delta.
//  4. The delta run (processRun, exactly what the worker runs): delta index, every subject paged,
//     unsealed and run through it, candidates confirmed in the full index, alerts written.
//     Target: <= 30 s on 2 cores.
//  5. Baseline, the naive direction: every subject searched in the full index, timed on a sample of
//     BENCH_SAMPLE subjects (default 2,000) and extrapolated; printed as a ratio to the delta run.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { logger } from '../platform/logging/logger';
import { COMMON_FAMILY, COMMON_GIVEN } from '../subgraphs/screening/evaluation/name-pools';
import { Rng } from '../lib/random/prng';
import { createDeltaRun, upsertSubjects } from '../subgraphs/screening/monitoring/data/monitoring-store';
import { sealSubjectQuery, subjectSearch, SubjectQuery } from '../subgraphs/screening/monitoring/services/enrollment';
import { processRun } from '../subgraphs/screening/monitoring/services/run-service';
import { loadList, primaryName, WatchlistEntity } from '../subgraphs/screening/services/engine-adapter';
import { importShippedLists, importSourceVersion, runImport, shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { ScreeningIndexHolder } from '../subgraphs/screening/services/index-holder';
import { searchSnapshot } from '../subgraphs/screening/services/search-service';

const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 100_000);
const DELTA = Number(process.env.BENCH_DELTA ?? 200);
const LISTED = Number(process.env.BENCH_LISTED ?? 50);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 2_000);
const SMALL_LISTS = process.env.BENCH_LISTS === 'small';
const TARGET_MS = 30_000;

const r = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

function customerName(rng: Rng): string {
  const given = rng.pick(COMMON_GIVEN);
  const middle = rng.chance(0.3) ? ` ${rng.pick(COMMON_GIVEN)}` : '';
  return `${given}${middle} ${rng.pick(COMMON_FAMILY)}${rng.chance(0.2) ? `-${rng.pick(COMMON_FAMILY)}` : ''}`;
}

async function main(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const database = await startEmbeddedPostgres({
    dataDir: path.join(os.tmpdir(), `vigil-monitoring-bench-${process.pid}`),
    ephemeral: true,
  });
  const keys = new LocalKeyProvider(crypto.randomBytes(32));
  const db = createDb(database.url);
  const holder = new ScreeningIndexHolder({ databaseUrl: database.url, log: logger, pollMs: 600_000 });
  try {
    await applyMigrations(database.url);
    const dir = shippedWatchlistDir();
    let t = performance.now();
    if (SMALL_LISTS) {
      await runImport(db, { format: 'bis_dpl', path: path.join(dir, 'us_bis_dpl_2022/dpl.txt'), origin: 'cli' });
      await runImport(db, { format: 'un_xml', path: path.join(dir, 'un_consolidated_2026-02/UN_consolidated.xml'), origin: 'cli' });
    } else {
      await importShippedLists(db, dir, { origin: 'cli' });
    }
    await holder.refresh();
    console.log(`lists imported and indexed: ${holder.current()!.index.entityCount} entities in ${r((performance.now() - t) / 1000, 1)} s`);

    // The delta to come: DELTA UN entities, changed (a programme added, as an amendment would).
    const un = await loadList('un_xml', path.join(dir, 'un_consolidated_2026-02/UN_consolidated.xml'));
    const rng = new Rng(14);
    const changed = new Set(rng.shuffle(un.map((_, i) => i)).slice(0, DELTA));
    const amended: WatchlistEntity[] = un.map((e, i) => (changed.has(i) ? { ...e, programs: [...e.programs, 'AMENDMENT 2026-11'] } : e));
    const listedNames = [...changed].slice(0, LISTED).map((i) => primaryName(un[i]));

    t = performance.now();
    const tenantId = 'tnt_bench';
    for (let start = 0; start < SUBJECTS; start += 5_000) {
      const batch = Array.from({ length: Math.min(5_000, SUBJECTS - start) }, (_, k) => {
        const i = start + k;
        const workspaceId = `wks_${i % 20}`;
        const profileId = `prf_${String(i).padStart(8, '0')}`;
        const query: SubjectQuery = {
          name: i < listedNames.length ? listedNames[i] : customerName(rng),
          type: 'individual',
          dateOfBirth: null,
          country: null,
          threshold: null,
          feeds: ['all'],
        };
        return {
          tenantId,
          workspaceId,
          profileId,
          sealedQuery: sealSubjectQuery(keys, { tenantId, workspaceId, profileId }, query),
          lastSearchId: '0'.repeat(24),
          lastScreenedAt: new Date(),
        };
      });
      await upsertSubjects(db, batch);
    }
    await db.monitoredSubject.updateMany({ data: { sanctionsFrequency: 'deltas', frequenciesResolvedAt: new Date() } });
    console.log(`${SUBJECTS} monitored profiles enrolled in ${r((performance.now() - t) / 1000, 1)} s`);

    const previous = await db.watchlistSource.findUnique({ where: { source: 'un' } });
    const version = await importSourceVersion(db, {
      source: 'un',
      format: 'un_xml',
      label: 'un-amended',
      entities: amended,
      importId: null,
    });
    console.log(`UN delta imported: ${version.added} added, ${version.changed} changed, ${version.removed} removed`);
    await holder.refresh();
    await createDeltaRun(db, {
      id: 'mrun_bench',
      source: 'un',
      fromSeq: previous!.activeSeq!,
      toSeq: version.seq,
      versionId: version.versionId,
    });

    const outcomes: unknown[] = [];
    const timings = { read: 0, unseal: 0, screen: 0, write: 0 };
    const started = performance.now();
    const done = await processRun(
      { db, keys, log: logger, snapshot: async () => holder.current()!, sendOutcome: async (job) => outcomes.push(job) },
      'mrun_bench',
      timings,
    );
    const deltaMs = performance.now() - started;
    const run = await db.monitoringRun.findUnique({ where: { id: 'mrun_bench' } });

    // Baseline: the naive direction on a sample (the same subjects' queries, full index).
    const snapshot = holder.current()!;
    const sample = Array.from({ length: Math.min(SAMPLE, SUBJECTS) }, () =>
      subjectSearch({ name: customerName(rng), type: 'individual', dateOfBirth: null, country: null, threshold: null, feeds: ['all'] }),
    );
    const b = performance.now();
    for (const query of sample) await searchSnapshot(snapshot, query);
    const perSubjectMs = (performance.now() - b) / sample.length;
    const naiveMs = perSubjectMs * SUBJECTS;

    console.log('');
    console.log('| measure | value | baseline (naive: every profile in the full index) | ratio | target |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| delta run: ${SUBJECTS} profiles x ${run!.deltaSize} changed entities | ${r(deltaMs / 1000)} s | ${r(naiveMs / 1000)} s (extrapolated from ${sample.length} searches, ${r(perSubjectMs, 3)} ms each) | ${r(naiveMs / deltaMs, 1)}x faster | <= 30 s: ${deltaMs <= TARGET_MS ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `| delta run phases (s) | read ${r(timings.read / 1000)}, unseal ${r(timings.unseal / 1000)}, screen ${r(timings.screen / 1000)}, write ${r(timings.write / 1000)} | | | |`,
    );
    console.log(`| alerts raised | ${done?.alerts} (of ${LISTED} profiles named after changed entities) | | | |`);
    console.log(`| outcome jobs sent | ${outcomes.length} | | | |`);
  } finally {
    await holder.close();
    await db.$disconnect();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
