// Per-request context of the IDV core: the services' dependencies and the DataLoaders. It extends
// the base request context, so the theme resolvers (which use only the base) keep working.
import DataLoader from 'dataloader';
import { RequestContext } from '../../platform/subgraph/subgraph-definition';
import { findSessionsByProfileIds, SessionRow } from './data/session-store';
import { IdvDeps } from './services/deps';
import { isManagement } from './services/principals';

export interface IdvContext extends RequestContext {
  idv: {
    deps: IdvDeps;
    /** Batches Profile.verificationSessions of one request into one query. */
    sessionsByProfile: DataLoader<string, SessionRow[]>;
  };
}

export function createIdvContext(base: RequestContext, deps: IdvDeps): IdvContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  return {
    ...base,
    idv: {
      deps,
      sessionsByProfile: new DataLoader(async (profileIds) => {
        if (!isManagement(base.principal)) return profileIds.map(() => []);
        const rows = await findSessionsByProfileIds(deps.db, scope, profileIds);
        return profileIds.map((id) => rows.filter((row) => row.profileId === id));
      }),
    },
  };
}
