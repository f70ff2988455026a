import DataLoader from 'dataloader';
import { BlobStore } from '../../platform/blobs';
import { Db, type Scope } from '../../platform/db/prisma';
import { pendingProposalsOf } from '../../platform/four-eyes/four-eyes';
import { RequestContext, requestFields } from '../../platform/subgraph/subgraph-definition';
import { latestSearchesByProfile, RowReader, StatementRunner } from './data/search-store';
import { IndexHolder } from './services/index-holder';
import { ImportQueue } from './services/import-requests';
import { LazyQueue } from './services/lazy-queue';
import { MatchReviewRow, reviewHistory } from './data/review-store';
import type { ProfileLinks } from './services/profile-links';

export interface ScreeningServices {
  db: Db;
  holder: IndexHolder;
  importQueue: ImportQueue;
  /** The search write path (node-postgres pool). */
  writeStatement?: StatementRunner;
  /** The search path's hot reads (the same pool). */
  readRows?: RowReader;
  /** Sends batch jobs to the workers. */
  batchQueue: LazyQueue;
  /** Where report PDFs are kept. */
  blobs: BlobStore;
  /** Signs report download links. */
  reportLinkSecret: string;
  /** Which linked profile ids are profiles of the caller's workspace (the profiles domain). */
  profileLinks: ProfileLinks;
}

export interface ScreeningContext extends RequestContext, ScreeningServices {
  scope: Scope;
  latestSearchByProfile: DataLoader<string, { requestId: string; count: number } | undefined>;
  reviewHistory: DataLoader<string, MatchReviewRow[]>;
  /** The pending four-eyes proposal of a match, by match id (a page of matches: one query). */
  pendingMatchProposal: DataLoader<string, { id: string } | null>;
}

/** Per-request loader of review histories (no N+1 over a page of matches). */
function reviewHistoryLoader(ctx: Pick<ScreeningContext, 'db' | 'scope'>): DataLoader<string, MatchReviewRow[]> {
  return new DataLoader(async (ids) => {
    const rows = await reviewHistory(ctx.db, ctx.scope, ids);
    return ids.map((id) => rows.filter((row) => row.matchId === id));
  });
}

export function createScreeningContext(services: ScreeningServices, base: RequestContext): ScreeningContext {
  const scope = { tenantId: base.principal.tenantId, workspaceId: base.principal.workspaceId };
  const loaders: Pick<ScreeningContext, 'scope' | 'latestSearchByProfile' | 'reviewHistory' | 'pendingMatchProposal'> = {
    scope,
    latestSearchByProfile: new DataLoader(async (profileIds) => {
      const found = await latestSearchesByProfile(services.db, scope, profileIds);
      return profileIds.map((id) => found.get(id));
    }),
    reviewHistory: reviewHistoryLoader({ db: services.db, scope }),
    pendingMatchProposal: new DataLoader(async (matchIds) => {
      const pending = await pendingProposalsOf(services.db, scope, 'screening.match', matchIds, new Date());
      return matchIds.map((id) => (pending.has(id) ? { id: pending.get(id)!.id } : null));
    }),
  };
  return Object.assign(requestFields(base), services, loaders);
}
