// Assembles a signed evidence pack (docs/audit.md "Evidence packs"): the objects and their evidence
// as their domains describe them (EvidenceSource, wired by app/), every audit entry about them, the
// chain from each entry to the next signed checkpoint (a checkpoint is signed at the head now when
// the newest entries have none yet), the checkpoints, the public key, and a detached signature.
import type { Db, Scope } from '../../db/prisma';
import { newId } from '../../ids/new-id';
import {
  CheckpointRow,
  ChainRow,
  findChainHead,
  findSeqsAbout,
  insertCheckpoint,
  listCheckpoints,
  readChainRange,
} from '../data/audit-store';
import { SigningKey, signStatement } from '../signing';
import {
  EvidencePack,
  EvidenceObject,
  EvidenceSubjectKind,
  fingerprintOf,
  ListVersion,
  PACK_FORMAT,
  PackCheckpoint,
  PackEntry,
  PackSegment,
  signPack,
  SignedEvidencePack,
} from './pack-format';

export interface DescribedObject {
  object: EvidenceObject;
  listVersions: ListVersion[];
  /** Profiles only: true when the profile was erased. */
  erased?: boolean;
}

/** One domain's objects as evidence. Implemented by each domain (its own tables), wired by app/. */
export interface EvidenceSource {
  /** The object in the scope, or null when there is none (another workspace's is absent too). */
  describe(scope: Scope, id: string): Promise<DescribedObject | null>;
  /** Ids of this kind's objects about the profile (its sessions, searches, assessments). */
  idsForProfile(scope: Scope, profileId: string): Promise<string[]>;
}

export type EvidenceSources = Record<EvidenceSubjectKind, EvidenceSource>;

export interface BuildPackInput {
  scope: Scope;
  subject: { kind: EvidenceSubjectKind; id: string };
  createdBy: { actorKind: string; actorId: string };
  now?: Date;
}

const RELATED_KINDS: readonly EvidenceSubjectKind[] = ['verification_session', 'screening_search', 'risk_assessment'];

function packEntry(row: ChainRow, about: boolean): PackEntry {
  return {
    seq: row.seq.toString(),
    prevHash: row.prevHash,
    entryHash: row.entryHash,
    tenantId: row.tenantId,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt,
    actorKind: row.actorKind,
    actorId: row.actorId,
    clientAddress: row.clientAddress,
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    profileId: row.profileId,
    outcome: row.outcome,
    requestId: row.requestId,
    detail: row.detailText,
    personalHash: row.personalHash,
    about,
  };
}

function packCheckpoint(row: CheckpointRow): PackCheckpoint {
  return {
    id: row.id,
    seq: row.seq.toString(),
    headHash: row.headHash,
    kind: row.kind,
    signedAt: row.signedAt.toISOString(),
    keyId: row.keyId,
    signature: row.signature,
  };
}

/** The pack, or null when the subject is not in the scope. */
export async function buildEvidencePack(
  db: Db,
  sources: EvidenceSources,
  key: SigningKey,
  input: BuildPackInput,
): Promise<SignedEvidencePack | null> {
  const { scope, subject } = input;
  const now = input.now ?? new Date();
  const described = await sources[subject.kind].describe(scope, subject.id);
  if (!described) return null;
  const all: DescribedObject[] = [described];
  if (subject.kind === 'profile') {
    for (const kind of RELATED_KINDS) {
      for (const id of await sources[kind].idsForProfile(scope, subject.id)) {
        const related = await sources[kind].describe(scope, id);
        if (related) all.push(related);
      }
    }
  }
  const objects = all.map((d) => d.object);
  const ids = [...new Set(objects.flatMap((object) => [object.id, ...object.partIds]))];
  const seqs = await findSeqsAbout(db, scope, ids, subject.kind === 'profile' ? [subject.id] : []);
  const { segments, checkpoints } = await chainProof(db, key, scope, seqs, now);

  const versions = new Map<string, ListVersion>();
  for (const version of all.flatMap((d) => d.listVersions)) versions.set(`${version.source}:${version.versionId}`, version);

  const pack: EvidencePack = {
    format: PACK_FORMAT,
    packId: newId('evp'),
    createdAt: now.toISOString(),
    createdBy: input.createdBy,
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    subject,
    profileErased: all.some((d) => d.erased === true),
    objects,
    listVersions: [...versions.values()].sort((a, b) => a.source.localeCompare(b.source) || a.versionId.localeCompare(b.versionId)),
    chain: { segments, checkpoints },
    publicKey: {
      algorithm: 'Ed25519',
      spki: key.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      keyId: key.keyId,
      fingerprint: fingerprintOf(key.publicKey),
    },
  };
  return signPack(pack, key.privateKey, key.keyId);
}

/**
 * For each entry, the run of entries from it to the first checkpoint at or after it. Entries newer
 * than the last checkpoint get one signed now, at the chain head (kind `pack`), so a pack never
 * waits for the periodic job. Runs to one checkpoint are merged; runs to different ones never overlap.
 */
async function chainProof(
  db: Db,
  key: SigningKey,
  scope: Scope,
  seqs: bigint[],
  now: Date,
): Promise<{ segments: PackSegment[]; checkpoints: PackCheckpoint[] }> {
  if (!seqs.length) return { segments: [], checkpoints: [] };
  const keyed = (await listCheckpoints(db, scope)).filter((c) => c.keyId === key.keyId);
  const last = seqs[seqs.length - 1];
  if (!keyed.some((c) => c.seq >= last)) {
    const head = await findChainHead(db, scope);
    if (!head) return { segments: [], checkpoints: [] };
    const statement = { ...scope, seq: head.seq, headHash: head.headHash, kind: 'pack', signedAt: now };
    const row: CheckpointRow = { id: newId('ack'), ...statement, keyId: key.keyId, signature: signStatement(key, statement) };
    await insertCheckpoint(db, row);
    keyed.push(row);
  }
  keyed.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  const about = new Set(seqs);
  const runs = new Map<string, { checkpoint: CheckpointRow; from: bigint }>();
  for (const seq of seqs) {
    const checkpoint = keyed.find((c) => c.seq >= seq)!;
    const run = runs.get(checkpoint.id);
    if (!run || seq < run.from) runs.set(checkpoint.id, { checkpoint, from: run ? (seq < run.from ? seq : run.from) : seq });
  }
  const segments: PackSegment[] = [];
  const checkpoints: PackCheckpoint[] = [];
  for (const { checkpoint, from } of [...runs.values()].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    const rows = await readChainRange(db, scope, from, checkpoint.seq);
    segments.push({ checkpointId: checkpoint.id, entries: rows.map((row) => packEntry(row, about.has(row.seq))) });
    checkpoints.push(packCheckpoint(checkpoint));
  }
  return { segments, checkpoints };
}
