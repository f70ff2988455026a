// The one paging shape of the GraphQL API (docs/developing.md, "GraphQL conventions"):
//   fieldName(first: Int, after: String, ...filters): XConnection!
//   type XConnection { nodes: [X!]!  pageInfo: PageInfo!  totalCount: Int }
// Cursors are opaque base64url text. A list ordered by offset (page-numbered REST routes) encodes the
// offset; a keyset list encodes the sort key of its last row. The REST adapter turns `page/perPage`
// into `first/after` with offsetCursor().
export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Connection<T> {
  nodes: T[];
  pageInfo: PageInfo;
  totalCount?: number;
}

export interface PageRequest {
  first?: number | null;
  after?: string | null;
}

/** `first` clamped to [1, max]; `fallback` when absent. */
export function pageSize(first: number | null | undefined, fallback: number, max: number): number {
  if (first === undefined || first === null) return fallback;
  return Math.max(1, Math.min(max, Math.trunc(first)));
}

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The value inside a cursor, or undefined when the text is not a cursor we issued. */
export function decodeCursor<T = unknown>(cursor: string | null | undefined): T | undefined {
  if (!cursor) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

export function offsetCursor(offset: number): string {
  return encodeCursor({ o: offset });
}

/** The offset a cursor encodes; 0 for no cursor; undefined for a cursor that is not an offset. */
export function readOffsetCursor(cursor: string | null | undefined): number | undefined {
  if (!cursor) return 0;
  const value = decodeCursor<{ o?: unknown }>(cursor);
  return typeof value?.o === 'number' && Number.isSafeInteger(value.o) && value.o >= 0 ? value.o : undefined;
}

/**
 * A connection from rows fetched with one extra row (limit + 1) starting at `offset`: the extra
 * row only tells whether a next page exists.
 */
export function offsetConnection<T>(rowsPlusOne: T[], offset: number, size: number, totalCount?: number): Connection<T> {
  const nodes = rowsPlusOne.slice(0, size);
  const hasNextPage = rowsPlusOne.length > size;
  return { nodes, pageInfo: { hasNextPage, endCursor: hasNextPage ? offsetCursor(offset + nodes.length) : null }, totalCount };
}

/** A connection from keyset rows fetched with one extra row; `keyOf` gives the cursor value of a row. */
export function keysetConnection<T>(rowsPlusOne: T[], size: number, keyOf: (row: T) => unknown, totalCount?: number): Connection<T> {
  const nodes = rowsPlusOne.slice(0, size);
  const hasNextPage = rowsPlusOne.length > size;
  const last = nodes[nodes.length - 1];
  return { nodes, pageInfo: { hasNextPage, endCursor: hasNextPage && last !== undefined ? encodeCursor(keyOf(last)) : null }, totalCount };
}

/** A connection from one page of rows read at `offset` when the total count is known. */
export function countedConnection<T>(rows: T[], offset: number, totalCount: number): Connection<T> & { totalCount: number } {
  const hasNextPage = offset + rows.length < totalCount;
  return { nodes: rows, pageInfo: { hasNextPage, endCursor: hasNextPage ? offsetCursor(offset + rows.length) : null }, totalCount };
}

/** A connection over a list already in memory (small configuration lists); all of it without `size`. */
export function sliceConnection<T>(all: T[], offset: number, size: number | undefined): Connection<T> & { totalCount: number } {
  return countedConnection(all.slice(offset, size === undefined ? undefined : offset + size), offset, all.length);
}

/** A connection from a keyset page of a service ({items, hasMore, nextCursor}). */
export function keysetPageConnection<T>(page: { items: T[]; hasMore?: boolean; nextCursor: string | null }): Connection<T> {
  return {
    nodes: page.items,
    pageInfo: { hasNextPage: page.hasMore ?? page.nextCursor !== null, endCursor: page.nextCursor },
    totalCount: undefined,
  };
}
