// A monitoring run, chunk by chunk. Each chunk's alerts (search in history, alert row, outbox
// event, subject update) and the run's progress cursor commit in ONE transaction, so a crash
// mid-run loses nothing and repeats nothing: the next attempt resumes after the last committed
// chunk. The profiles.screening-outcome job of each alert is sent after the commit and the alert
// marked; the sweep re-sends any alert left unmarked (the job's singleton key makes a resend one job).
import { KeyProvider } from '../../../../platform/crypto/envelope';
import { Db, type Scope } from '../../../../platform/db/prisma';
import { recordEvent } from '../../../../platform/events/outbox';
import { Logger } from '../../../../platform/logging/logger';
import type { ScreeningOutcomeJob } from '../../../../contracts/profile-outcome-queues';
import { applyClearances } from '../../services/clearance-service';
import { annotateMatches, readDispositionSettings } from '../../disposition/services/disposition-service';
import { ScreeningMatch, WatchlistEntity } from '../../services/engine-adapter';
import { IndexSnapshot } from '../../services/index-holder';
import { newObjectId, newObjectIds } from '../../services/object-id';
import type { NormalizedQuery, StoredMatch } from '../../services/search-model';
import { dispositionQuery, searchSnapshot, toStoredMatch } from '../../services/search-service';
import { searchesAhead } from '../../services/searches-ahead';
import { findMatchesOfResult } from '../../data/search-store';
import {
  AlertRow,
  claimRun,
  countSubjects,
  deltaEntities,
  findRun,
  findSubjectLastSearch,
  insertAlert,
  insertMonitoringSearch,
  markOutcomeSent,
  markSubjectScreened,
  subjectKey,
  SubjectRow,
  subjectsPage,
  updateRun,
} from '../data/monitoring-store';
import { buildDeltaIndex, confirmInFullIndex, DeltaIndex, deltaCandidates, Subject } from './delta-screening';
import { openSubjectQuery, subjectSearch } from './enrollment';
import { nextFullScreenAt } from './frequencies';
import { appendAudit, AuditEntry, saltedInputHash } from '../../../../platform/audit/audit-trail';

export const ALERT_EVENT = 'screening.monitoring.alert';

export type OutcomeSender = (job: ScreeningOutcomeJob, singletonKey: string) => Promise<unknown>;

export interface RunDeps {
  db: Db;
  keys: KeyProvider;
  /** The full index at or past the given source version (delta runs) or the current one. */
  snapshot(source?: string, versionId?: string): Promise<IndexSnapshot>;
  sendOutcome: OutcomeSender;
  log: Logger;
  chunkSize?: number;
  leaseSeconds?: number;
  now?: () => Date;
}

interface Found {
  subject: SubjectRow;
  query: NormalizedQuery;
  matches: StoredMatch[];
  /** The list versions the subject was screened against (its alert's audit entry names them). */
  versions: Record<string, string>;
}

/** Runs (or resumes) one run to completion; does nothing when another attempt holds it. */
/** Where a run's time went (ms), logged at its end: operators see what to tune. A type, not an
 * interface, so that Object.entries reads its values as numbers. */
export type RunTimings = {
  read: number;
  unseal: number;
  screen: number;
  write: number;
};

