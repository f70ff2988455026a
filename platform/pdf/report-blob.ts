// Where a generated screening report's PDF lives in the blob store. Report ids are 24 random-ish
// hex characters issued by the screening service; the REST adapter serves the bytes from here.
import { assertBlobKey } from '../blobs';

export const REPORT_ID = /^[0-9a-f]{24}$/;
export const SCREENING_REPORT_LINK_PURPOSE = 'screening-report';

export function screeningReportBlobKey(reportId: string): string {
  if (!REPORT_ID.test(reportId)) throw new Error('invalid report id');
  const key = `screening-reports/${reportId}.pdf`;
  assertBlobKey(key);
  return key;
}
