// The only file that touches Prisma for automatic disposition settings.
import type { DbClient, Scope } from '../../../../platform/db/prisma';
import type { RowReader } from '../../data/search-store';

export interface DispositionSettingsRow {
  enabled: boolean;
  directApi: boolean;
  mode: string;
  threshold: number;
  /** The workspace's default search threshold (null: the engine's). */
  searchThreshold: number | null;
  /** The workspace's default feed set (empty: every feed). */
  searchFeeds: string[];
  updatedBy: string | null;
  updatedAt: Date | null;
}

export async function findDispositionSettings(db: DbClient, scope: Scope): Promise<DispositionSettingsRow | undefined> {
  const row = await db.dispositionSettings.findUnique({ where: { tenantId_workspaceId: scope } });
  return row ? { ...row, searchFeeds: row.searchFeeds ?? [] } : undefined;
}

/** The same read as findDispositionSettings for the search path: one prepared statement on the
 * screening pool, without Prisma's per-call query compilation (its largest cost per search). */
export async function readDispositionSettingsRow(read: RowReader, scope: Scope): Promise<DispositionSettingsRow | undefined> {
  const [row] = await read(
    `SELECT enabled, direct_api AS "directApi", mode, threshold, search_threshold AS "searchThreshold",
            coalesce(search_feeds, '{}') AS "searchFeeds", updated_by AS "updatedBy", updated_at AT TIME ZONE 'UTC' AS "updatedAt"
       FROM screening.disposition_settings WHERE tenant_id = $1 AND workspace_id = $2`,
    [scope.tenantId, scope.workspaceId],
    'screening_disposition_settings',
  );
  return row as unknown as DispositionSettingsRow | undefined;
}

/** One upsert: only the supplied fields change. */
export async function saveDispositionSettings(
  db: DbClient,
  scope: Scope,
  change: Partial<Omit<DispositionSettingsRow, 'updatedAt'>>,
): Promise<DispositionSettingsRow> {
  const row = await db.dispositionSettings.upsert({
    where: { tenantId_workspaceId: scope },
    create: { ...scope, ...change },
    update: change,
  });
  return { ...row, searchFeeds: row.searchFeeds ?? [] };
}

/** Serialises changes of a workspace's settings until the transaction ends (the row may not exist
 * yet, so a transaction-scoped advisory lock on the workspace rather than a row lock): a four-eyes
 * approval compares and applies under it. */
export async function lockDispositionSettings(tx: DbClient, scope: Scope): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`screening.disposition_settings:${scope.tenantId}:${scope.workspaceId}`}, 0))`;
}
