// The console's same-origin file reads (docs/console-files.md): images and PDFs a signed-in browser
// shows in <img> and <a> elements, which cannot send an Authorization header.
//   GET /console/files/idv/sessions/:sessionId/artifacts/:artifactId   a session's artifact (selfie
//        frame, document side, supporting document), opened from its sealed blob
//   GET /console/files/risk/assessments/:assessmentId/report          a risk assessment's report (PDF)
//   GET /console/files/screening/reports/:reportId                     a screening report (PDF)
//   GET /console/files/screening/results/:searchId/report              a new report (PDF) of one entity's
//        search (`<requestId>_<index>`), on its ranked match
//   GET /console/files/screening/batches/:jobId/reports.zip            a new report (PDF) of every matched
//        entity of a batch job, and reports.csv listing them, as one ZIP
//   GET /console/files/audit/packs/:packId.(json|pdf)                  an evidence pack (signed JSON, or PDF)
//   GET /console/files/risk/assessments/:assessmentId/uploads/:evidenceId  an uploaded evidence file
//   POST /console/files/risk/assessments/:assessmentId/uploads[?task_id=] an evidence file (raw body),
//        the console's way to the REST upload of docs/risk-assessments.md; CSRF-checked
// Credentials: the `vigil_session` cookie, passed on to the gateway as `Authorization: Session
// <token>`, or (scripts, tests, and until the sign-in lands) an `Authorization: Bearer vgld_...` or
// `Session` header as is. API keys are not accepted: these paths serve a browser. Every read asks the
// gateway first (in the caller's scope, audited where the data is personal), so an id of another
// workspace is the same 404 as an absent one. No CSRF check: GET changes nothing.
import crypto from 'node:crypto';
import express, { Request, Response } from 'express';
import { BlobStore, blobStoreFromEnv } from '../../platform/blobs';
import { ARTIFACT_ID_PATTERN, artifactBlobKey, artifactSealContext } from '../../platform/blobs/idv-artifact-keys';
import { riskEvidenceKey, riskReportKey } from '../../platform/blobs/risk-keys';
import { newId } from '../../platform/ids/new-id';
import { KeyProvider } from '../../platform/crypto/envelope';
import { openBytes } from '../../platform/crypto/sealed-bytes';
import { REPORT_ID, screeningReportBlobKey } from '../../platform/pdf/report-blob';
import { httpStatusFor, isErrorCode } from '../../platform/errors/codes';
import { ApiError } from '../http/api-error';
import { GatewayClient } from '../http/gateway-client';
import { readPackFile } from '../audit-packs/pack-download-route';
import { zipArchive, ZipEntry } from './zip';
import {
  ConsoleArtifactFileDocument,
  ConsoleBatchReportRowsDocument,
  ReportDocument,
  ReportsDocument,
  RiskEvidenceDocument,
  RiskReportDocument,
  RiskUploadDocument,
  RiskUploadTargetDocument,
} from '../operations/operations.generated';
import { RISK_UPLOAD_LIMIT_BYTES } from '../risk-files/risk-file-routes';

export const CONSOLE_FILES_PATH = '/console/files';
export const SESSION_COOKIE = 'vigil_session';
const CSRF_COOKIE = 'vigil_csrf';

/** Media types a file route serves; anything else is sent as a download, never rendered. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);
/** Served with their own type, always as a download (a browser renders neither). */
const DOWNLOAD_TYPES = new Set(['application/zip']);
/** Shown as text when opened on its own (an evidence pack's JSON); never rendered as a page. */
const TEXT_TYPES = new Set(['application/json']);
const SESSION_ID = /^[A-Za-z0-9_]{1,64}$/;
const ASSESSMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** An entity of a stored search: `<requestId>_<entityIndex>`. */
const SEARCH_RESULT_ID = /^[0-9a-f]{24}_\d{1,6}$/;
const BATCH_JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Reports one ZIP may hold: each is rendered on request (tens of milliseconds apiece), so a bigger
 * job is refused (413 batch_too_large) rather than holding the request for minutes. */
export const BATCH_ZIP_REPORT_LIMIT = 1000;
/** Reports per generateScreeningReports call (docs/screening-batch.md, "reports per call"). */
const REPORTS_PER_CALL = 100;

class FileNotFound extends Error {}
/** A refusal the file routes answer as is (status, code and message). */
class FileRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ConsoleFileOptions {
  /** Opens the sealed artifact blobs (the key the capture upload sealed them with). */
  keyProvider: KeyProvider;
  blobs?: BlobStore;
}

