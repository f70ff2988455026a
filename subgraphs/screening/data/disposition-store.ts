// The only file that touches Prisma for automatic disposition settings.
import { Db } from '../../../platform/db/prisma';
import type { Scope } from './search-store';

export interface DispositionSettingsRow {
  enabled: boolean;
  directApi: boolean;
  mode: string;
  threshold: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

export async function findDispositionSettings(db: Db, scope: Scope): Promise<DispositionSettingsRow | undefined> {
  const row = await db.dispositionSettings.findUnique({ where: { tenantId_workspaceId: scope } });
  return row ?? undefined;
}

/** One upsert: only the supplied fields change. */
export async function saveDispositionSettings(db: Db, scope: Scope, change: Partial<Omit<DispositionSettingsRow, 'updatedAt'>>): Promise<DispositionSettingsRow> {
  return db.dispositionSettings.upsert({ where: { tenantId_workspaceId: scope }, create: { ...scope, ...change }, update: change });
}
