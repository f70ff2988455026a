// A screening search (request) as evidence for an evidence pack (platform/audit/evidence): when and
// how it ran (threshold, limit, feeds), the salted input hash its audit entry recorded (never the
// searched name), the list versions searched, every result and match with its score, and every
// review decision on a match (without its free-text note).
import { auditDetailOf } from '../../../platform/audit/audit-trail';
import type { DescribedObject, EvidenceSource } from '../../../platform/audit/evidence/build-pack';
import type { Db, Scope } from '../../../platform/db/prisma';
import { matchesOfRequest, requestIdsOfProfile, resultsOfRequest } from '../data/evidence-store';
import { listVersionLabels } from '../data/report-store';
import { reviewHistory } from '../data/review-store';
import { findSearchRequest } from '../data/search-store';
import { parseSearchId } from './search-service';

async function describe(db: Db, scope: Scope, id: string): Promise<DescribedObject | null> {
  const requestId = parseSearchId(id)?.requestId ?? id;
  const request = await findSearchRequest(db, scope, requestId);
  if (!request) return null;
  const config = (request.config ?? {}) as {
    feeds?: string[];
    threshold?: number;
    limit?: number;
    index_versions?: Record<string, string>;
  };
  const versions = config.index_versions ?? {};
  const labels = await listVersionLabels(db, Object.values(versions));
  const listVersions = Object.entries(versions).map(([source, versionId]) => ({
    source,
    versionId,
    label: labels.get(versionId)?.label ?? null,
    seq: labels.get(versionId)?.seq ?? null,
  }));
  const [results, matches] = await Promise.all([resultsOfRequest(db, scope, request.id), matchesOfRequest(db, scope, request.id)]);
  const reviews = await reviewHistory(
    db,
    scope,
    matches.map((match) => match.id),
  );
  const detail = (await auditDetailOf(db, scope, 'screening.search', request.id)) as { input_hash?: string } | null;
  return {
    listVersions,
    object: {
      kind: 'screening_search',
      id: request.id,
      auditType: 'screening.search',
      profileId: request.profileId,
      identity: {
        createdAt: request.createdAt.toISOString(),
        source: request.source,
        searchedBy: `${request.actorKind} ${request.actorId}`,
        batchJob: request.jobId,
      },
      decisions: reviews.map((review) => ({
        kind: 'match_review',
        on: review.matchId,
        from: review.fromStatus,
        to: review.toStatus,
        by: `${review.actorKind} ${review.actorId}`,
        at: review.createdAt.toISOString(),
      })),
      evidence: {
        inputHash: detail?.input_hash ?? null,
        threshold: config.threshold ?? null,
        limit: config.limit ?? null,
        feeds: config.feeds ?? [],
        listVersions: listVersions.map((v) => `${v.source}:${v.versionId}`),
        results: results.map((result) => ({ id: result.id, entityIndex: result.entityIndex, matchCount: result.matchCount })),
        matches: matches.map((match) => ({
          id: match.id,
          resultId: match.searchResultId,
          rank: match.rank,
          entityRef: match.entityRef,
          score: match.score,
          reviewStatus: match.reviewStatus,
        })),
      },
      partIds: [...results.map((result) => result.id), ...matches.map((match) => match.id)],
    },
  };
}

export function screeningEvidenceSource(db: Db): EvidenceSource {
  return {
    describe: (scope, id) => describe(db, scope, id),
    idsForProfile: (scope, profileId) => requestIdsOfProfile(db, scope, profileId),
  };
}
