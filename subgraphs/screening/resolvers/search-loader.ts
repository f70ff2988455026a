import DataLoader from 'dataloader';
import type { ScreeningContext } from '../context';
import { readSearches, type SearchView } from '../services/search-service';

const searchLoaders = new WeakMap<ScreeningContext, DataLoader<string, SearchView | undefined>>();

/** The request's loader of stored searches by search id, with their matches: a page's searches in two
 * statements, not two per search (a page of profiles with their latest search, a page of monitoring
 * alerts with their searches; docs/performance.md "Read path"). */
export function searchLoader(ctx: ScreeningContext): DataLoader<string, SearchView | undefined> {
  let loader = searchLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader((ids) => readSearches(ctx.db, ctx.scope, ids));
    searchLoaders.set(ctx, loader);
  }
  return loader;
}
