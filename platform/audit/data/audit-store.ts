// Every read and write of the audit tables (platform.audit_log, audit_chain_heads, audit_checkpoints).
// An append is ONE statement: an upsert of the workspace's chain head (which takes the head row's
// lock until the transaction ends, so appends of one workspace line up and other workspaces never
// wait) feeding the entry's insert. The hash is computed by platform.audit_chain_hash in the same
// statement, from the head it just locked (docs/audit.md).
import { isRootClient, type DbClient, type Scope } from '../../db/prisma';

export const GENESIS_HASH = '0'.repeat(64);

/** An entry as the writer hands it over (already checked and encoded). */
export interface AuditRowInput {
  tenantId: string;
  workspaceId: string;
  actorKind: string;
  actorId: string;
  clientAddress: string | null;
  action: string;
  resourceType: string;
  resourceId: string;
  profileId: string | null;
  outcome: string;
  requestId: string | null;
  /** JSON text of the detail part. */
  detail: string;
  /** JSON text of the personal part, or null. */
  personal: string | null;
  /** ISO time with milliseconds (toISOString). */
  createdAt: string;
}

/**
 * The two CTEs of an append (`audit_head`, `audit_entry`), numbered from `$<offset + 1>`, to put in
 * front of another statement's own CTEs: the screening hot path writes a search and its audit entry
 * in one round trip.
 */
export function auditAppendCtes(offset: number): string {
  const p = (n: number) => `$${offset + n}`;
  const personalHash = `CASE WHEN ${p(13)}::text IS NULL THEN NULL ELSE encode(sha256(convert_to(${p(13)}::text::jsonb::text, 'UTF8')), 'hex') END`;
  // The hashed parts, in the order of platform/audit/chain.ts's entryParts.
  const parts = [
    `'v1'`,
    `${p(1)}::text`,
    `${p(2)}::text`,
    `${p(14)}::text`,
    `${p(3)}::text`,
    `${p(4)}::text`,
    `${p(5)}::text`,
    `${p(6)}::text`,
    `${p(7)}::text`,
    `${p(8)}::text`,
    `${p(9)}::text`,
    `${p(10)}::text`,
    `${p(11)}::text`,
    `${p(12)}::text::jsonb::text`,
    personalHash,
  ];
  // What platform.audit_chain_hash computes, written out inline: a function call here is planned
  // again on every execution (its body is not inlined in ON CONFLICT DO UPDATE), which cost more
  // than the whole append.
  const chainHash = (prev: string, seq: string) =>
    `encode(sha256(convert_to(${prev}, 'UTF8') || '\\x00'::bytea || convert_to((${seq})::text, 'UTF8')` +
    parts.map((part) => ` || '\\x00'::bytea || convert_to(coalesce(${part}, ''), 'UTF8')`).join('') +
    `), 'hex')`;
  return `audit_head AS (
       INSERT INTO platform.audit_chain_heads AS h (tenant_id, workspace_id, seq, prev_hash, head_hash, updated_at)
       VALUES (${p(1)}::text, ${p(2)}::text, 1, '${GENESIS_HASH}', ${chainHash(`'${GENESIS_HASH}'`, '1')}, now())
       ON CONFLICT (tenant_id, workspace_id) DO UPDATE
         SET seq = h.seq + 1, prev_hash = h.head_hash, head_hash = ${chainHash('h.head_hash', 'h.seq + 1')},
             updated_at = now()
       RETURNING seq, prev_hash, head_hash
     ), audit_entry AS (
       INSERT INTO platform.audit_log (tenant_id, workspace_id, seq, actor_kind, actor_id, client_address, action, resource_type, resource_id,
                                       profile_id, outcome, request_id, detail, personal, personal_hash, prev_hash, entry_hash, created_at)
       SELECT ${p(1)}::text, ${p(2)}::text, audit_head.seq, ${p(3)}::text, ${p(4)}::text, ${p(5)}::text, ${p(6)}::text, ${p(7)}::text,
              ${p(8)}::text, ${p(9)}::text, ${p(10)}::text, ${p(11)}::text,
              ${p(12)}::text::jsonb, ${p(13)}::text::jsonb, ${personalHash}, audit_head.prev_hash, audit_head.head_hash,
              ${p(14)}::text::timestamptz AT TIME ZONE 'UTC'
         FROM audit_head
     )`;
}

/** The parameters of auditAppendCtes, in order. */
export function auditAppendParams(row: AuditRowInput): unknown[] {
  return [
    row.tenantId,
    row.workspaceId,
    row.actorKind,
    row.actorId,
    row.clientAddress,
    row.action,
    row.resourceType,
    row.resourceId,
    row.profileId,
    row.outcome,
    row.requestId,
    row.detail,
    row.personal,
    row.createdAt,
  ];
}

const APPEND = `WITH ${auditAppendCtes(0)} SELECT 1`;

