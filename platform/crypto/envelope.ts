// Envelope encryption for personal data: each value gets its own AES-256-GCM data key, which is
// wrapped by a master key behind the KeyProvider interface (local key from config by default; a
// KMS in production). Wrapped keys and the encryption context never leave the service.
import crypto from 'node:crypto';

export interface KeyProvider {
  readonly keyId: string;
  wrap(dataKey: Buffer, context: string): Buffer;
  unwrap(wrapped: Buffer, context: string): Buffer;
}

export interface SealedValue {
  /** version 1: base64url(iv|tag|ciphertext) of the value, and of the data key under the master key */
  v: 1;
  kid: string;
  key: string;
  data: string;
}

export class LocalKeyProvider implements KeyProvider {
  readonly keyId: string;
  constructor(private readonly masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('master key must be 32 bytes');
    this.keyId = `local:${crypto.createHash('sha256').update(masterKey).digest('hex').slice(0, 12)}`;
  }
  wrap(dataKey: Buffer, context: string): Buffer {
    return gcmEncrypt(this.masterKey, dataKey, context);
  }
  unwrap(wrapped: Buffer, context: string): Buffer {
    return gcmDecrypt(this.masterKey, wrapped, context);
  }
}

/** Encrypts a JSON-serialisable value; `context` (e.g. "idv.session:<id>:subject_reference") is bound as AAD. */
export function seal(provider: KeyProvider, value: unknown, context: string): SealedValue {
  const dataKey = crypto.randomBytes(32);
  const data = gcmEncrypt(dataKey, Buffer.from(JSON.stringify(value), 'utf8'), context);
  return { v: 1, kid: provider.keyId, key: provider.wrap(dataKey, context).toString('base64url'), data: data.toString('base64url') };
}

export function open<T = unknown>(provider: KeyProvider, sealed: SealedValue, context: string): T {
  const dataKey = provider.unwrap(Buffer.from(sealed.key, 'base64url'), context);
  const plain = gcmDecrypt(dataKey, Buffer.from(sealed.data, 'base64url'), context);
  return JSON.parse(plain.toString('utf8')) as T;
}

function gcmEncrypt(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function gcmDecrypt(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}
