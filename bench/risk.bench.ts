// npm run bench:risk — agent runs under load, end to end through REST.
//  1. A fresh embedded PostgreSQL; the shipped UN list imported; the whole platform in this process
//     (REST adapter → gateway → risk subgraph; one worker running the agent on pg-boss).
//  2. Baseline: ONE KYB assessment (a business with 3 named persons) started alone, timed from
//     POST start to ready_for_review.
//  3. Load: BENCH_RISK_COUNT (default 20) such assessments created, then started at once; a quarter
//     name a person on the UN list, so the agent raises a critical risk and waits for an answer,
//     which this bench gives through an input command as soon as it sees waiting_for_user.
//     Printed: total wall time (target <= 60 s for 20), per-assessment p50/p95, and the ratio of
//     each figure to the single-assessment baseline.
// Progress lines are printed every 2 s while the load runs.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { benchConfig } from './lib/bench-config';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { logger } from '../platform/logging/logger';
import { startPlatform } from '../app/start-platform';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { runImport, shippedWatchlistDir } from '../subgraphs/screening/services/import-service';

const COUNT = Number(process.env.BENCH_RISK_COUNT ?? 20);
const TARGET_S = 60;
const LISTED = 'BARZAN IBRAHIM HASSAN AL-TIKRITI';

async function main(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const database = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), `vigil-bench-risk-${process.pid}`), ephemeral: true });
  process.env.DATABASE_URL = database.url;
  process.env.VIGIL_INTERNAL_SECRET ??= crypto.randomBytes(32).toString('base64url');
  process.env.VIGIL_MASTER_KEY ??= crypto.randomBytes(32).toString('base64');
  await applyMigrations(database.url);
  const config = benchConfig();
  const platform = await startPlatform(config);
  try {
    console.log('importing the UN list ...');
    await runImport(platform.db, {
      format: 'un_xml',
      path: path.join(shippedWatchlistDir(), 'un_consolidated_2026-02/UN_consolidated.xml'),
      origin: 'cli',
    });
    await waitForIndex(platform.urls.screening!);
    const tenant = await createTenant(platform.db, 'bench');
    const workspace = await createWorkspace(platform.db, tenant.id, 'bench');
    const { apiKey } = await createApplication(platform.db, {
      workspaceId: workspace.id,
      name: 'bench',
      entitlements: { riskAssessments: true },
    });
    /** The REST result of one call, in the shape the caller names (T). */
    const call = async <T = unknown>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${platform.urls['rest-adapter']}/risk-assessments/v2${route}`, {
        method,
        headers: { Authorization: `Api-Key ${apiKey.key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { result: T };
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
      return json.result;
    };
    const create = async (i: number) => {
      const persons = [
        { name: `Director Number${i} Example` },
        { name: i % 4 === 0 ? LISTED : `Owner Number${i} Example` },
        { name: `Signatory Number${i} Example` },
      ];
      const result = await call<{ assessment: { assessment_id: string } }>('POST', '/assessments', {
        title: `bench ${i}`,
        subjects: [
          {
            type: 'organization',
            name: `Bench Trading ${i} GmbH`,
            registration_id: `HRB ${1000 + i}`,
            jurisdiction: { country: 'DE' },
            persons,
          },
        ],
      });
      return result.assessment.assessment_id;
    };
    /** Polls (every 250 ms) until ready_for_review; answers questions on the way. */
    const finish = async (id: string, started: number): Promise<number> => {
      for (;;) {
        const { summary } = await call<{ summary: { status: string } }>('GET', `/assessments/${id}/summary`);
        if (summary.status === 'ready_for_review') return Date.now() - started;
        if (summary.status === 'failed') throw new Error(`assessment ${id} failed`);
        if (summary.status === 'waiting_for_user')
          await call('POST', `/assessments/${id}/commands`, { type: 'input', message: 'Name match only; different date of birth.' }).catch(
            () => undefined,
          );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    const single = await create(0);
    let started = Date.now();
    await call('POST', `/assessments/${single}/start`, { reason: 'bench baseline' });
    const baselineMs = await finish(single, started);
    console.log(`baseline: one assessment ready in ${(baselineMs / 1000).toFixed(2)} s`);

    const ids = await Promise.all(Array.from({ length: COUNT }, (_, i) => create(i + 1)));
    const done = new Set<string>();
    started = Date.now();
    const progress = setInterval(
      () => console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s: ${done.size}/${COUNT} ready_for_review`),
      2000,
    );
    await Promise.all(ids.map((id) => call('POST', `/assessments/${id}/start`, { reason: 'bench' })));
    const times = await Promise.all(
      ids.map(async (id) => {
        const ms = await finish(id, started);
        done.add(id);
        return ms;
      }),
    );
    clearInterval(progress);
    const totalMs = Date.now() - started;
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const rows = [
      { measure: 'one assessment alone (baseline)', seconds: baselineMs / 1000, ratio_to_baseline: 1 },
      { measure: `${COUNT} started at once: all ready`, seconds: totalMs / 1000, ratio_to_baseline: totalMs / baselineMs },
      { measure: `${COUNT} at once: p50 per assessment`, seconds: p(0.5) / 1000, ratio_to_baseline: p(0.5) / baselineMs },
      { measure: `${COUNT} at once: p95 per assessment`, seconds: p(0.95) / 1000, ratio_to_baseline: p(0.95) / baselineMs },
    ].map((row) => ({ ...row, seconds: Number(row.seconds.toFixed(2)), ratio_to_baseline: Number(row.ratio_to_baseline.toFixed(2)) }));
    console.table(rows);
    console.log(
      `target: ${COUNT} assessments in <= ${TARGET_S} s on ${os.cpus().length} cores: ${totalMs / 1000 <= TARGET_S ? 'met' : 'NOT met'} (${(totalMs / 1000).toFixed(1)} s)`,
    );
  } finally {
    await platform.close();
    await database.stop();
  }
}

async function waitForIndex(screeningUrl: string): Promise<void> {
  for (;;) {
    const response = await fetch(screeningUrl.replace(/\/graphql$/, '/readyz/index'));
    const body = (await response.json()) as { index: { ready: boolean; entities: number } };
    if (body.index.ready && body.index.entities > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
