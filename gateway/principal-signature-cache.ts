// Signing the principal header costs a JSON encoding, a base64 pass and an HMAC on every subgraph
// call; a caller sends many calls with the same principal. The header is signed with its normal
// lifetime and reused while more than half of it remains, so a subgraph never sees one older than
// half its lifetime. Keyed by the principal's JSON (the whole signed payload), bounded in size.
import { Principal, PRINCIPAL_LIFETIME_MS, signPrincipal } from '../platform/principal/principal';

const MAX_ENTRIES = 10_000;

export class PrincipalSignatureCache {
  private readonly entries = new Map<string, { header: string; reuseUntil: number }>();

  constructor(
    readonly secret: string,
    private readonly lifetimeMs = PRINCIPAL_LIFETIME_MS,
  ) {}

  headerFor(principal: Principal, now = Date.now()): string {
    const key = JSON.stringify(principal);
    const cached = this.entries.get(key);
    if (cached && cached.reuseUntil > now) return cached.header;
    const header = signPrincipal(principal, this.secret, now, this.lifetimeMs);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear(); // crude but bounded: re-signing is cheap
    this.entries.set(key, { header, reuseUntil: now + this.lifetimeMs / 2 });
    return header;
  }
}
