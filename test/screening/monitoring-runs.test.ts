// Monitoring runs against a real database and index, driven through the run service: a run that
// dies mid-way resumes after its lease without losing or repeating an alert (and the outcome job a
// crash left unsent is sent by the sweep's catch-up); a scheduled full re-screen alerts only for
// matches the last search did not have and moves the subject to its next due date; the alerts say
// what the list changed (nothing: the profile changed; unknown: the previous search is not kept).
import crypto from 'node:crypto';
import { LocalKeyProvider } from '../../platform/crypto/envelope';
import { createDb, Db } from '../../platform/db/prisma';
import { logger } from '../../platform/logging/logger';
import { verifyAuditChains } from '../../platform/audit/verify';
import { createIsolatedDatabase } from '../helpers/test-platform';
import {
  alertsWithoutOutcome,
  createDeltaRun,
  createScheduledRun,
  upsertSubjects,
} from '../../subgraphs/screening/monitoring/data/monitoring-store';
import { sealSubjectQuery } from '../../subgraphs/screening/monitoring/services/enrollment';
import { processRun, resendOutcomes } from '../../subgraphs/screening/monitoring/services/run-service';
import { alertChanges } from '../../subgraphs/screening/monitoring/services/alert-changes';
import type { ScreeningOutcomeJob } from '../../contracts/profile-outcome-queues';
import { loadList, primaryName } from '../../subgraphs/screening/services/engine-adapter';
import { importSourceVersion, runImport } from '../../subgraphs/screening/services/import-service';
import { ScreeningIndexHolder } from '../../subgraphs/screening/services/index-holder';
import { UN_XML } from './screening-helpers';

let db: Db;
let holder: ScreeningIndexHolder;
const keys = new LocalKeyProvider(crypto.randomBytes(32));
const scope = { tenantId: 'tnt_runs', workspaceId: 'wks_runs' };
const log = logger.child({ test: 'monitoring-runs' });

beforeAll(async () => {
  const url = await createIsolatedDatabase();
  db = createDb(url);
  holder = new ScreeningIndexHolder({ databaseUrl: url, log, pollMs: 600_000 });
  await runImport(db, { format: 'un_xml', path: UN_XML, origin: 'test' });
  await holder.refresh();
}, 120_000);
afterAll(async () => {
  await holder?.close();
  await db?.$disconnect();
});

async function enroll(names: { profileId: string; name: string }[], frequency: string, nextFullScreenAt: Date | null = null) {
  await upsertSubjects(
    db,
    names.map(({ profileId, name }) => ({
      ...scope,
      profileId,
      lastSearchId: '0'.repeat(24),
      lastScreenedAt: new Date(Date.now() - 3 * 86_400_000),
      sealedQuery: sealSubjectQuery(
        keys,
        { ...scope, profileId },
        { name, type: 'individual', dateOfBirth: null, country: null, threshold: null, feeds: ['all'] },
      ),
    })),
  );
  await db.monitoredSubject.updateMany({
    where: { profileId: { in: names.map((n) => n.profileId) } },
    data: { sanctionsFrequency: frequency, pepFrequency: 'never', frequenciesResolvedAt: new Date(), nextFullScreenAt },
  });
}

const deps = (sendOutcome: (job: ScreeningOutcomeJob, key: string) => Promise<unknown>, now?: () => Date) => ({
  db,
  keys,
  log,
  snapshot: async () => holder.current()!,
  sendOutcome,
  chunkSize: 1,
  leaseSeconds: 60,
  now,
});

