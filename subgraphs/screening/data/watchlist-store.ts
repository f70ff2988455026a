// Watchlist storage (schema "screening"): sources, versions, the entity delta log and imports.
// Global reference data: not tenant-scoped (every tenant screens against the same lists).
// Bulk statements pass rows as one JSON parameter (jsonb_to_recordset): one round trip per chunk; a streamed import
// writes its rows with COPY (copyRows) in a raw transaction.
import { Db, isRawTx, type DbRawTx } from '../../../platform/db/prisma';
import { Prisma } from '../../../platform/db/prisma-client';

/** Anything that runs raw SQL: the client or an interactive transaction. */
export type Sql = Pick<Db, '$queryRawUnsafe' | '$executeRawUnsafe'>;

/** Where an import's statements run: a Prisma interactive transaction (the whole-list import) or a raw transaction (the
 * streamed FollowTheMoney import, whose rows go in with COPY). */
export type ImportSql = Sql | DbRawTx;

async function query<T>(sql: ImportSql, text: string, ...params: unknown[]): Promise<T[]> {
  return isRawTx(sql) ? ((await sql.run(text, params)) as T[]) : sql.$queryRawUnsafe<T[]>(text, ...params);
}

async function execute(sql: ImportSql, text: string, ...params: unknown[]): Promise<void> {
  if (isRawTx(sql)) await sql.run(text, params);
  else await sql.$executeRawUnsafe(text, ...params);
}

import { VERSIONS_CHANNEL } from './watchlist-signals';
export { STARTUP_LOAD_FORMAT, VERSIONS_CHANNEL } from './watchlist-signals';

/** Wakes every replica (index refresh / readiness re-check). */
export async function notifyReplicas(sql: Sql, payload: Record<string, unknown>): Promise<void> {
  await sql.$queryRawUnsafe(`SELECT pg_notify($1, $2)::text AS notified`, VERSIONS_CHANNEL, JSON.stringify(payload));
}

export interface StoredEntityRow {
  sourceId: string;
  contentHash: string;
  type: string;
  primaryName: string;
  feeds: string[];
  names: string;
  data: unknown;
}

export interface SourceRow {
  source: string;
  format: string;
  active_version_id: string | null;
  active_seq: number | null;
}

export interface VersionRow {
  id: string;
  source: string;
  seq: number;
  format: string;
  label: string;
  content_hash: string;
  status: string;
  entity_count: number;
  name_count: number;
  added_count: number;
  changed_count: number;
  removed_count: number;
  import_id: string | null;
  imported_at: Date | null;
}

export async function ensureSource(sql: ImportSql, source: string, format: string): Promise<void> {
  await execute(
    sql,
    `INSERT INTO screening.watchlist_sources (source, format, updated_at) VALUES ($1, $2, now()) ON CONFLICT (source) DO NOTHING`,
    source,
    format,
  );
}

/** Locks the source row for the rest of the transaction (imports of one source are serialized). */
export async function lockSource(sql: ImportSql, source: string): Promise<SourceRow> {
  const rows = await query<SourceRow>(
    sql,
    `SELECT source, format, active_version_id, active_seq FROM screening.watchlist_sources WHERE source = $1 FOR UPDATE`,
    source,
  );
  return rows[0];
}

export async function findVersion(sql: ImportSql, id: string): Promise<VersionRow | undefined> {
  const rows = await query<VersionRow>(sql, `SELECT * FROM screening.watchlist_versions WHERE id = $1`, id);
  return rows[0];
}

export async function nextSeq(sql: ImportSql, source: string): Promise<number> {
  const rows = await query<{ seq: number }>(
    sql,
    `SELECT coalesce(max(seq), 0)::int + 1 AS seq FROM screening.watchlist_versions WHERE source = $1`,
    source,
  );
  return rows[0].seq;
}

/** source_id → content hash of the source's current rows (those of its latest version). */
export async function currentHashes(sql: ImportSql, source: string): Promise<Map<string, string>> {
  const rows = await query<{ source_id: string; content_hash: string }>(
    sql,
    `SELECT source_id, content_hash FROM screening.watchlist_entities WHERE source = $1 AND removed_seq IS NULL`,
    source,
  );
  return new Map(rows.map((row) => [row.source_id, row.content_hash]));
}

