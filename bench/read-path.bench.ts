// npm run bench:read-path — the management read path (REST and GraphQL through the gateway) beside a
// plain node:http + pg peer (bench/console-peer-service.ts, its /read/ paths: the same rows, the
// same JSON shapes, no gateway, no subgraphs, no credential check).
//  1. A fresh embedded PostgreSQL; the platform in a CHILD process (as npm start runs it on 2 cores:
//     one process, REST adapter → gateway → subgraphs in process), with BENCH_CPU_PROF=<dir> a V8 CPU
//     profile of it. One list is imported (us_congress_executive_pep, 617 entities) so that the stored
//     searches have real matches.
//  2. Seeded through the API: profiles (with a custom field and a group), IDV sessions on them and
//     stored synchronous searches on them (real matches), a comment on a match.
//  3. Per path, its REST answer compared with the peer's (the same JSON, key order aside; differences
//     printed, both sizes in the table; BENCH_CHECK_ONLY=1 stops there), then for BENCH_DURATION seconds
//     each (10): the platform at 16 and 50 connections, then the peer at the same; throughput ratio at
//     16 connections and p95 at 50.
//  4. The platform's RSS after the run.
// Paths: GET one profile; a page of 20 profiles; a page of 20 IDV sessions; a history page of 20
// searches; the matches of a request; each through REST and the same operation through the gateway's
// GraphQL endpoint; POST a profile (REST) beside the peer's insert. Flags: BENCH_PROFILES (200),
// BENCH_PATHS (comma-separated path names to run only those).
import '../app/production-mode';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { print } from 'graphql';
import { benchConfig } from './lib/bench-config';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { applyMigrations } from '../platform/db/migrations';
import { createDb } from '../platform/db/prisma';
import { logger } from '../platform/logging/logger';
import { ServiceName, startPlatform } from '../app/start-platform';
import { rssMb, startPlatformChild, stopChild } from './lib/platform-child';
import { createApplication, createTenant, createWorkspace } from '../platform/tenancy/tenancy-store';
import { importShippedLists, shippedWatchlistDir } from '../subgraphs/screening/services/import-service';
import { HistoryDocument, MatchesDocument, ProfileDocument, ProfilesDocument } from '../rest-adapter/operations/operations.generated';
import { SessionsDocument as ConsoleSessionsDocument } from '../console/src/graphql/generated';
import { cpuSeconds } from './lib/process-cpu';
import { jsonDifferences } from './lib/json-differences';

/** The dashboard's page of profiles with each one's sessions and latest screening (three subgraphs). */
const PROFILES_WITH_SESSIONS_AND_SCREENING = `query ProfilesOverview($first: Int) {
  profiles(first: $first) {
    nodes {
      id name kind status createdAt profileGroupIds
      verificationSessions { id status reviewStatus createdAt }
      screening { searchCount latestSearch { searchId createdAt matches { id score reviewStatus } } }
    }
    totalCount
  }
}`;

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PROFILES = Number(process.env.BENCH_PROFILES ?? 200);
/** Only compare each path's answer with the peer's (no load): BENCH_CHECK_ONLY=1 [BENCH_DUMP_DIR=<dir> writes both answers]. */
const CHECK_ONLY = process.env.BENCH_CHECK_ONLY === '1';
const ONLY = process.env.BENCH_PATHS?.split(',').map((name) => name.trim());
const SERVICES: ServiceName[] = ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'];
const LIST = 'us_congress_executive_pep';

/** Child mode: start the platform against DATABASE_URL and print its URLs. */
async function serve(): Promise<void> {
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const platform = await startPlatform(benchConfig(), SERVICES);
  process.stdout.write(`READY ${JSON.stringify(platform.urls)}\n`);
  const stop = () => void platform.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** A request per connection with a fresh body (POST a profile). */
  setupRequest?: (request: { body?: string }) => { body?: string };
}

async function call(target: Target): Promise<{ status: number; body: Record<string, unknown>; bytes: number }> {
  const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, bytes: Buffer.byteLength(text) };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
const cpuMs = (pid: number | undefined) => cpuSeconds(pid) * 1000;

