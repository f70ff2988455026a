// Logos. Bytes never travel through GraphQL: the REST adapter validates an upload, writes it to
// the blob store under a fresh unguessable asset id and passes only that id. The subgraph is still
// authoritative: it reads the blob back, re-checks type, size and dimensions from the bytes
// themselves, and records the asset in the caller's scope. An asset id can be attached once.
import crypto from 'node:crypto';
import { BlobStore, idvThemeAssetKey, sniffImage } from '../../../../platform/blobs';
import { Db, type Scope } from '../../../../platform/db/prisma';
import { findAsset, insertAsset, updateThemeIfRevision } from '../data/theme-store';
import { IdvThemeError } from '../errors';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LogoSlot } from '../model';
import { appendThemeAudit, applyChange, getTheme, ThemeAuditContext, ThemeView } from './theme-service';

const ASSET_ID = /^idva_[a-z0-9]{24}$/;

export async function attachLogo(
  db: Db,
  blobs: BlobStore,
  scope: Scope,
  themeId: string,
  slot: LogoSlot,
  assetId: string,
  audit: ThemeAuditContext,
  expectedRevision?: number,
): Promise<ThemeView> {
  await getTheme(db, scope, themeId); // 404 before looking at the upload
  if (!ASSET_ID.test(assetId)) throw new IdvThemeError('schema_validation_failed', 'asset_id: invalid', { field: 'asset_id' });
  const bytes = await blobs.get(idvThemeAssetKey(assetId));
  if (!bytes) throw new IdvThemeError('schema_validation_failed', 'asset_id: no uploaded image under this id', { field: 'asset_id' });
  if (await findAsset(db, assetId))
    throw new IdvThemeError('schema_validation_failed', 'asset_id: already attached', { field: 'asset_id' });
  const image = checkLogoBytes(bytes, slot);
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  await applyChange(db, scope, themeId, expectedRevision, async (tx) => {
    const applied = await updateThemeIfRevision(
      tx,
      scope,
      themeId,
      expectedRevision,
      slot === 'logo' ? { logoAssetId: assetId } : { logoSquareAssetId: assetId },
    );
    if (!applied) return false;
    await insertAsset(tx, scope, {
      id: assetId,
      themeId,
      slot,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: bytes.length,
      sha256,
    });
    await appendThemeAudit(tx, scope, audit, 'idv.theme.logo.attach', themeId, { slot, asset_id: assetId, sha256 });
    return true;
  });
  return getTheme(db, scope, themeId);
}

/** Detaches the slot's logo (the asset stays readable for sessions that copied it). Removing an
 * absent logo is a no-op that does not change the revision. */
export async function removeLogo(
  db: Db,
  scope: Scope,
  themeId: string,
  slot: LogoSlot,
  audit: ThemeAuditContext,
  expectedRevision?: number,
): Promise<ThemeView> {
  const theme = await getTheme(db, scope, themeId);
  const current = slot === 'logo' ? theme.logo : theme.logoSquare;
  if (!current && theme.status !== 'archived') {
    if (expectedRevision !== undefined && expectedRevision !== theme.revision) {
      throw new IdvThemeError(
        'idv_theme_revision_conflict',
        `The theme changed: expected revision is stale (current revision ${theme.revision})`,
      );
    }
    return theme;
  }
  await applyChange(db, scope, themeId, expectedRevision, async (tx) => {
    const applied = await updateThemeIfRevision(
      tx,
      scope,
      themeId,
      expectedRevision,
      slot === 'logo' ? { logoAssetId: null } : { logoSquareAssetId: null },
    );
    if (applied) await appendThemeAudit(tx, scope, audit, 'idv.theme.logo.remove', themeId, { slot, asset_id: current?.assetId ?? null });
    return applied;
  });
  return getTheme(db, scope, themeId);
}

/** The rules of a logo image, on its bytes: PNG or JPEG by magic bytes (SVG and everything else is
 * 415), at most LOGO_MAX_BYTES (413), 1..LOGO_MAX_SIDE pixels per side, logo_square square. */
export function checkLogoBytes(bytes: Buffer, slot: LogoSlot) {
  if (bytes.length > LOGO_MAX_BYTES) throw new IdvThemeError('payload_too_large', `Logo images are limited to ${LOGO_MAX_BYTES} bytes`);
  const image = sniffImage(bytes);
  if (!image)
    throw new IdvThemeError('idv_unsupported_media_type', 'Logos must be PNG or JPEG images (SVG and external URLs are not supported)');
  if (image.width > LOGO_MAX_SIDE || image.height > LOGO_MAX_SIDE) {
    throw new IdvThemeError('schema_validation_failed', `body: logo images are limited to ${LOGO_MAX_SIDE}x${LOGO_MAX_SIDE} pixels`);
  }
  if (slot === 'logo_square' && image.width !== image.height) {
    throw new IdvThemeError('schema_validation_failed', `body: logo_square must be square (got ${image.width}x${image.height})`);
  }
  return image;
}

/** Public read of an asset's metadata for the hosted page (by unguessable id, any scope). */
export async function findBrandingAsset(db: Db, assetId: string): Promise<{ assetId: string; contentType: string } | null> {
  if (!ASSET_ID.test(assetId)) return null;
  const asset = await findAsset(db, assetId);
  return asset ? { assetId: asset.id, contentType: asset.contentType } : null;
}
