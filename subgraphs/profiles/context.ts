import DataLoader from 'dataloader';
import { Db } from '../../platform/db/prisma';
import { RequestContext } from '../../platform/subgraph/subgraph-server';
import { findProfilesByIds, Scope } from './data/profile-store';
import { ProfileRecord } from './services/profile-service';

export interface ProfilesContext extends RequestContext {
  db: Db;
  scope: Scope;
  /** Batches entity references and lookups of one request into one query. */
  profileLoader: DataLoader<string, ProfileRecord | null>;
}

export function createProfilesContext(db: Db, base: RequestContext): ProfilesContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  return {
    ...base,
    db,
    scope,
    profileLoader: new DataLoader(async (ids) => {
      const rows = await findProfilesByIds(db, scope, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