async function load(name: string, target: Target, connections: number, pid?: number) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: DURATION_S,
    ...(target.setupRequest ? { requests: [{ setupRequest: target.setupRequest as never }] } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.requests.total === 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.requests.total} answered`);
  return {
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p95: percentile95(result),
    cpuPerRequestMs: (cpuMs(pid) - cpuBefore) / result.requests.total,
  };
}

/** autocannon reports p90 and p97.5, not p95: the midpoint of the two (documented beside the table). */
function percentile95(result: autocannon.Result): number {
  return (result.latency.p90 + result.latency.p97_5) / 2;
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve();
  logger.level = process.env.VIGIL_LOG_LEVEL ?? 'warn';
  const database = await startEmbeddedPostgres({
    dataDir: path.join(os.tmpdir(), `vigil-read-path-bench-${process.pid}`),
    ephemeral: true,
  });
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
  const db = createDb(database.url, 2);
  const listDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-read-path-list-'));
  try {
    await applyMigrations(database.url);
    if (!fs.existsSync(path.join(shippedWatchlistDir(), LIST)))
      throw new Error(`no ${LIST} in ${shippedWatchlistDir()}: set VIGIL_WATCHLIST_DIR`);
    fs.symlinkSync(path.join(shippedWatchlistDir(), LIST), path.join(listDir, LIST));
    await importShippedLists(db, listDir, { origin: 'cli' });
    const tenant = await createTenant(db, 'bench');
    const workspace = await createWorkspace(db, tenant.id, 'bench');
    const { apiKey } = await createApplication(db, { workspaceId: workspace.id, name: 'bench' });
    const scope = [tenant.id, workspace.id];

    const platform = await startPlatformChild([__filename, '--serve'], env);
    children.push(platform.child);
    const peer = await startPlatformChild([path.join(__dirname, 'console-peer-service.ts'), database.url, ...scope], env);
    children.push(peer.child);
    const rest = platform.urls['rest-adapter'];
    const gateway = platform.urls.gateway;
    const peerUrl = `${peer.urls.peer}read/`;
    const auth = { 'x-api-key': apiKey.key };
    const json = { ...auth, 'content-type': 'application/json' };

    // --- seed through the API ------------------------------------------------------------------
    process.stdout.write(`seeding ${PROFILES} profiles, a session and a search on each…\n`);
    const definition = await call({
      url: `${gateway}`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        query: 'mutation($input: CreateProfileCustomFieldDefinitionInput!) { createProfileCustomFieldDefinition(input: $input) { key } }',
        variables: { input: { key: 'customer_ref', label: 'Customer reference', type: 'text' } },
      }),
    });
    if ((definition.body as { errors?: unknown }).errors) throw new Error(`definition: ${JSON.stringify(definition.body)}`);
    const group = await call({
      url: `${rest}/tenant-config/v1/profile-groups`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Bench group' }),
    });
    const groupId = (group.body.result as { profileGroup?: { id: string } } | undefined)?.profileGroup?.id;
    const names = fs
      .readFileSync(path.join(shippedWatchlistDir(), LIST, `${LIST}.ftm.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(0, PROFILES)
      .map((line) => (JSON.parse(line) as { caption: string }).caption);
    const profileIds: string[] = [];
    const requestIds: string[] = [];
    for (const [index, name] of names.entries()) {
      const created = await call({
        url: `${rest}/clm/v1/profiles`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          name,
          kind: 'individual',
          email: `bench${index}@example.com`,
          profileCustomFields: { customer_ref: `C-${index}` },
          ...(groupId ? { profileGroupIds: [groupId] } : {}),
        }),
      });
      const profileId = (created.body.result as { profile?: { id: string } } | undefined)?.profile?.id;
      if (!profileId) throw new Error(`profile: ${created.status} ${JSON.stringify(created.body)}`);
      profileIds.push(profileId);
      const session = await call({
        url: `${rest}/idv/v1/sessions`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ profile_id: profileId }),
      });
      if (session.status !== 201) throw new Error(`session: ${session.status} ${JSON.stringify(session.body)}`);
      const search = await call({
        url: `${rest}/v1/search-sync`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name, type: 'individual', profile_id: profileId }),
      });
      if (search.status !== 200) throw new Error(`search: ${search.status} ${JSON.stringify(search.body)}`);
      requestIds.push((search.body.result as { searchId: string }).searchId);
      if (index === 0) process.stdout.write(`  first search: ${JSON.stringify(search.body).slice(0, 300)}\n`);
    }
    // A comment on the first match of every tenth search (the matches path reads them from the profiles subgraph).
    const matched = await call({ url: `${rest}/v2/search/matches?request_id=${requestIds[0]}`, method: 'GET', headers: auth });
    const firstMatch = (matched.body.result as { matches: { id: string }[] } | null)?.matches[0];
    if (!matched.body.result) throw new Error(`matches of ${requestIds[0]}: ${matched.status} ${JSON.stringify(matched.body)}`);
    if (!firstMatch) throw new Error('the seeded searches found no matches (is the list loaded?)');
    await call({
      url: `${rest}/clm/v1/profiles/${profileIds[0]}/comments`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: 'Checked: same person', kind: 'match', matchId: firstMatch.id }),
    });
    const matchesOf = requestIds[0];

    // --- the paths -----------------------------------------------------------------------------
    const gql = (document: Parameters<typeof print>[0] | string, variables: Record<string, unknown>): Target => ({
      url: gateway,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: typeof document === 'string' ? document : print(document), variables }),
    });
    const get = (url: string, headers: Record<string, string> = auth): Target => ({ url, method: 'GET', headers });
    const profileId = profileIds[Math.floor(profileIds.length / 2)];
    let created = 0;
    const newProfile = () =>
      JSON.stringify({ name: `Bench New ${process.pid} ${created++}`, kind: 'individual', email: `new${created}@example.com` });
    const paths: { name: string; platform: Target; peer: Target }[] = [
      {
        name: 'GET one profile (REST)',
        platform: get(`${rest}/clm/v1/profiles/${profileId}`),
        peer: get(`${peerUrl}profile?id=${profileId}`),
      },
      {
        name: 'GET one profile (GraphQL)',
        platform: gql(ProfileDocument, { id: profileId }),
        peer: get(`${peerUrl}profile?id=${profileId}`),
      },
      { name: '20 profiles (REST)', platform: get(`${rest}/clm/v1/profiles?perPage=20`), peer: get(`${peerUrl}profiles?limit=20`) },
      { name: '20 profiles (GraphQL)', platform: gql(ProfilesDocument, { first: 20 }), peer: get(`${peerUrl}profiles?limit=20`) },
      {
        name: '20 profiles + sessions + latest screening (GraphQL)',
        platform: gql(PROFILES_WITH_SESSIONS_AND_SCREENING, { first: 20 }),
        peer: get(`${peerUrl}profiles-overview?limit=20`),
      },
      { name: '20 sessions (REST)', platform: get(`${rest}/idv/v1/sessions?limit=20`), peer: get(`${peerUrl}sessions?limit=20`) },
      // The REST operation's full session selection is deeper than the public endpoint allows (12): the console's list.
      {
        name: '20 sessions (GraphQL)',
        platform: gql(ConsoleSessionsDocument.toString(), { first: 20 }),
        peer: get(`${peer.urls.peer}sessions?first=20`),
      },
      { name: 'history page (REST)', platform: get(`${rest}/v2/search/requests?limit=20`), peer: get(`${peerUrl}history?limit=20`) },
      {
        name: 'history page (GraphQL)',
        platform: gql(HistoryDocument, { first: 20, sort: 'desc' }),
        peer: get(`${peerUrl}history?limit=20`),
      },
      {
        name: 'matches of a request (REST)',
        platform: get(`${rest}/v2/search/matches?request_id=${matchesOf}`),
        peer: get(`${peerUrl}matches?request_id=${matchesOf}`),
      },
      {
        name: 'matches of a request (GraphQL)',
        platform: gql(MatchesDocument, { id: matchesOf }),
        peer: get(`${peerUrl}matches?request_id=${matchesOf}`),
      },
      {
        name: 'POST a profile (REST)',
        platform: {
          url: `${rest}/clm/v1/profiles`,
          method: 'POST',
          headers: json,
          setupRequest: (request) => ({ ...request, body: newProfile() }),
        },
        peer: {
          url: `${peerUrl}create-profile`,
          method: 'POST',
          headers: json,
          setupRequest: (request) => ({ ...request, body: newProfile() }),
        },
      },
    ];
    const rows: Record<string, unknown>[] = [];
    for (const entry of paths) {
      if (ONLY && !ONLY.some((only) => entry.name.startsWith(only))) continue;
      // Probe: both answer, and a GraphQL answer carries no error.
      const probes = [];
      for (const target of [entry.platform, entry.peer]) {
        const probe = await call({ ...target, body: target.setupRequest ? newProfile() : target.body });
        if (probe.status >= 300 || (probe.body as { errors?: unknown }).errors)
          throw new Error(`${entry.name}: probe ${target.url} answered ${probe.status} ${JSON.stringify(probe.body).slice(0, 500)}`);
        probes.push(probe);
      }
      // A REST read and its peer answer the same JSON (the GraphQL paths' peer answers the REST shape).
      const differences = entry.platform.method === 'GET' ? jsonDifferences(probes[1].body, probes[0].body) : [];
      if (differences.length)
        process.stdout.write(`  the peer's answer differs from ${entry.name}'s (peer against platform): ${differences.join('; ')}\n`);
      if (CHECK_ONLY) {
        if (process.env.BENCH_DUMP_DIR)
          probes.forEach((probe, i) =>
            fs.writeFileSync(
              path.join(process.env.BENCH_DUMP_DIR!, `${entry.name}.${i ? 'peer' : 'platform'}.json`),
              JSON.stringify(probe.body, null, 1),
            ),
          );
        continue;
      }
      process.stdout.write(`running ${entry.name}: 16 and 50 connections, ${DURATION_S} s each, platform then peer…\n`);
      await load(entry.name, entry.platform, 4).catch(() => undefined); // warm-up (first plan, JIT)
      // A run that fails (errors, or nothing answered within the run on a starved machine) is reported, not fatal.
      const measured = async (name: string, target: Target, connections: number, pid?: number) =>
        load(name, target, connections, pid).catch((error: Error) => ({ error: error.message.slice(0, 80) }));
      const platform16 = await measured(entry.name, entry.platform, 16, platform.child.pid);
      const platform50 = await measured(entry.name, entry.platform, 50);
      const peer16 = await measured(`${entry.name} (peer)`, entry.peer, 16);
      const peer50 = await measured(`${entry.name} (peer)`, entry.peer, 50);
      const ok = <T extends object>(value: T | { error: string }): value is T => !('error' in value);
      rows.push({
        path: entry.name,
        'req/s @16': ok(platform16) ? Math.round(platform16.reqPerS) : platform16.error,
        'peer req/s @16': ok(peer16) ? Math.round(peer16.reqPerS) : peer16.error,
        'ratio @16 (>= 0.5)': ok(platform16) && ok(peer16) ? `x${(platform16.reqPerS / peer16.reqPerS).toFixed(2)}` : '-',
        'p50 ms @16': ok(platform16) ? platform16.p50 : '-',
        'CPU ms/req @16': ok(platform16) ? platform16.cpuPerRequestMs.toFixed(2) : '-',
        'p95 ms @50 (<= 100)': ok(platform50) ? Math.round(platform50.p95) : platform50.error,
        'peer p95 ms @50': ok(peer50) ? Math.round(peer50.p95) : peer50.error,
        'KB (peer)': `${(probes[0].bytes / 1024).toFixed(1)} (${(probes[1].bytes / 1024).toFixed(1)}${differences.length ? ', differs' : ''})`,
      });
    }
    console.log(
      `\nread path beside the plain peer, ${DURATION_S} s per run, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join('/')}; ${PROFILES} profiles (a custom field, a group, a session and a stored search with matches each)`,
    );
    console.table(rows);
    console.log(
      "p95 = midpoint of autocannon p90 and p97.5; CPU ms/req = the platform process's CPU (user + system) per answered request at 16 connections",
    );
    console.log(`platform RSS after the run: ${rssMb(platform.child.pid)} MB (one process, list ${LIST} loaded)`);
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await db.$disconnect();
    fs.rmSync(listDir, { recursive: true, force: true });
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
