// Evidence packs (docs/audit.md "Evidence packs"): one signed download that proves what was decided
// on a profile, a verification session, a screening search or a risk assessment, and on what. The
// pack is built by platform/audit/evidence from what each domain describes (EvidenceSource, wired by
// app/), stored as JSON and PDF in the blob store under the workspace, and served by the REST
// adapter after `evidencePack` confirms it is the caller's. Served here, beside the audit trail it
// proves. Creating and reading a pack are audited (a pack of a profile is a read of personal data).
import crypto from 'node:crypto';
import { appendAudit, auditActorOf } from '../../../platform/audit/audit-trail';
import { buildEvidencePack, EvidenceSources } from '../../../platform/audit/evidence/build-pack';
import { EvidenceSubjectKind, packFileText, SignedEvidencePack } from '../../../platform/audit/evidence/pack-format';
import { renderPackPdf } from '../../../platform/audit/evidence/pack-pdf';
import { configuredSigningKey } from '../../../platform/audit/signing';
import { BlobStore } from '../../../platform/blobs';
import { EVIDENCE_PACK_ID, evidencePackKey } from '../../../platform/blobs/evidence-pack-keys';
import type { Db, Scope } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { ProfilesError } from '../errors';
import { mayReadAudit } from './audit-service';

export interface EvidencePackDeps {
  db: Db;
  sources: EvidenceSources;
  blobs: BlobStore;
}

/** What GraphQL answers about a pack (its content is downloaded). */
export interface EvidencePackView {
  id: string;
  tenantId: string;
  workspaceId: string;
  subjectKind: EvidenceSubjectKind;
  subjectId: string;
  profileId: string | null;
  createdAt: Date;
  objectCount: number;
  entryCount: number;
  checkpointCount: number;
  keyId: string;
  fingerprint: string;
  signature: string;
  sha256: string;
}

const AUDIT_TYPE = 'audit.evidence_pack';

function viewOf(signed: SignedEvidencePack, text: string): EvidencePackView {
  const { pack } = signed;
  const subject = pack.objects[0];
  return {
    id: pack.packId,
    tenantId: pack.tenantId,
    workspaceId: pack.workspaceId,
    subjectKind: pack.subject.kind,
    subjectId: pack.subject.id,
    profileId: subject?.profileId ?? null,
    createdAt: new Date(pack.createdAt),
    objectCount: pack.objects.length,
    entryCount: pack.chain.segments.reduce((sum, segment) => sum + segment.entries.filter((entry) => entry.about).length, 0),
    checkpointCount: pack.chain.checkpoints.length,
    keyId: pack.publicKey.keyId,
    fingerprint: pack.publicKey.fingerprint,
    signature: signed.signature.value,
    sha256: crypto.createHash('sha256').update(text, 'utf8').digest('hex'),
  };
}

function requireReader(principal: Principal): Scope {
  if (!mayReadAudit(principal)) throw new ProfilesError('forbidden', 'Evidence packs need an application key or the reviewer role');
  return { tenantId: principal.tenantId, workspaceId: principal.workspaceId };
}

export async function createEvidencePack(
  deps: EvidencePackDeps,
  principal: Principal,
  input: { subjectKind: EvidenceSubjectKind; subjectId: string },
  requestId?: string,
): Promise<EvidencePackView> {
  const scope = requireReader(principal);
  const key = configuredSigningKey();
  if (!key) throw new ProfilesError('service_unavailable', 'No audit signing key is configured: evidence packs cannot be signed');
  const signed = await buildEvidencePack(deps.db, deps.sources, key, {
    scope,
    subject: { kind: input.subjectKind, id: input.subjectId },
    createdBy: { actorKind: principal.kind, actorId: principal.actorId },
  });
  if (!signed) throw new ProfilesError('not_found', `No ${input.subjectKind.replace('_', ' ')} ${input.subjectId} in this workspace`);
  const text = packFileText(signed);
  const pdf = await renderPackPdf(signed);
  await deps.blobs.put(evidencePackKey(scope, signed.pack.packId, 'json'), Buffer.from(text, 'utf8'), { contentType: 'application/json' });
  await deps.blobs.put(evidencePackKey(scope, signed.pack.packId, 'pdf'), pdf, { contentType: 'application/pdf' });
  const view = viewOf(signed, text);
  await appendAudit(deps.db, {
    ...scope,
    ...auditActorOf(principal),
    action: 'audit.evidence_pack.create',
    resourceType: AUDIT_TYPE,
    resourceId: view.id,
    profileId: view.profileId,
    outcome: 'succeeded',
    requestId,
    detail: { subject_kind: view.subjectKind, subject_id: view.subjectId, sha256: view.sha256, entries: view.entryCount },
  });
  return view;
}

/** The caller's pack, or null (another workspace's pack and an absent one read the same). A read of
 * a pack about a profile is written to the audit trail before it is answered. */
export async function readEvidencePack(
  deps: EvidencePackDeps,
  principal: Principal,
  id: string,
  requestId?: string,
): Promise<EvidencePackView | null> {
  const scope = requireReader(principal);
  if (!EVIDENCE_PACK_ID.test(id)) return null;
  const bytes = await deps.blobs.get(evidencePackKey(scope, id, 'json'));
  if (!bytes) return null;
  const text = bytes.toString('utf8');
  const view = viewOf(JSON.parse(text) as SignedEvidencePack, text);
  await appendAudit(deps.db, {
    ...scope,
    ...auditActorOf(principal),
    action: 'audit.evidence_pack.read',
    resourceType: AUDIT_TYPE,
    resourceId: view.id,
    profileId: view.profileId,
    outcome: 'allowed',
    requestId,
    detail: { subject_kind: view.subjectKind, subject_id: view.subjectId },
  });
  return view;
}
