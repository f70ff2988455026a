import { BlobStore } from '../../../../platform/blobs';
import { VigilConfig } from '../../../../platform/config';
import { Db } from '../../../../platform/db/prisma';
import { createIdvDeps, IdvDeps } from '../../services/deps';
import { deliverySettings, DeliverySettings } from '../../delivery-settings';
import { Mailer, smtpMailer } from './mailer';

/** What invites need beyond the IDV core: settings, the mailer and the logo store. */
export interface InviteDeps extends IdvDeps {
  settings: DeliverySettings;
  mailer: Mailer;
  blobs: BlobStore;
}

export function createInviteDeps(db: Db, config: VigilConfig, blobs: BlobStore, overrides: Partial<InviteDeps> = {}): InviteDeps {
  const deps: InviteDeps = {
    ...createIdvDeps(db, config),
    // Read at each use: in one process the REST adapter may bind its port after the subgraphs start.
    get settings() {
      return deliverySettings(config);
    },
    mailer: smtpMailer(deliverySettings(config)),
    blobs,
  };
  return Object.assign(deps, overrides);
}