it('a run that dies after a committed chunk resumes after its lease: every alert exactly once, the unsent outcome caught up', async () => {
  const un = await loadList('un_xml', UN_XML);
  const amended = un.slice(0, 3);
  const subjects = amended.map((entity, i) => ({ profileId: `prf_crash_${i}`, name: primaryName(entity) }));
  await enroll(subjects, 'deltas');
  const before = await db.watchlistSource.findUnique({ where: { source: 'un' } });
  const version = await importSourceVersion(db, {
    source: 'un',
    format: 'un_xml',
    label: 'un-amended',
    importId: null,
    entities: un.map((entity, i) => (i < 3 ? { ...entity, programs: [...entity.programs, 'AMENDED'] } : entity)),
  });
  expect(version).toMatchObject({ outcome: 'imported', changed: 3 });
  await holder.refresh();
  await createDeltaRun(db, {
    id: 'mrun_crash',
    source: 'un',
    fromSeq: before!.activeSeq!,
    toSeq: version.seq,
    versionId: version.versionId,
  });

  // Attempt 1: the outcome send of the first alert fails after its chunk committed (a crash).
  const sent: ScreeningOutcomeJob[] = [];
  await expect(
    processRun(
      deps(async () => {
        throw new Error('worker killed');
      }),
      'mrun_crash',
    ),
  ).rejects.toThrow('worker killed');
  const halfway = await db.monitoringRun.findUnique({ where: { id: 'mrun_crash' } });
  expect(halfway).toMatchObject({ status: 'running', processed: 1, alerts: 1, deltaSize: 3 });
  // While the lease holds, another attempt does nothing.
  expect(
    await processRun(
      deps(async (job) => sent.push(job)),
      'mrun_crash',
    ),
  ).toBeNull();

  // Attempt 2, after the lease: resumes after the committed subject.
  const later = () => new Date(Date.now() + 5 * 60_000);
  expect(
    await processRun(
      deps(async (job) => sent.push(job), later),
      'mrun_crash',
    ),
  ).toEqual({ processed: 3, alerts: 3 });
  const alerts = await db.monitoringAlert.findMany({ where: { runId: 'mrun_crash' }, orderBy: { profileId: 'asc' } });
  expect(alerts.map((alert) => alert.profileId)).toEqual(subjects.map((s) => s.profileId));
  expect(await db.searchRequest.count({ where: { ...scope, source: 'monitoring' } })).toBe(3);
  expect(sent.map((job) => job.profileId)).toEqual(['prf_crash_1', 'prf_crash_2']);

  // The sweep's catch-up sends the first alert's outcome (same singleton key as the lost send).
  const unsent = await alertsWithoutOutcome(db, later());
  expect(unsent.map((alert) => alert.profileId)).toEqual(['prf_crash_0']);
  const keysSent: string[] = [];
  await resendOutcomes(
    {
      db,
      sendOutcome: async (job, key) => {
        sent.push(job);
        keysSent.push(key);
      },
    },
    unsent,
  );
  expect(keysSent).toEqual([`prf_crash_0:${alerts[0].searchId}`]);
  expect(sent[2]).toMatchObject({
    ...scope,
    profileId: 'prf_crash_0',
    origin: 'monitoring',
    searchId: alerts[0].searchId,
    truePositiveMatches: 0,
  });
  expect(sent[2].unresolvedMatches).toBeGreaterThanOrEqual(1);
  expect(await alertsWithoutOutcome(db, later())).toEqual([]);
}, 120_000);

