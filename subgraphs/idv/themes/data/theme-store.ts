// The only module of IDV themes that touches Prisma. Every query of a theme or asset carries the
// caller's tenant and workspace: an id of another workspace reads exactly like an absent one. The
// two exceptions are explicit and public by design: findBrandingAsset (asset ids are unguessable
// capabilities shown on the hosted page) and the session snapshot lookup of branding.
import { Db, DbClient, Scope } from '../../../../platform/db/prisma';
import { Prisma } from '../../../../platform/db/prisma-client';
import { newId } from '../../../../platform/ids/new-id';
import { LogoSlot, NormalizedThemeInput, ThemeColors, ThemeStatus } from '../model';

export type ThemeRow = Awaited<ReturnType<Db['idvTheme']['findFirst']>> & object;
export type AssetRow = Awaited<ReturnType<Db['idvThemeAsset']['findFirst']>> & object;

export function newThemeId(): string {
  return newId('idvt');
}

export function newAssetId(): string {
  return newId('idva');
}

export async function insertTheme(db: DbClient, scope: Scope, id: string, input: NormalizedThemeInput): Promise<ThemeRow> {
  return db.idvTheme.create({
    data: {
      id,
      ...scope,
      name: input.name,
      companyName: input.companyName,
      colors: input.colors as Prisma.InputJsonValue,
      fontFamily: input.fontFamily,
      status: input.status ?? 'draft',
      revision: 1,
    },
  });
}

export async function findTheme(db: DbClient, scope: Scope, id: string): Promise<ThemeRow | null> {
  return db.idvTheme.findFirst({ where: { id, tenantId: scope.tenantId, workspaceId: scope.workspaceId } });
}

/** Keyset page, newest first (created_at desc, id desc). */
export async function listThemes(
  db: DbClient,
  scope: Scope,
  options: { limit: number; after?: { createdAt: Date; id: string }; statuses: ThemeStatus[] },
): Promise<ThemeRow[]> {
  const after = options.after;
  return db.idvTheme.findMany({
    where: {
      tenantId: scope.tenantId,
      workspaceId: scope.workspaceId,
      status: { in: options.statuses },
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit,
  });
}

/** What one change of a theme sets (absent: unchanged). */
export interface ThemeChange {
  name?: string;
  companyName?: string;
  colors?: ThemeColors;
  fontFamily?: string;
  status?: ThemeStatus;
  archivedAt?: Date;
  logoAssetId?: string | null;
  logoSquareAssetId?: string | null;
}

/** Compare-and-set update: applies only when the row is in scope, not archived and (when given) at
 * the expected revision; bumps the revision. Returns whether it applied. */
export async function updateThemeIfRevision(
  db: DbClient,
  scope: Scope,
  id: string,
  expectedRevision: number | undefined,
  change: ThemeChange,
): Promise<boolean> {
  const { colors, ...rest } = change;
  const data: Prisma.IdvThemeUpdateManyMutationInput = { ...rest, ...(colors !== undefined ? { colors } : {}) };
  const result = await db.idvTheme.updateMany({
    where: { id, ...scope, status: { not: 'archived' }, ...(expectedRevision === undefined ? {} : { revision: expectedRevision }) },
    data: { ...data, revision: { increment: 1 } },
  });
  return result.count === 1;
}

export async function bumpThemeRevision(db: DbClient, scope: Scope, id: string): Promise<void> {
  await db.idvTheme.updateMany({ where: { id, ...scope }, data: { revision: { increment: 1 } } });
}

export async function findDefaultThemeId(db: DbClient, scope: Scope): Promise<string | null> {
  const row = await db.idvThemeDefault.findUnique({ where: { tenantId_workspaceId: scope } });
  return row?.themeId ?? null;
}

/** Makes themeId the default only when the scope has none yet; returns whether it did. */
export async function claimDefaultIfNone(db: DbClient, scope: Scope, themeId: string): Promise<boolean> {
  const result = await db.idvThemeDefault.createMany({ data: [{ ...scope, themeId }], skipDuplicates: true });
  return result.count === 1;
}

export async function setDefaultThemeId(db: DbClient, scope: Scope, themeId: string): Promise<void> {
  await db.idvThemeDefault.upsert({ where: { tenantId_workspaceId: scope }, create: { ...scope, themeId }, update: { themeId } });
}

export async function clearDefaultIf(db: DbClient, scope: Scope, themeId: string): Promise<void> {
  await db.idvThemeDefault.deleteMany({ where: { ...scope, themeId } });
}

export async function insertAsset(
  db: DbClient,
  scope: Scope,
  data: {
    id: string;
    themeId: string;
    slot: LogoSlot;
    contentType: string;
    width: number;
    height: number;
    byteSize: number;
    sha256: string;
  },
): Promise<AssetRow> {
  return db.idvThemeAsset.create({ data: { ...scope, ...data } });
}

export async function findAsset(db: DbClient, id: string): Promise<AssetRow | null> {
  return db.idvThemeAsset.findUnique({ where: { id } });
}

export async function findAssetsInScope(db: DbClient, scope: Scope, ids: string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return db.idvThemeAsset.findMany({ where: { ...scope, id: { in: ids } } });
}

/** What branding needs of a session, by id alone (public by design: the hosted page is
 * unauthenticated and session ids are unguessable). Reads the IDV core's sessions table. */
export async function findSessionBrandingRow(db: DbClient, sessionId: string) {
  return db.idvSession.findUnique({ where: { id: sessionId }, select: { themeSnapshot: true, themeRef: true, privacyContactEmail: true } });
}
