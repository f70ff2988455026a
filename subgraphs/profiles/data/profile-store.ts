// The only module of the profiles domain that touches Prisma for profiles. Every query carries the
// caller's tenant and workspace: an id from another workspace reads exactly like an absent one.
import { Db } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';

export interface Scope {
  tenantId: string;
  workspaceId: string;
}

export async function insertProfile(db: Db, scope: Scope, data: { name: string; kind: string; email?: string | null }) {
  return db.profile.create({ data: { id: newId('prf'), ...scope, name: data.name, kind: data.kind, email: data.email ?? null } });
}

export async function findProfilesByIds(db: Db, scope: Scope, ids: readonly string[]) {
  return db.profile.findMany({ where: { ...scope, id: { in: [...ids] } } });
}
