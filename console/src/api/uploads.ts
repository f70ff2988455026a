// Evidence uploads of a risk assessment: the file's bytes as the body of POST
// /console/files/risk/assessments/<id>/uploads (same origin, the session cookie and the CSRF header),
// the name in X-File-Name; the answer names the evidence record the risk service registered.
import { csrfToken, errorFrom, reportUnauthorized } from './csrf';

/** The media types the risk service accepts for uploads (docs/risk-assessments.md). */
export const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv'];
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export async function uploadEvidence(assessmentId: string, file: File, taskId?: string): Promise<{ evidenceId: string }> {
  const query = taskId ? `?task_id=${encodeURIComponent(taskId)}` : '';
  const response = await fetch(`/console/files/risk/assessments/${encodeURIComponent(assessmentId)}/uploads${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      // Header values are Latin-1: a name with other characters travels percent-encoded.
      'x-file-name': /^[\x20-\x7e]*$/.test(file.name) ? file.name : encodeURIComponent(file.name),
      'x-csrf-token': csrfToken(),
      accept: 'application/json',
    },
    body: file,
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await errorFrom(response);
  return ((await response.json()) as { evidence: { evidenceId: string } }).evidence;
}
