// Adverse media over GraphQL: the workspace category set, article ingestion and the articles of a
// News match.
import { ScreeningContext } from '../context';
import { requestNewsIngest } from '../news/ingest-requests';
import type { ArticleHit } from '../services/search-model';
import { readAdverseMediaSettings, updateAdverseMediaSettings } from '../news/settings-service';
import type { MatchView } from '../services/search-service';

export const newsResolvers = {
  Query: {
    adverseMediaSettings: (_: unknown, __: unknown, ctx: ScreeningContext) => readAdverseMediaSettings(ctx.db, ctx.scope),
  },
  Mutation: {
    updateAdverseMediaSettings: (_: unknown, args: { input: { categories: string[] } }, ctx: ScreeningContext) =>
      updateAdverseMediaSettings(ctx.db, ctx.scope, ctx.principal.actorId, args.input),
    ingestNewsArticles: (_: unknown, args: { input: { path: string; format?: string | null } }, ctx: ScreeningContext) => requestNewsIngest(ctx.db, ctx.principal, args.input),
  },
  ScreeningMatch: {
    articles: (match: MatchView) => match.articles ?? [],
    articleCount: (match: MatchView) => match.article_count ?? 0,
  },
  AdverseMediaArticle: {
    publishedAt: (article: ArticleHit) => article.published_at,
  },
};
