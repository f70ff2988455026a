// Every read and write of the four-eyes tables (platform.four_eyes_policies, four_eyes_proposals):
// the one place the maker-checker data touches Prisma. Every function is scoped by tenant and
// workspace; a proposal of another workspace is indistinguishable from an absent one.
import { readCount, type Db, type DbClient, type Scope } from '../../db/prisma';
import { translateUniqueViolation } from '../../db/unique-violation';

export interface PolicyRow {
  kinds: string[];
  proposalExpiryHours: number;
  refuseApplicationDecisions: boolean;
  updatedAt: Date;
  updatedBy: string | null;
}

export async function findPolicy(db: DbClient, scope: Scope): Promise<PolicyRow | null> {
  const row = await db.fourEyesPolicy.findUnique({ where: { workspaceId: scope.workspaceId } });
  return row && row.tenantId === scope.tenantId ? row : null;
}

export async function savePolicy(
  db: DbClient,
  scope: Scope,
  data: { kinds: string[]; proposalExpiryHours: number; refuseApplicationDecisions: boolean; updatedBy: string },
): Promise<PolicyRow> {
  return db.fourEyesPolicy.upsert({
    where: { workspaceId: scope.workspaceId },
    create: { tenantId: scope.tenantId, workspaceId: scope.workspaceId, ...data },
    update: { ...data, updatedAt: new Date() },
  });
}

