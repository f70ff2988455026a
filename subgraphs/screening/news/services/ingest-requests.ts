// The ingestNewsArticles mutation: admins (entitlement watchlistAdmin) ingest a file the service
// can read, only under the configured import folders (VIGIL_NEWS_IMPORT_ROOTS, else the folders
// watchlist imports may read), so an API caller cannot make the service read arbitrary files.
import { Db } from '../../../../platform/db/prisma';
import { Principal } from '../../../../platform/principal/principal';
import { ScreeningError } from '../../errors';
import { checkImportRoot, requireWatchlistAdmin } from '../../services/import-requests';
import { IngestResult, ingestNewsFile } from './ingest-service';
import { envValue } from '../../../../platform/config/env';

export function checkNewsRoot(filePath: string, env: NodeJS.ProcessEnv = process.env): void {
  const newsRoots = envValue('VIGIL_NEWS_IMPORT_ROOTS', env);
  const roots = newsRoots.length ? { ...env, VIGIL_WATCHLIST_IMPORT_ROOTS: newsRoots.join(':') } : env;
  try {
    checkImportRoot(filePath, roots);
  } catch {
    throw new ScreeningError('news_source_invalid', 'path: outside the folders ingestion may read (VIGIL_NEWS_IMPORT_ROOTS)', {
      field: 'path',
    });
  }
}

export async function requestNewsIngest(
  db: Db,
  principal: Principal,
  input: { path: string; format?: string | null },
): Promise<IngestResult> {
  requireWatchlistAdmin(principal);
  checkNewsRoot(input.path);
  return ingestNewsFile(db, input);
}
