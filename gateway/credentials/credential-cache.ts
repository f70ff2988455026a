// Resolved principals are cached briefly per gateway replica, so a busy integration does not pay
// a database lookup per request. Revocations reach every replica at once through Postgres
// LISTEN/NOTIFY (channel vigil_credentials); if that listener is down, nothing is cached.
import { hashSecret } from '../../platform/crypto/hash';
import { PgListener } from '../../platform/db/pg-listener';
import { Principal } from '../../platform/principal/principal';
import { CREDENTIALS_CHANNEL } from '../../platform/tenancy/tenancy-store';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export class CredentialCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  private readonly listener: PgListener;

  constructor(databaseUrl: string) {
    // One reconnect loop with capped, jittered backoff (platform/db/pg-listener.ts): an outage
    // must not multiply reconnect attempts. Entries are dropped whenever the listener (re)connects
    // or is lost, since a revocation may have been missed in between.
    this.listener = new PgListener({
      databaseUrl,
      channels: [CREDENTIALS_CHANNEL],
      name: 'revocation listener',
      onNotification: () => this.entries.clear(),
      onConnected: () => this.entries.clear(),
      onLost: () => this.entries.clear(),
    });
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  get(scheme: string, value: string): Principal | undefined {
    if (!this.listener.connected) return undefined;
    const key = cacheKey(scheme, value);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(scheme: string, value: string, principal: Principal): void {
    if (!this.listener.connected) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(cacheKey(scheme, value), { principal, expiresAt: Date.now() + TTL_MS });
  }

  /** Connection attempts of the revocation listener (a reconnect storm shows here). */
  get listenerAttempts(): number {
    return this.listener.attempts;
  }

  async close(): Promise<void> {
    this.entries.clear();
    await this.listener.close();
  }
}

/** Keyed by the secret's hash, so the cache never holds a raw key. */
function cacheKey(scheme: string, value: string): string {
  return `${scheme}:${hashSecret(value)}`;
}
