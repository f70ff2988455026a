// Enrollment: a profile that has been screened is monitored. The sweep reads the direct searches
// that carried a profile id since its watermark and keeps, per profile, the latest screened query,
// sealed (personal data) in monitored_subjects. Then it reads the effective frequencies of newly
// enrolled profiles from the profiles subgraph.
import { VigilConfig } from '../../../../platform/config';
import { KeyProvider, open, seal, SealedValue } from '../../../../platform/crypto/envelope';
import { Db } from '../../../../platform/db/prisma';
import { Logger } from '../../../../platform/logging/logger';
import {
  ENROLLMENT_CURSOR,
  ProfileSearchRow,
  readCursor,
  saveCursor,
  saveFrequencies,
  subjectsWithoutFrequencies,
  upsertSubjects,
} from '../data/monitoring-store';
import type { NormalizedQuery } from '../../services/search-model';
import { normalizeQuery } from '../../services/search-service';
import { nextFullScreenAt, resolveFrequencies, SubjectFrequencies } from './frequencies';
import { profileSearchesSince } from '../data/monitoring-store';

/** What a subject is re-screened with (sealed at rest). */
export interface SubjectQuery {
  name: string;
  type: string | null;
  dateOfBirth: string | null;
  country: string | null;
  /** The identifiers of the profile's latest search (absent in subjects enrolled before identifiers, and without any). */
  identifiers?: { kind?: string; value: string; country?: string }[];
  threshold: number | null;
  feeds: string[];
}

/** Searches committed slightly out of created_at order are still read: each pass re-reads this much. */
const WATERMARK_MARGIN_MS = 60_000;
const PAGE = 5_000;

const sealContext = (tenantId: string, workspaceId: string, profileId: string) =>
  `screening.monitored_subject:${tenantId}:${workspaceId}:${profileId}`;

export function sealSubjectQuery(
  keys: KeyProvider,
  subject: { tenantId: string; workspaceId: string; profileId: string },
  query: SubjectQuery,
): SealedValue {
  return seal(keys, query, sealContext(subject.tenantId, subject.workspaceId, subject.profileId));
}

export function openSubjectQuery(
  keys: KeyProvider,
  subject: { tenantId: string; workspaceId: string; profileId: string; sealedQuery: unknown },
): SubjectQuery {
  return open<SubjectQuery>(
    keys,
    subject.sealedQuery as SealedValue,
    sealContext(subject.tenantId, subject.workspaceId, subject.profileId),
  );
}

/** The normalized search of a subject (the rules of a direct search; `all` feeds when none). */
export function subjectSearch(query: SubjectQuery): NormalizedQuery {
  const feeds = query.feeds.filter((feed) => feed.toLowerCase() !== 'all');
  return normalizeQuery({
    name: query.name,
    type: query.type,
    dateOfBirth: query.dateOfBirth,
    country: query.country,
    identifiers: query.identifiers,
    threshold: query.threshold,
    feeds: feeds.length ? feeds : null,
  });
}

function queryOf(row: ProfileSearchRow): SubjectQuery {
  return {
    name: row.name,
    type: row.config.type ?? null,
    dateOfBirth: row.config.date_of_birth ?? null,
    country: row.config.country ?? null,
    ...(row.config.identifiers?.length ? { identifiers: row.config.identifiers } : {}),
    threshold: typeof row.config.threshold === 'number' ? row.config.threshold : null,
    feeds: Array.isArray(row.config.feeds) ? row.config.feeds : ['all'],
  };
}

/** Enrolls the profiles of the searches since the watermark, their latest searches oldest first, a
 * page at a time; returns how many rows changed. */
export async function enrollScreenedProfiles(db: Db, keys: KeyProvider, page = PAGE): Promise<number> {
  const cursor = await readCursor(db, ENROLLMENT_CURSOR);
  let since = cursor ? new Date(cursor.at.getTime() - WATERMARK_MARGIN_MS) : new Date(0);
  let after: { at: Date; id: string } | null = null;
  let changed = 0;
  for (;;) {
    const rows = await profileSearchesSince(db, since, after, page);
    if (!rows.length) break;
    changed += await upsertSubjects(
      db,
      rows.map((row) => ({
        tenantId: row.tenant_id,
        workspaceId: row.workspace_id,
        profileId: row.profile_id,
        sealedQuery: sealSubjectQuery(
          keys,
          { tenantId: row.tenant_id, workspaceId: row.workspace_id, profileId: row.profile_id },
          queryOf(row),
        ),
        lastSearchId: row.id,
        lastScreenedAt: row.created_at,
      })),
    );
    const last = rows[rows.length - 1];
    since = last.created_at;
    after = { at: last.created_at, id: last.id };
    await saveCursor(db, ENROLLMENT_CURSOR, { at: since });
    if (rows.length < page) break;
  }
  return changed;
}

/** Reads frequencies for subjects that have none yet (new or re-enrolled), a workspace at a time.
 * A profile the profiles domain no longer knows (erased, deleted) stops being monitored (`never`).
 * When the profiles subgraph cannot answer, the subjects keep waiting for the next sweep. */
export async function resolvePendingFrequencies(db: Db, config: VigilConfig, log: Logger, limit = 1_000): Promise<number> {
  const pending = await subjectsWithoutFrequencies(db, limit);
  const byWorkspace = new Map<string, typeof pending>();
  for (const subject of pending) {
    const key = `${subject.tenantId}/${subject.workspaceId}`;
    byWorkspace.set(key, [...(byWorkspace.get(key) ?? []), subject]);
  }
  let resolved = 0;
  for (const subjects of byWorkspace.values()) {
    const scope = { tenantId: subjects[0].tenantId, workspaceId: subjects[0].workspaceId };
    for (let i = 0; i < subjects.length; i += 100) {
      const part = subjects.slice(i, i + 100);
      let found: Map<string, SubjectFrequencies>;
      try {
        found = await resolveFrequencies(
          config,
          scope,
          part.map((s) => s.profileId),
        );
      } catch (error) {
        log.warn({ err: (error as Error).message, ...scope }, 'monitoring frequencies unavailable; retried on the next sweep');
        break;
      }
      for (const subject of part) {
        const frequencies = found.get(subject.profileId) ?? { sanctions: 'never', pep: 'never' };
        await saveFrequencies(db, scope, subject.profileId, {
          sanctionsFrequency: frequencies.sanctions,
          pepFrequency: frequencies.pep,
          nextFullScreenAt: nextFullScreenAt(frequencies, subject.lastScreenedAt),
        });
        resolved++;
      }
    }
  }
  return resolved;
}
