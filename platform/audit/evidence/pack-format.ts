// The evidence pack's format (docs/audit.md "Evidence packs"), its canonical JSON, its detached
// signature and its offline verification. Pure code: `audit verify-pack` runs it without a database,
// so everything a check needs travels in the pack (entries with every hashed part, the checkpoints
// with their signatures, the public key).
import crypto, { KeyObject } from 'node:crypto';
import { chainHash } from '../chain';
import { keyIdOf, publicKeyFrom, verifyStatement } from '../signing';

export const PACK_FORMAT = 'vigil-evidence-pack/v1';
export const PACK_SIGNATURE_CONTEXT = 'vigil-evidence-pack-signature/v1';

export type EvidenceSubjectKind = 'profile' | 'verification_session' | 'screening_search' | 'risk_assessment';

/** A decision recorded by the domain that owns the object (review history, match reviews, conclusion). */
export interface EvidenceDecision {
  /** What was decided (`review`, `match_review`, `conclusion`, `risk_status`, ...). */
  kind: string;
  /** The object the decision is on (the object itself, or a part of it: a match, a risk). */
  on: string;
  from: string | null;
  to: string;
  by: string | null;
  at: string | null;
}

/** One object of a pack with what was decided on it and the evidence it was decided on. No personal
 * data: ids, codes, statuses, scores, thresholds, hashes and times only. */
export interface EvidenceObject {
  kind: EvidenceSubjectKind;
  id: string;
  /** The audit trail's object type of this object (`idv.session`, `screening.search`, ...). */
  auditType: string;
  profileId: string | null;
  /** Identity of the object: status, type, creation time and the like. */
  identity: Record<string, unknown>;
  decisions: EvidenceDecision[];
  /** What the decisions were made on (kind-specific, see docs/audit.md). */
  evidence: Record<string, unknown>;
  /** Other ids the trail may name this object's parts by (match ids, risk ids). */
  partIds: string[];
}

export interface ListVersion {
  source: string;
  versionId: string;
  seq: number | null;
  label: string | null;
}

/** An audit entry with every hashed part (docs/audit.md "The chain"), as the verifier needs it. */
export interface PackEntry {
  seq: string;
  prevHash: string;
  entryHash: string;
  tenantId: string;
  workspaceId: string;
  createdAt: string;
  actorKind: string;
  actorId: string;
  clientAddress: string | null;
  action: string;
  resourceType: string;
  resourceId: string;
  profileId: string | null;
  outcome: string;
  requestId: string | null;
  /** The detail's canonical jsonb text, as hashed. */
  detail: string;
  /** SHA-256 of the personal part (the part itself is never in a pack). */
  personalHash: string | null;
  /** True when the entry concerns an object of the pack; false for an entry that only links it. */
  about: boolean;
}

export interface PackCheckpoint {
  id: string;
  seq: string;
  headHash: string;
  kind: string;
  signedAt: string;
  keyId: string;
  /** Ed25519 over the checkpoint statement (base64). */
  signature: string;
}

/** A run of consecutive entries ending at a signed checkpoint. */
export interface PackSegment {
  checkpointId: string;
  entries: PackEntry[];
}

export interface EvidencePack {
  format: typeof PACK_FORMAT;
  packId: string;
  createdAt: string;
  createdBy: { actorKind: string; actorId: string };
  tenantId: string;
  workspaceId: string;
  subject: { kind: EvidenceSubjectKind; id: string };
  /** True when the subject's profile was erased: the pack then holds its ids and proofs only. */
  profileErased: boolean;
  objects: EvidenceObject[];
  listVersions: ListVersion[];
  chain: { segments: PackSegment[]; checkpoints: PackCheckpoint[] };
  publicKey: { algorithm: 'Ed25519'; spki: string; keyId: string; fingerprint: string };
}

export interface SignedEvidencePack {
  pack: EvidencePack;
  /** Ed25519 over `PACK_SIGNATURE_CONTEXT \n canonicalJson(pack)` (base64). */
  signature: { algorithm: 'Ed25519'; keyId: string; value: string };
}

/** JSON with keys sorted at every level and no spaces: the bytes the detached signature covers. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: not a finite number');
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
}

function signedBytes(pack: EvidencePack): Buffer {
  return Buffer.from(`${PACK_SIGNATURE_CONTEXT}\n${canonicalJson(pack)}`, 'utf8');
}

/** SHA-256 of the public key's SPKI DER, hex, in groups of four (the full fingerprint). */
export function fingerprintOf(publicKey: KeyObject): string {
  const hex = crypto
    .createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex');
  return hex.match(/.{4}/g)!.join(':');
}

export function signPack(pack: EvidencePack, privateKey: KeyObject, keyId: string): SignedEvidencePack {
  return {
    pack,
    signature: { algorithm: 'Ed25519', keyId, value: crypto.sign(null, signedBytes(pack), privateKey).toString('base64') },
  };
}

