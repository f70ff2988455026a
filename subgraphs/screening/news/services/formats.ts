// Article files: JSON lines (one article an object a line) and RSS 2.0 / Atom 1.0 feeds, read into
// one article shape. A record without a usable URL or title is rejected with its line or item
// number; the rest of the file is still ingested (each article is written on its own).
import { decodeEntities, parseXml, XmlElement } from '../../lists/xml';

export const NEWS_FORMATS = ['auto', 'jsonl', 'rss', 'atom'] as const;
export type NewsFormat = (typeof NEWS_FORMATS)[number];

export interface ParsedArticle {
  /** guid / id / URL: what makes a re-ingest the same article. */
  key: string;
  url: string;
  title: string;
  publishedAt: Date | null;
  source: string | null;
  language: string | null;
  /** Plain text (HTML tags removed) the mentions are taken from. */
  text: string;
}

export interface Rejection {
  /** Line (JSON lines) or item/entry number (feeds), 1-based. */
  line: number;
  reason: string;
}

export interface ParsedFile {
  format: Exclude<NewsFormat, 'auto'>;
  articles: { line: number; article: ParsedArticle }[];
  rejected: Rejection[];
}

export class NewsFormatError extends Error {}

/** The format of a file: given, or from its first non-blank character and root element. */
export function detectFormat(content: string, requested: NewsFormat = 'auto'): Exclude<NewsFormat, 'auto'> {
  if (requested !== 'auto') return requested;
  const head = content.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return 'jsonl';
  if (/^<(\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?rss[\s>]/.test(head) || /<rss[\s>]/.test(head.slice(0, 2000))) return 'rss';
  if (/<(\w+:)?feed[\s>]/.test(head.slice(0, 2000))) return 'atom';
  throw new NewsFormatError('not JSON lines, RSS or Atom');
}

export function parseNewsFile(content: string, requested: NewsFormat = 'auto'): ParsedFile {
  const format = detectFormat(content, requested);
  return format === 'jsonl' ? parseJsonLines(content) : parseFeed(content, format);
}

/** Tags out, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<br\s*\/?>|<\/p>/gi, '. ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' '),
  )
    .replace(/\s*\.\s*\.\s/g, '. ')
    .replace(/\s+/g, ' ')
    .trim();
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function date(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const parsed = new Date(value.trim());
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function article(raw: {
  id?: unknown;
  url?: unknown;
  title?: unknown;
  date?: unknown;
  source?: unknown;
  language?: unknown;
  text?: unknown;
}): ParsedArticle | string {
  const url = httpUrl(raw.url);
  if (!url) return 'url: must be an http(s) URL';
  const title = str(raw.title);
  if (!title) return 'title: must not be empty';
  if (title.length > 1000) return 'title: at most 1000 characters';
  return {
    key: str(raw.id) ?? url,
    url,
    title: plainText(title),
    publishedAt: date(raw.date),
    source: str(raw.source),
    language: str(raw.language)?.slice(0, 35) ?? null,
    text: plainText(typeof raw.text === 'string' ? raw.text : ''),
  };
}

/** JSON lines: {id?, url, title, published_at? (or date), source?, language?, text (or body, content, summary)}. */
function parseJsonLines(content: string): ParsedFile {
  const result: ParsedFile = { format: 'jsonl', articles: [], rejected: [] };
  content.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      result.rejected.push({ line: i + 1, reason: 'not a JSON object' });
      return;
    }
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      result.rejected.push({ line: i + 1, reason: 'not a JSON object' });
      return;
    }
    const parsed = article({
      id: record.id ?? record.guid,
      url: record.url ?? record.link,
      title: record.title,
      date: record.published_at ?? record.date ?? record.published,
      source: record.source,
      language: record.language ?? record.lang,
      text: record.text ?? record.body ?? record.content ?? record.summary,
    });
    if (typeof parsed === 'string') result.rejected.push({ line: i + 1, reason: parsed });
    else result.articles.push({ line: i + 1, article: parsed });
  });
  return result;
}

const child = (element: XmlElement, name: string) => element.children.find((c) => c.name === name);
const childText = (element: XmlElement, name: string) => child(element, name)?.text.trim() || undefined;

function findAll(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of element.children) {
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}

function parseFeed(content: string, format: 'rss' | 'atom'): ParsedFile {
  let root: XmlElement;
  try {
    root = parseXml(content, format);
  } catch (error) {
    throw new NewsFormatError(`not well-formed XML: ${(error as Error).message}`);
  }
  const top =
    root.children.find((c) => c.name === (format === 'rss' ? 'rss' : 'feed')) ??
    (format === 'rss' ? root.children.find((c) => c.name === 'RDF') : undefined);
  if (!top) throw new NewsFormatError(`no <${format === 'rss' ? 'rss' : 'feed'}> root element`);
  const result: ParsedFile = { format, articles: [], rejected: [] };
  if (format === 'rss') {
    const channel = child(top, 'channel') ?? top;
    const source = childText(channel, 'title') ?? null;
    const language = childText(channel, 'language') ?? null;
    findAll(top, 'item').forEach((item, i) => {
      const parsed = article({
        id: childText(item, 'guid'),
        url: childText(item, 'link') ?? (child(item, 'guid')?.attrs.isPermaLink !== 'false' ? childText(item, 'guid') : undefined),
        title: childText(item, 'title'),
        date: childText(item, 'pubDate') ?? childText(item, 'date'),
        source: childText(item, 'source') ?? source,
        language,
        text: [childText(item, 'description'), childText(item, 'encoded')].filter(Boolean).join(' '),
      });
      if (typeof parsed === 'string') result.rejected.push({ line: i + 1, reason: parsed });
      else result.articles.push({ line: i + 1, article: parsed });
    });
  } else {
    const source = childText(top, 'title') ?? null;
    // xml:lang arrives as `lang` (the parser drops namespace prefixes).
    const language = top.attrs.lang ?? null;
    findAll(top, 'entry').forEach((entry, i) => {
      const links = entry.children.filter((c) => c.name === 'link');
      const entrySource = child(entry, 'source');
      const link = links.find((l) => (l.attrs.rel ?? 'alternate') === 'alternate') ?? links[0];
      const parsed = article({
        id: childText(entry, 'id'),
        url: link?.attrs.href,
        title: childText(entry, 'title'),
        date: childText(entry, 'published') ?? childText(entry, 'updated'),
        source: (entrySource && childText(entrySource, 'title')) ?? source,
        language: entry.attrs.lang ?? language,
        text: [childText(entry, 'summary'), childText(entry, 'content')].filter(Boolean).join(' '),
      });
      if (typeof parsed === 'string') result.rejected.push({ line: i + 1, reason: parsed });
      else result.articles.push({ line: i + 1, article: parsed });
    });
  }
  return result;
}
