// Profile comments: the only Prisma access for them.
import { newId } from '../../../platform/ids/new-id';
import type { Db, DbClient, Scope } from '../../../platform/db/prisma';
import { queryableId } from './scope';

export async function insertComment(
  db: DbClient,
  scope: Scope,
  data: { profileId: string; kind: string; matchId: string | null; text: string; actorId: string },
) {
  return db.profileComment.create({
    data: {
      id: newId('pcm'),
      ...scope,
      profileId: data.profileId,
      kind: data.kind,
      matchId: data.matchId,
      text: data.text,
      createdBy: data.actorId,
      updatedBy: data.actorId,
    },
  });
}

export async function findComment(db: DbClient, scope: Scope, profileId: string, id: string) {
  if (!queryableId(id)) return null;
  return db.profileComment.findFirst({ where: { ...scope, profileId, id } });
}

/** A stored comment as Prisma reads it (the raw reads answer the same shape, COMMENT_COLUMNS). */
export type CommentRow = Awaited<ReturnType<typeof insertComment>>;

const COMMENT_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", kind, match_id AS "matchId", text,
  version, created_by AS "createdBy", updated_by AS "updatedBy", redacted_at AS "redactedAt", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

/** A page of a profile's comments, oldest first, and their total: one prepared statement (the total
 * a scalar subquery over the same filter), no Prisma per call (every profile page reads it). */
export async function listComments(db: Db, scope: Scope, profileId: string, page: { skip: number; take: number }) {
  const rows = (await db.$readRows(
    `SELECT ${COMMENT_COLUMNS}, (SELECT count(*)::int FROM profiles.profile_comments
                                  WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = $3) AS "total"
       FROM profiles.profile_comments
      WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = $3
      ORDER BY created_at ASC, id ASC OFFSET $4 LIMIT $5`,
    [scope.tenantId, scope.workspaceId, profileId, page.skip, page.take],
    'profiles_comments_page',
  )) as unknown as (CommentRow & { total: number })[];
  // An offset past the end answers no row, so no total either: count on its own then.
  const total = rows[0]?.total ?? (page.skip > 0 ? await countComments(db, scope, profileId) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

async function countComments(db: Db, scope: Scope, profileId: string): Promise<number> {
  const rows = await db.$readRows(
    `SELECT count(*)::int AS n FROM profiles.profile_comments WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = $3`,
    [scope.tenantId, scope.workspaceId, profileId],
    'profiles_comments_count',
  );
  return (rows[0]?.n as number | undefined) ?? 0;
}

/** Updates the text when the version still matches; returns the number of rows changed. */
export async function updateCommentText(
  db: DbClient,
  scope: Scope,
  profileId: string,
  id: string,
  data: { text: string; actorId: string; expectedVersion: number },
) {
  const result = await db.profileComment.updateMany({
    where: { ...scope, profileId, id, version: data.expectedVersion },
    data: { text: data.text, updatedBy: data.actorId, version: { increment: 1 }, updatedAt: new Date() },
  });
  return result.count;
}

export async function redactComments(db: DbClient, scope: Scope, profileId: string, placeholder: string, at: Date) {
  await db.profileComment.updateMany({ where: { ...scope, profileId }, data: { text: placeholder, redactedAt: at, updatedAt: at } });
}

/** Comments of kind match on any of the given match ids, oldest first: one prepared statement for a
 * whole page of screening matches (the screening subgraph never reads this table). */
export async function findMatchComments(db: Db, scope: Scope, matchIds: readonly string[]): Promise<CommentRow[]> {
  if (matchIds.length === 0) return [];
  const rows = await db.$readRows(
    `SELECT ${COMMENT_COLUMNS}
       FROM profiles.profile_comments
      WHERE tenant_id = $1 AND workspace_id = $2 AND kind = 'match' AND match_id = ANY($3::text[])
      ORDER BY created_at ASC, id ASC`,
    [scope.tenantId, scope.workspaceId, matchIds],
    'profiles_match_comments',
  );
  return rows as unknown as CommentRow[];
}
