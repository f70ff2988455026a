import DataLoader from 'dataloader';
import { Db } from '../../platform/db/prisma';
import { RequestContext } from '../../platform/subgraph/subgraph-server';
import { latestSearchesByProfile, Scope, StatementRunner } from './data/search-store';
import { ScreeningIndexHolder } from './services/index-holder';
import { ImportQueue } from './services/import-requests';

export interface ScreeningServices {
  db: Db;
  holder: ScreeningIndexHolder;
  importQueue: ImportQueue;
  /** The search write path (node-postgres pool). */
  writeStatement?: StatementRunner;
}

export interface ScreeningContext extends RequestContext, ScreeningServices {
  scope: Scope;
  latestSearchByProfile: DataLoader<string, { requestId: string; count: number } | undefined>;
}

export function createScreeningContext(services: ScreeningServices, base: RequestContext): ScreeningContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  return {
    ...base,
    ...services,
    scope,
    latestSearchByProfile: new DataLoader(async (profileIds) => {
      const found = await latestSearchesByProfile(services.db, scope, profileIds);
      return profileIds.map((id) => found.get(id));
    }),
  };
}
