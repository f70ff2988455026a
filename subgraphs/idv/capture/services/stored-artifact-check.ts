// Before an artifact is recorded, its stored blob must exist under the session, open with the
// session's artifact context, and match the declared size and SHA-256: the record can only point
// at bytes the REST adapter sealed for exactly this session and artifact.
import crypto from 'node:crypto';
import { BlobStore } from '../../../../platform/blobs';
import { KeyProvider } from '../../../../platform/crypto/envelope';
import { openBytes } from '../../../../platform/crypto/sealed-bytes';
import { invalidField } from '../../errors';
import { ARTIFACT_ID_PATTERN, artifactBlobKey, artifactSealContext } from '../../../../platform/blobs/idv-artifact-keys';
import { StoredArtifactInput } from './capture-service';

export function storedArtifactCheck(blobs: BlobStore, keyProvider: KeyProvider, sessionId: string) {
  return async (input: StoredArtifactInput): Promise<void> => {
    const missing = () => invalidField('artifact_id', 'no stored upload with this id for this session');
    if (!ARTIFACT_ID_PATTERN.test(input.artifactId)) throw missing();
    const sealed = await blobs.get(artifactBlobKey(sessionId, input.artifactId));
    if (!sealed) throw missing();
    let plain: Buffer;
    try {
      plain = openBytes(keyProvider, sealed, artifactSealContext(sessionId, input.artifactId));
    } catch {
      throw missing();
    }
    if (plain.length !== input.byteSize || crypto.createHash('sha256').update(plain).digest('hex') !== input.sha256) {
      throw invalidField('sha256', 'does not match the stored upload');
    }
  };
}
