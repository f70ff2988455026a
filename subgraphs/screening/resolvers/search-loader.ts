import DataLoader from 'dataloader';
import type { ScreeningContext } from '../context';
import { readSearches, type MatchParts, type SearchView } from '../services/search-service';

const searchLoaders = { full: new WeakMap<ScreeningContext, Loader>(), summary: new WeakMap<ScreeningContext, Loader>() };
type Loader = DataLoader<string, SearchView | undefined>;

/** The request's loader of stored searches by search id, with their matches: a page's searches in two
 * statements, not two per search (a page of profiles with their latest search, a page of monitoring
 * alerts with their searches; docs/performance.md "Read path"). `summary`: the matches without their
 * payload, for a page whose operation selects only their scores and review states. */
export function searchLoader(ctx: ScreeningContext, parts: MatchParts = 'full'): Loader {
  let loader = searchLoaders[parts].get(ctx);
  if (!loader) {
    loader = new DataLoader((ids) => readSearches(ctx.db, ctx.scope, ids, parts));
    searchLoaders[parts].set(ctx, loader);
  }
  return loader;
}
