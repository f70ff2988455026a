// Adverse media over GraphQL: the workspace category set, article ingestion and the articles of a
// News match.
import { requestNewsIngest } from '../services/ingest-requests';
import { readAdverseMediaSettings, updateAdverseMediaSettings } from '../services/settings-service';
import type { Resolvers } from '../../resolvers/resolver-types.generated';

export const newsResolvers = {
  Query: {
    adverseMediaSettings: (_, __, ctx) => readAdverseMediaSettings(ctx.db, ctx.scope),
  },
  Mutation: {
    updateAdverseMediaSettings: (_, args, ctx) => updateAdverseMediaSettings(ctx.db, ctx.scope, ctx.principal, args.input),
    ingestNewsArticles: (_, args, ctx) => requestNewsIngest(ctx.db, ctx.principal, args.input),
  },
  ScreeningMatch: {
    articles: (match) => match.articles ?? [],
    articleCount: (match) => match.article_count ?? 0,
  },
  AdverseMediaArticle: {
    publishedAt: (article) => article.published_at,
  },
} satisfies Resolvers;
