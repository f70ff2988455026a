// Profile status and the facts it is derived from (latest screening and IDV outcome per profile).
// The only module that writes profile.status; callers pass their transaction client so the status,
// its facts and the outbox event commit together.
import type { Db, DbClient, Scope } from '../../../platform/db/prisma';

export type StatusFactsRow = NonNullable<Awaited<ReturnType<typeof findStatusFacts>>>;

/** Takes the profile's row lock and returns its current status; null when absent in the scope. */
export async function lockProfileStatus(
  db: DbClient,
  scope: Scope,
  profileId: string,
): Promise<{ status: string; erasedAt: Date | null } | null> {
  const rows = await db.$queryRaw<{ status: string; erased_at: Date | null }[]>`
    SELECT status, erased_at FROM "profiles"."profiles"
    WHERE id = ${profileId} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  return rows[0] ? { status: rows[0].status, erasedAt: rows[0].erased_at } : null;
}

export async function writeProfileStatus(db: DbClient, scope: Scope, profileId: string, status: string): Promise<void> {
  await db.profile.updateMany({ where: { ...scope, id: profileId }, data: { status, updatedAt: new Date() } });
}

export async function findStatusFacts(db: DbClient, scope: Scope, profileId: string) {
  return db.profileStatusFacts.findFirst({ where: { ...scope, profileId } });
}

export interface ScreeningFact {
  searchId: string;
  unresolved: number;
  truePositive: number;
  at: Date;
}

export interface IdvFact {
  sessionId: string;
  outcome: string;
  at: Date;
}

export async function saveScreeningFact(db: DbClient, scope: Scope, profileId: string, fact: ScreeningFact): Promise<void> {
  const data = {
    screeningSearchId: fact.searchId,
    screeningUnresolved: fact.unresolved,
    screeningTruePositive: fact.truePositive,
    screeningAt: fact.at,
  };
  await db.profileStatusFacts.upsert({ where: { profileId }, create: { profileId, ...scope, ...data }, update: data });
}

export async function saveIdvFact(db: DbClient, scope: Scope, profileId: string, fact: IdvFact): Promise<void> {
  const data = { idvSessionId: fact.sessionId, idvOutcome: fact.outcome, idvAt: fact.at };
  await db.profileStatusFacts.upsert({ where: { profileId }, create: { profileId, ...scope, ...data }, update: data });
}

/** The profile_status_updated events of some profiles, oldest first: the outbox keeps every event
 * (indexed by aggregate), so it is the status timeline; payloads are the ones settleStatus writes.
 * One prepared statement (every profile page reads it), no Prisma per call. */
export async function findStatusChanges(
  db: Db,
  scope: Scope,
  profileIds: readonly string[],
): Promise<{ aggregateId: string; payload: unknown; createdAt: Date }[]> {
  const rows = await db.$readRows(
    `SELECT aggregate_id AS "aggregateId", payload, created_at AS "createdAt" FROM platform.event_outbox
      WHERE tenant_id = $1 AND workspace_id = $2 AND aggregate_type = 'profile' AND aggregate_id = ANY($3::text[])
        AND type = 'profile_status_updated'
      ORDER BY created_at, id`,
    [scope.tenantId, scope.workspaceId, [...profileIds]],
    'profiles_status_changes',
  );
  return rows as unknown as { aggregateId: string; payload: unknown; createdAt: Date }[];
}
