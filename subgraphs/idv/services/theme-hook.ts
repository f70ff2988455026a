// The theme a session copies at create: the scope's active default theme (owned by IDV themes),
// or null when there is none (the session then shows the default branding).
import { resolveThemeSnapshotForSession } from '../themes';
import type { DbClient, Scope } from '../../../platform/db/prisma';

export type ThemeSnapshot = Record<string, unknown> & { theme_id: string; revision: number; name?: string };
export type ThemeResolver = (db: DbClient, scope: Scope) => Promise<ThemeSnapshot | null>;

export const resolveThemeSnapshot: ThemeResolver = async (db, scope) => {
  const snapshot = await resolveThemeSnapshotForSession(db, scope);
  return snapshot ? (snapshot as unknown as ThemeSnapshot) : null;
};