/** Appends one entry (in the caller's transaction when `db` is one). Outside a transaction (an
 * audited read's entry, written before the read answers) it is a prepared statement on the pool:
 * the append's CTEs are parsed and planned once per connection, not on every read. */
export async function appendAuditRow(db: DbClient, row: AuditRowInput): Promise<void> {
  if (isRootClient(db)) await db.$runStatement(APPEND, auditAppendParams(row), 'platform_audit_append');
  else await db.$executeRawUnsafe(APPEND, ...auditAppendParams(row));
}

// ---------------------------------------------------------------------------------------------
// Reading the chain (verification)

/** The columns every read of an entry carries as stored (who, what, on what, with what outcome). */
interface AuditEntryColumns {
  id: bigint;
  seq: bigint;
  actorKind: string;
  actorId: string;
  clientAddress: string | null;
  action: string;
  resourceType: string;
  resourceId: string;
  profileId: string | null;
  outcome: string;
  requestId: string | null;
}

/** One stored entry with every hashed column as the verifier needs it. */
export interface ChainRow extends AuditEntryColumns {
  tenantId: string;
  workspaceId: string;
  /** The detail as PostgreSQL's jsonb text (its canonical form: the hashed one). */
  detailText: string;
  personalText: string | null;
  personalHash: string | null;
  prevHash: string;
  entryHash: string;
  /** ISO text with milliseconds, as hashed. */
  createdAt: string;
}

const CHAIN_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", seq, actor_kind AS "actorKind", actor_id AS "actorId",
  client_address AS "clientAddress", action, resource_type AS "resourceType", resource_id AS "resourceId", profile_id AS "profileId",
  outcome, request_id AS "requestId", detail::text AS "detailText", personal::text AS "personalText", personal_hash AS "personalHash",
  prev_hash AS "prevHash", entry_hash AS "entryHash", to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

/** Entries of a workspace's chain in id order (the order they were appended in), after `afterId`. */
export async function readChainPage(db: DbClient, scope: Scope, afterId: bigint, limit: number): Promise<ChainRow[]> {
  return db.$queryRawUnsafe<ChainRow[]>(
    `SELECT ${CHAIN_COLUMNS} FROM platform.audit_log WHERE tenant_id = $1 AND workspace_id = $2 AND id > $3 ORDER BY id LIMIT $4`,
    scope.tenantId,
    scope.workspaceId,
    afterId,
    limit,
  );
}

export interface ChainHeadRow {
  tenantId: string;
  workspaceId: string;
  seq: bigint;
  headHash: string;
}

/** Every workspace that has a chain (or only the given one). */
export async function listChainHeads(db: DbClient, workspaceId?: string): Promise<ChainHeadRow[]> {
  return db.auditChainHead.findMany({
    where: workspaceId ? { workspaceId } : {},
    select: { tenantId: true, workspaceId: true, seq: true, headHash: true },
    orderBy: [{ tenantId: 'asc' }, { workspaceId: 'asc' }],
  });
}

// ---------------------------------------------------------------------------------------------
// Checkpoints

export interface CheckpointRow {
  id: string;
  tenantId: string;
  workspaceId: string;
  seq: bigint;
  headHash: string;
  kind: string;
  signedAt: Date;
  keyId: string;
  signature: string;
}

export async function insertCheckpoint(db: DbClient, row: CheckpointRow): Promise<void> {
  await db.auditCheckpoint.create({ data: row });
}

export async function listCheckpoints(db: DbClient, scope: Scope): Promise<CheckpointRow[]> {
  return db.auditCheckpoint.findMany({ where: scope, orderBy: [{ seq: 'asc' }, { signedAt: 'asc' }] });
}

/** The highest sequence number a checkpoint of the workspace covers (0 without one). */
export async function latestCheckpointSeq(db: DbClient, scope: Scope): Promise<bigint> {
  const row = await db.auditCheckpoint.findFirst({ where: scope, orderBy: { seq: 'desc' }, select: { seq: true } });
  return row?.seq ?? 0n;
}

// ---------------------------------------------------------------------------------------------
// Retention and erasure

/** The last entry written before `cutoff` (the newest one retention removes), if any. */
export async function lastEntryBefore(db: DbClient, scope: Scope, cutoff: Date): Promise<{ seq: bigint; entryHash: string } | undefined> {
  const row = await db.auditLogEntry.findFirst({
    where: { ...scope, createdAt: { lt: cutoff } },
    orderBy: { seq: 'desc' },
    select: { seq: true, entryHash: true },
  });
  return row ?? undefined;
}