export async function processRun(
  deps: RunDeps,
  runId: string,
  timings: RunTimings = { read: 0, unseal: 0, screen: 0, write: 0 },
): Promise<{ processed: number; alerts: number } | null> {
  const now = deps.now ?? (() => new Date());
  const leaseMs = (deps.leaseSeconds ?? 120) * 1000;
  if (!(await claimRun(deps.db, runId, new Date(now().getTime() + leaseMs), now()))) return null;
  const run = (await findRun(deps.db, runId))!;
  const log = deps.log.child({ runId, kind: run.kind, source: run.source });
  try {
    const filter = run.kind === 'delta' ? ({ deltas: true } as const) : { dueBefore: run.dueBefore ?? run.createdAt };
    const total = await countSubjects(deps.db, filter);
    await updateRun(deps.db, runId, { total });
    log.info({ total }, 'monitoring run started');
    // A delta run screens against its delta only, built when the first subject shows up (a version
    // nobody monitors costs no entity read). Built from the page, not from `total`: a subject may
    // be enrolled between the count and the first page, and must still be screened by the delta.
    let delta: DeltaIndex | undefined;
    const deltaIndex = async (): Promise<DeltaIndex> => {
      if (!delta) {
        // Only listed entities of the Sanctions feed: the other feeds run on a schedule (no `deltas`).
        const entities = (await deltaEntities<WatchlistEntity>(deps.db, run.source!, run.fromSeq!, run.toSeq!)).filter((e) =>
          e.feeds.includes('Sanctions'),
        );
        delta = buildDeltaIndex(entities);
        await updateRun(deps.db, runId, { deltaSize: entities.length });
      }
      return delta;
    };
    let cursor = run.cursor;
    let processed = run.processed;
    let alerts = run.alerts;
    for (;;) {
      let t = performance.now();
      const page = await subjectsPage(deps.db, filter, cursor, deps.chunkSize ?? 2_000);
      if (!page.length) break;
      timings.read += performance.now() - t;
      t = performance.now();
      const subjects: Subject<SubjectRow>[] = page.map((row) => ({ key: row, query: subjectSearch(openSubjectQuery(deps.keys, row)) }));
      timings.unseal += performance.now() - t;
      t = performance.now();
      const found = run.kind === 'delta' ? await screenDelta(deps, run, await deltaIndex(), subjects) : await screenFull(deps, subjects);
      timings.screen += performance.now() - t;
      t = performance.now();
      const written = await writeChunk(deps, run, found, page, now());
      cursor = subjectKey(page[page.length - 1]);
      processed += page.length;
      alerts += written.length;
      await updateRun(deps.db, runId, { cursor, processed, alerts, leaseUntil: new Date(now().getTime() + leaseMs) });
      await sendOutcomes(deps, written);
      timings.write += performance.now() - t;
      if (page.length && processed % 20_000 < page.length) log.info({ processed, total, alerts }, 'monitoring run progress');
    }
    await updateRun(deps.db, runId, { status: 'completed', finishedAt: now(), leaseUntil: null });
    log.info(
      { processed, alerts, ms: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])) },
      'monitoring run completed',
    );
    return { processed, alerts };
  } catch (error) {
    // Left running with its lease: the sweep re-dispatches it once the lease ends (resume).
    log.error({ err: (error as Error).message }, 'monitoring run attempt failed; it resumes after its lease');
    await updateRun(deps.db, runId, { error: (error as Error).message.slice(0, 500) }).catch(() => undefined);
    throw error;
  }
}

async function screenDelta(
  deps: RunDeps,
  run: { source: string | null; versionId: string | null },
  delta: DeltaIndex,
  subjects: Subject<SubjectRow>[],
): Promise<Found[]> {
  const candidates = deltaCandidates(delta, subjects);
  if (!candidates.length) return [];
  const snapshot = await deps.snapshot(run.source ?? undefined, run.versionId ?? undefined);
  const found: Found[] = [];
  const confirmed = searchesAhead(candidates.length, (i) => confirmInFullIndex(snapshot, delta, candidates[i].query));
  for (const [i, { key, query }] of candidates.entries()) {
    const matches = await confirmed(i);
    if (matches.length) found.push({ subject: key, query, matches: stored(matches), versions: snapshot.versions });
  }
  return found;
}

/** Scheduled: a full search; an alert only for matches the subject's last search did not have. */
async function screenFull(deps: RunDeps, subjects: Subject<SubjectRow>[]): Promise<Found[]> {
  const snapshot = await deps.snapshot();
  const found: Found[] = [];
  const searched = searchesAhead(subjects.length, (i) => searchSnapshot(snapshot, subjects[i].query));
  for (const [i, { key, query }] of subjects.entries()) {
    const matches = await searched(i);
    if (!matches.length) continue;
    const scope = { tenantId: key.tenantId, workspaceId: key.workspaceId };
    const last = await lastSearchOf(deps.db, scope, key.profileId);
    const before = new Set(last.map((row) => row.entityRef));
    if (matches.every((match) => before.has(match.entity.id))) continue;
    found.push({ subject: key, query, matches: stored(matches), versions: snapshot.versions });
  }
  return found;
}

