// Custom field definition revisions: the only Prisma access for them.
import { Prisma } from '../../../generated/prisma/client';
import { newId } from '../../../platform/ids/new-id';
import type { DbClient, Scope } from '../../../platform/db/prisma';
import { queryableId } from './scope';

export type DefinitionChange = 'create' | 'update' | 'archive' | 'restore' | 'rollback';

export interface RevisionContents {
  label: string;
  required: boolean;
  priority: number;
  options: { value: string; label: string }[];
  archived: boolean;
}

/**
 * Appends the next revision of a definition. Callers hold the definition's row lock (or have just
 * inserted it), so max + 1 cannot race.
 */
export async function appendRevision(
  db: DbClient,
  scope: Scope,
  key: string,
  data: RevisionContents & { change: DefinitionChange; rolledBackTo?: number; actorId: string | null },
) {
  const latest = await db.profileCustomFieldDefinitionRevision.aggregate({ where: { ...scope, key }, _max: { revision: true } });
  return db.profileCustomFieldDefinitionRevision.create({
    data: {
      id: newId('cfr'),
      ...scope,
      key,
      revision: (latest._max.revision ?? 0) + 1,
      label: data.label,
      required: data.required,
      priority: data.priority,
      options: data.options as Prisma.InputJsonValue,
      archived: data.archived,
      change: data.change,
      rolledBackTo: data.rolledBackTo ?? null,
      actorId: data.actorId,
    },
  });
}

export async function findRevision(db: DbClient, scope: Scope, key: string, revision: number) {
  if (!queryableId(key)) return null;
  return db.profileCustomFieldDefinitionRevision.findFirst({ where: { ...scope, key, revision } });
}

/** Newest first; one extra row beyond `take` tells whether another page follows. */
export async function listRevisions(db: DbClient, scope: Scope, key: string, page: { skip: number; take: number }) {
  const where = { ...scope, key };
  const [rows, total] = await Promise.all([
    db.profileCustomFieldDefinitionRevision.findMany({ where, orderBy: { revision: 'desc' }, skip: page.skip, take: page.take }),
    db.profileCustomFieldDefinitionRevision.count({ where }),
  ]);
  return { rows, total };
}
