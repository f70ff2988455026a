// The consent text the hosted page shows when the session's consent step carries none of its own.
// Its version and SHA-256 go into consent_evidence, so a record always names the exact words the
// customer agreed to.
import crypto from 'node:crypto';

export const DEFAULT_CONSENT_VERSION = 'vigil-default-1';
export const DEFAULT_CONSENT_TEXT =
  'To verify your identity, {company} will process photographs of your face and of your identity document, ' +
  'and the information printed on it. The photographs are encrypted, used only for this verification, and ' +
  'kept no longer than the retention period of this verification. You may withdraw by closing this page before you submit.';

export function consentTextSha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
