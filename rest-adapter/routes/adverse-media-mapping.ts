// Adverse media on the wire: the articles of a News match (snake_case, like the rest of the match)
// and the workspace category set of /tenant-config/v1/adverse-media.
import { z } from 'zod';
import { type ArticleFieldsFragment, AdverseMediaCategoryValues } from '../operations/operations.generated';

/** A category key list as the spec's global_filters.adverse_media_risk_categories takes it. */
export const categoryKeys = z.array(z.enum(AdverseMediaCategoryValues)).max(100);

/** The `articles` / `article_count` keys of a News match (nothing on list matches). */
export function restArticles(m: ArticleFieldsFragment): Record<string, unknown> {
  if (!m.articleCount) return {};
  return {
    article_count: m.articleCount,
    articles: m.articles.map((a) => ({
      url: a.url,
      title: a.title,
      published_at: a.publishedAt,
      source: a.source,
      language: a.language,
      snippet: a.snippet,
      categories: a.categories,
      evidence: a.evidence.map((e) => ({ category: e.category, sentence: e.sentence, phrase: e.phrase })),
    })),
  };
}

export const adverseMediaSettingsSchema = z.object({
  categories: z.array(z.enum(AdverseMediaCategoryValues)),
  updatedAt: z.string().nullable(),
});
export const updateAdverseMediaSettingsBody = z.strictObject({ categories: categoryKeys });
