// The chain's hash, computed in JavaScript: the verifier's own implementation of what
// platform.audit_chain_hash computes when an entry is appended (so a changed database function
// cannot make a tampered chain verify). docs/audit.md describes the format.
import crypto from 'node:crypto';
import type { ChainRow } from './data/audit-store';

const NUL = Buffer.from([0]);

/** SHA-256(prev 0x00 seq 0x00 part1 0x00 ... 0x00 partN), hex; a null part is the empty text. */
export function chainHash(prev: string, seq: bigint, parts: readonly (string | null)[]): string {
  const hash = crypto.createHash('sha256');
  hash.update(prev, 'utf8');
  hash.update(NUL);
  hash.update(seq.toString(), 'utf8');
  for (const part of parts) {
    hash.update(NUL);
    hash.update(part ?? '', 'utf8');
  }
  return hash.digest('hex');
}

/** The hashed parts of an entry, in their fixed order (format version v1). */
export function entryParts(row: ChainRow): (string | null)[] {
  return [
    'v1',
    row.tenantId,
    row.workspaceId,
    row.createdAt,
    row.actorKind,
    row.actorId,
    row.clientAddress,
    row.action,
    row.resourceType,
    row.resourceId,
    row.profileId,
    row.outcome,
    row.requestId,
    row.detailText,
    row.personalHash,
  ];
}

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
