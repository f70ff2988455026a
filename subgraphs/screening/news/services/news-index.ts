// The News index: the name engine over every mentioned name that carries a category, so a News
// search links a mention to the searched party exactly as a list search links a listed name
// (transliterations, token rarity, the same threshold). One per database (WeakMap on the client);
// a News search reads the revision row (one primary-key read, at most every
// VIGIL_NEWS_CHECK_MS, default 500 ms) to tell whether articles changed since the build, so every
// replica and worker serves what is stored without a notification channel; an ingestion in this
// process invalidates at once.
import { createHash } from 'node:crypto';
import { Db } from '../../../../platform/db/prisma';
import { categorisedNames, newsRevision } from '../data/news-store';
import { detectScript } from '../../lists/scripts';
import { buildEngineIndex, EngineIndex, WatchlistEntity } from '../../services/engine-adapter';
import { envValue } from '../../../../platform/config/env';

/** The `source` of News matches (entity ids are `adverse_media:<hash of the name>`). */
export const NEWS_SOURCE = 'adverse_media';

export interface NewsIndexSnapshot {
  revision: number;
  index: EngineIndex;
  /** entity id → the name key its mentions are stored under. */
  nameKeys: Map<string, string>;
}

export const newsEntityId = (nameKey: string) => createHash('sha256').update(nameKey).digest('hex').slice(0, 20);

function newsEntity(name: { nameKey: string; name: string; kind: string }): WatchlistEntity {
  return {
    source: NEWS_SOURCE,
    sourceId: newsEntityId(name.nameKey),
    feeds: ['News'],
    type: name.kind === 'entity' ? 'entity' : 'individual',
    names: [{ value: name.name, kind: 'primary', script: detectScript(name.name) }],
    birthDates: [],
    nationalities: [],
    countries: [],
    addresses: [],
    identifiers: [],
    programs: [],
    sourceUrls: [],
  };
}

class NewsIndexHolder {
  private snapshot: NewsIndexSnapshot | undefined;
  private building: Promise<NewsIndexSnapshot | undefined> | undefined;
  private checkedAt = 0;
  private readonly checkMs = envValue('VIGIL_NEWS_CHECK_MS');

  constructor(private readonly db: Db) {}

  /** Articles were written by this process: the next search reads the revision. */
  invalidate(): void {
    this.checkedAt = 0;
  }

  /** The index of what is stored now (at most checkMs old). */
  async current(): Promise<NewsIndexSnapshot | undefined> {
    if (this.snapshot && Date.now() - this.checkedAt < this.checkMs) return this.snapshot;
    const checkedAt = Date.now();
    const revision = await newsRevision(this.db);
    this.checkedAt = checkedAt;
    if (this.snapshot?.revision === revision) return this.snapshot;
    this.building ??= this.build(revision).finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(revision: number): Promise<NewsIndexSnapshot | undefined> {
    const names = await categorisedNames(this.db);
    const entities = names.map(newsEntity);
    const nameKeys = new Map(names.map((name) => [`${NEWS_SOURCE}:${newsEntityId(name.nameKey)}`, name.nameKey]));
    this.snapshot = { revision, index: buildEngineIndex(entities), nameKeys };
    return this.snapshot;
  }
}

const holders = new WeakMap<Db, NewsIndexHolder>();

export function newsIndexOf(db: Db): NewsIndexHolder {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = new NewsIndexHolder(db)));
  return holder;
}
