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

export async function listComments(db: DbClient, scope: Scope, profileId: string, page: { skip: number; take: number }) {
  const where = { ...scope, profileId };
  const [rows, total] = await Promise.all([
    db.profileComment.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.take }),
    db.profileComment.count({ where }),
  ]);
  return { rows, total };
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

/** A stored comment as Prisma reads it (the raw read below answers the same shape). */
export type CommentRow = Awaited<ReturnType<typeof insertComment>>;

/** Comments of kind match on any of the given match ids, oldest first: one prepared statement for a
 * whole page of screening matches (the screening subgraph never reads this table). */
export async function findMatchComments(db: Db, scope: Scope, matchIds: readonly string[]): Promise<CommentRow[]> {
  if (matchIds.length === 0) return [];
  const rows = await db.$readRows(
    `SELECT id, tenant_id AS "tenantId", workspace_id AS "workspaceId", profile_id AS "profileId", kind, match_id AS "matchId", text,
            version, created_by AS "createdBy", updated_by AS "updatedBy", redacted_at AS "redactedAt", created_at AS "createdAt",
            updated_at AS "updatedAt"
       FROM profiles.profile_comments
      WHERE tenant_id = $1 AND workspace_id = $2 AND kind = 'match' AND match_id = ANY($3::text[])
      ORDER BY created_at ASC, id ASC`,
    [scope.tenantId, scope.workspaceId, matchIds],
    'profiles_match_comments',
  );
  return rows as unknown as CommentRow[];
}
