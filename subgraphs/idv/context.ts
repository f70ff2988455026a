// Per-request context of the IDV core: the services' dependencies and the DataLoaders. It extends
// the base request context, so the theme resolvers (which use only the base) keep working.
import DataLoader from 'dataloader';
import { RequestContext, requestFields } from '../../platform/subgraph/subgraph-definition';
import { findSessionsByProfileIds, SessionParts, SessionSummaryRow, SessionViewRow } from './data/session-store';
import { IdvDeps } from './services/deps';
import { isManagement } from './services/principals';

export interface IdvContext extends RequestContext {
  idv: {
    deps: IdvDeps;
    /** Batches Profile.verificationSessions of one request into one query, per column set (the
     * summary when the operation selects none of a session's JSON parts). */
    sessionsByProfile: { view: DataLoader<string, SessionViewRow[]>; summary: DataLoader<string, SessionSummaryRow[]> };
  };
}

export function createIdvContext(base: RequestContext, deps: IdvDeps): IdvContext {
  return Object.assign(requestFields(base), { idv: { deps, sessionsByProfile: new SessionsByProfile(deps, base) } });
}

/** The request's two loaders of a profile's sessions, each made on first use: most IDV operations
 * (a session, a page of sessions, the review queue) read neither. */
class SessionsByProfile {
  private views: DataLoader<string, SessionViewRow[]> | undefined;
  private summaries: DataLoader<string, SessionSummaryRow[]> | undefined;

  constructor(
    private readonly deps: IdvDeps,
    private readonly base: RequestContext,
  ) {}

  get view(): DataLoader<string, SessionViewRow[]> {
    return (this.views ??= sessionsByProfile(this.deps, this.base, 'view'));
  }

  get summary(): DataLoader<string, SessionSummaryRow[]> {
    return (this.summaries ??= sessionsByProfile(this.deps, this.base, 'summary'));
  }
}

function sessionsByProfile<Parts extends SessionParts>(deps: IdvDeps, base: RequestContext, parts: Parts) {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  return new DataLoader(async (profileIds: readonly string[]) => {
    if (!isManagement(base.principal)) return profileIds.map(() => []);
    const rows = await findSessionsByProfileIds(deps.db, scope, profileIds, parts);
    // Grouped in one pass, in the statement's order (newest first).
    const byProfile = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byProfile.get(row.profileId);
      if (list) list.push(row);
      else byProfile.set(row.profileId, [row]);
    }
    return profileIds.map((id) => byProfile.get(id) ?? []);
  });
}