export async function closeRows(sql: ImportSql, source: string, seq: number, sourceIds: string[]): Promise<void> {
  if (!sourceIds.length) return;
  await execute(
    sql,
    `UPDATE screening.watchlist_entities SET removed_seq = $2
       WHERE source = $1 AND removed_seq IS NULL AND added_seq < $2 AND source_id IN (SELECT jsonb_array_elements_text($3::jsonb))`,
    source,
    seq,
    JSON.stringify(sourceIds),
  );
}

/**
 * Writes rows of version `seq`; with `replace`, a row of that version written before under the same source id is
 * replaced (a streamed import meets a duplicate id after writing its earlier record; the last one wins).
 */
export async function insertRows(sql: ImportSql, source: string, seq: number, rows: StoredEntityRow[], replace = false): Promise<void> {
  if (!rows.length) return;
  const payload = rows.map((row) => ({
    source_id: row.sourceId,
    content_hash: row.contentHash,
    type: row.type,
    primary_name: row.primaryName,
    feeds: row.feeds,
    names: row.names,
    data: row.data,
  }));
  await execute(
    sql,
    `INSERT INTO screening.watchlist_entities (source, source_id, added_seq, content_hash, type, primary_name, feeds, names, data)
     SELECT $1, x.source_id, $2, x.content_hash, x.type, x.primary_name, x.feeds, x.names, x.data
       FROM jsonb_to_recordset($3::jsonb) AS x(source_id text, content_hash text, type text, primary_name text, feeds text[], names text, data jsonb)` +
      (replace
        ? ` ON CONFLICT (source, source_id, added_seq) DO UPDATE SET content_hash = excluded.content_hash, type = excluded.type,
              primary_name = excluded.primary_name, feeds = excluded.feeds, names = excluded.names, data = excluded.data`
        : ''),
    source,
    seq,
    JSON.stringify(payload),
  );
}

/** A row for copyRows: as StoredEntityRow, with the entity already serialized as JSON text (its content-hash text). */
export interface EntityRowText extends Omit<StoredEntityRow, 'data'> {
  dataJson: string;
}

const COPY_COLUMNS = 'source, added_seq, source_id, content_hash, type, primary_name, feeds, names, data';
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: backslash, newline, carriage return and tab escaped (the column and row separators and
 * the escape character; every other character stands for itself). */
export function copyTextField(value: string): string {
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]) : value;
}

