// GET /v1/reports/:reportId — the bytes of a generated report, for either credential:
//   ?expires=&signature=   the signed link POST /v1/reports answered (valid 15 minutes, one report)
//   x-api-key / Api-Key    the caller's key; the gateway confirms the report is in its workspace
// Outside the route table (binary response), so described for /openapi.json here.
import express, { Request, Response } from 'express';
import { BlobStore, blobStoreFromEnv } from '../../platform/blobs';
import { verifyLink } from '../../platform/crypto/signed-link';
import { REPORT_ID, SCREENING_REPORT_LINK_PURPOSE, screeningReportBlobKey } from '../../platform/pdf/report-blob';
import { ApiError } from '../http/api-error';
import { sendError } from '../http/build-router';
import { GatewayClient } from '../http/gateway-client';
import { binarySchema, OpenApiOperation } from '../openapi/openapi-document';
import { ReportDocument } from '../operations/operations.generated';

export const SCREENING_REPORT_OPENAPI: readonly OpenApiOperation[] = [
  {
    method: 'get',
    path: '/v1/reports/:reportId',
    area: 'clm',
    tag: 'Reports',
    summary:
      'A generated PDF report: with the signed link POST /v1/reports answered (expires, signature; 15 minutes) or an API key of its workspace',
    credentials: ['x-api-key', 'api-key', 'none'],
    responses: {
      '200': { description: 'The PDF', content: { 'application/pdf': binarySchema('application/pdf') } },
      '403': { description: 'report_link_invalid: expired or altered signed link' },
      '404': { description: 'report_not_found' },
    },
  },
];

export function mountScreeningReportRoutes(
  app: express.Express,
  gateway: GatewayClient,
  secret: string,
  blobs: BlobStore = blobStoreFromEnv(),
): void {
  app.get('/v1/reports/:reportId', async (req: Request, res: Response) => {
    try {
      const reportId = String(req.params.reportId).replace(/\.pdf$/, '');
      if (!REPORT_ID.test(reportId)) throw ApiError.of('report_not_found', 'Report not found');
      if (req.query.signature !== undefined || req.query.expires !== undefined) {
        if (!verifyLink(secret, SCREENING_REPORT_LINK_PURPOSE, reportId, req.query.expires, req.query.signature))
          throw ApiError.of('report_link_invalid', 'The report link is invalid or has expired');
      } else {
        if (!req.header('x-api-key') && !/^api-key\s/i.test(req.header('authorization') ?? ''))
          throw ApiError.of('missing_authentication', 'Missing authentication');
        const headers = { 'x-api-key': req.header('x-api-key'), authorization: req.header('authorization') };
        const data = await gateway.request(ReportDocument, { id: reportId }, headers, req.requestId);
        if (!data.screeningReport) throw ApiError.of('report_not_found', 'Report not found');
      }
      const bytes = await blobs.get(screeningReportBlobKey(reportId));
      if (!bytes) throw ApiError.of('report_not_found', 'Report not found');
      res.status(200).setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="screening-report-${reportId}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.end(bytes);
    } catch (error) {
      sendError(req, res, 'clm', error);
    }
  });
}
