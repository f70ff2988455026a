// Watchlist import: load a list with the engine engineer's loaders, compute the delta against the
// source's current version by content hash, and write it in one transaction that ends with the
// pointer flip and a NOTIFY (searches never see half a list). Same content → no-op, so a retried
// (crashed) import job is idempotent.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Db } from '../../../platform/db/prisma';
import {
  activateVersion,
  closeRows,
  copyRows,
  countVersions,
  createImport,
  currentHashes,
  deleteRowsOfVersion,
  EntityRowText,
  ensureSource,
  findVersion,
  insertRows,
  insertVersion,
  lockSource,
  nextSeq,
  notifyReplicas,
  STARTUP_LOAD_FORMAT,
  Sql,
  StoredEntityRow,
  updateImport,
  VersionRow,
} from '../data/watchlist-store';
import { ScreeningError } from '../errors';
import { newObjectId } from './object-id';
import {
  entityContentHash,
  loadList,
  primaryName,
  resolveFormat,
  shippedLists,
  WatchlistEntity,
  WatchlistFormat,
  WATCHLIST_FORMATS,
} from './engine-adapter';
import { ftmSourceName, stableStringify, streamFtmFile } from '../lists';
import { envValue } from '../../../platform/config/env';

const CHUNK = 500;

export interface SourceImportResult {
  source: string;
  format: string;
  label: string;
  versionId: string;
  seq: number;
  /** imported: a new active version; unchanged: the same content is already active (no-op). */
  outcome: 'imported' | 'unchanged';
  contentHash: string;
  entities: number;
  names: number;
  added: number;
  changed: number;
  removed: number;
  /** Records sharing a source id with an earlier record of the same file (the last one is kept). */
  duplicates: number;
  ms: number;
}

/** The answer for a file whose content is already the active version: nothing written. */
function unchangedResult(source: string, format: string, active: VersionRow, duplicates: number, started: number): SourceImportResult {
  return {
    source,
    format,
    label: active.label,
    versionId: active.id,
    seq: active.seq,
    outcome: 'unchanged',
    contentHash: active.content_hash,
    entities: active.entity_count,
    names: active.name_count,
    added: 0,
    changed: 0,
    removed: 0,
    duplicates,
    ms: Date.now() - started,
  };
}

export interface ImportResult {
  importId: string;
  format: string;
  path: string;
  sources: SourceImportResult[];
}

export type ImportProgress = (event: {
  phase: 'load' | 'write' | 'done';
  label: string;
  source?: string;
  done: number;
  total: number;
}) => void;

export interface ImportRequest {
  format: string;
  path: string;
  /** Version label; default the folder or file name. */
  label?: string;
  /** An existing import record (the API path creates it as queued); otherwise one is created. */
  importId?: string;
  origin?: 'cli' | 'startup' | 'api' | 'test';
}

/** The root of the shipped lists: env VIGIL_WATCHLIST_DIR, else ../shared/data/watchlists from the project root. */
export function shippedWatchlistDir(env: NodeJS.ProcessEnv = process.env): string {
  const projectRoot = path.resolve(__dirname, '../../..');
  return path.resolve(
    projectRoot,
    envValue('VIGIL_WATCHLIST_DIR', env) ?? envValue('VIGIL_WATCHLISTS_DIR', env) ?? '../shared/data/watchlists',
  );
}

export function validateImportRequest(format: string, listPath: string): WatchlistFormat {
  const resolved = resolveFormat(format);
  if (!resolved)
    throw new ScreeningError(
      'watchlist_format_invalid',
      `format: unknown watchlist format "${format}"; one of ${WATCHLIST_FORMATS.join(', ')}`,
      { field: 'format' },
    );
  if (!listPath || !fs.existsSync(listPath))
    throw new ScreeningError('watchlist_format_invalid', `path: no file or folder at "${listPath}"`, { field: 'path' });
  return resolved;
}

