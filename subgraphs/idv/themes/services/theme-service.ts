// Theme rules: create (first theme of a scope becomes its default), read, list, replace with
// compare-and-set on revision, archive, make default, and the snapshot sessions copy.
import { Db, type DbClient, type Scope } from '../../../../platform/db/prisma';
import {
  AssetRow,
  claimDefaultIfNone,
  clearDefaultIf,
  findAssetsInScope,
  findDefaultThemeId,
  findTheme,
  insertTheme,
  listThemes as listThemeRows,
  newThemeId,
  setDefaultThemeId,
  bumpThemeRevision,
  ThemeRow,
  updateThemeIfRevision,
} from '../data/theme-store';
import { IdvThemeError, themeNotFound } from '../errors';
import {
  colorsFromJson,
  LogoRef,
  normalizeThemeInput,
  THEME_PAGE_DEFAULT,
  THEME_PAGE_MAX,
  ThemeColors,
  ThemeInput,
  ThemeSnapshot,
  ThemeStatus,
  THEME_STATUSES,
} from '../model';
import { appendAudit, auditActorOf } from '../../../../platform/audit/audit-trail';
import type { Principal } from '../../../../platform/principal/principal';

/** Who changes a theme, for its audit entry (the request context satisfies it). */
export interface ThemeAuditContext {
  principal: Principal;
  requestId?: string | null;
}

/** A theme change's audit entry: call in the change's transaction, as its last write (the append
 * holds the workspace's chain head until commit). Themes carry company names and colours, the
 * workspace's own branding: the detail names fields and states, never their values. */
export async function appendThemeAudit(
  tx: DbClient,
  scope: Scope,
  audit: ThemeAuditContext,
  action: string,
  themeId: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(audit.principal),
    requestId: audit.requestId ?? null,
    action,
    resourceType: 'idv.theme',
    resourceId: themeId,
    outcome: 'succeeded',
    detail,
  });
}

export interface ThemeLogoView {
  assetId: string;
  contentType: string;
  width: number;
  height: number;
}

/** A theme as GraphQL returns it (the REST adapter renames to snake_case). */
export interface ThemeView {
  themeId: string;
  tenantId: string;
  workspaceId: string;
  name: string;
  companyName: string;
  status: ThemeStatus;
  isDefault: boolean;
  logo: ThemeLogoView | null;
  logoSquare: ThemeLogoView | null;
  colors: ThemeColors;
  fontFamily: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
}

export interface ThemePage {
  items: ThemeView[];
  nextCursor: string | null;
}

export async function createTheme(
  db: Db,
  scope: Scope,
  input: ThemeInput,
  audit: ThemeAuditContext,
  revision?: number | null,
): Promise<ThemeView> {
  // A new theme has no revision yet: the only admissible expected revision is 0 (or none).
  if (revision !== undefined && revision !== null && revision !== 0) {
    throw new IdvThemeError('schema_validation_failed', 'revision: must be absent or 0 on create', { field: 'revision' });
  }
  const normalized = normalizeThemeInput(input);
  const id = newThemeId();
  await db.$transaction(async (tx) => {
    await insertTheme(tx, scope, id, normalized);
    // The first theme of a scope (more precisely: a theme created while the scope has no default)
    // becomes the default, even as a draft. The primary key of theme_defaults settles races.
    const isDefault = await claimDefaultIfNone(tx, scope, id);
    await appendThemeAudit(tx, scope, audit, 'idv.theme.create', id, {
      status: normalized.status ?? 'draft',
      is_default: isDefault,
      revision: 1,
    });
  });
  return getTheme(db, scope, id);
}

export async function getTheme(db: DbClient, scope: Scope, id: string): Promise<ThemeView> {
  const row = await findTheme(db, scope, id);
  if (!row) throw themeNotFound();
  return (await toViews(db, scope, [row]))[0];
}

/** Nullable read for GraphQL `idvTheme` (REST turns null into 404 idv_theme_not_found). */
export async function findThemeView(db: DbClient, scope: Scope, id: string): Promise<ThemeView | null> {
  const row = await findTheme(db, scope, id);
  return row ? (await toViews(db, scope, [row]))[0] : null;
}

