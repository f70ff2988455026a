// The evidence pack's sources: each domain describes its own objects from its own tables
// (platform/audit/evidence/build-pack.ts), and only the composition root may hand one domain's
// reader to another. The profiles subgraph, which serves the audit trail, builds the packs.
import type { EvidenceSources } from '../platform/audit/evidence/build-pack';
import { blobStoreFromEnv, BlobStore } from '../platform/blobs';
import type { VigilConfig } from '../platform/config';
import { LocalKeyProvider } from '../platform/crypto/envelope';
import type { Db } from '../platform/db/prisma';
import { idvEvidenceSource } from '../subgraphs/idv/services/evidence-source';
import { profileEvidenceSource } from '../subgraphs/profiles/services/evidence-source';
import { riskEvidenceSource } from '../subgraphs/risk/services/audit-evidence-source';
import { screeningEvidenceSource } from '../subgraphs/screening/services/evidence-source';

export function evidenceSources(db: Db, config: VigilConfig): EvidenceSources {
  return {
    profile: profileEvidenceSource(db),
    // The session's assessment results are sealed with the master key; the pack copies codes and
    // scores from them, never values.
    verification_session: idvEvidenceSource({ db, keyProvider: new LocalKeyProvider(config.masterKey) }),
    screening_search: screeningEvidenceSource(db),
    risk_assessment: riskEvidenceSource(db),
  };
}

export function evidencePackDeps(db: Db, config: VigilConfig, blobs: BlobStore = blobStoreFromEnv()) {
  return { sources: evidenceSources(db, config), blobs };
}
