import { VigilConfig } from '../../../platform/config';
import { KeyProvider, LocalKeyProvider } from '../../../platform/crypto/envelope';
import { Db } from '../../../platform/db/prisma';
import { AuditWriter, dbAuditWriter } from './audit';
import { ProfileFactsLookup, ProfileLookup, subgraphProfileFacts, subgraphProfileLookup } from './profile-lookup';
import { resolveThemeSnapshot, ThemeResolver } from './theme-hook';

/** What the IDV services need; tests substitute single members (a failing audit writer, ...). */
export interface IdvDeps {
  db: Db;
  keyProvider: KeyProvider;
  profileLookup: ProfileLookup;
  /** The profile's name and date of birth (the review desk's comparison). */
  profileFacts: ProfileFactsLookup;
  audit: AuditWriter;
  themeSnapshot: ThemeResolver;
  /** Capture token lifetime (15 minutes). */
  tokenLifetimeMs: number;
  now(): Date;
}

export const CAPTURE_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export function createIdvDeps(db: Db, config: VigilConfig, overrides: Partial<IdvDeps> = {}): IdvDeps {
  return {
    db,
    keyProvider: new LocalKeyProvider(config.masterKey),
    profileLookup: subgraphProfileLookup(config),
    profileFacts: subgraphProfileFacts(config),
    audit: dbAuditWriter(db),
    themeSnapshot: resolveThemeSnapshot,
    tokenLifetimeMs: CAPTURE_TOKEN_LIFETIME_MS,
    now: () => new Date(),
    ...overrides,
  };
}
