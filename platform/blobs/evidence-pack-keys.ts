// Where an evidence pack's files live in the blob store: under the workspace that made it, so a
// pack id read in another workspace's scope finds nothing. Ids are generated (evp_ + 24 characters).
import { assertBlobKey } from './blob-store';

export const EVIDENCE_PACK_ID = /^evp_[0-9a-z]{24}$/;
export type EvidencePackFile = 'json' | 'pdf';

export function evidencePackKey(scope: { tenantId: string; workspaceId: string }, packId: string, file: EvidencePackFile): string {
  if (!EVIDENCE_PACK_ID.test(packId)) throw new Error('invalid evidence pack id');
  const key = `audit/packs/${scope.tenantId}/${scope.workspaceId}/${packId}.${file}`;
  assertBlobKey(key);
  return key;
}
