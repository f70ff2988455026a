// A subgraph called over HTTP verifies the principal header on every request (base64, JSON, an
// HMAC). The gateway reuses one signed header per principal for half its lifetime
// (gateway/principal-signature-cache.ts), so a subgraph sees the same few headers again and again:
// a header verified once is remembered, byte for byte, until its own expiry. Only verified headers
// are remembered (a flood of forged ones costs an HMAC each and no memory), and the map is bounded.
import { Principal, verifyPrincipal } from '../principal/principal';

const MAX_ENTRIES = 10_000;

export class VerifiedPrincipalCache {
  private readonly entries = new Map<string, { principalJson: string; expiresAt: number }>();

  constructor(private readonly secret: string) {}

  /** The principal of a valid, unexpired header (a fresh copy on every call), else undefined. */
  verify(header: string | undefined, now = Date.now()): Principal | undefined {
    if (!header) return undefined;
    const known = this.entries.get(header);
    if (known) {
      if (known.expiresAt > now) return JSON.parse(known.principalJson) as Principal;
      this.entries.delete(header);
      return undefined;
    }
    const principal = verifyPrincipal(header, this.secret, now);
    if (!principal) return undefined;
    const { exp } = JSON.parse(Buffer.from(header.split('.')[0], 'base64url').toString('utf8')) as { exp: number };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear(); // bounded; verifying again is cheap
    this.entries.set(header, { principalJson: JSON.stringify(principal), expiresAt: exp });
    return principal;
  }
}
