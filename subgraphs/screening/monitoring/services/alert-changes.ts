// What the list update behind a monitoring alert changed, per matched listed entity: new on the list,
// changed (with the previous version's values and a field-level diff) or unchanged (then the profile
// or its threshold changed, or the entity was matched before). Computed when read, from the entity
// delta log: every version of an entity's row is kept there (added_seq .. removed_seq), so an import
// does no extra work and stores nothing more. The alert keeps only the list versions its run
// screened against and the profile's previous search (its baseline). See docs/screening-monitoring.md.
import type { DbClient, Scope } from '../../../../platform/db/prisma';
import { primaryName, type WatchlistEntity } from '../../lists/model';
import {
  AlertRow,
  entityRowsAt,
  EntityVersionRow,
  findRun,
  listVersionsBy,
  ListVersionRow,
  matchedRefsOf,
  searchBefore,
  searchCreatedAt,
  versionSeqsAt,
} from '../data/monitoring-store';
import { diffListedValues, FieldChange, listedValues, ListedValues } from './listing-diff';

export type ListingChangeKind = 'new_listing' | 'changed_listing' | 'unchanged_listing' | 'no_baseline';

export interface ListingChange {
  entityRef: string;
  source: string;
  sourceId: string;
  name: string;
  kind: ListingChangeKind;
  /** Whether the profile's previous search lacked this entity; null when that search is unknown. */
  newlyMatched: boolean | null;
  version: ListVersionRow;
  previousVersion: ListVersionRow | null;
  listedInVersion: ListVersionRow | null;
  current: ListedValues;
  previous: ListedValues | null;
  fields: FieldChange[];
}

function splitRef(ref: string): { source: string; sourceId: string } {
  const i = ref.indexOf(':');
  return { source: ref.slice(0, i), sourceId: ref.slice(i + 1) };
}

/** Per source: the version the alert's run screened against (seq) and the baseline the profile had
 * been screened against before (null: the list had no version then). */
interface Baseline {
  current: Map<string, number>;
  base: Map<string, number | null>;
  /** Sources whose baseline is unknown (the profile's previous search is no longer kept). */
  unknown: Set<string>;
  previousSearchId: string | null;
  versionIds: string[];
}

async function baselineOf(db: DbClient, scope: Scope, alert: AlertRow, sources: string[]): Promise<Baseline> {
  const run = await findRun(db, alert.runId);
  const stored = (alert.listVersions ?? null) as Record<string, string> | null;
  const versionIds = stored ? sources.map((source) => stored[source]).filter((id): id is string => Boolean(id)) : [];
  const current = new Map<string, number>();
  const base = new Map<string, number | null>();
  const unknown = new Set<string>();
  // Alerts raised before the baseline was kept: the profile's search before the alert's.
  const previous = alert.previousSearchId
    ? { id: alert.previousSearchId, createdAt: await searchCreatedAt(db, scope, alert.previousSearchId) }
    : await searchBefore(db, scope, alert.profileId, alert.createdAt);
  if (run?.kind === 'delta' && run.source && run.toSeq != null) {
    // The delta run's own range: exact, whatever the profile's previous search saw.
    current.set(run.source, run.toSeq);
    base.set(run.source, run.fromSeq && run.fromSeq > 0 ? run.fromSeq : null);
  }
  const rest = sources.filter((source) => !base.has(source));
  if (rest.length) {
    const before = previous?.createdAt ? await versionSeqsAt(db, rest, previous.createdAt) : new Map<string, number>();
    const now = stored ? new Map<string, number>() : await versionSeqsAt(db, rest, alert.createdAt);
    for (const source of rest) {
      base.set(source, before.get(source) ?? null);
      if (!previous?.createdAt) unknown.add(source);
      if (!stored) {
        const seq = now.get(source);
        if (seq != null) current.set(source, seq);
      }
    }
  }
  return { current, base, unknown, previousSearchId: previous?.createdAt ? previous.id : null, versionIds };
}

/** The alert's changes, in the order of its matches. */
export async function alertChanges(db: DbClient, scope: Scope, alert: AlertRow): Promise<ListingChange[]> {
  const refs = alert.entityRefs.map((ref) => ({ ref, ...splitRef(ref) }));
  if (!refs.length) return [];
  const sources = [...new Set(refs.map((r) => r.source))];
  const baseline = await baselineOf(db, scope, alert, sources);
  // The screened versions by id (stored on the alert) resolve to sequences first.
  const byId = await listVersionsBy(db, baseline.versionIds, []);
  for (const version of byId) if (!baseline.current.has(version.source)) baseline.current.set(version.source, version.seq);

  const wanted = refs
    .filter((r) => baseline.current.has(r.source))
    .map((r) => ({
      source: r.source,
      sourceId: r.sourceId,
      seq: baseline.current.get(r.source)!,
      baseSeq: baseline.base.get(r.source) ?? null,
    }));
  const rows = await entityRowsAt(db, wanted);
  const rowsOf = new Map<string, EntityVersionRow[]>();
  for (const row of rows) {
    const key = `${row.source}:${row.sourceId}`;
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), row]);
  }
  const holds = (row: EntityVersionRow, seq: number) => row.addedSeq <= seq && (row.removedSeq == null || row.removedSeq > seq);

  const seqs = new Map<string, { source: string; seq: number }>();
  const wantSeq = (source: string, seq: number | null | undefined) => {
    if (seq != null) seqs.set(`${source}#${seq}`, { source, seq });
  };
  for (const w of wanted) {
    wantSeq(w.source, w.seq);
    wantSeq(w.source, w.baseSeq);
    for (const row of rowsOf.get(`${w.source}:${w.sourceId}`) ?? []) if (holds(row, w.seq)) wantSeq(w.source, row.addedSeq);
  }
  const versions = await listVersionsBy(db, [], [...seqs.values()]);
  const versionAt = (source: string, seq: number | null | undefined) =>
    seq == null ? null : (versions.find((v) => v.source === source && v.seq === seq) ?? null);
  const matchedBefore = baseline.previousSearchId ? await matchedRefsOf(db, scope, baseline.previousSearchId) : null;

  const changes: ListingChange[] = [];
  for (const w of wanted) {
    const ref = `${w.source}:${w.sourceId}`;
    const entityRows = rowsOf.get(ref) ?? [];
    const now = entityRows.find((row) => holds(row, w.seq));
    const version = versionAt(w.source, w.seq);
    // A matched entity is held by the version its run screened; an entity no longer there is left out.
    if (!now || !version) continue;
    const before = w.baseSeq == null ? undefined : entityRows.find((row) => holds(row, w.baseSeq!));
    const current = listedValues(now.data as WatchlistEntity);
    const kind: ListingChangeKind = baseline.unknown.has(w.source)
      ? 'no_baseline'
      : !before
        ? 'new_listing'
        : before.addedSeq === now.addedSeq
          ? 'unchanged_listing'
          : 'changed_listing';
    const previous = kind === 'changed_listing' ? listedValues(before!.data as WatchlistEntity) : null;
    changes.push({
      entityRef: ref,
      source: w.source,
      sourceId: w.sourceId,
      name: primaryName(now.data as WatchlistEntity) || w.sourceId,
      kind,
      newlyMatched: matchedBefore ? !matchedBefore.has(ref) : null,
      version,
      previousVersion: versionAt(w.source, w.baseSeq),
      listedInVersion: versionAt(w.source, now.addedSeq),
      current,
      previous,
      fields: kind === 'unchanged_listing' || kind === 'no_baseline' ? [] : diffListedValues(previous, current),
    });
  }
  return changes;
}
