// Short-lived signed links: `expires` (unix seconds) and an HMAC over purpose, id and expiry, so a
// link grants one object for a limited time and cannot be altered or reused for another object.
import crypto from 'node:crypto';
import { safeEqual } from './hash';

function signature(secret: string, purpose: string, id: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${purpose}\n${id}\n${expires}`).digest('base64url');
}

export function signLink(
  secret: string,
  purpose: string,
  id: string,
  ttlSeconds: number,
  now = Date.now(),
): { expires: number; signature: string } {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return { expires, signature: signature(secret, purpose, id, expires) };
}

export function verifyLink(secret: string, purpose: string, id: string, expires: unknown, given: unknown, now = Date.now()): boolean {
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || typeof given !== 'string' || at < Math.floor(now / 1000)) return false;
  return safeEqual(signature(secret, purpose, id, at), given);
}
