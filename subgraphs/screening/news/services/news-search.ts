// News (adverse media) hits of a search: the News index links the searched name to mentioned
// names; each linked name becomes one match of the News feed carrying its articles (URL, title,
// date, snippet = the evidence sentence, categories), restricted to the entity's category set.
// Merged with the list matches by score; the search limit applies to the merged list.
import { Db, type Scope } from '../../../../platform/db/prisma';
import { mentionsOf, MentionRow } from '../data/news-store';
import type { ScreeningMatch } from '../../services/engine-adapter';
import type { ArticleHit, NormalizedQuery } from '../../services/search-model';
import { ADVERSE_MEDIA_CATEGORIES, AdverseMediaCategory } from './categories';
import { newsIndexOf, NewsIndexSnapshot, NEWS_SOURCE } from './news-index';
import { effectiveCategories, readAdverseMediaSettings, validCategories } from './settings-service';

/** Articles listed on one match (newest first); `article_count` tells how many there are. */
const ARTICLES_PER_MATCH = 20;

/** A list match, or a News match with its articles. */
export type NewsAwareMatch = ScreeningMatch & { articles?: ArticleHit[]; article_count?: number };

export const searchesNews = (query: NormalizedQuery) => query.feeds === 'all' || query.feeds.includes('News');

/** Groups the mentions of one name by article, keeping only the allowed categories. */
function articleHits(rows: MentionRow[], allowed: ReadonlySet<string>): ArticleHit[] {
  const byArticle = new Map<string, ArticleHit>();
  for (const row of rows) {
    const evidence = row.categories
      .map((category, i) => ({ category: category as AdverseMediaCategory, sentence: row.sentence, phrase: row.phrases[i] ?? '' }))
      .filter((e) => allowed.has(e.category));
    if (!evidence.length) continue;
    let hit = byArticle.get(row.articleId);
    if (!hit) {
      hit = {
        url: row.url,
        title: row.title,
        published_at: row.publishedAt?.toISOString() ?? null,
        source: row.source,
        language: row.language,
        snippet: row.sentence,
        categories: [],
        evidence: [],
      };
      byArticle.set(row.articleId, hit);
    }
    for (const e of evidence) {
      if (!hit.evidence.some((known) => known.category === e.category && known.sentence === e.sentence)) hit.evidence.push(e);
      if (!hit.categories.includes(e.category)) hit.categories.push(e.category);
    }
  }
  for (const hit of byArticle.values()) hit.categories = ADVERSE_MEDIA_CATEGORIES.filter((c) => hit.categories.includes(c));
  return [...byArticle.values()];
}

function asNewsMatch(match: ScreeningMatch, articles: ArticleHit[]): NewsAwareMatch {
  const categories = ADVERSE_MEDIA_CATEGORIES.filter((c) => articles.some((a) => a.categories.includes(c)));
  const listed = articles.slice(0, ARTICLES_PER_MATCH);
  return {
    ...match,
    entity: { ...match.entity, programs: categories },
    checklist: {
      ...match.checklist,
      hits_info: match.checklist.hits_info.map((hit) => ({ ...hit, programs: categories })),
    },
    source_details: [
      {
        description: `Adverse media: ${articles.length} article${articles.length === 1 ? '' : 's'} mentioning "${match.entity.name}" (${categories.join(', ')})`,
        urls: listed.map((a) => a.url),
        inference_context: `Name mention linked by the name engine (score ${match.score}); categories from the sentence that mentions the name`,
      },
    ],
    articles: listed,
    article_count: articles.length,
  };
}

/** The News matches of a query for the given categories (none when the set is empty). */
export async function newsMatches(
  db: Db,
  query: NormalizedQuery,
  categories: readonly AdverseMediaCategory[],
  known?: NewsIndexSnapshot,
): Promise<NewsAwareMatch[]> {
  if (!searchesNews(query) || !categories.length) return [];
  const snapshot = known ?? (await newsIndexOf(db).current());
  if (!snapshot || snapshot.index.entityCount === 0) return [];
  // More candidates than the limit: some may have no article left in the entity's categories.
  const linked = snapshot.index.search(query.name, {
    limit: query.limit * 3,
    threshold: query.threshold,
    feeds: ['News'],
    type: query.type,
  });
  const nameKeys = linked.map((match) => snapshot.nameKeys.get(match.entity.id)).filter((key): key is string => Boolean(key));
  const rows = await mentionsOf(db, nameKeys, [...categories]);
  const allowed = new Set<string>(categories);
  const out: NewsAwareMatch[] = [];
  for (const match of linked) {
    const nameKey = snapshot.nameKeys.get(match.entity.id);
    const articles = articleHits(
      rows.filter((row) => row.nameKey === nameKey),
      allowed,
    );
    if (articles.length) out.push(asNewsMatch(match, articles));
  }
  return out;
}

/** List matches and News matches, ranked by score, cut to the search limit. */
export function mergeByScore(listMatches: ScreeningMatch[], news: NewsAwareMatch[], limit: number): NewsAwareMatch[] {
  if (!news.length) return listMatches;
  return [...listMatches, ...news].sort((a, b) => b.score - a.score).slice(0, limit);
}

export { NEWS_SOURCE };

/** News matches of one synchronous search: the entity's override, else the workspace set. */
export async function newsMatchesOf(
  db: Db,
  scope: Scope,
  query: NormalizedQuery,
  override: readonly string[] | null | undefined,
): Promise<NewsAwareMatch[]> {
  if (override) validCategories(override, 'global_filters.adverse_media_risk_categories');
  if (!searchesNews(query) || override?.length === 0) return [];
  // The index first: without articles, a search costs one primary-key read and no settings read.
  const snapshot = await newsIndexOf(db).current();
  if (!snapshot || snapshot.index.entityCount === 0) return [];
  const workspace = override ? [] : (await readAdverseMediaSettings(db, scope)).categories;
  return newsMatches(db, query, effectiveCategories(workspace, override), snapshot);
}
