// Which unknown failures mean "the database cannot be reached right now" rather than a bug: they
// answer 503 service_unavailable with Retry-After instead of 500 internal_error, so clients and
// load balancers retry, and operators are not paged for a bug that is an outage. Recognised by
// shape (codes and the drivers' own wording), without importing Prisma or pg: only data/ folders
// may, and the errors reach this layer from every one of them.

/** Seconds a client is asked to wait after a 503 (`Retry-After`, GraphQL `extensions.retryAfter`).
 * A pool waits at most 5 s for a connection and serves again within 5 s of PostgreSQL's return. */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** Socket failures of the connection to PostgreSQL (refused, reset, timed out, unresolvable). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** Prisma: P1001 cannot reach the server, P1002 server timed out, P1008 operation timed out,
 * P1017 server closed the connection, P2024 timed out fetching a connection from the pool,
 * P2037 too many connections. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);

/** @prisma/adapter-pg's driver error kinds for the same failures. */
const DRIVER_ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting or stopping), 53300 too many connections. */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What pg, pg-pool and Prisma say when the connection is gone or never came. */
const MESSAGES = [
  /^Connection terminated\b/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Can't reach database server/,
  /Server has closed the connection/,
  /Timed out fetching a new connection from the connection pool/,
  // Prisma's P2028 when a transaction found no free connection within its maxWait (the pool is busy)
  /Unable to start a transaction in the given time/,
  /the database system is (starting up|shutting down|in recovery mode)/,
  /terminating connection due to administrator command/,
];

/** True when `error` (or what it wraps: cause, originalError, Prisma's meta, an AggregateError's
 * errors) says PostgreSQL cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return visit(error, 0, new Set());
}

function visit(value: unknown, depth: number, seen: Set<object>): boolean {
  if (depth > 6 || typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  const record = value as Record<string, unknown>;
  const code = record.code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || SQLSTATE.test(code))) return true;
  // Prisma's initialization error carries its code as errorCode.
  if (typeof record.errorCode === 'string' && PRISMA_CODES.has(record.errorCode)) return true;
  if (typeof record.kind === 'string') {
    if (DRIVER_ADAPTER_KINDS.has(record.kind)) return true;
    if (record.kind === 'postgres' && typeof record.code === 'string' && SQLSTATE.test(record.code)) return true;
  }
  if (typeof record.originalCode === 'string' && SQLSTATE.test(record.originalCode)) return true;
  const message = value instanceof Error ? value.message : typeof record.message === 'string' ? record.message : undefined;
  if (message && MESSAGES.some((pattern) => pattern.test(message))) return true;
  const nested = [record.cause, record.originalError, record.meta, record.driverAdapterError];
  if (Array.isArray(record.errors)) nested.push(...(record.errors as unknown[]));
  return nested.some((inner) => visit(inner, depth + 1, seen));
}
