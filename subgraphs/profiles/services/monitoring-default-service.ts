// The workspace monitoring default: how often each monitored feed (Sanctions, PEP, News) is
// re-screened for the workspace's profiles. A profile group's monitoringFeedFrequencies override
// it per feed; every feed a group leaves out inherits this default (the spec: "omitted feeds
// inherit the workspace frequency"). Until a workspace saves its own, the built-in default applies.
import type { Scope } from '../../../platform/db/prisma';
import { findMonitoringDefault, saveMonitoringDefault } from '../data/monitoring-default-store';
import { FEED_FREQUENCIES, FeedFrequencies, MonitoredFeed, MonitoringFrequency } from './group-service';
import { isOneOf, expectOneOf } from '../../../platform/validation/one-of';
import { ProfilesError } from '../errors';
import { ProfilesDeps } from './deps';
import { appendAudit, auditActorOf } from '../../../platform/audit/audit-trail';
import { Principal } from '../../../platform/principal/principal';

export type FullFeedFrequencies = Record<MonitoredFeed, MonitoringFrequency>;

/** Sanctions lists change daily; PEP and adverse media move more slowly. */
export const BUILT_IN_MONITORING_DEFAULT: Readonly<FullFeedFrequencies> = Object.freeze({
  Sanctions: 'daily',
  PEP: 'weekly',
  News: 'weekly',
});

export interface MonitoringDefault {
  monitoringFeedFrequencies: FullFeedFrequencies;
  /** False while the built-in default applies (the workspace never saved one). */
  customized: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

export async function getMonitoringDefault(deps: ProfilesDeps, scope: Scope): Promise<MonitoringDefault> {
  const row = await findMonitoringDefault(deps.db, scope);
  if (!row) return { monitoringFeedFrequencies: { ...BUILT_IN_MONITORING_DEFAULT }, customized: false, updatedAt: null, updatedBy: null };
  const frequencies: FullFeedFrequencies = {
    Sanctions: expectOneOf(FEED_FREQUENCIES.Sanctions, row.sanctions, 'monitoring default Sanctions'),
    PEP: expectOneOf(FEED_FREQUENCIES.PEP, row.pep, 'monitoring default PEP'),
    News: expectOneOf(FEED_FREQUENCIES.News, row.news, 'monitoring default News'),
  };
  return { monitoringFeedFrequencies: frequencies, customized: true, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}

/**
 * Supplied feeds change, omitted feeds keep their value, a feed set to null returns to the
 * built-in default.
 */
export async function updateMonitoringDefault(
  deps: ProfilesDeps,
  scope: Scope,
  input: { monitoringFeedFrequencies: Partial<Record<MonitoredFeed, string | null>> },
  principal: Principal,
  requestId?: string,
): Promise<MonitoringDefault> {
  const changes = input.monitoringFeedFrequencies;
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    throw new ProfilesError(
      'monitoring_default_validation_failed',
      'monitoringFeedFrequencies: must be an object with keys Sanctions, PEP, News',
      { field: 'monitoringFeedFrequencies' },
    );
  }
  // Only the supplied feeds are written (one upsert), so concurrent changes of different feeds
  // both land.
  const changed: Partial<FullFeedFrequencies> = {};
  for (const [feed, frequency] of Object.entries(changes)) {
    const field = `monitoringFeedFrequencies.${feed}`;
    if (!Object.hasOwn(FEED_FREQUENCIES, feed))
      throw new ProfilesError('monitoring_default_validation_failed', `${field}: unknown feed (allowed: Sanctions, PEP, News)`, { field });
    if (frequency === undefined) continue;
    if (frequency === null) {
      changed[feed as MonitoredFeed] = BUILT_IN_MONITORING_DEFAULT[feed as MonitoredFeed];
      continue;
    }
    const allowed: readonly MonitoringFrequency[] = FEED_FREQUENCIES[feed as MonitoredFeed];
    if (!isOneOf(allowed, frequency))
      throw new ProfilesError('monitoring_default_validation_failed', `${field}: must be one of ${allowed.join(', ')}`, { field });
    changed[feed as MonitoredFeed] = frequency;
  }
  const before = await getMonitoringDefault(deps, scope);
  const from = Object.fromEntries(Object.keys(changed).map((feed) => [feed, before.monitoringFeedFrequencies[feed as MonitoredFeed]]));
  await deps.db.$transaction(async (tx) => {
    await saveMonitoringDefault(tx, scope, {
      initial: { ...BUILT_IN_MONITORING_DEFAULT, ...changed },
      changed,
      updatedBy: principal.actorId,
    });
    // Last: the append holds the workspace's chain head until commit.
    await appendAudit(tx, {
      ...scope,
      ...auditActorOf(principal),
      requestId: requestId ?? null,
      action: 'profiles.settings.monitoring_default.update',
      resourceType: 'profiles.settings',
      resourceId: 'monitoring_default',
      outcome: 'succeeded',
      detail: { from, to: changed },
    });
  });
  return getMonitoringDefault(deps, scope);
}

/** The frequency each feed of a group runs at: its own override, else the workspace default. */
export function effectiveFrequencies(
  groupOverrides: FeedFrequencies | null,
  workspace: FullFeedFrequencies,
): { frequencies: FullFeedFrequencies; inheritedFeeds: MonitoredFeed[] } {
  const frequencies = { ...workspace };
  const inheritedFeeds: MonitoredFeed[] = [];
  for (const feed of Object.keys(FEED_FREQUENCIES) as MonitoredFeed[]) {
    const own = groupOverrides?.[feed];
    if (own) frequencies[feed] = own;
    else inheritedFeeds.push(feed);
  }
  return { frequencies, inheritedFeeds };
}
