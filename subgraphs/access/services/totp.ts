// TOTP (RFC 6238: SHA-1, 6 digits, 30 s), the secret sealed at rest with the platform's envelope
// encryption. A code is accepted one step early or late (clock drift) and never twice.
import * as OTPAuth from 'otpauth';
import { KeyProvider, open, seal, SealedValue } from '../../../platform/crypto/envelope';

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Vigil',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step the code belongs to, or null for a wrong code. */
export function totpStep(secret: string, email: string, code: string, now: Date): bigint | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const delta = totp(secret, email).validate({ token: code.trim(), timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return BigInt(Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta);
}

/** The current code (tests and the CLI's own checks). */
export function totpCode(secret: string, now = new Date()): string {
  return totp(secret, '').generate({ timestamp: now.getTime() });
}

const context = (userId: string) => `access.dashboard_user:${userId}:totp_secret`;

export function sealTotpSecret(provider: KeyProvider, userId: string, secret: string): SealedValue {
  return seal(provider, secret, context(userId));
}

export function openTotpSecret(provider: KeyProvider, userId: string, sealed: unknown): string | null {
  if (!sealed || typeof sealed !== 'object') return null;
  return open<string>(provider, sealed as SealedValue, context(userId));
}
