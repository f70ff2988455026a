// The console's view of the workspace's audit trail (written by every domain through
// platform/audit). Only applications and dashboard users of role reviewer or admin read it; every
// read is scoped to the caller's workspace. Personal parts are never returned.
import { AuditEntryRow, readAuditEntries } from '../../../platform/audit/audit-trail';
import type { Db } from '../../../platform/db/prisma';
import { Connection, decodeCursor, encodeCursor, pageSize } from '../../../platform/graphql/paging';
import { Principal } from '../../../platform/principal/principal';
import { ProfilesError } from '../errors';

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