/** One cookie's value from the Cookie header (no cookie-parser: this is the only cookie read here). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return value ? decodeURIComponent(value) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The credential the gateway gets: the session cookie, else a dashboard Bearer or Session header. */
function credentialHeaders(req: Request): Record<string, string> | undefined {
  const cookie = cookieValue(req.header('cookie'), SESSION_COOKIE);
  if (cookie) return { authorization: `Session ${cookie}` };
  const authorization = req.header('authorization')?.trim();
  if (authorization && /^(bearer|session)\s+\S+$/i.test(authorization)) return { authorization };
  return undefined;
}

/** A CSV field (RFC 4180), with a leading formula character neutralised for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function sendJsonError(res: Response, status: number, code: string, message: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(JSON.stringify({ error: { code, message } }));
}

function sendFile(res: Response, bytes: Buffer, contentType: string, fileName: string): void {
  const inline = INLINE_TYPES.has(contentType);
  res.status(200);
  const named = inline || TEXT_TYPES.has(contentType) || DOWNLOAD_TYPES.has(contentType);
  res.setHeader('Content-Type', named ? contentType : 'application/octet-stream');
  res.setHeader('Content-Length', String(bytes.length));
  res.setHeader('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // A PDF or image opened on its own gets no script and no framing by another origin.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
  res.end(bytes);
}

type FileHandler = (req: Request, headers: Record<string, string>) => Promise<{ bytes: Buffer; contentType: string; fileName: string }>;

function fileRoute(handler: FileHandler) {
  return (req: Request, res: Response) => {
    const headers = credentialHeaders(req);
    if (!headers) return sendJsonError(res, 401, 'unauthorized', 'Sign in to read this file');
    handler(req, headers)
      .then((file) => sendFile(res, file.bytes, file.contentType, file.fileName))
      .catch((error: unknown) => {
        if (error instanceof FileNotFound) return sendJsonError(res, 404, 'not_found', 'File not found');
        if (error instanceof FileRefused) return sendJsonError(res, error.status, error.code, error.message);
        if (error instanceof ApiError) {
          // Any "not found" of the domains reads as the file's absence (same answer for out of scope).
          if (error.status === 404) return sendJsonError(res, 404, 'not_found', 'File not found');
          const status = isErrorCode(error.code) ? httpStatusFor(error.code) : error.status;
          if (status === 401) return sendJsonError(res, 401, 'unauthorized', 'Sign in to read this file');
          if (status === 403) return sendJsonError(res, 403, 'forbidden', error.message);
          if (status < 500) return sendJsonError(res, 404, 'not_found', 'File not found');
          return sendJsonError(res, 503, 'service_unavailable', 'The file cannot be read now; retry');
        }
        req.log.error({ err: error }, 'console file read failed');
        sendJsonError(res, 503, 'service_unavailable', 'The file cannot be read now; retry');
      });
  };
}

/** A refused write in the console's `{error: {code, message}}` shape: the domain's code and status
 * (a bad content type is 400, a concluded assessment 409), 413 for a body over the limit. */
function sendWriteError(req: Request, res: Response, error: unknown): void {
  if (error instanceof ApiError) {
    const status = isErrorCode(error.code) ? httpStatusFor(error.code) : error.status;
    if (status < 500) return sendJsonError(res, status, error.code, error.message);
  }
  req.log.error({ err: error }, 'console upload failed');
  sendJsonError(res, 503, 'service_unavailable', 'The file cannot be stored now; retry');
}