/** Runs one import end to end, recording it in watchlist_imports (running → completed | failed). */
export async function runImport(db: Db, request: ImportRequest, progress?: ImportProgress): Promise<ImportResult> {
  const format = validateImportRequest(request.format, request.path);
  const importId = request.importId ?? newObjectId();
  if (request.importId)
    await updateImport(db, importId, { status: 'running', startedAt: new Date(), error: null, attemptsIncrement: true });
  else await createImport(db, { id: importId, format, path: request.path, status: 'running', origin: request.origin ?? 'cli' });
  try {
    const label = request.label ?? path.basename(path.resolve(request.path));
    // A FollowTheMoney file of any size is imported streamed (COPY, bounded memory); a folder of them as a whole list.
    if (format === 'ftm_jsonl' && fs.statSync(request.path).isFile()) {
      const source = await importFtmStreamed(db, { path: request.path, format, label, importId }, progress);
      const result: ImportResult = { importId, format, path: request.path, sources: [source] };
      await updateImport(db, importId, { status: 'completed', finishedAt: new Date(), result });
      return result;
    }
    progress?.({ phase: 'load', label, done: 0, total: 1 });
    const entities = await loadList(format, request.path);
    progress?.({ phase: 'load', label, done: 1, total: 1 });
    if (!entities.length)
      throw new ScreeningError('watchlist_format_invalid', `path: the ${format} loader found no records in "${request.path}"`, {
        field: 'path',
      });
    const bySource = new Map<string, WatchlistEntity[]>();
    for (const entity of entities) {
      const list = bySource.get(entity.source) ?? [];
      list.push(entity);
      bySource.set(entity.source, list);
    }
    const sources: SourceImportResult[] = [];
    for (const [source, list] of bySource)
      sources.push(await importSourceVersion(db, { source, format, label, entities: list, importId }, progress));
    const result: ImportResult = { importId, format, path: request.path, sources };
    await updateImport(db, importId, { status: 'completed', finishedAt: new Date(), result });
    return result;
  } catch (error) {
    await updateImport(db, importId, { status: 'failed', finishedAt: new Date(), error: (error as Error).message }).catch(() => undefined);
    throw error;
  }
}

interface Prepared {
  rows: Map<string, StoredEntityRow>;
  contentHash: string;
  names: number;
  duplicates: number;
}

function prepare(entities: WatchlistEntity[]): Prepared {
  const rows = new Map<string, StoredEntityRow>();
  let duplicates = 0;
  let names = 0;
  for (const entity of entities) {
    if (rows.has(entity.sourceId)) {
      duplicates++;
      names -= rows.get(entity.sourceId)!.names.split(' | ').length;
    }
    const allNames = entity.names.map((name) => name.value.toLowerCase());
    names += allNames.length;
    rows.set(entity.sourceId, {
      sourceId: entity.sourceId,
      contentHash: entityContentHash(entity),
      type: entity.type,
      primaryName: primaryName(entity),
      feeds: [...entity.feeds],
      names: allNames.join(' | '),
      data: entity,
    });
  }
  const digest = crypto.createHash('sha256');
  for (const id of [...rows.keys()].sort()) digest.update(`${id}\t${rows.get(id)!.contentHash}\n`);
  return { rows, contentHash: digest.digest('hex'), names, duplicates };
}

