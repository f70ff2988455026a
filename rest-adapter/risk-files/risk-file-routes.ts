// Binary endpoints of the risk area (outside the JSON route table):
//   POST /risk-assessments/v2/assessments/:id/uploads             evidence file (raw body, Content-Type,
//                                                                   X-File-Name, optional ?task_id=)
//   GET  /risk-assessments/v2/assessments/:id/uploads/:evidenceId  the file's bytes
//   GET  /risk-assessments/v2/assessments/:id/report               the assessment report (PDF)
// Bytes go to the blob store; GraphQL carries only ids and metadata. An upload is stored first and
// deleted again if the risk subgraph refuses to register it, so nothing half-written remains.
import crypto from 'node:crypto';
import express, { NextFunction, Request, Response } from 'express';
import { BlobStore, blobStoreFromEnv } from '../../platform/blobs';
import { riskEvidenceKey, riskReportKey } from '../../platform/blobs/risk-keys';
import { newId } from '../../platform/ids/new-id';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/build-router';
import { successEnvelope } from '../http/envelopes';
import { GatewayClient } from '../http/gateway-client';
import { stringifyLossless } from '../http/lossless-json';
import { OpenApiOperation } from '../openapi/openapi-document';
import { RISK_BASE, toEvidence } from '../routes/risk-mapping';
import { RiskEvidenceDocument, RiskReportDocument, RiskUploadDocument, RiskUploadTargetDocument } from '../operations/operations.generated';

export const RISK_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
const ASSESSMENT = `${RISK_BASE}/assessments/:assessmentId`;

type Handler = (req: Request, res: Response) => Promise<void>;

function handle(handler: Handler) {
  return (req: Request, res: Response) => {
    handler(req, res).catch((error) => sendError(req, res, 'risk', error));
  };
}

function requireApiKey(req: Request, res: Response, next: NextFunction): void {
  const authorization = req.header('authorization');
  const presented = authorization ? authorization.trim().split(/\s+/)[0].toLowerCase() : req.header('x-api-key') ? 'x-api-key' : undefined;
  if (!presented) return sendError(req, res, 'risk', ApiError.of('missing_authentication', 'Missing authentication'));
  if (presented !== 'api-key' && presented !== 'x-api-key') return sendError(req, res, 'risk', ApiError.of('unauthorized', 'Unauthorized'));
  next();
}

function headersOf(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function sendJson(res: Response, status: number, result: unknown): void {
  res.status(status).setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(stringifyLossless(successEnvelope('risk', status, result)));
}

function sendBytes(res: Response, bytes: Buffer, contentType: string, fileName: string): void {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(bytes.length));
  res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(bytes);
}

export function mountRiskFileRoutes(app: express.Express, gateway: GatewayClient, blobs: BlobStore = blobStoreFromEnv()): void {
  const raw = express.raw({ type: () => true, limit: RISK_UPLOAD_LIMIT_BYTES });

  app.post(
    `${ASSESSMENT}/uploads`,
    requireApiKey,
    raw,
    handle(async (req, res) => {
      const bytes: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!bytes.length) throw ApiError.of('schema_validation_failed', 'body: the file bytes are required');
      const contentType = (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      const fileName = (req.header('x-file-name') ?? 'upload').slice(0, 255);
      const taskId = typeof req.query.task_id === 'string' ? req.query.task_id : undefined;
      const headers = headersOf(req);
      // Authenticate and find the assessment before writing anything.
      const found = await gateway.request(RiskUploadTargetDocument, { id: String(req.params.assessmentId) }, headers, req.requestId);
      if (!found.riskAssessment) throw ApiError.of('assessment_not_found', 'Assessment not found');
      const evidenceId = newId('evd');
      const key = riskEvidenceKey(evidenceId);
      await blobs.put(key, bytes, { contentType });
      try {
        const data = await gateway.request(
          RiskUploadDocument,
          {
            id: String(req.params.assessmentId),
            input: {
              evidenceId,
              fileName,
              contentType,
              size: bytes.length,
              sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
              taskId,
            },
          },
          headers,
          req.requestId,
        );
        sendJson(res, 201, { evidence: toEvidence(data.addAssessmentUpload) });
      } catch (error) {
        await blobs.delete(key).catch(() => undefined);
        throw error;
      }
    }),
  );

  app.get(
    `${ASSESSMENT}/uploads/:evidenceId`,
    requireApiKey,
    handle(async (req, res) => {
      const data = await gateway.request(
        RiskEvidenceDocument,
        { id: String(req.params.assessmentId), evidenceId: String(req.params.evidenceId) },
        headersOf(req),
        req.requestId,
      );
      const evidence = data.assessmentEvidence as { evidenceId: string; kind: string; fileName: string; contentType: string } | null;
      if (!evidence || evidence.kind !== 'upload') throw ApiError.of('evidence_not_found', 'Evidence not found');
      const bytes = await blobs.get(riskEvidenceKey(evidence.evidenceId));
      if (!bytes) throw ApiError.of('evidence_not_found', 'Evidence not found');
      sendBytes(res, bytes, evidence.contentType, evidence.fileName);
    }),
  );

  app.get(
    `${ASSESSMENT}/report`,
    requireApiKey,
    handle(async (req, res) => {
      const data = await gateway.request(RiskReportDocument, { id: String(req.params.assessmentId) }, headersOf(req), req.requestId);
      const report = data.generateAssessmentReport as { reportId: string };
      const bytes = await blobs.get(riskReportKey(report.reportId));
      if (!bytes) throw ApiError.of('service_unavailable', 'The report could not be read back; retry');
      sendBytes(res, bytes, 'application/pdf', `assessment-${String(req.params.assessmentId)}.pdf`);
    }),
  );
}

const CREDENTIALS = ['api-key', 'x-api-key'] as const;

/** OpenAPI descriptions of the endpoints mountRiskFileRoutes serves. */
export const RISK_FILE_OPENAPI: readonly OpenApiOperation[] = [
  {
    method: 'post',
    path: `${ASSESSMENT}/uploads`,
    area: 'risk',
    tag: 'Risk assessments',
    summary:
      'Upload an evidence file (raw body up to 10 MB; Content-Type pdf, png, jpeg, plain text or csv; X-File-Name; optional ?task_id=)',
    credentials: [...CREDENTIALS],
    responses: {
      '201': { description: 'result.evidence' },
      '415': { description: 'evidence_type_unsupported' },
      '404': { description: 'assessment_not_found or task_not_found' },
    },
  },
  {
    method: 'get',
    path: `${ASSESSMENT}/uploads/:evidenceId`,
    area: 'risk',
    tag: 'Risk assessments',
    summary: 'Download an uploaded evidence file',
    credentials: [...CREDENTIALS],
    responses: { '200': { description: 'The file' }, '404': { description: 'evidence_not_found' } },
  },
  {
    method: 'get',
    path: `${ASSESSMENT}/report`,
    area: 'risk',
    tag: 'Risk assessments',
    summary: 'The assessment report as a PDF (subjects, rating, risks with sources, tasks, questions, conclusion)',
    credentials: [...CREDENTIALS],
    responses: { '200': { description: 'application/pdf' }, '404': { description: 'assessment_not_found' } },
  },
];
