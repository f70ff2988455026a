import { VigilConfig } from '../../../platform/config';
import { KeyProvider, LocalKeyProvider } from '../../../platform/crypto/envelope';
import { Db } from '../../../platform/db/prisma';
import { Mailer, smtpMailer } from './mailer';

/** What the access services need. `config` is read at each use: in one process the REST adapter
 * may bind its port (the base of sign-in links) after the subgraphs start. */
export interface AccessDeps {
  db: Db;
  config: VigilConfig;
  keyProvider: KeyProvider;
  mailer: Mailer;
  now(): Date;
}

export function accessDeps(db: Db, config: VigilConfig, overrides: Partial<AccessDeps> = {}): AccessDeps {
  return {
    db,
    config,
    keyProvider: new LocalKeyProvider(config.masterKey),
    mailer: smtpMailer(() => config.smtp),
    now: () => new Date(),
    ...overrides,
  };
}
