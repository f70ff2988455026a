// Resolved principals are cached briefly per gateway replica, so a busy integration does not pay
// a database lookup per request. Revocations reach every replica at once through Postgres
// LISTEN/NOTIFY (channel vigil_credentials); if that listener is down, nothing is cached.
import { Client } from 'pg';
import { hashSecret } from '../../platform/crypto/hash';
import { logger } from '../../platform/logging/logger';
import { Principal } from '../../platform/principal/principal';
import { CREDENTIALS_CHANNEL } from '../../platform/tenancy/tenancy-store';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export class CredentialCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  private listener: Client | undefined;
  private listening = false;
  private closed = false;

  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<void> {
    await this.connect().catch((error) => logger.warn({ err: error }, 'credential cache disabled: cannot listen for revocations'));
  }

  get(scheme: string, value: string): Principal | undefined {
    if (!this.listening) return undefined;
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
    if (!this.listening) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(cacheKey(scheme, value), { principal, expiresAt: Date.now() + TTL_MS });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.listener?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', () => this.entries.clear());
    client.on('error', (error) => this.lost(error));
    client.on('end', () => this.lost(undefined));
    await client.connect();
    await client.query(`LISTEN ${CREDENTIALS_CHANNEL}`);
    this.listener = client;
    this.listening = true;
  }

  private lost(error: unknown): void {
    this.listening = false;
    this.entries.clear();
    if (this.closed) return;
    logger.warn({ err: error }, 'revocation listener lost; caching paused until it reconnects');
    setTimeout(() => void this.connect().catch(() => this.lost(undefined)), 2000).unref();
  }
}

/** Keyed by the secret's hash, so the cache never holds a raw key. */
function cacheKey(scheme: string, value: string): string {
  return `${scheme}:${hashSecret(value)}`;
}
