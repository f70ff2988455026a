// Search history (GET /v2/search/requests, screeningSearches): the filters' rules, then one page.
import { Db, type Scope } from '../../../platform/db/prisma';
import { Connection, offsetConnection, pageSize, readOffsetCursor } from '../../../platform/graphql/paging';
import { HistoryFilter, listHistory } from '../data/history-store';
import { SearchRequestRow } from '../data/search-store';
import { ScreeningError } from '../errors';

/** limit: default 10; values above 250 are refused with 400 (docs/screening-batch.md). */
export const HISTORY_LIMITS = { pageDefault: 10, pageMax: 250, qMax: 512 } as const;

export interface HistoryArgs {
  first?: number | null;
  after?: string | null;
  q?: string | null;
  jobId?: string | null;
  createdAtFrom?: Date | null;
  createdAtTo?: Date | null;
  sort?: 'asc' | 'desc' | null;
}

function invalid(field: string, message: string): ScreeningError {
  return new ScreeningError('schema_validation_failed', `${field}: ${message}`, { field });
}

export async function searchHistory(db: Db, scope: Scope, args: HistoryArgs): Promise<Connection<SearchRequestRow>> {
  if (
    args.first !== undefined &&
    args.first !== null &&
    (!Number.isInteger(args.first) || args.first < 1 || args.first > HISTORY_LIMITS.pageMax)
  ) {
    throw invalid('limit', `must be an integer from 1 to ${HISTORY_LIMITS.pageMax}`);
  }
  const size = pageSize(args.first, HISTORY_LIMITS.pageDefault, HISTORY_LIMITS.pageMax);
  const offset = readOffsetCursor(args.after);
  if (offset === undefined) throw invalid('after', 'is not a cursor of this list');
  const q = args.q?.trim();
  if (q && q.length > HISTORY_LIMITS.qMax) throw invalid('q', `must be at most ${HISTORY_LIMITS.qMax} characters`);
  const from = args.createdAtFrom ?? undefined;
  const to = args.createdAtTo ?? undefined;
  if (from && to && from > to) throw invalid('created_at_from', 'must not be after created_at_to');
  const filter: HistoryFilter = { q: q || undefined, jobId: args.jobId?.trim() || undefined, from, to, sort: args.sort ?? 'desc' };
  const { total, rows } = await listHistory(db, scope, filter, offset, size + 1);
  return offsetConnection(rows, offset, size, total);
}