export async function importSourceVersion(
  db: Db,
  input: { source: string; format: string; label: string; entities: WatchlistEntity[]; importId: string | null },
  progress?: ImportProgress,
): Promise<SourceImportResult> {
  const started = Date.now();
  const prepared = prepare(input.entities);
  const { source, format, label } = input;
  return db.$transaction(
    async (tx) => {
      const sql: Sql = tx;
      await ensureSource(sql, source, format);
      const current = await lockSource(sql, source);
      if (current.active_version_id) {
        const active = await findVersion(sql, current.active_version_id);
        if (active && active.content_hash === prepared.contentHash) {
          progress?.({ phase: 'done', label, source, done: prepared.rows.size, total: prepared.rows.size });
          return unchangedResult(source, format, active, prepared.duplicates, started);
        }
      }
      const seq = await nextSeq(sql, source);
      const versionId = newObjectId();
      await insertVersion(sql, { id: versionId, source, seq, format, label, contentHash: prepared.contentHash, importId: input.importId });
      const previous = await currentHashes(sql, source);
      const added: StoredEntityRow[] = [];
      const changed: StoredEntityRow[] = [];
      for (const row of prepared.rows.values()) {
        const hash = previous.get(row.sourceId);
        if (hash === undefined) added.push(row);
        else if (hash !== row.contentHash) changed.push(row);
      }
      const removed = [...previous.keys()].filter((id) => !prepared.rows.has(id));
      await closeRows(sql, source, seq, [...changed.map((row) => row.sourceId), ...removed]);
      const toWrite = [...added, ...changed];
      for (let i = 0; i < toWrite.length; i += CHUNK) {
        await insertRows(sql, source, seq, toWrite.slice(i, i + CHUNK));
        progress?.({ phase: 'write', label, source, done: Math.min(i + CHUNK, toWrite.length), total: toWrite.length });
      }
      await activateVersion(sql, {
        id: versionId,
        source,
        seq,
        entities: prepared.rows.size,
        names: prepared.names,
        added: added.length,
        changed: changed.length,
        removed: removed.length,
      });
      progress?.({ phase: 'done', label, source, done: toWrite.length, total: toWrite.length });
      return {
        source,
        format,
        label,
        versionId,
        seq,
        outcome: 'imported' as const,
        contentHash: prepared.contentHash,
        entities: prepared.rows.size,
        names: prepared.names,
        added: added.length,
        changed: changed.length,
        removed: removed.length,
        duplicates: prepared.duplicates,
        ms: Date.now() - started,
      };
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

/** The shipped lists of a directory, newest folder per loader source only (the SDN list ships in
 * two editions; the older one would only be superseded at once). Folder dates order them. */
export function shippedImportPlan(
  dir: string,
  options: { allVersions?: boolean } = {},
): { folder: string; format: WatchlistFormat; path: string }[] {
  const lists = shippedLists(dir).map((list) => ({
    folder: list.folder,
    format: list.format,
    path: list.paths.length === 1 ? list.paths[0] : path.join(dir, list.folder),
  }));
  // Oldest first, so that with allVersions the newest edition ends up active.
  const dated = (folder: string) =>
    folder
      .match(/(\d{4})-(\d{2})(?:-(\d{2}))?/)
      ?.slice(1)
      .map((part) => part ?? '00')
      .join('') ?? '00000000';
  lists.sort(
    (a, b) => a.format.localeCompare(b.format) || dated(a.folder).localeCompare(dated(b.folder)) || a.folder.localeCompare(b.folder),
  );
  if (options.allVersions) return lists;
  const newest = new Map<string, (typeof lists)[number]>();
  // one loader format ↔ one source for the shipped folders, except FollowTheMoney: each FtM dataset is a source of its own
  for (const list of lists) newest.set(list.format === 'ftm_jsonl' ? `ftm:${ftmSourceName(list.path)}` : list.format, list);
  return [...newest.values()];
}

export async function importShippedLists(
  db: Db,
  dir: string,
  options: { allVersions?: boolean; origin?: ImportRequest['origin'] } = {},
  progress?: ImportProgress,
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const list of shippedImportPlan(dir, options)) {
    results.push(
      await runImport(db, { format: list.format, path: list.path, label: list.folder, origin: options.origin ?? 'cli' }, progress),
    );
  }
  return results;
}

/** `npm start` on the embedded default: loads the shipped lists once, when no version exists yet. */
export async function loadShippedWatchlistsOnce(db: Db, log: ImportLog, dir = shippedWatchlistDir()): Promise<ImportResult[]> {
  try {
    return await loadShipped(db, log, dir);
  } catch (error) {
    // Never fatal for the platform: searches answer from whatever is loaded; retry with the CLI.
    log.error({ err: error }, 'loading the shipped watchlists failed (retry: npm run watchlists -- --shipped)');
    return [];
  }
}

type ImportLog = {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
};

async function loadShipped(db: Db, log: ImportLog, dir: string): Promise<ImportResult[]> {
  if ((await countVersions(db)) > 0) return [];
  if (!fs.existsSync(dir)) {
    log.warn({ dir }, 'no shipped watchlists found; screening starts with an empty index (import lists with npm run watchlists)');
    return [];
  }
  const started = Date.now();
  log.info({ dir }, 'loading the shipped watchlists (first start); searches answer 503 until they are all in');
  // An umbrella import row marks the load: replicas stay unready while it runs (no search sees
  // only part of the lists); it expires after 15 minutes should this process die.
  const umbrellaId = newObjectId();
  await createImport(db, { id: umbrellaId, format: STARTUP_LOAD_FORMAT, path: dir, status: 'running', origin: 'startup' });
  await notifyReplicas(db, { startupLoad: 'running' });
  try {
    const results = await importShippedLists(db, dir, { origin: 'startup' }, (event) => {
      if (event.phase === 'done')
        log.info({ list: event.label, source: event.source, rows: event.total }, `watchlist ${event.label} loaded`);
    });
    const entities = results.flatMap((result) => result.sources).reduce((sum, source) => sum + source.entities, 0);
    await updateImport(db, umbrellaId, {
      status: 'completed',
      finishedAt: new Date(),
      result: { lists: results.map((result) => result.importId), entities },
    });
    log.info({ lists: results.length, entities, ms: Date.now() - started }, 'shipped watchlists loaded');
    return results;
  } catch (error) {
    await updateImport(db, umbrellaId, { status: 'failed', finishedAt: new Date(), error: (error as Error).message }).catch(
      () => undefined,
    );
    throw error;
  } finally {
    await notifyReplicas(db, { startupLoad: 'finished' }).catch(() => undefined);
  }
}

/** Rows per COPY of a streamed import (one COPY is in flight while the next rows are parsed). */
const STREAM_CHUNK = 2000;
/** Source ids per update or delete statement of a streamed import. */
const ID_CHUNK = 50_000;

/** Per source id seen by a streamed import: its record's content hash, names and whether a row of it was written. */
class SeenIds {
  private readonly slots = new Map<string, number>();
  hashes = new Uint8Array(32 * 1024);
  names = new Uint16Array(1024);
  written = new Uint8Array(1024);
  get size(): number {
    return this.slots.size;
  }
  /** The id's slot (a new one for a first sighting) and whether it was seen before. */
  slot(id: string): { slot: number; seen: boolean } {
    const known = this.slots.get(id);
    if (known !== undefined) return { slot: known, seen: true };
    const slot = this.slots.size;
    this.slots.set(id, slot);
    if (slot >= this.names.length) {
      const grow = <T extends Uint8Array | Uint16Array>(a: T, width: number): T => {
        const next = new (a.constructor as new (n: number) => T)(a.length * 2);
        next.set(a);
        return next.length >= (slot + 1) * width ? next : grow(next, width);
      };
      this.hashes = grow(this.hashes, 32);
      this.names = grow(this.names, 1);
      this.written = grow(this.written, 1);
    }
    return { slot, seen: false };
  }
  hashHex(slot: number): string {
    return Buffer.from(this.hashes.buffer, this.hashes.byteOffset + slot * 32, 32).toString('hex');
  }
  entries(): IterableIterator<[string, number]> {
    return this.slots.entries();
  }
  has(id: string): boolean {
    return this.slots.has(id);
  }
}

/** A row of a streamed import's batch; `replaces`: a row of this id was written by an earlier batch (the last record wins). */
interface BatchRow {
  row: EntityRowText;
  entity: WatchlistEntity;
  replaces: boolean;
}

/**
 * A FollowTheMoney file imported in one pass without holding it: each record is parsed, hashed and, when new or changed
 * against the source's current rows, written in batches with COPY (one batch in flight while the next is parsed); per
 * source id only its content hash (32 bytes) and a few counters are kept. At 10 million records the import that loads the
 * list whole held every record as an object several times over (the list, the rows, the insert payloads: ~27 GB RSS
 * extrapolated from 2.7 GB at 1M). Same outcome as importSourceVersion: the last record of a duplicate id wins, the
 * version's content hash is over the sorted ids, and a file equal to the active version changes nothing. One raw
 * transaction (COPY needs the connection itself), bounded like the Prisma transaction of importSourceVersion.
 * `batchRows` (tests): rows per COPY.
 */
export async function importFtmStreamed(
  db: Db,
  input: { path: string; format: string; label: string; importId: string | null; batchRows?: number },
  progress?: ImportProgress,
): Promise<SourceImportResult> {
  const started = Date.now();
  const { format, label } = input;
  const source = ftmSourceName(input.path);
  const bytes = fs.statSync(input.path).size;
  const total = Math.max(1, Math.round(bytes / 700));
  const batchRows = input.batchRows ?? STREAM_CHUNK;
  const unchanged = new Error('unchanged');
  // The bar starts at the first event; records are parsed and written in the same pass.
  progress?.({ phase: 'load', label, source, done: 0, total });
  let result: SourceImportResult | undefined;
  try {
    await db.$rawTransaction(
      async (tx) => {
        await ensureSource(tx, source, format);
        const current = await lockSource(tx, source);
        const active = current.active_version_id ? await findVersion(tx, current.active_version_id) : undefined;
        const seq = await nextSeq(tx, source);
        const previous = await currentHashes(tx, source);
        const seen = new SeenIds();
        let duplicates = 0;
        let records = 0;
        let batch = new Map<string, BatchRow>();
        let inFlight: Promise<void> = Promise.resolve();
        const write = async (rows: BatchRow[]) => {
          await copyRows(
            tx,
            source,
            seq,
            rows.filter((row) => !row.replaces).map((row) => row.row),
          );
          const replacing = rows.filter((row) => row.replaces);
          if (replacing.length)
            await insertRows(
              tx,
              source,
              seq,
              replacing.map(({ row, entity }) => ({ ...row, data: entity })),
              true,
            );
        };
        const flush = async () => {
          await inFlight;
          const rows = [...batch.values()];
          batch = new Map();
          inFlight = write(rows);
          // Reported by the next await; never unhandled while the next batch is parsed.
          inFlight.catch(() => undefined);
        };
        for await (const entity of streamFtmFile(input.path, source)) {
          records++;
          const { slot, seen: again } = seen.slot(entity.sourceId);
          if (again) duplicates++;
          // The stable JSON is both what the content hash is taken over (entityContentHash) and the row's data.
          const json = stableStringify(entity);
          const digest = crypto.createHash('sha256').update(json).digest();
          digest.copy(seen.hashes, slot * 32);
          const hash = digest.toString('hex');
          seen.names[slot] = Math.min(65535, entity.names.length);
          if (previous.get(entity.sourceId) !== hash) {
            // An earlier record of this id already written (not in this batch) is replaced by this one.
            const pending = batch.get(entity.sourceId);
            const replaces = pending ? pending.replaces : seen.written[slot] === 1;
            seen.written[slot] = 1;
            batch.set(entity.sourceId, {
              row: {
                sourceId: entity.sourceId,
                contentHash: hash,
                type: entity.type,
                primaryName: primaryName(entity),
                feeds: entity.feeds,
                names: entity.names.map((name) => name.value.toLowerCase()).join(' | '),
                dataJson: json,
              },
              entity,
              replaces,
            });
            if (batch.size >= batchRows) await flush();
          } else if (batch.has(entity.sourceId)) batch.delete(entity.sourceId);
          // The total is an estimate from the file size (records are counted as they come); it grows when passed.
          if (records % 10_000 === 0) progress?.({ phase: 'write', label, source, done: records, total: Math.max(total, records + 1) });
        }
        await flush();
        await inFlight;
        if (!seen.size)
          throw new ScreeningError('watchlist_format_invalid', `path: the ${format} loader found no records in "${input.path}"`, {
            field: 'path',
          });
        // Outcome per id: its last record against the source's current row.
        let added = 0;
        let names = 0;
        const changed: string[] = [];
        const stale: string[] = [];
        const digest = crypto.createHash('sha256');
        const ids: string[] = [];
        for (const [id, slot] of seen.entries()) {
          ids.push(id);
          names += seen.names[slot];
          const before = previous.get(id);
          if (before === undefined) added++;
          else if (before !== seen.hashHex(slot)) changed.push(id);
          else if (seen.written[slot]) stale.push(id);
        }
        ids.sort();
        for (const id of ids) digest.update(`${id}\t${seen.hashHex(seen.slot(id).slot)}\n`);
        const contentHash = digest.digest('hex');
        if (active && active.content_hash === contentHash) {
          result = unchangedResult(source, format, active, duplicates, started);
          progress?.({ phase: 'done', label, source, done: records, total: records });
          // Nothing of this file may stay: the rows written are rolled back with the transaction.
          throw unchanged;
        }
        const removed = [...previous.keys()].filter((id) => !seen.has(id));
        for (let i = 0; i < stale.length; i += ID_CHUNK) await deleteRowsOfVersion(tx, source, seq, stale.slice(i, i + ID_CHUNK));
        const closing = [...changed, ...removed];
        for (let i = 0; i < closing.length; i += ID_CHUNK) await closeRows(tx, source, seq, closing.slice(i, i + ID_CHUNK));
        const versionId = newObjectId();
        await insertVersion(tx, { id: versionId, source, seq, format, label, contentHash, importId: input.importId });
        await activateVersion(tx, {
          id: versionId,
          source,
          seq,
          entities: seen.size,
          names,
          added,
          changed: changed.length,
          removed: removed.length,
        });
        progress?.({ phase: 'done', label, source, done: records, total: records });
        result = {
          source,
          format,
          label,
          versionId,
          seq,
          outcome: 'imported' as const,
          contentHash,
          entities: seen.size,
          names,
          added,
          changed: changed.length,
          removed: removed.length,
          duplicates,
          ms: Date.now() - started,
        };
      },
      // A list of millions of records takes tens of minutes on a loaded machine (1M records, 236 MB: over 11 minutes at a
      // load average of 20): the transaction's deadline grows with the file, at 20 KB per second.
      { timeoutMs: Math.max(10 * 60_000, Math.round(bytes / 20)), maxWaitMs: 60_000 },
    );
  } catch (error) {
    if (error !== unchanged) throw error;
  }
  return result!;
}
