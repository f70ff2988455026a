// POST /idv/v1/sessions/:sessionId/artifacts?kind=&step_id=&frame=&id_type=   (capture plane)
// The body is the file itself (image/jpeg, image/png, or application/pdf for document steps).
// The adapter checks the credential form, the size, and the type by the bytes (magic bytes and
// image header; the declared Content-Type must agree, a name never counts), seals the bytes with
// envelope encryption bound to the session and artifact, stores only that ciphertext, and passes
// the reference through GraphQL (attachCaptureArtifact), where the IDV service re-verifies the
// blob and applies the flow rules. A refused attach deletes the blob again.
import crypto from 'node:crypto';
import express, { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { BlobStore, blobStoreFromEnv, sniffImage } from '../../platform/blobs';
import { KeyProvider } from '../../platform/crypto/envelope';
import { sealBytes } from '../../platform/crypto/sealed-bytes';
import { newId } from '../../platform/ids/new-id';
import { ARTIFACT_LIMITS, artifactBlobKey, artifactSealContext } from '../../platform/blobs/idv-artifact-keys';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/build-router';
import { GatewayClient } from '../http/gateway-client';
import { stringifyLossless } from '../http/lossless-json';
import { validate } from '../http/validation';
import { binarySchema, OpenApiOperation } from '../openapi/openapi-document';
import { captureSessionSchema, toWire } from '../routes/idv-capture-routes';
import { AttachDocument, CaptureArtifactKindValues } from '../operations/operations.generated';

const PATH = '/idv/v1/sessions/:sessionId/artifacts';

const uploadQuery = z.strictObject({
  kind: z.enum(CaptureArtifactKindValues),
  step_id: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'must match ^[a-z0-9_-]{1,64}$'),
  frame: z.coerce
    .number()
    .int()
    .min(0)
    .max(ARTIFACT_LIMITS.maxSelfieFrames - 1)
    .optional(),
  id_type: z.string().min(1).max(64).optional(),
});

export const IDV_CAPTURE_UPLOAD_OPENAPI: readonly OpenApiOperation[] = [
  {
    method: 'post',
    path: PATH,
    area: 'idv',
    tag: 'IDV capture plane',
    summary:
      'Upload one artifact (selfie frame, id document side, supporting document) as the raw body (capture or invite credential only)',
    description:
      'Query: kind (selfie, id_front, id_back, document), step_id, frame (selfie frames 0..9), id_type (id_front: the declared id type). ' +
      "Body: the file. Images (JPEG, PNG) up to 8 MB, 64 to 8000 px a side; documents (PDF or image, per the step's accepted_formats) up to 10 MB. " +
      'The type is read from the bytes and must match the declared Content-Type (415 idv_unsupported_media_type). Consent first (409 idv_state_conflict). ' +
      'A capture of the same kind, step and frame replaces the earlier one. Stored encrypted; records idv.document.captured.',
    credentials: ['capture', 'invite'],
    requestBody: {
      required: true,
      description: 'The file bytes',
      content: {
        'image/jpeg': binarySchema('image/jpeg'),
        'image/png': binarySchema('image/png'),
        'application/pdf': binarySchema('application/pdf'),
      },
    },
    responses: {
      '201': {
        description: 'The stored artifact id and the capture session',
        content: { 'application/json': z.object({ artifact_id: z.string(), data: captureSessionSchema }) },
      },
      '409': { description: 'idv_state_conflict (no consent yet, or the session is no longer capturing)' },
      '413': { description: 'payload_too_large' },
      '415': { description: 'idv_unsupported_media_type' },
    },
  },
];

/** The bytes' real type: PNG/JPEG by header (with sane dimensions) or PDF by signature. */
export function sniffArtifact(
  bytes: Buffer,
): { contentType: 'image/jpeg' | 'image/png' | 'application/pdf'; width?: number; height?: number } | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { contentType: 'application/pdf' };
  const image = sniffImage(bytes);
  if (!image) return undefined;
  const { minImageSide, maxImageSide } = ARTIFACT_LIMITS;
  if (Math.min(image.width, image.height) < minImageSide || Math.max(image.width, image.height) > maxImageSide) return undefined;
  return image;
}

export function mountIdvCaptureUploadRoutes(
  app: express.Express,
  gateway: GatewayClient,
  options: { keyProvider: KeyProvider; blobs?: BlobStore },
): void {
  const blobs = options.blobs ?? blobStoreFromEnv();
  const raw = express.raw({ type: () => true, limit: ARTIFACT_LIMITS.documentMaxBytes });
  app.post(PATH, captureCredentialOnly, raw, (req: Request, res: Response) => {
    upload(req, res, gateway, blobs, options.keyProvider).catch((error) => sendError(req, res, 'idv', error));
  });
}

async function upload(req: Request, res: Response, gateway: GatewayClient, blobs: BlobStore, keyProvider: KeyProvider): Promise<void> {
  const query = validate(uploadQuery, req.query, 'query');
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const sniffed = sniffArtifact(bytes);
  const declared = (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!sniffed || sniffed.contentType !== declared) {
    throw ApiError.of(
      'idv_unsupported_media_type',
      'The body must be a JPEG or PNG image (64 to 8000 px a side) or, for documents, a PDF, and match the declared Content-Type',
    );
  }
  const limit = query.kind === 'document' ? ARTIFACT_LIMITS.documentMaxBytes : ARTIFACT_LIMITS.imageMaxBytes;
  if (bytes.length > limit) throw ApiError.of('payload_too_large', `A ${query.kind} upload may be at most ${limit / (1024 * 1024)} MB`);

  const sessionId = String(req.params.sessionId);
  if (!/^[A-Za-z0-9_]{1,64}$/.test(sessionId)) throw ApiError.of('idv_session_not_found', 'Session not found');
  const artifactId = newId('idvart');
  const key = artifactBlobKey(sessionId, artifactId);
  await blobs.put(key, sealBytes(keyProvider, bytes, artifactSealContext(sessionId, artifactId)));
  let data: Record<string, unknown>;
  try {
    data = await gateway.request(
      AttachDocument,
      {
        id: sessionId,
        input: {
          artifactId,
          kind: query.kind,
          stepId: query.step_id,
          frame: query.frame ?? 0,
          idType: query.id_type ?? null,
          contentType: sniffed.contentType,
          byteSize: bytes.length,
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        },
      },
      lowerCaseHeaders(req),
      req.requestId,
    );
  } catch (error) {
    await blobs.delete(key).catch(() => undefined);
    throw error;
  }
  res.status(201).setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(stringifyLossless({ artifact_id: artifactId, data: toWire(data.attachCaptureArtifact) }));
}

/** Credential form check before the body is read: only Capture or Invite credentials. */
function captureCredentialOnly(req: Request, res: Response, next: NextFunction): void {
  const authorization = req.header('authorization');
  if (!authorization && !req.header('x-api-key'))
    return sendError(req, res, 'idv', ApiError.of('missing_authentication', 'Missing authentication'));
  const scheme = authorization?.trim().split(/\s+/)[0].toLowerCase();
  if (scheme !== 'capture' && scheme !== 'invite') return sendError(req, res, 'idv', ApiError.of('unauthorized', 'Unauthorized'));
  next();
}

function lowerCaseHeaders(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}
