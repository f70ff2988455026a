// Blob keys of the risk domain, derived from generated ids (never from user input). Shared by the
// risk subgraph (writes reports, reads evidence) and the REST adapter (stores uploads, serves bytes).
import { assertBlobKey } from './blob-store';

export function riskEvidenceKey(evidenceId: string): string {
  const key = `risk/evidence/${evidenceId}`;
  assertBlobKey(key);
  return key;
}

export function riskReportKey(reportId: string): string {
  const key = `risk/reports/${reportId}.pdf`;
  assertBlobKey(key);
  return key;
}