export function mountConsoleFileRoutes(app: express.Express, gateway: GatewayClient, options: ConsoleFileOptions): void {
  const blobs = options.blobs ?? blobStoreFromEnv();

  app.get(
    `${CONSOLE_FILES_PATH}/idv/sessions/:sessionId/artifacts/:artifactId`,
    fileRoute(async (req, headers) => {
      const sessionId = String(req.params.sessionId);
      const artifactId = String(req.params.artifactId);
      if (!SESSION_ID.test(sessionId) || !ARTIFACT_ID_PATTERN.test(artifactId)) throw new FileNotFound();
      // Audited by the IDV service; null when the session or the artifact is not the caller's.
      const data = await gateway.request(ConsoleArtifactFileDocument, { sessionId, artifactId }, headers, req.requestId);
      const file = data.verificationSessionArtifact;
      if (!file) throw new FileNotFound();
      const sealed = await blobs.get(artifactBlobKey(sessionId, artifactId));
      if (!sealed) throw new FileNotFound();
      const bytes = openBytes(options.keyProvider, sealed, artifactSealContext(sessionId, artifactId));
      const extension = file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg';
      return { bytes, contentType: file.contentType, fileName: `${file.kind}-${artifactId}.${extension}` };
    }),
  );

  app.get(
    `${CONSOLE_FILES_PATH}/risk/assessments/:assessmentId/report`,
    fileRoute(async (req, headers) => {
      const assessmentId = String(req.params.assessmentId);
      if (!ASSESSMENT_ID.test(assessmentId)) throw new FileNotFound();
      // The same call as GET /risk-assessments/v2/assessments/{id}/report: renders the current report.
      const data = await gateway.request(RiskReportDocument, { id: assessmentId }, headers, req.requestId);
      const bytes = await blobs.get(riskReportKey(data.generateAssessmentReport.reportId));
      if (!bytes) throw new FileNotFound();
      return { bytes, contentType: 'application/pdf', fileName: `assessment-${assessmentId}.pdf` };
    }),
  );

  app.get(
    `${CONSOLE_FILES_PATH}/risk/assessments/:assessmentId/uploads/:evidenceId`,
    fileRoute(async (req, headers) => {
      const assessmentId = String(req.params.assessmentId);
      const evidenceId = String(req.params.evidenceId);
      if (!ASSESSMENT_ID.test(assessmentId) || !ASSESSMENT_ID.test(evidenceId)) throw new FileNotFound();
      const data = await gateway.request(RiskEvidenceDocument, { id: assessmentId, evidenceId }, headers, req.requestId);
      const evidence = data.assessmentEvidence;
      if (!evidence || evidence.kind !== 'upload' || !evidence.contentType) throw new FileNotFound();
      const bytes = await blobs.get(riskEvidenceKey(evidence.evidenceId));
      if (!bytes) throw new FileNotFound();
      return { bytes, contentType: evidence.contentType, fileName: evidence.fileName ?? evidence.evidenceId };
    }),
  );

  app.get(
    `${CONSOLE_FILES_PATH}/screening/reports/:reportId`,
    fileRoute(async (req, headers) => {
      const reportId = String(req.params.reportId).replace(/\.pdf$/, '');
      if (!REPORT_ID.test(reportId)) throw new FileNotFound();
      const data = await gateway.request(ReportDocument, { id: reportId }, headers, req.requestId);
      if (!data.screeningReport) throw new FileNotFound();
      const bytes = await blobs.get(screeningReportBlobKey(reportId));
      if (!bytes) throw new FileNotFound();
      return { bytes, contentType: 'application/pdf', fileName: `screening-report-${reportId}.pdf` };
    }),
  );

  /** Generates reports of `searchIds` (ranked match each) in calls of 100 and reads their bytes. */
  async function renderReports(searchIds: string[], headers: Record<string, string>, requestId: string): Promise<Buffer[]> {
    const files: Buffer[] = [];
    for (let start = 0; start < searchIds.length; start += REPORTS_PER_CALL) {
      const results = searchIds.slice(start, start + REPORTS_PER_CALL);
      const data = await gateway.request(ReportsDocument, { input: { results } }, headers, requestId);
      for (const report of data.generateScreeningReports.reports) {
        const bytes = await blobs.get(screeningReportBlobKey(report.id));
        if (!bytes) throw new Error(`report ${report.id} has no stored PDF`);
        files.push(bytes);
      }
    }
    return files;
  }

  app.get(
    `${CONSOLE_FILES_PATH}/screening/results/:searchId/report`,
    fileRoute(async (req, headers) => {
      const searchId = String(req.params.searchId);
      if (!SEARCH_RESULT_ID.test(searchId)) throw new FileNotFound();
      // The same call as POST /v1/reports {searchResultId}: the scope check, the audit and the PDF.
      const [bytes] = await renderReports([searchId], headers, req.requestId);
      return { bytes, contentType: 'application/pdf', fileName: `screening-report-${searchId}.pdf` };
    }),
  );

  app.get(
    `${CONSOLE_FILES_PATH}/screening/batches/:jobId/reports.zip`,
    fileRoute(async (req, headers) => {
      const jobId = String(req.params.jobId);
      if (!BATCH_JOB_ID.test(jobId)) throw new FileNotFound();
      const rows: { searchId: string; index: number; name: string; customId?: string | null; matchCount: number }[] = [];
      let after: string | undefined;
      for (;;) {
        const data = await gateway.request(ConsoleBatchReportRowsDocument, { id: jobId, after }, headers, req.requestId);
        const job = data.screeningBatchJob;
        if (!job) throw new FileNotFound();
        if (job.matched > BATCH_ZIP_REPORT_LIMIT)
          throw new FileRefused(
            413,
            'batch_too_large',
            `The job has ${job.matched} matched entities; a ZIP holds at most ${BATCH_ZIP_REPORT_LIMIT} reports: download them by row`,
          );
        rows.push(...job.results.nodes);
        if (!job.results.pageInfo.hasNextPage || !job.results.pageInfo.endCursor) break;
        after = job.results.pageInfo.endCursor;
      }
      const pdfs = await renderReports(
        rows.map((row) => row.searchId),
        headers,
        req.requestId,
      );
      const entries: ZipEntry[] = [];
      const csv = ['line,search_id,name,custom_id,match_count,file'];
      rows.forEach((row, i) => {
        const file = `${String(row.index + 1).padStart(6, '0')}-${row.searchId}.pdf`;
        entries.push({ name: file, bytes: pdfs[i] });
        csv.push([row.index + 1, row.searchId, row.name, row.customId ?? '', row.matchCount, file].map(csvField).join(','));
      });
      entries.unshift({ name: 'reports.csv', bytes: Buffer.from(csv.join('\r\n') + '\r\n', 'utf8') });
      return { bytes: zipArchive(entries), contentType: 'application/zip', fileName: `batch-${jobId}-reports.zip` };
    }),
  );

  app.get(
    `${CONSOLE_FILES_PATH}/audit/packs/:packFile`,
    fileRoute(async (req, headers) => {
      // Scoped and audited by the profiles subgraph (evidencePack); reviewer role or higher.
      const file = await readPackFile(gateway, blobs, String(req.params.packFile), headers, req.requestId);
      if (!file) throw new FileNotFound();
      return file;
    }),
  );

  // An evidence upload from the assessment page. A POST changes something: with the session cookie
  // the x-csrf-token header must equal the vigil_csrf cookie (double submit), and the gateway checks
  // it is the session's own token. The bytes are stored first and deleted again when the risk
  // service refuses to register them (the REST upload's order).
  app.post(
    `${CONSOLE_FILES_PATH}/risk/assessments/:assessmentId/uploads`,
    express.raw({ type: () => true, limit: RISK_UPLOAD_LIMIT_BYTES }),
    (req: Request, res: Response) => {
      void upload(req, res).catch((error: unknown) => sendWriteError(req, res, error));
    },
  );

  async function upload(req: Request, res: Response): Promise<void> {
    const headers = credentialHeaders(req);
    if (!headers) return sendJsonError(res, 401, 'unauthorized', 'Sign in to upload a file');
    if (cookieValue(req.header('cookie'), SESSION_COOKIE)) {
      const csrf = req.header('x-csrf-token');
      if (!csrf || csrf !== cookieValue(req.header('cookie'), CSRF_COOKIE))
        return sendJsonError(res, 403, 'csrf_failed', 'The CSRF token is missing or does not match');
      headers['x-csrf-token'] = csrf;
    }
    const assessmentId = String(req.params.assessmentId);
    if (!ASSESSMENT_ID.test(assessmentId)) return sendJsonError(res, 404, 'assessment_not_found', 'Assessment not found');
    const bytes: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!bytes.length) return sendJsonError(res, 400, 'schema_validation_failed', 'body: the file bytes are required');
    const contentType = (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const fileName = (req.header('x-file-name') ?? 'upload').slice(0, 255);
    const taskId = typeof req.query.task_id === 'string' && req.query.task_id ? req.query.task_id : undefined;
    // Authenticate and find the assessment before writing anything.
    const found = await gateway.request(RiskUploadTargetDocument, { id: assessmentId }, headers, req.requestId);
    if (!found.riskAssessment) return sendJsonError(res, 404, 'assessment_not_found', 'Assessment not found');
    const evidenceId = newId('evd');
    const key = riskEvidenceKey(evidenceId);
    await blobs.put(key, bytes, { contentType });
    try {
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      const input = { evidenceId, fileName, contentType, size: bytes.length, sha256, taskId };
      const data = await gateway.request(RiskUploadDocument, { id: assessmentId, input }, headers, req.requestId);
      res.status(201).json({ evidence: { evidenceId: data.addAssessmentUpload.evidenceId, fileName, size: bytes.length } });
    } catch (error) {
      await blobs.delete(key).catch(() => undefined);
      throw error;
    }
  }

  // Any other path under /console/files is a 404 of the same shape (never the SPA's index.html).
  app.use(CONSOLE_FILES_PATH, (_req: Request, res: Response) => sendJsonError(res, 404, 'not_found', 'File not found'));
}
