import DataLoader from 'dataloader';
import type { ScreeningContext } from '../context';
import { readLatestSearches, readSearches, type LatestSearch, type SearchView } from '../services/search-service';

const searchLoaders = new WeakMap<ScreeningContext, DataLoader<string, SearchView | undefined>>();
const latestSearchLoaders = new WeakMap<ScreeningContext, DataLoader<string, LatestSearch | undefined>>();

/** The request's loader of stored searches by search id, with their matches: a page's searches in one
 * statement, not two per search (a page of monitoring alerts with their searches, a profile's latest
 * search with its whole matches; docs/performance.md "Read path"). */
export function searchLoader(ctx: ScreeningContext): DataLoader<string, SearchView | undefined> {
  let loader = searchLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((ids) => readSearches(ctx.db, ctx.scope, ids));
    searchLoaders.set(ctx, loader);
  }
  return loader;
}

/** The request's loader of each profile's latest search with its matches' summaries (no payload), by
 * profile id: a page of profiles whose operation selects only their matches' scores and review states
 * reads them in one statement (docs/performance.md "The overview page"). */
export function latestSearchSummaryLoader(ctx: ScreeningContext): DataLoader<string, LatestSearch | undefined> {
  let loader = latestSearchLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((profileIds) => readLatestSearches(ctx.db, ctx.scope, profileIds));
    latestSearchLoaders.set(ctx, loader);
  }
  return loader;
}