/** The file a pack is downloaded as: the signed pack, canonical JSON, one trailing newline. */
export function packFileText(signed: SignedEvidencePack): string {
  return `${canonicalJson(signed)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Offline verification

export type PackCheckName = 'format' | 'public_key' | 'signature' | 'entry_hash' | 'link' | 'checkpoint';

export interface PackCheck {
  check: PackCheckName;
  ok: boolean;
  message: string;
}

export interface PackVerification {
  ok: boolean;
  checks: PackCheck[];
  /** How many entries about the pack's objects, and how many entries in all, were recomputed. */
  entriesAbout: number;
  entriesChecked: number;
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Verifies a signed pack with nothing but its own content (and, when given, the public key it must
 * be signed with): the detached signature over the canonical JSON, every entry's hash, every link
 * from an entry to the next up to its signed checkpoint, and every checkpoint's signature. Each
 * failure names its check.
 */
export function verifyPack(input: unknown, trustedKey?: KeyObject): PackVerification {
  const checks: PackCheck[] = [];
  const fail = (check: PackCheckName, message: string) => checks.push({ check, ok: false, message });
  const pass = (check: PackCheckName, message: string) => checks.push({ check, ok: true, message });
  const result = (about = 0, all = 0): PackVerification => ({
    ok: checks.every((c) => c.ok),
    checks,
    entriesAbout: about,
    entriesChecked: all,
  });

  const signed = input as Partial<SignedEvidencePack> | null;
  const pack = signed?.pack;
  if (!signed || typeof signed !== 'object' || !pack || pack.format !== PACK_FORMAT || !signed.signature?.value) {
    fail('format', `not a signed evidence pack of format ${PACK_FORMAT}`);
    return result();
  }
  if (!Array.isArray(pack.chain?.segments) || !Array.isArray(pack.chain?.checkpoints) || !Array.isArray(pack.objects)) {
    fail('format', 'the pack lacks its chain or its objects');
    return result();
  }

  // The key: the one given (kept apart from the server), else the one the pack carries.
  let key: KeyObject;
  try {
    const carried = publicKeyFrom(pack.publicKey.spki);
    key = trustedKey ?? carried;
    const keyId = keyIdOf(key);
    if (trustedKey && keyIdOf(carried) !== keyId)
      fail('public_key', `the pack carries key ${keyIdOf(carried)}, not the given key ${keyId}`);
    else if (pack.publicKey.keyId !== keyId || pack.publicKey.fingerprint !== fingerprintOf(key))
      fail('public_key', `the pack's key id or fingerprint does not match its public key`);
    else
      pass('public_key', `key ${keyId} (${trustedKey ? 'given' : 'carried by the pack: compare its fingerprint with a copy kept apart'})`);
  } catch {
    fail('public_key', 'the public key cannot be read');
    return result();
  }

  // The detached signature over the canonical pack.
  let signatureOk: boolean;
  try {
    signatureOk = crypto.verify(null, signedBytes(pack), key, Buffer.from(signed.signature.value, 'base64'));
  } catch {
    signatureOk = false;
  }
  if (signatureOk) pass('signature', 'the detached signature covers the pack as it is');
  else fail('signature', 'the detached signature does not verify: the pack was changed after it was signed (or signed with another key)');

  // Checkpoints: their signatures.
  const checkpoints = new Map<string, PackCheckpoint>();
  for (const checkpoint of pack.chain.checkpoints) {
    let ok: boolean;
    try {
      ok =
        checkpoint.keyId === keyIdOf(key) &&
        verifyStatement(
          key,
          {
            tenantId: pack.tenantId,
            workspaceId: pack.workspaceId,
            seq: BigInt(checkpoint.seq),
            headHash: checkpoint.headHash,
            kind: checkpoint.kind,
            signedAt: new Date(checkpoint.signedAt),
          },
          checkpoint.signature,
        ) &&
        new Date(checkpoint.signedAt).toISOString() === checkpoint.signedAt;
    } catch {
      ok = false;
    }
    if (ok) {
      checkpoints.set(checkpoint.id, checkpoint);
      pass('checkpoint', `checkpoint ${checkpoint.id} at seq ${checkpoint.seq}: signature verifies`);
    } else fail('checkpoint', `checkpoint ${checkpoint.id} at seq ${checkpoint.seq}: signature does not verify`);
  }

  // Entries: each hash, each link, each segment's end at its checkpoint.
  let about = 0;
  let all = 0;
  let badHashes = 0;
  let badLinks = 0;
  for (const segment of pack.chain.segments) {
    const checkpoint = checkpoints.get(segment.checkpointId);
    let previous: PackEntry | undefined;
    for (const entry of segment.entries) {
      all += 1;
      if (entry.about) about += 1;
      let computed: string;
      try {
        if (entry.tenantId !== pack.tenantId || entry.workspaceId !== pack.workspaceId) throw new Error('scope');
        computed = chainHash(entry.prevHash, BigInt(entry.seq), [
          'v1',
          entry.tenantId,
          entry.workspaceId,
          entry.createdAt,
          entry.actorKind,
          entry.actorId,
          entry.clientAddress,
          entry.action,
          entry.resourceType,
          entry.resourceId,
          entry.profileId,
          entry.outcome,
          entry.requestId,
          entry.detail,
          entry.personalHash,
        ]);
      } catch {
        computed = '';
      }
      if (computed !== entry.entryHash || !HEX64.test(entry.entryHash)) {
        badHashes += 1;
        fail('entry_hash', `entry seq ${entry.seq} (${entry.action} on ${entry.resourceType} ${entry.resourceId}) does not match its hash`);
      }
      if (previous && (BigInt(entry.seq) !== BigInt(previous.seq) + 1n || entry.prevHash !== previous.entryHash)) {
        badLinks += 1;
        fail('link', `entry seq ${entry.seq} does not follow entry seq ${previous.seq} in the chain`);
      }
      previous = entry;
    }
    if (!checkpoint) {
      fail('link', `a segment ends at checkpoint ${segment.checkpointId}, which the pack does not carry signed`);
    } else if (!previous || previous.seq !== checkpoint.seq || previous.entryHash !== checkpoint.headHash) {
      badLinks += 1;
      fail('link', `the segment ending at checkpoint ${checkpoint.id} does not reach its entry (seq ${checkpoint.seq})`);
    }
  }
  if (!badHashes) pass('entry_hash', `${all} entries match their hashes`);
  if (!badLinks) pass('link', `every entry links to the next up to a signed checkpoint`);

  return result(about, all);
}