export interface ProposalRow {
  id: string;
  tenantId: string;
  workspaceId: string;
  kind: string;
  objectType: string;
  objectId: string;
  profileId: string | null;
  decision: unknown;
  note: string | null;
  fingerprint: string;
  status: string;
  proposedBy: string;
  proposedAt: Date;
  expiresAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

export interface NewProposal {
  id: string;
  kind: string;
  objectType: string;
  objectId: string;
  profileId: string | null;
  decision: Record<string, unknown>;
  note: string | null;
  fingerprint: string;
  proposedBy: string;
  proposedAt: Date;
  expiresAt: Date;
}

/** Inserts a pending proposal; a pending one of the same kind and object makes it a UniqueViolation. */
export async function insertProposal(db: DbClient, scope: Scope, proposal: NewProposal): Promise<ProposalRow> {
  return translateUniqueViolation('four-eyes proposal', () =>
    db.fourEyesProposal.create({
      data: {
        tenantId: scope.tenantId,
        workspaceId: scope.workspaceId,
        ...proposal,
        decision: proposal.decision as object,
        status: 'pending',
      },
    }),
  );
}

export async function findProposal(db: DbClient, scope: Scope, id: string): Promise<ProposalRow | null> {
  return db.fourEyesProposal.findFirst({ where: { id, tenantId: scope.tenantId, workspaceId: scope.workspaceId } });
}

/** Reads the proposal under a row lock until the transaction ends: concurrent decisions of one
 * proposal line up here, and the second sees the first's outcome. */
export async function lockProposal(db: DbClient, scope: Scope, id: string): Promise<ProposalRow | null> {
  const locked = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM platform.four_eyes_proposals
    WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId}
    FOR UPDATE`;
  if (locked.length === 0) return null;
  return findProposal(db, scope, id);
}

/** Moves a pending proposal to its outcome; false when it was not pending any more. */
export async function settleProposal(
  db: DbClient,
  scope: Scope,
  id: string,
  outcome: { status: 'approved' | 'rejected' | 'expired'; decidedBy: string | null; decidedAt: Date; decisionNote: string | null },
): Promise<boolean> {
  const result = await db.fourEyesProposal.updateMany({
    where: { id, tenantId: scope.tenantId, workspaceId: scope.workspaceId, status: 'pending' },
    data: outcome,
  });
  return result.count === 1;
}

/** Pending proposals of one object whose time ran out (to be marked expired). */
export async function findDueProposals(
  db: DbClient,
  scope: Scope,
  objectType: string,
  objectId: string,
  now: Date,
): Promise<ProposalRow[]> {
  return db.fourEyesProposal.findMany({
    where: { tenantId: scope.tenantId, workspaceId: scope.workspaceId, objectType, objectId, status: 'pending', expiresAt: { lte: now } },
  });
}

/** The pending (not yet due) proposal of one object, if any. */
export async function findPendingProposal(
  db: DbClient,
  scope: Scope,
  objectType: string,
  objectId: string,
  now: Date,
): Promise<ProposalRow | null> {
  return db.fourEyesProposal.findFirst({
    where: { tenantId: scope.tenantId, workspaceId: scope.workspaceId, objectType, objectId, status: 'pending', expiresAt: { gt: now } },
  });
}

/** The pending proposals of several objects of one type (a page of matches): one query. */
export async function findPendingProposals(
  db: DbClient,
  scope: Scope,
  objectType: string,
  objectIds: readonly string[],
  now: Date,
): Promise<ProposalRow[]> {
  return db.fourEyesProposal.findMany({
    where: {
      tenantId: scope.tenantId,
      workspaceId: scope.workspaceId,
      objectType,
      objectId: { in: [...objectIds] },
      status: 'pending',
      expiresAt: { gt: now },
    },
  });
}

export interface ProposalFilter {
  /** pending: waiting and not due; expired: marked expired or pending past its expiry. */
  status?: 'pending' | 'approved' | 'rejected' | 'expired' | null;
  kind?: string | null;
  objectId?: string | null;
}

function filterWhere(scope: Scope, filter: ProposalFilter, now: Date) {
  const base = {
    tenantId: scope.tenantId,
    workspaceId: scope.workspaceId,
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.objectId ? { objectId: filter.objectId } : {}),
  };
  switch (filter.status) {
    case 'pending':
      return { ...base, status: 'pending', expiresAt: { gt: now } };
    case 'expired':
      return { ...base, OR: [{ status: 'expired' }, { status: 'pending', expiresAt: { lte: now } }] };
    case 'approved':
    case 'rejected':
      return { ...base, status: filter.status };
    default:
      return base;
  }
}

/** A page of proposals, newest first: `limit + 1` rows from `offset`. */
export async function listProposals(db: DbClient, scope: Scope, filter: ProposalFilter, now: Date, offset: number, limit: number) {
  return db.fourEyesProposal.findMany({
    where: filterWhere(scope, filter, now),
    orderBy: [{ proposedAt: 'desc' }, { id: 'desc' }],
    skip: offset,
    take: limit + 1,
  });
}

/** How long the proposals waiting for a second person (pending, not expired) have waited at `now`:
 * their number, the oldest's and the median age in seconds (the console's analytics page). One
 * prepared statement: few proposals wait at once, so the ages are sorted. */
export async function pendingProposalAges(
  db: Db,
  scope: Scope,
  now: Date,
): Promise<{ waiting: number; oldest_seconds: number | null; median_seconds: number | null }> {
  const rows = (await db.$readRows(
    `SELECT count(*)::int AS waiting,
            extract(epoch FROM $3::timestamp - min(proposed_at))::float8 AS oldest_seconds,
            (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM $3::timestamp - proposed_at)))::float8 AS median_seconds
       FROM platform.four_eyes_proposals
      WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'pending' AND expires_at > $3::timestamp`,
    [scope.tenantId, scope.workspaceId, now],
    'pending_proposal_ages',
  )) as { waiting: number; oldest_seconds: number | null; median_seconds: number | null }[];
  return rows[0] ?? { waiting: 0, oldest_seconds: null, median_seconds: null };
}

/** The proposals waiting for a second person (the home page's count): one prepared statement on the
 * (tenant, workspace, status, proposed_at) index. */
export async function countPendingProposalRows(db: Db, scope: Scope, now: Date): Promise<number> {
  return readCount(
    db,
    `SELECT count(*)::int AS n FROM platform.four_eyes_proposals WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'pending' AND expires_at > $3`,
    [scope.tenantId, scope.workspaceId, now],
    'pending_proposals_count',
  );
}

export async function countProposals(db: DbClient, scope: Scope, filter: ProposalFilter, now: Date): Promise<number> {
  return db.fourEyesProposal.count({ where: filterWhere(scope, filter, now) });
}

export async function findProposalsByIds(db: DbClient, scope: Scope, ids: readonly string[]): Promise<ProposalRow[]> {
  return db.fourEyesProposal.findMany({ where: { id: { in: [...ids] }, tenantId: scope.tenantId, workspaceId: scope.workspaceId } });
}
