// Verification of the audit chains: walks each workspace's entries in the order they were appended
// (id order: ids are drawn after the chain head is locked, so they follow the chain) and names every
// entry that was altered, removed or reordered, then checks the signed checkpoints against what is
// left. Used by `npm run cli -- audit verify` (docs/audit.md).
import type { KeyObject } from 'node:crypto';
import type { Db, Scope } from '../db/prisma';
import { chainHash, entryParts, sha256Hex } from './chain';
import { CheckpointRow, GENESIS_HASH, listChainHeads, listCheckpoints, readChainPage } from './data/audit-store';
import { keyIdOf, verifyStatement } from './signing';

export type ProblemKind = 'altered' | 'removed' | 'reordered' | 'link' | 'checkpoint' | 'head';

export interface ChainProblem {
  kind: ProblemKind;
  tenantId: string;
  workspaceId: string;
  /** The sequence number concerned (for `removed`, the first missing one). */
  seq?: bigint;
  /** Row id of the entry concerned, when it still exists. */
  id?: bigint;
  message: string;
}

export interface WorkspaceReport {
  tenantId: string;
  workspaceId: string;
  entries: number;
  checkpoints: number;
  /** The signed retention checkpoint the chain starts from, if any. */
  anchorSeq?: bigint;
  problems: ChainProblem[];
}

export interface VerifyOptions {
  workspaceId?: string;
  /** The public key checkpoints must be signed with; without it signatures are not checked. */
  publicKey?: KeyObject;
  /** Called every `progressEvery` entries and at the end of each workspace. */
  progress?: (line: string) => void;
  progressEvery?: number;
  pageSize?: number;
}

export async function verifyAuditChains(db: Db, options: VerifyOptions = {}): Promise<WorkspaceReport[]> {
  const heads = await listChainHeads(db, options.workspaceId);
  const reports: WorkspaceReport[] = [];
  for (const head of heads) reports.push(await verifyWorkspace(db, head, options));
  return reports;
}

