// Envelope encryption for binary blobs (identity documents, selfies): the same scheme as seal()
// for JSON values (a fresh AES-256-GCM data key per blob, wrapped by the KeyProvider, the context
// bound as AAD), packed into one self-describing buffer so the blob store only ever holds
// ciphertext:  "VGB1" | u16 kid length | kid | u16 wrapped-key length | wrapped key | iv(12) | tag(16) | ciphertext
import crypto from 'node:crypto';
import { KeyProvider } from './envelope';

const MAGIC = Buffer.from('VGB1', 'latin1');

export function sealBytes(provider: KeyProvider, plain: Buffer, context: string): Buffer {
  const dataKey = crypto.randomBytes(32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  const kid = Buffer.from(provider.keyId, 'utf8');
  const wrapped = provider.wrap(dataKey, context);
  return Buffer.concat([MAGIC, u16(kid.length), kid, u16(wrapped.length), wrapped, iv, cipher.getAuthTag(), body]);
}

/** The plaintext; throws when the buffer is not a sealed blob or the context does not match. */
export function openBytes(provider: KeyProvider, sealed: Buffer, context: string): Buffer {
  if (sealed.length < 8 || !sealed.subarray(0, 4).equals(MAGIC)) throw new Error('not a sealed blob');
  let offset = 4;
  const kidLength = sealed.readUInt16BE(offset);
  offset += 2 + kidLength;
  const wrappedLength = sealed.readUInt16BE(offset);
  offset += 2;
  const wrapped = sealed.subarray(offset, offset + wrappedLength);
  offset += wrappedLength;
  const dataKey = provider.unwrap(wrapped, context);
  const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey, sealed.subarray(offset, offset + 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.subarray(offset + 12, offset + 28));
  return Buffer.concat([decipher.update(sealed.subarray(offset + 28)), decipher.final()]);
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}
