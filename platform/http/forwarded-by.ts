// The REST adapter's calls to the gateway carry a proof that they come from the adapter, which has
// already applied the rate limits to the real client: the gateway does not count them again (it
// would otherwise see every REST client as the adapter's one address).
import { hmac, safeEqual } from '../crypto/hash';

export const FORWARDED_BY_HEADER = 'x-vigil-forwarded-by';

export function restAdapterProof(internalSecret: string): string {
  return hmac(internalSecret, 'vigil-rest-adapter');
}

export function isRestAdapterCall(header: string | undefined, internalSecret: string): boolean {
  return Boolean(header) && safeEqual(header!, restAdapterProof(internalSecret));
}

/** The REST client's address, sent by the adapter beside its proof; the gateway believes it only on a
 * call that carries the proof (or in process), and otherwise takes the socket's address. */
export const CLIENT_ADDRESS_HEADER = 'x-vigil-client-address';