async function verifyWorkspace(db: Db, head: Scope & { seq: bigint; headHash: string }, options: VerifyOptions): Promise<WorkspaceReport> {
  const scope = { tenantId: head.tenantId, workspaceId: head.workspaceId };
  const problems: ChainProblem[] = [];
  const problem = (kind: ProblemKind, message: string, at: { seq?: bigint; id?: bigint } = {}) =>
    problems.push({ kind, ...scope, ...at, message });

  // Checkpoints: a bad signature makes a checkpoint worthless (reported, then ignored).
  const checkpoints: CheckpointRow[] = [];
  const keyId = options.publicKey ? keyIdOf(options.publicKey) : undefined;
  for (const checkpoint of await listCheckpoints(db, scope)) {
    if (options.publicKey) {
      const signed = checkpoint.keyId === keyId && verifyStatement(options.publicKey, checkpoint, checkpoint.signature);
      if (!signed) {
        problem('checkpoint', `checkpoint ${checkpoint.id} at seq ${checkpoint.seq}: signature does not verify with key ${keyId}`, {
          seq: checkpoint.seq,
        });
        continue;
      }
    }
    checkpoints.push(checkpoint);
  }
  const anchor = checkpoints
    .filter((c) => c.kind === 'retention')
    .reduce<CheckpointRow | undefined>((a, c) => (!a || c.seq > a.seq ? c : a), undefined);
  const bySeq = new Map<bigint, CheckpointRow[]>();
  for (const checkpoint of checkpoints) bySeq.set(checkpoint.seq, [...(bySeq.get(checkpoint.seq) ?? []), checkpoint]);
  const checkpointSeen = new Set<bigint>();

  let expected = (anchor?.seq ?? 0n) + 1n;
  let prevHash = anchor?.headHash ?? GENESIS_HASH;
  let prevId: bigint | undefined;
  let lastSeq = anchor?.seq ?? 0n;
  let lastHash = prevHash;
  /** Sequence numbers skipped so far: removed, unless they turn up later (reordered). */
  const pending = new Map<bigint, { afterId?: bigint }>();
  let count = 0;
  let afterId = -1n;
  const pageSize = options.pageSize ?? 2_000;
  const every = options.progressEvery ?? 10_000;
  for (;;) {
    const rows = await readChainPage(db, scope, afterId, pageSize);
    for (const row of rows) {
      count += 1;
      const parts = entryParts(row);
      const at = { seq: row.seq, id: row.id };
      if (anchor && row.seq <= anchor.seq) {
        problem('reordered', `entry seq ${row.seq} (id ${row.id}) precedes the retention checkpoint at seq ${anchor.seq}`, at);
        continue;
      }
      const intact = chainHash(row.prevHash, row.seq, parts) === row.entryHash;
      let seq = row.seq;
      if (!intact && row.seq !== expected && chainHash(row.prevHash, expected, parts) === row.entryHash) {
        // Intact but for its number: it was moved to another place in the sequence.
        problem('reordered', `entry id ${row.id} carries seq ${row.seq} but was written as seq ${expected}`, at);
        seq = expected;
      } else if (!intact) {
        problem('altered', `entry seq ${row.seq} (id ${row.id}) does not match its hash: its content was changed`, at);
      }
      if (row.personalText !== null && sha256Hex(row.personalText) !== row.personalHash)
        problem('altered', `entry seq ${row.seq} (id ${row.id}): its personal part does not match its hash`, at);

      if (seq > expected) {
        for (let missing = expected; missing < seq; missing++) pending.set(missing, { afterId: prevId });
      } else if (seq < expected) {
        if (pending.delete(seq)) problem('reordered', `entry seq ${seq} (id ${row.id}) was written after seq ${expected - 1n}`, at);
        else problem('reordered', `entry id ${row.id} repeats seq ${seq}`, at);
      }
      const linked = row.prevHash === prevHash;
      if (!linked && seq === expected && intact) {
        problem(
          'link',
          `entry seq ${seq} (id ${row.id}) does not link to the entry before it (id ${prevId ?? 'none'}): that entry was changed`,
          at,
        );
      }
      for (const checkpoint of bySeq.get(seq) ?? []) {
        checkpointSeen.add(seq);
        if (checkpoint.headHash !== row.entryHash)
          problem('checkpoint', `entry seq ${seq} (id ${row.id}) differs from the signed checkpoint ${checkpoint.id}`, at);
      }
      if (seq >= expected) expected = seq + 1n;
      prevHash = row.entryHash;
      prevId = row.id;
      if (seq > lastSeq) {
        lastSeq = seq;
        lastHash = row.entryHash;
      }
      if (count % every === 0) options.progress?.(`workspace ${scope.workspaceId}: ${count} entries checked`);
    }
    if (rows.length < pageSize) break;
    afterId = rows[rows.length - 1].id;
  }
  for (const [seq, where] of pending)
    problem('removed', `entry seq ${seq} was removed${where.afterId !== undefined ? ` (it followed id ${where.afterId})` : ''}`, { seq });
  for (const [seq, list] of bySeq) {
    if (checkpointSeen.has(seq) || (anchor && seq <= anchor.seq)) continue;
    if (pending.has(seq)) continue; // already named as removed
    problem('checkpoint', `entry seq ${seq} of signed checkpoint ${list[0].id} is missing: the chain was cut back`, { seq });
  }
  if (head.seq !== lastSeq || head.headHash !== lastHash)
    problem(
      'head',
      `the chain head says seq ${head.seq} but the last entry is seq ${lastSeq}: entries at the end were removed or changed`,
      {
        seq: head.seq,
      },
    );
  problems.sort((a, b) => Number((a.seq ?? 0n) - (b.seq ?? 0n)));
  options.progress?.(`workspace ${scope.workspaceId}: ${count} entries, ${checkpoints.length} checkpoints, ${problems.length} problems`);
  return { ...scope, entries: count, checkpoints: checkpoints.length, anchorSeq: anchor?.seq, problems };
}
