// The importWatchlist mutation: admins (entitlement watchlistAdmin) enqueue an import job and
// follow it with watchlistImport(id).
import fs from 'node:fs';
import path from 'node:path';
import { Db } from '../../../platform/db/prisma';
import { JobQueue } from '../../../platform/jobs/job-queue';
import { Principal } from '../../../platform/principal/principal';
import { createImport, findImport, ImportRow, updateImport } from '../data/watchlist-store';
import { ScreeningError } from '../errors';
import { IMPORT_QUEUE, ImportJobData } from '../jobs/import-job';
import { ImportResult, shippedWatchlistDir, validateImportRequest } from './import-service';
import { newObjectId } from './object-id';
import { envValue } from '../../../platform/config/env';
import { importResultColumn } from '../data/json-columns';

export function requireWatchlistAdmin(principal: Principal): void {
  if (principal.entitlements?.watchlistAdmin !== true) {
    throw new ScreeningError('forbidden', 'Watchlist administration requires the watchlistAdmin entitlement');
  }
}

/** Lazily started pg-boss client (only subgraph replicas that receive imports pay for it). */
export class ImportQueue {
  private queue: Promise<JobQueue> | undefined;
  constructor(private readonly databaseUrl: string) {}

  async send(data: ImportJobData): Promise<string | null> {
    this.queue ??= JobQueue.start(this.databaseUrl).then(async (queue) => {
      await queue.ensureQueue(IMPORT_QUEUE, 3);
      return queue;
    });
    const queue = await this.queue.catch((error) => {
      this.queue = undefined;
      throw error;
    });
    return queue.send(IMPORT_QUEUE, data, { singletonKey: data.importId });
  }

  async close(): Promise<void> {
    const queue = await this.queue?.catch(() => undefined);
    await queue?.stop();
  }
}

export async function requestImport(
  db: Db,
  queue: ImportQueue,
  principal: Principal,
  input: { format: string; path: string },
): Promise<ImportRow> {
  requireWatchlistAdmin(principal);
  checkImportRoot(input.path);
  const format = validateImportRequest(input.format, input.path);
  const id = newObjectId();
  await createImport(db, {
    id,
    format,
    path: input.path,
    status: 'queued',
    origin: 'api',
    tenantId: principal.tenantId,
    workspaceId: principal.workspaceId,
    requestedBy: principal.actorId,
  });
  try {
    const jobId = await queue.send({ importId: id, format, path: input.path });
    await updateImport(db, id, { jobId });
  } catch (error) {
    await updateImport(db, id, { status: 'failed', error: `could not enqueue: ${(error as Error).message}`, finishedAt: new Date() });
    throw new ScreeningError('service_unavailable', 'The import could not be queued; retry later');
  }
  return (await findImport(db, id))!;
}

/** API imports may only read files under VIGIL_WATCHLIST_IMPORT_ROOTS (paths separated by ":"),
 * by default the shipped watchlist folder; symbolic links are followed before the check, so a
 * link cannot lead outside. The CLI, run by an operator, is not restricted. */
export function checkImportRoot(listPath: string, env: NodeJS.ProcessEnv = process.env): void {
  const configured = envValue('VIGIL_WATCHLIST_IMPORT_ROOTS', env);
  const roots = (configured.length ? configured : [shippedWatchlistDir(env)]).map(realPath);
  const resolved = realPath(listPath);
  if (!roots.some((root) => resolved === root || resolved.startsWith(root + path.sep))) {
    throw new ScreeningError('watchlist_format_invalid', 'path: outside the folders imports may read (VIGIL_WATCHLIST_IMPORT_ROOTS)', {
      field: 'path',
    });
  }
}

export async function readImport(db: Db, principal: Principal, id: string): Promise<ImportRow> {
  requireWatchlistAdmin(principal);
  const row = await findImport(db, id);
  if (!row) throw new ScreeningError('watchlist_import_not_found', 'Watchlist import not found');
  return row;
}

export function importSources(row: ImportRow): ImportResult['sources'] {
  return importResultColumn.read(row.result)?.sources ?? [];
}

function realPath(candidate: string): string {
  try {
    return fs.realpathSync(path.resolve(candidate));
  } catch {
    return path.resolve(candidate);
  }
}
