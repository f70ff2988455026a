import crypto from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random, URL-safe identifiers with a readable type prefix (`prf_…`, `idvs_…`). */
export function newId(prefix: string, length = 24): string {
  const bytes = crypto.randomBytes(length);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${body}`;
}

/** A high-entropy secret (API keys, tokens): 32 random bytes, base64url. */
export function newSecret(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(32).toString('base64url')}`;
}
