import crypto from 'node:crypto';

/** Secrets (API keys, tokens) are stored as SHA-256 only: they are high-entropy, so a fast hash is enough.
 * One-shot (no Hash object): the credential cache and the rate limits hash the caller's key on every request. */
export function hashSecret(secret: string): string {
  return crypto.hash('sha256', secret, 'hex');
}

/** Constant-time comparison of two hex digests or signatures. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function hmac(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
}