export async function listThemes(
  db: DbClient,
  scope: Scope,
  options: { limit?: number | null; cursor?: string | null; status?: string | null },
): Promise<ThemePage> {
  const requested = options.limit ?? THEME_PAGE_DEFAULT;
  if (!Number.isInteger(requested) || requested < 1) {
    throw new IdvThemeError('schema_validation_failed', 'limit: must be a positive integer', { field: 'limit' });
  }
  const limit = Math.min(requested, THEME_PAGE_MAX); // larger values are clamped
  let statuses: ThemeStatus[] = ['draft', 'active'];
  if (options.status !== null && options.status !== undefined) {
    if (!(THEME_STATUSES as readonly string[]).includes(options.status)) {
      throw new IdvThemeError('schema_validation_failed', 'status: must be draft, active or archived', { field: 'status' });
    }
    statuses = [options.status as ThemeStatus];
  }
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await listThemeRows(db, scope, { limit: limit + 1, after, statuses });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: await toViews(db, scope, page), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Full replace of the content fields. status omitted keeps the current status (draft ⇄ active
 * both allowed); archived themes are read-only. */
export async function replaceTheme(
  db: Db,
  scope: Scope,
  id: string,
  input: ThemeInput,
  expectedRevision: number,
  audit: ThemeAuditContext,
): Promise<ThemeView> {
  const normalized = normalizeThemeInput(input);
  await applyChange(db, scope, id, expectedRevision, async (tx) => {
    // The compare-and-set on the revision makes this the row the change replaces.
    const before = await findTheme(tx, scope, id);
    const applied = await updateThemeIfRevision(tx, scope, id, expectedRevision, {
      name: normalized.name,
      companyName: normalized.companyName,
      colors: normalized.colors,
      fontFamily: normalized.fontFamily,
      ...(normalized.status ? { status: normalized.status } : {}),
    });
    if (!applied || !before) return false;
    const fields: string[] = [];
    if (before.name !== normalized.name) fields.push('name');
    if (before.companyName !== normalized.companyName) fields.push('company_name');
    if (JSON.stringify(colorsFromJson(before.colors)) !== JSON.stringify(normalized.colors)) fields.push('colors');
    if (before.fontFamily !== normalized.fontFamily) fields.push('font_family');
    const detail: Record<string, unknown> = { fields, revision: { from: before.revision, to: before.revision + 1 } };
    if (normalized.status && normalized.status !== before.status) {
      fields.push('status');
      detail.from_status = before.status;
      detail.to_status = normalized.status;
    }
    await appendThemeAudit(tx, scope, audit, 'idv.theme.update', id, detail);
    return true;
  });
  return getTheme(db, scope, id);
}

/** Archive: terminal. The theme stops being the scope default (no theme is default until one is
 * made default or a new theme is created). Archiving an archived theme is a no-op. */
export async function archiveTheme(
  db: Db,
  scope: Scope,
  id: string,
  audit: ThemeAuditContext,
  expectedRevision?: number,
): Promise<ThemeView> {
  const current = await findTheme(db, scope, id);
  if (!current) throw themeNotFound();
  if (current.status === 'archived') return getTheme(db, scope, id);
  await applyChange(db, scope, id, expectedRevision, async (tx) => {
    const before = await findTheme(tx, scope, id);
    const applied = await updateThemeIfRevision(tx, scope, id, expectedRevision, { status: 'archived', archivedAt: new Date() });
    if (!applied || !before) return false;
    const wasDefault = (await findDefaultThemeId(tx, scope)) === id;
    await clearDefaultIf(tx, scope, id);
    await appendThemeAudit(tx, scope, audit, 'idv.theme.archive', id, {
      from_status: before.status,
      to_status: 'archived',
      was_default: wasDefault,
    });
    return true;
  });
  return getTheme(db, scope, id);
}

/** Makes the theme the scope default (drafts allowed; resolution only uses an active default).
 * Both the new and the previous default change, so both revisions increment. */
export async function makeDefaultTheme(
  db: Db,
  scope: Scope,
  id: string,
  audit: ThemeAuditContext,
  expectedRevision?: number,
): Promise<ThemeView> {
  const current = await findTheme(db, scope, id);
  if (!current) throw themeNotFound();
  if (current.status === 'archived') throw new IdvThemeError('idv_state_conflict', 'An archived theme cannot become the default');
  if ((await findDefaultThemeId(db, scope)) === id) {
    if (expectedRevision !== undefined && expectedRevision !== current.revision) throw revisionConflict(current.revision);
    return getTheme(db, scope, id);
  }
  await applyChange(db, scope, id, expectedRevision, async (tx) => {
    const applied = await updateThemeIfRevision(tx, scope, id, expectedRevision, {});
    if (!applied) return false;
    const previous = await findDefaultThemeId(tx, scope);
    if (previous && previous !== id) await bumpThemeRevision(tx, scope, previous);
    await setDefaultThemeId(tx, scope, id);
    await appendThemeAudit(tx, scope, audit, 'idv.theme.make_default', id, { previous_default: previous ?? null });
    return true;
  });
  return getTheme(db, scope, id);
}

/** Runs a compare-and-set change in a transaction and explains a refusal: absent (404), archived
 * (409 idv_state_conflict) or stale revision (409 idv_theme_revision_conflict). */
export async function applyChange(
  db: Db,
  scope: Scope,
  id: string,
  expectedRevision: number | undefined,
  change: (tx: DbClient) => Promise<boolean>,
): Promise<void> {
  const current = await findTheme(db, scope, id);
  if (!current) throw themeNotFound();
  if (current.status === 'archived') throw new IdvThemeError('idv_state_conflict', 'The theme is archived and cannot change');
  if (expectedRevision !== undefined && expectedRevision !== current.revision) throw revisionConflict(current.revision);
  const applied = await db.$transaction(async (tx) => change(tx));
  if (applied) return;
  const now = await findTheme(db, scope, id);
  if (!now) throw themeNotFound();
  if (now.status === 'archived') throw new IdvThemeError('idv_state_conflict', 'The theme is archived and cannot change');
  throw revisionConflict(now.revision);
}

function revisionConflict(current: number): IdvThemeError {
  return new IdvThemeError('idv_theme_revision_conflict', `The theme changed: expected revision is stale (current revision ${current})`, {
    current_revision: current,
  });
}

/** The active default theme of the scope as a session copies it at create, or null when the scope
 * has no default or its default is not active (sessions then use the default branding). */
export async function resolveThemeSnapshotForSession(db: DbClient, scope: Scope): Promise<ThemeSnapshot | null> {
  const id = await findDefaultThemeId(db, scope);
  if (!id) return null;
  const row = await findTheme(db, scope, id);
  if (!row || row.status !== 'active') return null;
  const view = (await toViews(db, scope, [row]))[0];
  return snapshotOf(view);
}

export function snapshotOf(view: ThemeView): ThemeSnapshot {
  const ref = (logo: ThemeLogoView | null): LogoRef | null =>
    logo ? { asset_id: logo.assetId, content_type: logo.contentType, width: logo.width, height: logo.height } : null;
  return {
    theme_id: view.themeId,
    revision: view.revision,
    name: view.name,
    company_name: view.companyName,
    colors: { ...view.colors },
    font_family: view.fontFamily,
    logo: ref(view.logo),
    logo_square: ref(view.logoSquare),
  };
}

async function toViews(db: DbClient, scope: Scope, rows: ThemeRow[]): Promise<ThemeView[]> {
  const defaultId = rows.length ? await findDefaultThemeId(db, scope) : null;
  const assetIds = rows.flatMap((row) => [row.logoAssetId, row.logoSquareAssetId]).filter((id): id is string => !!id);
  const assets = new Map((await findAssetsInScope(db, scope, assetIds)).map((asset) => [asset.id, asset]));
  const logo = (id: string | null): ThemeLogoView | null => {
    const asset: AssetRow | undefined = id ? assets.get(id) : undefined;
    return asset ? { assetId: asset.id, contentType: asset.contentType, width: asset.width, height: asset.height } : null;
  };
  return rows.map((row) => ({
    themeId: row.id,
    tenantId: row.tenantId,
    workspaceId: row.workspaceId,
    name: row.name,
    companyName: row.companyName,
    status: row.status as ThemeStatus,
    isDefault: row.id === defaultId,
    logo: logo(row.logoAssetId),
    logoSquare: logo(row.logoSquareAssetId),
    colors: colorsFromJson(row.colors),
    fontFamily: row.fontFamily,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    revision: row.revision,
  }));
}

// Cursor: opaque base64url of {t: created_at ISO, i: theme id} of the last row of the page.
function encodeCursor(row: ThemeRow): string {
  return Buffer.from(JSON.stringify({ t: row.createdAt.toISOString(), i: row.id })).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const { t, i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t: unknown; i: unknown };
    const createdAt = new Date(String(t));
    if (typeof t !== 'string' || typeof i !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id: i };
  } catch {
    throw new IdvThemeError('schema_validation_failed', 'cursor: invalid', { field: 'cursor' });
  }
}
