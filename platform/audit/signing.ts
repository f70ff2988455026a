// Ed25519 signatures of audit checkpoints (node:crypto). The private key comes from
// VIGIL_AUDIT_SIGNING_KEY (base64 PKCS#8 DER); `npm start` generates one into the local state
// folder on first start (config/local-environment.ts). The verifier checks checkpoints against the
// public half of the same key, or a public key given to it.
import crypto, { KeyObject } from 'node:crypto';
import { envValue } from '../config/env';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
}

export interface CheckpointStatement {
  tenantId: string;
  workspaceId: string;
  seq: bigint;
  headHash: string;
  kind: string;
  signedAt: Date;
}

/** A new key as VIGIL_AUDIT_SIGNING_KEY holds it. */
export function generateSigningKeyText(): string {
  const { privateKey } = crypto.generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

export function signingKeyFrom(text: string): SigningKey {
  const privateKey = crypto.createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('VIGIL_AUDIT_SIGNING_KEY is not an Ed25519 key');
  const publicKey = crypto.createPublicKey(privateKey);
  return { privateKey, publicKey, keyId: keyIdOf(publicKey) };
}

/** The configured key, or undefined when none is set (checkpoints are then not written). */
export function configuredSigningKey(env: NodeJS.ProcessEnv = process.env): SigningKey | undefined {
  const text = envValue('VIGIL_AUDIT_SIGNING_KEY', env);
  return text ? signingKeyFrom(text) : undefined;
}

/** A public key given as base64 SPKI DER or PEM. */
export function publicKeyFrom(text: string): KeyObject {
  return text.includes('BEGIN')
    ? crypto.createPublicKey(text)
    : crypto.createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

export function keyIdOf(publicKey: KeyObject): string {
  return crypto
    .createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);
}

/** The signed text: one field a line, in a fixed order. */
export function statementText(statement: CheckpointStatement): string {
  return [
    'vigil-audit-checkpoint/v1',
    statement.tenantId,
    statement.workspaceId,
    statement.seq.toString(),
    statement.headHash,
    statement.kind,
    statement.signedAt.toISOString(),
  ].join('\n');
}

export function signStatement(key: SigningKey, statement: CheckpointStatement): string {
  return crypto.sign(null, Buffer.from(statementText(statement), 'utf8'), key.privateKey).toString('base64');
}

export function verifyStatement(publicKey: KeyObject, statement: CheckpointStatement, signature: string): boolean {
  try {
    return crypto.verify(null, Buffer.from(statementText(statement), 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