async function lastSearchOf(db: Db, scope: Scope, profileId: string) {
  const subject = await findSubjectLastSearch(db, scope, profileId);
  return subject ? findMatchesOfResult(db, scope, `${subject.lastSearchId}_0`) : [];
}

function stored(matches: ScreeningMatch[]): StoredMatch[] {
  const ids = newObjectIds(matches.length);
  return matches.map((match, rank) => toStoredMatch(match, ids[rank], rank));
}

interface WrittenAlert {
  alertId: string;
  scope: Scope;
  profileId: string;
  searchId: string;
  unresolved: number;
  truePositive: number;
  at: Date;
}

/** Clearances and automatic disposition as for a direct search; then, in one transaction, every
 * alert of the chunk. Matches all resolved false_positive (cleared before, or Full Auto) raise none. */
async function writeChunk(
  deps: RunDeps,
  run: { id: string; kind: string },
  found: Found[],
  page: SubjectRow[],
  at: Date,
): Promise<WrittenAlert[]> {
  const prepared: (Found & { scope: Scope })[] = [];
  // One settings read per workspace of the chunk (a chunk's subjects share few workspaces).
  const settings = new Map<string, ReturnType<typeof readDispositionSettings>>();
  for (const item of found) {
    const scope = { tenantId: item.subject.tenantId, workspaceId: item.subject.workspaceId };
    await applyClearances(
      deps.db,
      scope,
      [{ entityIndex: 0, matches: item.matches.map((match) => ({ entityRef: match.entity.id, payload: match })) }],
      () => item.subject.profileId,
    );
    const key = `${scope.tenantId}/${scope.workspaceId}`;
    if (!settings.has(key)) settings.set(key, readDispositionSettings(deps.db, scope));
    const matches = await annotateMatches(await settings.get(key)!, null, dispositionQuery(item.query), item.matches);
    if (matches.every((match) => match.review_status === 'false_positive')) continue;
    prepared.push({ ...item, matches, scope });
  }
  const written: WrittenAlert[] = [];
  const audits: AuditEntry[] = [];
  await deps.db.$transaction(async (tx) => {
    for (const item of prepared) {
      const searchId = newObjectId(at.getTime());
      const alertId = `mal_${newObjectId(at.getTime())}`;
      const { query, scope, matches } = item;
      await insertMonitoringSearch(tx, {
        scope,
        profileId: item.subject.profileId,
        requestId: searchId,
        createdAt: at,
        config: {
          feeds: query.feedNames,
          threshold: query.threshold,
          limit: query.limit,
          type: query.typeLabel,
          date_of_birth: query.dateOfBirth ?? null,
          country: query.country ?? null,
          ...(query.identifiers ? { identifiers: query.identifiers } : {}),
          monitoring: { run_id: run.id, trigger: run.kind },
        },
        entity: { type: query.typeLabel, name: query.name, feeds: query.feedNames },
        matches: matches.map((match) => ({
          id: match.id,
          rank: match.rank,
          entityRef: match.entity.id,
          score: match.score,
          reviewStatus: match.review_status,
          payload: match,
        })),
      });
      const entityRefs = matches.map((match) => match.entity.id);
      await insertAlert(tx, {
        id: alertId,
        scope,
        profileId: item.subject.profileId,
        runId: run.id,
        trigger: run.kind,
        searchId,
        matchCount: matches.length,
        entityRefs,
        listVersions: item.versions,
        previousSearchId: item.subject.lastSearchId ?? null,
        createdAt: at,
      });
      await recordEvent(tx, {
        ...scope,
        type: ALERT_EVENT,
        aggregateType: 'monitoring_alert',
        aggregateId: alertId,
        payload: {
          alert_id: alertId,
          profile_id: item.subject.profileId,
          search_id: searchId,
          run_id: run.id,
          trigger: run.kind,
          match_count: matches.length,
        },
      });
      await markSubjectScreened(tx, scope, item.subject.profileId, { lastSearchId: searchId, lastScreenedAt: at });
      audits.push(alertAuditRow(run, item, searchId, alertId, at));
      written.push({
        alertId,
        scope,
        profileId: item.subject.profileId,
        searchId,
        at,
        unresolved: matches.filter((m) => m.review_status === 'unresolved').length,
        truePositive: matches.filter((m) => m.review_status === 'true_positive').length,
      });
    }
    // Scheduled runs move every subject of the page to its next due date (with or without an alert).
    if (run.kind === 'scheduled') {
      for (const subject of page) {
        const scope = { tenantId: subject.tenantId, workspaceId: subject.workspaceId };
        await markSubjectScreened(tx, scope, subject.profileId, {
          lastScreenedAt: at,
          nextFullScreenAt: nextFullScreenAt({ sanctions: subject.sanctionsFrequency, pep: subject.pepFrequency }, at),
        });
      }
    }
    // Last, and in one order (workspace, then alert): each append holds its workspace's chain head
    // until commit, and a chunk spans workspaces, so two chunks never take two heads in opposite order.
    audits.sort(
      (a, b) =>
        a.tenantId.localeCompare(b.tenantId) || a.workspaceId.localeCompare(b.workspaceId) || a.resourceId.localeCompare(b.resourceId),
    );
    for (const audit of audits) await appendAudit(tx, audit);
  });
  return written;
}

