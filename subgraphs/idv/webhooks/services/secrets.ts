// A destination's two secrets: the signing secret (Standard Webhooks signature) and the shared
// key sent as x-webhook-key. They are sealed, not hashed: every delivery needs them in clear.
import { KeyProvider, open, seal, SealedValue } from '../../../../platform/crypto/envelope';
import { newSecret } from '../../../../platform/ids/new-id';
import { newSigningSecret } from './signing';

export interface DestinationSecrets {
  signing_secret: string;
  webhook_key: string;
}

export function newDestinationSecrets(): DestinationSecrets {
  return { signing_secret: newSigningSecret(), webhook_key: newSecret('whk') };
}

const context = (destinationId: string) => `idv.webhook:${destinationId}:secrets`;

export function sealSecrets(keys: KeyProvider, destinationId: string, secrets: DestinationSecrets): SealedValue {
  return seal(keys, secrets, context(destinationId));
}

export function openSecrets(keys: KeyProvider, destinationId: string, sealed: unknown): DestinationSecrets {
  return open<DestinationSecrets>(keys, sealed as SealedValue, context(destinationId));
}