/** A text[] literal, every element quoted (a feed may hold spaces, commas or braces). */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * Writes rows of version `seq` with one `COPY … FROM STDIN` (text format): a fraction of the server's work of `INSERT …
 * jsonb_to_recordset` (no JSON document of the whole batch to parse and take apart). No row of `seq` may exist yet under
 * these source ids (COPY has no ON CONFLICT; a replacement goes through insertRows with `replace`). Raw transactions only.
 */
export async function copyRows(tx: DbRawTx, source: string, seq: number, rows: readonly EntityRowText[]): Promise<void> {
  if (!rows.length) return;
  const prefix = `${copyTextField(source)}\t${seq}\t`;
  const lines: string[] = [];
  for (const row of rows)
    lines.push(
      prefix +
        `${copyTextField(row.sourceId)}\t${copyTextField(row.contentHash)}\t${copyTextField(row.type)}\t` +
        `${copyTextField(row.primaryName)}\t${copyTextField(arrayLiteral(row.feeds))}\t${copyTextField(row.names)}\t` +
        `${copyTextField(row.dataJson)}\n`,
    );
  await tx.copyFrom(`COPY screening.watchlist_entities (${COPY_COLUMNS}) FROM STDIN`, lines.join(''));
}

/** Drops rows written by version `seq` (a streamed import's duplicate id whose last record turned out unchanged). */
export async function deleteRowsOfVersion(sql: ImportSql, source: string, seq: number, sourceIds: string[]): Promise<void> {
  if (!sourceIds.length) return;
  await execute(
    sql,
    `DELETE FROM screening.watchlist_entities WHERE source = $1 AND added_seq = $2 AND source_id IN (SELECT jsonb_array_elements_text($3::jsonb))`,
    source,
    seq,
    JSON.stringify(sourceIds),
  );
}

export async function insertVersion(
  sql: ImportSql,
  version: { id: string; source: string; seq: number; format: string; label: string; contentHash: string; importId: string | null },
): Promise<void> {
  await execute(
    sql,
    `INSERT INTO screening.watchlist_versions (id, source, seq, format, label, content_hash, status, entity_count, name_count,
       added_count, changed_count, removed_count, import_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'importing', 0, 0, 0, 0, 0, $7)`,
    version.id,
    version.source,
    version.seq,
    version.format,
    version.label,
    version.contentHash,
    version.importId,
  );
}

/** Marks the version active with its counts, supersedes the previous one, flips the source's
 * pointer and notifies every screening replica (delivered when the transaction commits). */
export async function activateVersion(
  sql: ImportSql,
  version: { id: string; source: string; seq: number; entities: number; names: number; added: number; changed: number; removed: number },
): Promise<void> {
  await execute(
    sql,
    `UPDATE screening.watchlist_versions SET status = 'superseded' WHERE source = $1 AND status = 'active' AND id <> $2`,
    version.source,
    version.id,
  );
  await execute(
    sql,
    `UPDATE screening.watchlist_versions SET status = 'active', entity_count = $2, name_count = $3, added_count = $4,
       changed_count = $5, removed_count = $6, imported_at = now() WHERE id = $1`,
    version.id,
    version.entities,
    version.names,
    version.added,
    version.changed,
    version.removed,
  );
  await execute(
    sql,
    `UPDATE screening.watchlist_sources SET active_version_id = $2, active_seq = $3, updated_at = now() WHERE source = $1`,
    version.source,
    version.id,
    version.seq,
  );
  await query(
    sql,
    `SELECT pg_notify($1, $2)::text AS notified`,
    VERSIONS_CHANNEL,
    JSON.stringify({ source: version.source, versionId: version.id, seq: version.seq }),
  );
}

export async function countVersions(sql: Sql): Promise<number> {
  const rows = await sql.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM screening.watchlist_versions WHERE status IN ('active', 'superseded')`,
  );
  return rows[0].n;
}

export interface ActiveSourceRow {
  source: string;
  format: string;
  version_id: string;
  seq: number;
  label: string;
  content_hash: string;
  entity_count: number;
  name_count: number;
  imported_at: Date | null;
}

export async function listActiveSources(sql: Sql): Promise<ActiveSourceRow[]> {
  return sql.$queryRawUnsafe<ActiveSourceRow[]>(
    `SELECT s.source, s.format, v.id AS version_id, v.seq, v.label, v.content_hash, v.entity_count, v.name_count, v.imported_at
       FROM screening.watchlist_sources s JOIN screening.watchlist_versions v ON v.id = s.active_version_id
      ORDER BY s.source`,
  );
}

// --- imports -------------------------------------------------------------------------------

export interface ImportRow {
  id: string;
  format: string;
  path: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  origin: string;
  tenantId: string | null;
  workspaceId: string | null;
  requestedBy: string | null;
  jobId: string | null;
  result: Prisma.JsonValue | null;
  error: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export async function createImport(
  db: Db,
  data: {
    id: string;
    format: string;
    path: string;
    status: ImportRow['status'];
    origin: string;
    tenantId?: string;
    workspaceId?: string;
    requestedBy?: string;
  },
): Promise<ImportRow> {
  return (await db.watchlistImport.create({ data: { ...data, startedAt: data.status === 'running' ? new Date() : null } })) as ImportRow;
}

export async function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  return ((await db.watchlistImport.findUnique({ where: { id } })) as ImportRow | null) ?? undefined;
}

export async function updateImport(
  db: Db,
  id: string,
  data: Partial<Pick<ImportRow, 'status' | 'jobId' | 'error' | 'startedAt' | 'finishedAt'>> & {
    result?: unknown;
    attemptsIncrement?: boolean;
  },
): Promise<void> {
  const { attemptsIncrement, result, ...rest } = data;
  await db.watchlistImport.update({
    where: { id },
    data: {
      ...rest,
      ...(result !== undefined ? { result: result as Prisma.InputJsonValue } : {}),
      ...(attemptsIncrement ? { attempts: { increment: 1 } } : {}),
    },
  });
}
