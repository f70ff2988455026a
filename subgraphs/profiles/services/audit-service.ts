// The console's view of the workspace's audit trail (written by every domain through
// platform/audit). Only applications and dashboard users of role reviewer or admin read it; every
// read is scoped to the caller's workspace. Personal parts are never returned.
import { AuditEntryRow, readAuditEntries } from '../../../platform/audit/audit-trail';
import type { Db } from '../../../platform/db/prisma';
import { Connection, decodeCursor, encodeCursor, pageSize } from '../../../platform/graphql/paging';
import { Principal } from '../../../platform/principal/principal';
import { ProfilesError } from '../errors';
import { ProblemKind, verifyAuditChains } from '../../../platform/audit/verify';
import { configuredSigningKey } from '../../../platform/audit/signing';

export interface AuditEntryQuery {
  first?: number | null;
  after?: string | null;
  filter?: {
    objectType?: string | null;
    objectId?: string | null;
    profileId?: string | null;
    actorKind?: string | null;
    actorId?: string | null;
    action?: string | null;
    from?: Date | null;
    to?: Date | null;
  } | null;
}

export const AUDIT_PAGE = { fallback: 50, max: 200 } as const;

/** Applications and dashboard users read the trail (a dashboard user's role is checked with every
 * other field's in platform/principal/role-policy.ts); capture and service principals never do. */
export function mayReadAudit(principal: Principal): boolean {
  return principal.kind === 'application' || principal.kind === 'dashboard_user';
}

export async function listAuditEntries(db: Db, principal: Principal, query: AuditEntryQuery): Promise<Connection<AuditEntryRow>> {
  if (!mayReadAudit(principal))
    throw new ProfilesError('forbidden', 'Reading the audit trail needs an application key or the reviewer role');
  let beforeSeq: bigint | undefined;
  if (query.after) {
    const cursor = decodeCursor<{ s?: unknown }>(query.after);
    if (typeof cursor?.s !== 'string' || !/^\d{1,19}$/.test(cursor.s))
      throw new ProfilesError('schema_validation_failed', 'after: not a cursor of this list', { field: 'after' });
    beforeSeq = BigInt(cursor.s);
  }
  const size = pageSize(query.first, AUDIT_PAGE.fallback, AUDIT_PAGE.max);
  const filter = query.filter ?? {};
  const { rows, totalCount } = await readAuditEntries(
    db,
    { tenantId: principal.tenantId, workspaceId: principal.workspaceId },
    {
      resourceType: filter.objectType ?? undefined,
      resourceId: filter.objectId ?? undefined,
      profileId: filter.profileId ?? undefined,
      actorKind: filter.actorKind ?? undefined,
      actorId: filter.actorId ?? undefined,
      action: filter.action ?? undefined,
      from: filter.from ?? undefined,
      to: filter.to ?? undefined,
    },
    beforeSeq,
    size,
  );
  const nodes = rows.slice(0, size);
  const hasNextPage = rows.length > size;
  const last = nodes[nodes.length - 1];
  return {
    nodes,
    pageInfo: { hasNextPage, endCursor: hasNextPage && last ? encodeCursor({ s: last.seq.toString() }) : null },
    totalCount,
  };
}

export interface ChainVerification {
  verified: boolean;
  entries: number;
  checkpoints: number;
  signaturesChecked: boolean;
  problems: { kind: ProblemKind; sequence: string | null; message: string }[];
  checkedAt: Date;
}

/** The verifier of `audit verify`, run for the caller's workspace. Admins (and applications) only:
 * it reads the whole chain. Checkpoint signatures are checked with the server's own key when one is
 * configured (a copy of the public key kept elsewhere is the stronger check: the CLI's --public-key). */
export async function verifyWorkspaceChain(db: Db, principal: Principal): Promise<ChainVerification> {
  const admin = principal.kind === 'dashboard_user' ? principal.role === 'admin' : principal.kind === 'application';
  if (!admin) throw new ProfilesError('forbidden', 'Verifying the audit chain needs an application key or the admin role');
  const publicKey = configuredSigningKey()?.publicKey;
  const [report] = await verifyAuditChains(db, { workspaceId: principal.workspaceId, publicKey });
  // A workspace without any entry has no chain yet: nothing to be wrong.
  const problems = (report?.tenantId === principal.tenantId ? report.problems : []).map((problem) => ({
    kind: problem.kind,
    sequence: problem.seq === undefined ? null : problem.seq.toString(),
    message: problem.message,
  }));
  return {
    verified: problems.length === 0,
    entries: report?.entries ?? 0,
    checkpoints: report?.checkpoints ?? 0,
    signaturesChecked: Boolean(publicKey),
    problems,
    checkedAt: new Date(),
  };
}
