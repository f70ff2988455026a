// The only file that touches Prisma for adverse media: the article store, its mentions and the
// workspace category set. Articles are global (public) data; the settings are workspace scoped.
import { Db, type DbClient, type Scope } from '../../../../platform/db/prisma';

export interface ArticleWrite {
  id: string;
  key: string;
  url: string;
  title: string;
  publishedAt: Date | null;
  source: string | null;
  language: string | null;
  contentHash: string;
  mentions: {
    id: string;
    name: string;
    nameKey: string;
    kind: string;
    sentence: string;
    categories: string[];
    phrases: string[];
    position: number;
  }[];
}

/** What is stored under these keys: content hash and first ingestion time. */
export async function storedArticles(db: Db, keys: string[]): Promise<Map<string, { contentHash: string; ingestedAt: Date }>> {
  const rows = await db.newsArticle.findMany({ where: { key: { in: keys } }, select: { key: true, contentHash: true, ingestedAt: true } });
  return new Map(rows.map((row) => [row.key, { contentHash: row.contentHash, ingestedAt: row.ingestedAt }]));
}

/** New and changed articles with their mentions, in one transaction of four statements whatever
 * the chunk size: a changed article is deleted (its mentions go with it) and written again with its
 * first ingestion time, so an article and its mentions change together or not at all. */
export async function writeArticles(db: Db, articles: (ArticleWrite & { ingestedAt?: Date })[]): Promise<void> {
  if (!articles.length) return;
  await db.$transaction(
    async (tx) => {
      // First: the revision row lock orders concurrent ingestions, and readers see a new value.
      await tx.$executeRaw`INSERT INTO screening.news_revision (id, seq, updated_at) VALUES (1, 1, now())
      ON CONFLICT (id) DO UPDATE SET seq = news_revision.seq + 1, updated_at = now()`;
      await tx.newsArticle.deleteMany({ where: { key: { in: articles.map((a) => a.key) } } });
      const now = new Date();
      await tx.newsArticle.createMany({
        data: articles.map(({ mentions: _mentions, ...article }) => ({
          ...article,
          ingestedAt: article.ingestedAt ?? now,
          updatedAt: now,
        })),
      });
      const mentions = articles.flatMap((article) => article.mentions.map((mention) => ({ ...mention, articleId: article.id })));
      if (mentions.length) await tx.newsMention.createMany({ data: mentions });
    },
    { timeout: 60_000 },
  );
}

/** Changes with every committed article write (the News index rebuilds on a new value). */
export async function newsRevision(db: Db): Promise<number> {
  const row = await db.newsRevision.findUnique({ where: { id: 1 }, select: { seq: true } });
  return row?.seq ?? 0;
}

/** Every distinct mentioned name that carries at least one category (only those can be hits). */
export async function categorisedNames(db: Db): Promise<{ nameKey: string; name: string; kind: string }[]> {
  return db.$queryRaw`SELECT DISTINCT ON (name_key) name_key AS "nameKey", name, kind FROM screening.news_mentions
    WHERE cardinality(categories) > 0 ORDER BY name_key, position`;
}

export interface MentionRow {
  nameKey: string;
  sentence: string;
  categories: string[];
  phrases: string[];
  position: number;
  articleId: string;
  url: string;
  title: string;
  publishedAt: Date | null;
  source: string | null;
  language: string | null;
}

/** Mentions of these names whose sentence carries one of the categories, newest articles first. */
export async function mentionsOf(db: Db, nameKeys: string[], categories: string[]): Promise<MentionRow[]> {
  if (!nameKeys.length || !categories.length) return [];
  return db.$queryRaw`SELECT m.name_key AS "nameKey", m.sentence, m.categories, m.phrases, m.position, a.id AS "articleId", a.url, a.title,
      a.published_at AS "publishedAt", a.source, a.language
    FROM screening.news_mentions m JOIN screening.news_articles a ON a.id = m.article_id
    WHERE m.name_key = ANY(${nameKeys}::text[]) AND m.categories && ${categories}::text[]
    ORDER BY a.published_at DESC NULLS LAST, a.id, m.position`;
}

export interface AdverseMediaSettingsRow {
  categories: string[];
  updatedBy: string | null;
  updatedAt: Date | null;
}

export async function findAdverseMediaSettings(db: DbClient, scope: Scope): Promise<AdverseMediaSettingsRow | undefined> {
  return (await db.adverseMediaSettings.findUnique({ where: { tenantId_workspaceId: scope } })) ?? undefined;
}

export async function saveAdverseMediaSettings(
  db: DbClient,
  scope: Scope,
  categories: string[],
  updatedBy: string | null,
): Promise<AdverseMediaSettingsRow> {
  return db.adverseMediaSettings.upsert({
    where: { tenantId_workspaceId: scope },
    create: { ...scope, categories, updatedBy },
    update: { categories, updatedBy },
  });
}
