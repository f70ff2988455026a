// POST /v1/reports: resolve every addressing form to (entity result, match index), render each
// report, keep the bytes in the blob store and a row in the caller's scope, answer signed links.
import { BlobStore } from '../../../platform/blobs';
import { signLink } from '../../../platform/crypto/signed-link';
import { Db, type Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { SCREENING_REPORT_LINK_PURPOSE, screeningReportBlobKey } from '../../../platform/pdf/report-blob';
import { findBatch } from '../data/batch-store';
import { reviewHistory } from '../data/review-store';
import { findReport, insertReport, listVersionLabels, ReportRow, resultIdsWithMatches } from '../data/report-store';
import { ScreeningError } from '../errors';
import { newObjectId } from './object-id';
import { renderReport } from './report-pdf';
import { readSearch } from './search-service';

export const REPORT_LIMITS = { perCall: 100, linkSeconds: 15 * 60 } as const;

export interface ReportsInput {
  searchResultId?: string | null;
  results?: string[] | null;
  index?: number[] | null;
  id?: string | null;
}

export interface ReportDeps {
  db: Db;
  blobs: BlobStore;
  reportLinkSecret: string;
}

export interface ReportView extends ReportRow {
  downloadPath: string;
  linkExpiresAt: Date;
}

function invalid(field: string, message: string): ScreeningError {
  return new ScreeningError('schema_validation_failed', `${field}: ${message}`, { field });
}

async function targets(db: Db, scope: Scope, input: ReportsInput): Promise<{ resultId: string; index: number }[]> {
  const indexes = input.index ?? [];
  if (indexes.some((i) => !Number.isInteger(i) || i < 0 || i > 99)) throw invalid('index', 'must be integers from 0 to 99');
  if (input.searchResultId) return [{ resultId: input.searchResultId.trim(), index: indexes[0] ?? 0 }];
  if (input.results?.length) {
    if (input.results.length > REPORT_LIMITS.perCall) throw invalid('results', `at most ${REPORT_LIMITS.perCall} results a call`);
    return input.results.map((resultId, i) => ({ resultId: resultId.trim(), index: indexes[i] ?? 0 }));
  }
  if (input.id) {
    const job = await findBatch(db, scope, input.id);
    if (!job) throw new ScreeningError('report_not_found', 'Search result not found');
    const ids = await resultIdsWithMatches(db, scope, job.requestId, REPORT_LIMITS.perCall + 1);
    if (ids.length > REPORT_LIMITS.perCall)
      throw invalid('id', `the job has more than ${REPORT_LIMITS.perCall} results with matches; address them with results[]`);
    return ids.map((resultId) => ({ resultId, index: indexes[0] ?? 0 }));
  }
  throw invalid('searchResultId', 'one of searchResultId, results or id is required');
}

export async function generateReports(deps: ReportDeps, principal: Principal, input: ReportsInput): Promise<ReportView[]> {
  const scope: Scope = { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
  const wanted = await targets(deps.db, scope, input);
  // Resolve everything first: one missing result refuses the call before any report is written.
  const resolved = [];
  for (const target of wanted) {
    const search = await readSearch(deps.db, scope, target.resultId);
    if (!search || !entityExists(search)) throw new ScreeningError('report_not_found', `Search result not found: ${target.resultId}`);
    const matches = search.matches ?? [];
    if (matches.length && target.index >= matches.length)
      throw new ScreeningError('report_not_found', `No match at index ${target.index} of ${target.resultId} (${matches.length} matches)`);
    if (!matches.length && target.index > 0)
      throw new ScreeningError('report_not_found', `No match at index ${target.index} of ${target.resultId} (no matches)`);
    resolved.push({ target, search, match: matches[target.index] });
  }
  const views: ReportView[] = [];
  for (const { target, search, match } of resolved) {
    const entities = search.request.entities as { type: string | null; name: string; custom_id: string | null }[];
    const entityIndex = Number(search.searchId.split('_')[1] ?? 0);
    const versions = (search.request.config as { index_versions?: Record<string, string> }).index_versions ?? {};
    const labels = await listVersionLabels(deps.db, Object.values(versions));
    const reportId = newObjectId();
    const { bytes, pages } = await renderReport({
      reportId,
      searchResultId: `${search.id}_${entityIndex}`,
      entity: entities[entityIndex] ?? entities[0],
      request: search.request,
      lists: Object.entries(versions).map(([source, versionId]) => ({
        source,
        versionId,
        label: labels.get(versionId)?.label ?? null,
        seq: labels.get(versionId)?.seq ?? null,
      })),
      matchIndex: target.index,
      match,
      matchCount: search.matches?.length ?? 0,
      history: match ? await reviewHistory(deps.db, scope, [match.id]) : [],
      generatedAt: new Date(),
    });
    await deps.blobs.put(screeningReportBlobKey(reportId), bytes, { contentType: 'application/pdf' });
    const row = await insertReport(deps.db, {
      id: reportId,
      ...scope,
      searchResultId: `${search.id}_${entityIndex}`,
      matchIndex: target.index,
      blobKey: screeningReportBlobKey(reportId),
      bytes: bytes.length,
      pages,
    });
    views.push(withLink(deps.reportLinkSecret, row));
  }
  return views;
}

/** `<requestId>_<index>` names an entity of the request only below its entity count (a report of
 * index 9999 of a 200-entity job would otherwise report the first entity's name as "no match"). */
function entityExists(search: { searchId: string; request: { entityCount?: number | null; entities: unknown } }): boolean {
  const index = Number(search.searchId.split('_')[1] ?? 0);
  const count = search.request.entityCount ?? (search.request.entities as unknown[]).length;
  return Number.isInteger(index) && index >= 0 && index < count;
}

export function withLink(secret: string, row: ReportRow): ReportView {
  const { expires, signature } = signLink(secret, SCREENING_REPORT_LINK_PURPOSE, row.id, REPORT_LIMITS.linkSeconds);
  return {
    ...row,
    downloadPath: `/v1/reports/${row.id}?expires=${expires}&signature=${signature}`,
    linkExpiresAt: new Date(expires * 1000),
  };
}

export async function readReport(deps: ReportDeps, scope: Scope, id: string): Promise<ReportView | undefined> {
  const row = await findReport(deps.db, scope, id);
  return row ? withLink(deps.reportLinkSecret, row) : undefined;
}
