// IDV routes the JSON route table cannot carry, mounted on the REST adapter before the table:
//   PUT    /idv/v1/themes/:themeId/logo | logo-square   raw image/png or image/jpeg body (≤ 1 MB)
//   DELETE /idv/v1/themes/:themeId/logo | logo-square
//   GET    /idv/v1/themes/:themeId/logo | logo-square   the bytes (management credentials)
//   GET    /idv/v1/branding/assets/:assetId             the bytes (public, by unguessable asset id)
//   GET    /idv/v1/sessions/:sessionId/branding         public branding (no authentication)
//
// Uploads: the adapter checks the declared type, the magic bytes and the size, writes the bytes to
// the blob store under a fresh asset id and passes only that id through GraphQL
// (attachIdvThemeLogo); the IDV subgraph re-verifies the stored bytes and records the asset in the
// caller's scope. A refused mutation deletes the blob again.
//
// Public routes call the gateway with `Authorization: Public branding`, the tenant-less public
// principal that may only run the branding queries; the caller's own headers are not forwarded.
//
// These endpoints are outside the route table, so they are described for /openapi.json here
// (IDV_THEME_BINARY_OPENAPI, passed to the REST adapter with this module's mount).
import express, { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { BlobStore, blobStoreFromEnv, idvThemeAssetKey, sniffImage } from '../../platform/blobs';
import { newId } from '../../platform/ids/new-id';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/build-router';
import { GatewayClient } from '../http/gateway-client';
import { stringifyLossless } from '../http/lossless-json';
import { binarySchema, OpenApiOperation } from '../openapi/openapi-document';
import { ifMatchRevision, themeResponse, themeResult } from '../routes/idv-themes-routes';
import {
  AttachIdvThemeLogoDocument,
  IdvBrandingAssetDocument,
  IdvBrandingDocument,
  IdvThemeForLogoDocument,
  IdvThemeLogoDocument,
  RemoveIdvThemeLogoDocument,
} from '../operations/operations.generated';

/** Logo upload cap (bytes); larger bodies get 413 payload_too_large. */
export const LOGO_UPLOAD_LIMIT = 1024 * 1024;
const ACCEPTED_LOGO_TYPES = ['image/png', 'image/jpeg'];
const PUBLIC_CREDENTIAL = { authorization: 'Public branding' };
const SLOTS: Record<string, 'logo' | 'logo_square'> = { logo: 'logo', 'logo-square': 'logo_square' };
const ASSET_ID = /^idva_[a-z0-9]{24}$/;

type Handler = (req: Request, res: Response) => Promise<void>;

// ---------------------------------------------------------------------------------------------------
// OpenAPI descriptions of the endpoints mounted below (kept next to them; a test checks that every
// described path is served).
// ---------------------------------------------------------------------------------------------------

const TAG = 'IDV themes';
const WRITE_CREDENTIALS = ['api-key', 'x-api-key'] as const;
const READ_CREDENTIALS = ['api-key', 'x-api-key', 'bearer'] as const;
const IMAGE_CONTENT = { 'image/png': binarySchema('image/png'), 'image/jpeg': binarySchema('image/jpeg') };
const THEME_JSON = { 'application/json': z.object({ data: themeResponse }) };
const ETAG = { ETag: { description: 'The theme revision, "<revision>" (usable as If-Match)', schema: { type: 'string' } } };
const IF_MATCH = {
  name: 'If-Match',
  description: 'Expected theme revision ("<revision>"); a stale revision is 409 idv_theme_revision_conflict',
};
const NO_STORE = { 'Cache-Control': { description: 'no-store', schema: { type: 'string' } } };

const brandingColors = z.object({
  primary: z.string(),
  primary_foreground: z.string(),
  background: z.string(),
  foreground: z.string(),
  accent: z.string(),
});
const brandingResponse = z.object({
  branding: z.object({
    company_name: z.string(),
    privacy_contact_email: z.string(),
    colors: brandingColors,
    font_family: z.string(),
    logo: z.object({ asset_id: z.string() }).nullable(),
    logo_square: z.object({ asset_id: z.string() }).nullable(),
  }),
});

function logoOperations(path: string, slot: string): OpenApiOperation[] {
  return [
    {
      method: 'put',
      path,
      area: 'idv',
      tag: TAG,
      summary: `Upload the theme's ${slot} (raw PNG or JPEG body, at most 1 MB)`,
      description:
        'The body is the image itself. The declared Content-Type must be image/png or image/jpeg and match the bytes (checked by content); SVG and external URLs are refused (415 idv_unsupported_media_type). Bodies over 1 MB: 413 payload_too_large.',
      credentials: [...WRITE_CREDENTIALS],
      headers: [IF_MATCH],
      requestBody: { required: true, description: 'PNG or JPEG bytes', content: IMAGE_CONTENT },
      responses: {
        '200': { description: 'The updated theme', headers: ETAG, content: THEME_JSON },
        '413': { description: 'payload_too_large (over 1 MB)' },
        '415': { description: 'idv_unsupported_media_type (not PNG/JPEG, or the bytes do not match the declared type)' },
      },
    },
    {
      method: 'delete',
      path,
      area: 'idv',
      tag: TAG,
      summary: `Remove the theme's ${slot}`,
      credentials: [...WRITE_CREDENTIALS],
      headers: [IF_MATCH],
      responses: { '200': { description: 'The updated theme', headers: ETAG, content: THEME_JSON } },
    },
    {
      method: 'get',
      path,
      area: 'idv',
      tag: TAG,
      summary: `Download the theme's ${slot} (the stored PNG or JPEG bytes)`,
      credentials: [...READ_CREDENTIALS],
      responses: {
        '200': { description: 'The image', headers: NO_STORE, content: IMAGE_CONTENT },
        '404': { description: 'idv_theme_not_found, or not_found when the theme has no such logo' },
      },
    },
  ];
}

/** OpenAPI descriptions of every endpoint mountIdvThemeBinaryRoutes serves. */
export const IDV_THEME_BINARY_OPENAPI: readonly OpenApiOperation[] = [
  ...logoOperations('/idv/v1/themes/:themeId/logo', 'logo'),
  ...logoOperations('/idv/v1/themes/:themeId/logo-square', 'square logo'),
  {
    method: 'get',
    path: '/idv/v1/branding/assets/:assetId',
    area: 'idv',
    tag: TAG,
    summary: 'A branding logo asset by its unguessable id (public, no authentication; immutable, cacheable)',
    credentials: ['none'],
    responses: {
      '200': {
        description: 'The image',
        headers: { 'Cache-Control': { description: 'public, max-age=86400, immutable', schema: { type: 'string' } } },
        content: IMAGE_CONTENT,
      },
      '404': { description: 'not_found' },
    },
  },
  {
    method: 'get',
    path: '/idv/v1/sessions/:sessionId/branding',
    area: 'idv',
    tag: TAG,
    summary: "A session's hosted-page branding (public, no authentication; unknown sessions get the default branding)",
    credentials: ['none'],
    responses: {
      '200': {
        description: "The session's copied theme over the defaults",
        headers: { 'Cache-Control': { description: 'private, max-age=300', schema: { type: 'string' } } },
        content: { 'application/json': brandingResponse },
      },
    },
  },
];

export function mountIdvThemeBinaryRoutes(app: express.Express, gateway: GatewayClient, blobs: BlobStore = blobStoreFromEnv()): void {
  const writers = requireCredential(['api-key', 'x-api-key']);
  const readers = requireCredential(['api-key', 'x-api-key', 'bearer']);
  const raw = express.raw({ type: () => true, limit: LOGO_UPLOAD_LIMIT });
  const paths = ['/idv/v1/themes/:themeId/logo', '/idv/v1/themes/:themeId/logo-square'];

  for (const path of paths) {
    const slot = path.endsWith('logo-square') ? SLOTS['logo-square'] : SLOTS.logo;
    app.put(
      path,
      writers,
      raw,
      handle(async (req, res) => uploadLogo(req, res, gateway, blobs, slot)),
    );
    app.delete(
      path,
      writers,
      handle(async (req, res) => {
        const data = await gateway.request(
          RemoveIdvThemeLogoDocument,
          { themeId: String(req.params.themeId), slot, expectedRevision: ifMatchRevision(lowerCaseHeaders(req)) ?? null },
          lowerCaseHeaders(req),
          req.requestId,
        );
        sendThemeJson(res, themeResult(data.removeIdvThemeLogo));
      }),
    );
    app.get(
      path,
      readers,
      handle(async (req, res) => {
        const data = await gateway.request(
          IdvThemeLogoDocument,
          { themeId: String(req.params.themeId) },
          lowerCaseHeaders(req),
          req.requestId,
        );
        const theme = data.idvTheme;
        if (!theme) throw ApiError.of('idv_theme_not_found', 'Theme not found');
        const asset = slot === 'logo' ? theme.logo : theme.logoSquare;
        if (!asset) throw ApiError.of('not_found', `The theme has no ${slot}`);
        await sendAsset(res, blobs, asset, 'no-store');
      }),
    );
  }

  app.get(
    '/idv/v1/branding/assets/:assetId',
    handle(async (req, res) => {
      const assetId = String(req.params.assetId);
      if (!ASSET_ID.test(assetId)) throw ApiError.of('not_found', 'Asset not found');
      const data = await gateway.request(IdvBrandingAssetDocument, { assetId }, PUBLIC_CREDENTIAL, req.requestId);
      const asset = data.idvBrandingAsset;
      if (!asset) throw ApiError.of('not_found', 'Asset not found');
      // Assets are immutable (a new upload gets a new id), so they may be cached.
      await sendAsset(res, blobs, asset, 'public, max-age=86400, immutable');
    }),
  );

  app.get(
    '/idv/v1/sessions/:sessionId/branding',
    handle(async (req, res) => {
      const data = await gateway.request(
        IdvBrandingDocument,
        { sessionId: String(req.params.sessionId) },
        PUBLIC_CREDENTIAL,
        req.requestId,
      );
      const b = data.idvBranding;
      const body = {
        branding: {
          company_name: b.companyName,
          privacy_contact_email: b.privacyContactEmail ?? '',
          colors: {
            primary: b.colors.primary,
            primary_foreground: b.colors.primaryForeground,
            background: b.colors.background,
            foreground: b.colors.foreground,
            accent: b.colors.accent,
          },
          font_family: b.fontFamily,
          logo: b.logo ? { asset_id: b.logo.assetId } : null,
          logo_square: b.logoSquare ? { asset_id: b.logoSquare.assetId } : null,
        },
      };
      res.status(200).setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.send(stringifyLossless(body));
    }),
  );
}

interface Asset {
  assetId: string;
  contentType: string;
}

async function uploadLogo(
  req: Request,
  res: Response,
  gateway: GatewayClient,
  blobs: BlobStore,
  slot: 'logo' | 'logo_square',
): Promise<void> {
  const bytes: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const declared = (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!ACCEPTED_LOGO_TYPES.includes(declared)) {
    throw ApiError.of(
      'idv_unsupported_media_type',
      'Logos must be sent as image/png or image/jpeg (SVG and external URLs are not supported)',
    );
  }
  if (bytes.length === 0) throw ApiError.of('schema_validation_failed', 'body: a PNG or JPEG image is required');
  const image = sniffImage(bytes);
  if (!image || image.contentType !== declared) {
    throw ApiError.of(
      'idv_unsupported_media_type',
      `The body is not a ${declared === 'image/png' ? 'PNG' : 'JPEG'} image (checked by its content)`,
    );
  }
  // Authenticate and find the theme before writing anything (a rejected key or an absent theme
  // never costs a blob write).
  const headers = lowerCaseHeaders(req);
  const found = await gateway.request(IdvThemeForLogoDocument, { themeId: String(req.params.themeId) }, headers, req.requestId);
  if (!found.idvTheme) throw ApiError.of('idv_theme_not_found', 'Theme not found');
  const assetId = newId('idva');
  const key = idvThemeAssetKey(assetId);
  await blobs.put(key, bytes, { contentType: image.contentType });
  try {
    const data = await gateway.request(
      AttachIdvThemeLogoDocument,
      { themeId: String(req.params.themeId), slot, assetId, expectedRevision: ifMatchRevision(headers) ?? null },
      headers,
      req.requestId,
    );
    sendThemeJson(res, themeResult(data.attachIdvThemeLogo));
  } catch (error) {
    await blobs.delete(key).catch(() => undefined);
    throw error;
  }
}

async function sendAsset(res: Response, blobs: BlobStore, asset: Asset, cacheControl: string): Promise<void> {
  const bytes = await blobs.get(idvThemeAssetKey(asset.assetId));
  if (!bytes) throw ApiError.of('not_found', 'Asset not found');
  res.status(200);
  res.setHeader('Content-Type', asset.contentType);
  res.setHeader('Content-Length', String(bytes.length));
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.end(bytes);
}

function sendThemeJson(res: Response, result: { status?: number; body: unknown; headers: Record<string, string> }): void {
  res.status(result.status ?? 200);
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(stringifyLossless(result.body));
}

/** Credential form check (the gateway decides validity), before any body is read. */
function requireCredential(accepted: ('api-key' | 'x-api-key' | 'bearer')[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const authorization = req.header('authorization');
    let presented: string | undefined;
    if (authorization) presented = authorization.trim().split(/\s+/)[0].toLowerCase();
    else if (req.header('x-api-key')) presented = 'x-api-key';
    if (!presented) return sendError(req, res, 'idv', ApiError.of('missing_authentication', 'Missing authentication'));
    if (!(accepted as string[]).includes(presented)) return sendError(req, res, 'idv', ApiError.of('unauthorized', 'Unauthorized'));
    next();
  };
}

function handle(handler: Handler) {
  return (req: Request, res: Response) => {
    handler(req, res).catch((error) => sendError(req, res, 'idv', error));
  };
}

function lowerCaseHeaders(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}
