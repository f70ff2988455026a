// Webhook signatures in the Standard Webhooks form (standardwebhooks.com):
//   webhook-id: <event id>   webhook-timestamp: <unix seconds>
//   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">  (space-separated list)
// The secret is "whsec_" + base64 key bytes. During a rotation the payload carries a signature
// for each live secret, so receivers that still hold the previous one keep verifying.
import crypto from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(24).toString('base64');
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => sign(secret, id, timestamp, body)).join(' ');
}

/** A receiver's check: some v1 signature matches and the timestamp is within tolerance. */
export function verifySignature(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