/** A monitoring re-screening that raised an alert: done by the service for the workspace, so no
 * caller and no client address; the searched input as a salted hash (the salt is personal: erased
 * with the profile). */
function alertAuditRow(run: { id: string; kind: string }, item: Found & { scope: Scope }, searchId: string, alertId: string, at: Date) {
  const { query } = item;
  const input = saltedInputHash({
    name: query.name,
    type: query.typeLabel,
    date_of_birth: query.dateOfBirth ?? null,
    country: query.country ?? null,
    ...(query.identifiers ? { identifiers: query.identifiers } : {}),
    feeds: query.feedNames,
  });
  const entry: AuditEntry = {
    ...item.scope,
    actorKind: 'service',
    actorId: 'screening.monitoring',
    clientAddress: null,
    action: 'screening.monitoring.alert',
    resourceType: 'screening.monitoring_alert',
    resourceId: alertId,
    profileId: item.subject.profileId,
    outcome: 'succeeded',
    detail: {
      run_id: run.id,
      trigger: run.kind,
      search_id: searchId,
      input_hash: input.hash,
      list_versions: item.versions,
      threshold: query.threshold,
      feeds: query.feedNames,
      match_ids: item.matches.map((match) => match.id),
      entity_ids: item.matches.map((match) => match.entity.id),
    },
    personal: { input_salt: input.salt },
    at,
  };
  return entry;
}

async function sendOutcomes(deps: RunDeps, written: WrittenAlert[]): Promise<void> {
  for (const alert of written) {
    await deps.sendOutcome(
      outcomeJob(alert.scope, alert.profileId, alert.searchId, alert.unresolved, alert.truePositive, alert.at),
      `${alert.profileId}:${alert.searchId}`,
    );
  }
  await markOutcomeSent(
    deps.db,
    written.map((alert) => alert.alertId),
  );
}

export function outcomeJob(
  scope: Scope,
  profileId: string,
  searchId: string,
  unresolved: number,
  truePositive: number,
  at: Date,
): ScreeningOutcomeJob {
  return {
    ...scope,
    profileId,
    origin: 'monitoring',
    searchId,
    unresolvedMatches: unresolved,
    truePositiveMatches: truePositive,
    at: at.toISOString(),
  };
}

/** The sweep's catch-up for alerts whose outcome job was not sent (a crash between commit and send). */
export async function resendOutcomes(deps: Pick<RunDeps, 'db' | 'sendOutcome'>, alerts: AlertRow[]): Promise<number> {
  for (const alert of alerts) {
    const matches = await findMatchesOfResult(deps.db, { tenantId: alert.tenantId, workspaceId: alert.workspaceId }, `${alert.searchId}_0`);
    const unresolved = matches.filter((m) => m.reviewStatus === 'unresolved').length;
    const truePositive = matches.filter((m) => m.reviewStatus === 'true_positive').length;
    await deps.sendOutcome(
      outcomeJob(
        { tenantId: alert.tenantId, workspaceId: alert.workspaceId },
        alert.profileId,
        alert.searchId,
        unresolved,
        truePositive,
        alert.createdAt,
      ),
      `${alert.profileId}:${alert.searchId}`,
    );
  }
  await markOutcomeSent(
    deps.db,
    alerts.map((alert) => alert.id),
  );
  return alerts.length;
}
