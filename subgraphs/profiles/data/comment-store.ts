// Profile comments: the only Prisma access for them.
import { newId } from '../../../platform/ids/new-id';
import type { DbClient, Scope } from '../../../platform/db/prisma';
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

/** Comments of kind match on any of the given match ids, oldest first: one query for a whole
 * page of screening matches (the screening subgraph never reads this table). */
export async function findMatchComments(db: DbClient, scope: Scope, matchIds: readonly string[]) {
  if (matchIds.length === 0) return [];
  return db.profileComment.findMany({
    where: { ...scope, kind: 'match', matchId: { in: [...matchIds] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}
