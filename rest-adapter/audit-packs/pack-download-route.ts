// GET /v1/audit/packs/:packId.json and .pdf — an evidence pack's files for an application (API key),
// docs/audit.md "Evidence packs". The gateway answers whether the pack is the caller's and writes
// the read to the audit trail; only then are the bytes read from the blob store. Outside the route
// table (file response), so described for /openapi.json here. The console reads the same files at
// /console/files/audit/packs/... (console-files/console-file-routes.ts).
import express, { Request, Response } from 'express';
import { BlobStore, blobStoreFromEnv } from '../../platform/blobs';
import { EVIDENCE_PACK_ID, evidencePackKey, EvidencePackFile } from '../../platform/blobs/evidence-pack-keys';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/build-router';
import { GatewayClient } from '../http/gateway-client';
import { binarySchema, OpenApiOperation } from '../openapi/openapi-document';
import { EvidencePackFileDocument } from '../operations/operations.generated';

export const EVIDENCE_PACK_CONTENT_TYPES: Record<EvidencePackFile, string> = {
  json: 'application/json',
  pdf: 'application/pdf',
};

export const EVIDENCE_PACK_OPENAPI: readonly OpenApiOperation[] = [
  {
    method: 'get',
    path: '/v1/audit/packs/:packFile',
    area: 'clm',
    tag: 'Audit',
    summary:
      'An evidence pack made with the GraphQL mutation createEvidencePack: `<packId>.json` (the signed pack) or `<packId>.pdf` (for a person, with the JSON attached). API key of its workspace.',
    credentials: ['x-api-key', 'api-key'],
    responses: {
      '200': {
        description: 'The pack',
        content: { 'application/json': binarySchema('application/json'), 'application/pdf': binarySchema('application/pdf') },
      },
      '404': { description: 'not_found: no such pack in the workspace' },
    },
  },
];

/** `evp_….json` / `evp_….pdf` → the id and the file, or undefined. */
export function parsePackFile(name: string): { packId: string; file: EvidencePackFile } | undefined {
  const match = /^(evp_[0-9a-z]{24})\.(json|pdf)$/.exec(name);
  if (!match || !EVIDENCE_PACK_ID.test(match[1])) return undefined;
  return { packId: match[1], file: match[2] as EvidencePackFile };
}

/** Asks the gateway (audited, scoped) and reads the bytes; undefined when the pack is not the caller's. */
export async function readPackFile(
  gateway: GatewayClient,
  blobs: BlobStore,
  name: string,
  headers: Record<string, string | undefined>,
  requestId: string,
): Promise<{ bytes: Buffer; contentType: string; fileName: string } | undefined> {
  const parsed = parsePackFile(name);
  if (!parsed) return undefined;
  const data = await gateway.request(EvidencePackFileDocument, { id: parsed.packId }, headers, requestId);
  const pack = data.evidencePack;
  if (!pack) return undefined;
  const bytes = await blobs.get(evidencePackKey(pack, pack.id, parsed.file));
  if (!bytes) return undefined;
  return { bytes, contentType: EVIDENCE_PACK_CONTENT_TYPES[parsed.file], fileName: `evidence-pack-${pack.id}.${parsed.file}` };
}

export function mountEvidencePackRoutes(app: express.Express, gateway: GatewayClient, blobs: BlobStore = blobStoreFromEnv()): void {
  app.get('/v1/audit/packs/:packFile', async (req: Request, res: Response) => {
    try {
      if (!req.header('x-api-key') && !/^api-key\s/i.test(req.header('authorization') ?? ''))
        throw ApiError.of('missing_authentication', 'Missing authentication');
      const headers = { 'x-api-key': req.header('x-api-key'), authorization: req.header('authorization') };
      const file = await readPackFile(gateway, blobs, String(req.params.packFile), headers, req.requestId);
      if (!file) throw ApiError.of('not_found', 'Evidence pack not found');
      res.status(200).setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.bytes.length));
      res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(file.bytes);
    } catch (error) {
      sendError(req, res, 'clm', error);
    }
  });
}