it('a scheduled full re-screen alerts only for new matches and moves the subject to its next due date', async () => {
  const un = await loadList('un_xml', UN_XML);
  const due = new Date(Date.now() - 60_000);
  await enroll(
    [
      { profileId: 'prf_daily_hit', name: primaryName(un[10]) },
      { profileId: 'prf_daily_clear', name: 'Quillon Zephyrine Abernathy-Vask' },
    ],
    'daily',
    due,
  );
  await createScheduledRun(db, { id: 'mrun_sched', dueBefore: new Date() });
  const sent: ScreeningOutcomeJob[] = [];
  expect(
    await processRun(
      deps(async (job) => sent.push(job)),
      'mrun_sched',
    ),
  ).toEqual({ processed: 2, alerts: 1 });
  const [alert] = await db.monitoringAlert.findMany({ where: { runId: 'mrun_sched' } });
  expect(alert).toMatchObject({ profileId: 'prf_daily_hit', trigger: 'scheduled', status: 'open' });
  // The alert's re-screening is in the workspace's audit chain: the service acted, no address, the
  // searched input only as a salted hash; the chain still verifies.
  const [entry] = await db.auditLogEntry.findMany({ where: { action: 'screening.monitoring.alert', resourceId: alert.id } });
  expect(entry).toMatchObject({ actorKind: 'service', actorId: 'screening.monitoring', clientAddress: null, profileId: 'prf_daily_hit' });
  expect(entry.detail).toMatchObject({
    run_id: 'mrun_sched',
    trigger: 'scheduled',
    search_id: alert.searchId,
    list_versions: expect.any(Object),
  });
  expect((entry.detail as { input_hash: string }).input_hash).toMatch(/^[0-9a-f]{64}$/);
  const [report] = await verifyAuditChains(db, { workspaceId: entry.workspaceId });
  expect(report.problems).toEqual([]);
  expect(sent.map((job) => job.profileId)).toEqual(['prf_daily_hit']);
  const subjects = await db.monitoredSubject.findMany({ where: { profileId: { in: ['prf_daily_hit', 'prf_daily_clear'] } } });
  for (const subject of subjects) expect(subject.nextFullScreenAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  expect(subjects.find((s) => s.profileId === 'prf_daily_hit')!.lastSearchId).toBe(alert.searchId);

  // The next scheduled run finds the same matches: nothing new, no alert.
  await db.monitoredSubject.updateMany({ where: { profileId: 'prf_daily_hit' }, data: { nextFullScreenAt: due } });
  await createScheduledRun(db, { id: 'mrun_sched_2', dueBefore: new Date() });
  expect(
    await processRun(
      deps(async (job) => sent.push(job)),
      'mrun_sched_2',
    ),
  ).toEqual({ processed: 1, alerts: 0 });

  // What the list changed per matched entity. The first alert's baseline search was never kept (the
  // subject was enrolled with a made-up search id): its earlier state is unknown, no diff is claimed.
  const first = await alertChanges(db, scope, alert);
  expect(first.length).toBeGreaterThan(0);
  for (const change of first)
    expect(change).toMatchObject({ kind: 'no_baseline', newlyMatched: null, previousVersion: null, fields: [], version: { source: 'un' } });
  // The profile changes (another name): the next re-screen matches a listing unchanged since the
  // profile's previous search (the first alert's), so it is newly matched, not newly listed.
  await db.monitoredSubject.updateMany({
    where: { profileId: 'prf_daily_hit' },
    data: {
      nextFullScreenAt: due,
      sealedQuery: sealSubjectQuery(
        keys,
        { ...scope, profileId: 'prf_daily_hit' },
        { name: primaryName(un[20]), type: 'individual', dateOfBirth: null, country: null, threshold: null, feeds: ['all'] },
      ) as never,
    },
  });
  await createScheduledRun(db, { id: 'mrun_sched_3', dueBefore: new Date() });
  expect(
    await processRun(
      deps(async (job) => sent.push(job)),
      'mrun_sched_3',
    ),
  ).toEqual({ processed: 1, alerts: 1 });
  const [third] = await db.monitoringAlert.findMany({ where: { runId: 'mrun_sched_3' } });
  expect(third).toMatchObject({ previousSearchId: alert.searchId, listVersions: { un: expect.any(String) } });
  const changed = (await alertChanges(db, scope, third)).find((change) => change.entityRef === `un:${un[20].sourceId}`);
  expect(changed).toMatchObject({
    kind: 'unchanged_listing',
    newlyMatched: true,
    previous: null,
    fields: [],
    version: { source: 'un' },
    previousVersion: { source: 'un' },
  });
  // Screened against the version its previous search saw (the other tests may have imported more).
  expect(changed!.previousVersion!.id).toBe(changed!.version.id);
}, 120_000);

it('a delta run screens against its delta even when the subjects are enrolled after it counted them', async () => {
  // Nobody else on `deltas`: the run counts zero subjects.
  await db.monitoredSubject.updateMany({ data: { sanctionsFrequency: 'never' } });
  const un = await loadList('un_xml', UN_XML);
  const before = await db.watchlistSource.findUnique({ where: { source: 'un' } });
  const version = await importSourceVersion(db, {
    source: 'un',
    format: 'un_xml',
    label: 'un-amended-late',
    importId: null,
    // (The first three keep the first test's amendment: only entity 20 changes.)
    entities: un.map((entity, i) =>
      i < 3
        ? { ...entity, programs: [...entity.programs, 'AMENDED'] }
        : i === 20
          ? { ...entity, programs: [...entity.programs, 'AMENDED-LATE'] }
          : entity,
    ),
  });
  expect(version).toMatchObject({ outcome: 'imported', changed: 1 });
  await holder.refresh();
  await createDeltaRun(db, {
    id: 'mrun_late',
    source: 'un',
    fromSeq: before!.activeSeq!,
    toSeq: version.seq,
    versionId: version.versionId,
  });

  // Two profiles are enrolled right after the run's count (a sweep finishing beside it): one named
  // as the changed entity, one as an unchanged listed entity. Only the first has a delta match.
  let enrolledLate = false;
  const subjects = new Proxy(db.monitoredSubject, {
    get(target, prop) {
      if (prop !== 'count') return Reflect.get(target, prop);
      return async (args: Parameters<typeof target.count>[0]) => {
        const counted = await target.count(args);
        if (!enrolledLate) {
          enrolledLate = true;
          await enroll(
            [
              { profileId: 'prf_late_changed', name: primaryName(un[20]) },
              { profileId: 'prf_late_unchanged', name: primaryName(un[30]) },
            ],
            'deltas',
          );
        }
        return counted;
      };
    },
  });
  const racingDb = new Proxy(db, {
    get(target, prop) {
      if (prop === 'monitoredSubject') return subjects;
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const sent: ScreeningOutcomeJob[] = [];
  const result = await processRun({ ...deps(async (job) => sent.push(job)), db: racingDb }, 'mrun_late');
  expect(enrolledLate).toBe(true);
  expect(result).toEqual({ processed: 2, alerts: 1 });
  const run = await db.monitoringRun.findUnique({ where: { id: 'mrun_late' } });
  expect(run).toMatchObject({ status: 'completed', total: 0, deltaSize: 1, alerts: 1 });
  expect((await db.monitoringAlert.findMany({ where: { runId: 'mrun_late' } })).map((alert) => alert.profileId)).toEqual([
    'prf_late_changed',
  ]);
}, 120_000);
