// Article ingestion: read a JSON lines / RSS / Atom file, extract the name mentions of each article
// with their categories, and store new or changed articles (idempotent by guid/id, else URL: the
// same content again is a no-op, changed content replaces the article and its mentions at once).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Db } from '../../../../platform/db/prisma';
import { ArticleWrite, storedArticles, writeArticles } from '../data/news-store';
import { ScreeningError } from '../../errors';
import { NewsFormat, NEWS_FORMATS, NewsFormatError, ParsedArticle, parseNewsFile, Rejection } from './formats';
import { extractMentions } from './mentions';
import { newsIndexOf } from './news-index';

/** Articles written per transaction. */
const CHUNK = 100;
/** Rejections listed in a result (the count is always complete). */
const REJECTIONS_LISTED = 20;

export interface IngestResult {
  format: Exclude<NewsFormat, 'auto'>;
  path: string;
  articles: number;
  created: number;
  updated: number;
  unchanged: number;
  mentions: number;
  rejected: number;
  rejections: Rejection[];
}

export type IngestProgress = (done: number, total: number) => void;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Same key, same id on every replica and every run. */
export const articleIdOf = (key: string) => sha256(`news:${key}`).slice(0, 32);

function articleWrite(article: ParsedArticle): ArticleWrite {
  const id = articleIdOf(article.key);
  const mentions = extractMentions(article.title, article.text).map((mention, i) => ({
    id: `${id}_${i}`,
    name: mention.name,
    nameKey: mention.nameKey,
    kind: mention.kind,
    sentence: mention.sentence,
    categories: mention.evidence.map((e) => e.category),
    phrases: mention.evidence.map((e) => e.phrase),
    position: mention.position,
  }));
  const contentHash = sha256(
    JSON.stringify([
      article.url,
      article.title,
      article.publishedAt?.toISOString() ?? null,
      article.source,
      article.language,
      article.text,
    ]),
  );
  return {
    id,
    key: article.key,
    url: article.url,
    title: article.title,
    publishedAt: article.publishedAt,
    source: article.source,
    language: article.language,
    contentHash,
    mentions,
  };
}

export function resolveNewsFormat(format: string | null | undefined): NewsFormat {
  const value = (format ?? 'auto').trim().toLowerCase();
  const known = NEWS_FORMATS.find((f) => f === value) ?? (value === 'ndjson' || value === 'json_lines' ? 'jsonl' : undefined);
  if (!known) throw new ScreeningError('news_source_invalid', `format: must be one of ${NEWS_FORMATS.join(', ')}`, { field: 'format' });
  return known;
}

function readFile(filePath: string): string {
  try {
    if (!fs.statSync(filePath).isFile()) throw new Error('not a file');
    return fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    throw new ScreeningError('news_source_invalid', `path: cannot read ${filePath} (${(error as Error).message})`, { field: 'path' });
  }
}

/** Ingests one file. Each chunk of articles is one transaction; a crash loses nothing accepted
 * (a re-run skips what was written, by content hash). */
export async function ingestNewsFile(
  db: Db,
  input: { path: string; format?: string | null },
  progress?: IngestProgress,
): Promise<IngestResult> {
  const requested = resolveNewsFormat(input.format);
  const content = readFile(input.path);
  let parsed;
  try {
    parsed = parseNewsFile(content, requested);
  } catch (error) {
    if (error instanceof NewsFormatError) throw new ScreeningError('news_source_invalid', `path: ${error.message}`, { field: 'path' });
    throw error;
  }
  // The same key twice in one file: the last one wins (as a later re-ingest would).
  const byKey = new Map(parsed.articles.map(({ article }) => [article.key, article]));
  const articles = [...byKey.values()];
  const result: IngestResult = {
    format: parsed.format,
    path: input.path,
    articles: articles.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    mentions: 0,
    rejected: parsed.rejected.length,
    rejections: parsed.rejected.slice(0, REJECTIONS_LISTED),
  };
  progress?.(0, articles.length);
  for (let start = 0; start < articles.length; start += CHUNK) {
    const writes = articles.slice(start, start + CHUNK).map(articleWrite);
    const stored = await storedArticles(
      db,
      writes.map((w) => w.key),
    );
    const changed = writes
      .filter((w) => stored.get(w.key)?.contentHash !== w.contentHash)
      .map((w) => ({ ...w, ingestedAt: stored.get(w.key)?.ingestedAt }));
    await writeArticles(db, changed);
    for (const write of writes) {
      const before = stored.get(write.key)?.contentHash;
      if (before === undefined) result.created++;
      else if (before === write.contentHash) result.unchanged++;
      else result.updated++;
      result.mentions += write.mentions.length;
    }
    progress?.(Math.min(start + CHUNK, articles.length), articles.length);
  }
  newsIndexOf(db).invalidate();
  return result;
}