/** Removes the workspace's entries up to and including `seq`, in bounded batches. */
export async function deleteEntriesThrough(db: DbClient, scope: Scope, seq: bigint, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await db.$executeRawUnsafe(
      `DELETE FROM platform.audit_log WHERE id IN (
         SELECT id FROM platform.audit_log WHERE tenant_id = $1 AND workspace_id = $2 AND seq <= $3 LIMIT ${batch})`,
      scope.tenantId,
      scope.workspaceId,
      seq,
    );
    total += count;
    if (count < batch) return total;
  }
}

/** Removes the personal part of every entry about the profile; the hash of that part stays. */
export async function erasePersonalParts(db: DbClient, scope: Scope, profileId: string): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE platform.audit_log SET personal = NULL
      WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = $3 AND personal IS NOT NULL`,
    scope.tenantId,
    scope.workspaceId,
    profileId,
  );
}

// ---------------------------------------------------------------------------------------------
// Listing (the console's query)

export interface AuditListFilter {
  resourceType?: string;
  resourceId?: string;
  profileId?: string;
  actorKind?: string;
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

export interface AuditEntryRow extends AuditEntryColumns {
  detail: unknown;
  personal: unknown;
  personalHash: string | null;
  entryHash: string;
  createdAt: Date;
}

/** Newest first; `beforeSeq` continues a page. Reads `limit + 1` rows (the extra one says a page follows). */
export async function listEntries(db: DbClient, scope: Scope, filter: AuditListFilter, beforeSeq: bigint | undefined, limit: number) {
  const where = {
    ...scope,
    ...(filter.resourceType ? { resourceType: filter.resourceType } : {}),
    ...(filter.resourceId ? { resourceId: filter.resourceId } : {}),
    ...(filter.profileId ? { profileId: filter.profileId } : {}),
    ...(filter.actorKind ? { actorKind: filter.actorKind } : {}),
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
  const [rows, totalCount] = await Promise.all([
    db.auditLogEntry.findMany({
      where: { ...where, ...(beforeSeq !== undefined ? { seq: { lt: beforeSeq } } : {}) },
      orderBy: { seq: 'desc' },
      take: limit + 1,
    }),
    db.auditLogEntry.count({ where }),
  ]);
  return { rows: rows as AuditEntryRow[], totalCount };
}

/** Checkpoints a retention anchor supersedes (they cover removed entries). */
export async function deleteCheckpointsBefore(db: DbClient, scope: Scope, seq: bigint): Promise<number> {
  const result = await db.auditCheckpoint.deleteMany({ where: { ...scope, seq: { lt: seq } } });
  return result.count;
}

// ---------------------------------------------------------------------------------------------
// Evidence packs (platform/audit/evidence)

/**
 * The sequence numbers of the entries about the given objects: whose object id is one of `ids`, whose
 * detail names one of them as `object_id` or `target_id` (a proposal kept as an object of its own
 * names the object it proposes a decision on), or whose profile is one of `profileIds`.
 */
export async function findSeqsAbout(db: DbClient, scope: Scope, ids: readonly string[], profileIds: readonly string[]): Promise<bigint[]> {
  const rows = await db.$queryRawUnsafe<{ seq: bigint }[]>(
    `SELECT seq FROM platform.audit_log
      WHERE tenant_id = $1 AND workspace_id = $2
        AND (resource_id = ANY($3::text[]) OR detail->>'object_id' = ANY($3::text[]) OR detail->>'target_id' = ANY($3::text[])
             OR profile_id = ANY($4::text[]))
      ORDER BY seq`,
    scope.tenantId,
    scope.workspaceId,
    [...ids],
    [...profileIds],
  );
  return rows.map((row) => row.seq);
}

/** The entries from `fromSeq` to `toSeq` (inclusive), in sequence order, with every hashed column. */
export async function readChainRange(db: DbClient, scope: Scope, fromSeq: bigint, toSeq: bigint): Promise<ChainRow[]> {
  return db.$queryRawUnsafe<ChainRow[]>(
    `SELECT ${CHAIN_COLUMNS} FROM platform.audit_log WHERE tenant_id = $1 AND workspace_id = $2 AND seq BETWEEN $3 AND $4 ORDER BY seq`,
    scope.tenantId,
    scope.workspaceId,
    fromSeq,
    toSeq,
  );
}

/** The workspace's chain head (its last seq and hash), if it has a chain. */
export async function findChainHead(db: DbClient, scope: Scope): Promise<ChainHeadRow | undefined> {
  const row = await db.auditChainHead.findFirst({ where: scope, select: { tenantId: true, workspaceId: true, seq: true, headHash: true } });
  return row ?? undefined;
}

/** The detail of the first entry with this action on the object (the search's own entry, say). */
export async function findEntryDetail(db: DbClient, scope: Scope, action: string, resourceId: string): Promise<unknown> {
  const row = await db.auditLogEntry.findFirst({
    where: { ...scope, action, resourceId },
    orderBy: { seq: 'asc' },
    select: { detail: true },
  });
  return row?.detail ?? null;
}
