// One LISTEN connection that survives database outages. Exactly one reconnect loop runs per
// listener: a lost connection is noticed once (error and end events collapse into one), and the
// next attempt waits a capped exponential backoff with full jitter, so a fleet of replicas does
// not hammer a PostgreSQL that is just coming back.
import { Client, Notification } from 'pg';
import { logger as defaultLogger, Logger } from '../logging/logger';

export interface PgListenerOptions {
  databaseUrl: string;
  channels: string[];
  /** Name in log lines (e.g. "revocation listener"). */
  name: string;
  onNotification(message: Notification): void;
  /** Called after every (re)connect, once LISTEN is in place (e.g. catch up on missed changes). */
  onConnected?(): void;
  /** Called once per lost connection. */
  onLost?(): void;
  log?: Logger;
  backoff?: Partial<Backoff>;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 250, maxMs: 10_000 };

/** Full-jitter exponential backoff: a random wait in [0, min(max, initial * 2^attempt)]. */
export function backoffDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 20));
  return Math.round(random() * ceiling);
}

export class PgListener {
  private client: Client | undefined;
  private closed = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Connection attempts made (tests and metrics: a storm would show here). */
  attempts = 0;

  constructor(private readonly options: PgListenerOptions) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Starts the loop; resolves after the first attempt (connected or not). */
  async start(): Promise<void> {
    let firstAttempt!: () => void;
    const first = new Promise<void>((resolve) => (firstAttempt = resolve));
    this.loop ??= this.run(firstAttempt);
    await first;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.loop;
  }

  private async run(firstAttempt: () => void): Promise<void> {
    const log = this.options.log ?? defaultLogger;
    const backoff = { ...DEFAULT_BACKOFF, ...this.options.backoff };
    let failures = 0;
    while (!this.closed) {
      this.attempts++;
      const client = new Client({ connectionString: this.options.databaseUrl, connectionTimeoutMillis: 5_000 });
      const ended = new Promise<unknown>((resolve) => {
        client.on('error', resolve);
        client.on('end', () => resolve(undefined));
      });
      try {
        await client.connect();
        for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        if (failures === 0)
          log.warn({ err: error, listener: this.options.name }, `${this.options.name}: cannot connect; retrying with backoff`);
        firstAttempt();
        await this.sleep(backoffDelay(failures++, backoff));
        continue;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        break;
      }
      client.on('notification', (message) => this.options.onNotification(message));
      this.client = client;
      if (failures > 0) log.info({ listener: this.options.name, attempts: failures + 1 }, `${this.options.name}: reconnected`);
      failures = 0;
      this.options.onConnected?.();
      firstAttempt();
      const reason = await ended;
      this.client = undefined;
      await client.end().catch(() => undefined);
      if (this.closed) break;
      log.warn({ err: reason, listener: this.options.name }, `${this.options.name} lost; reconnecting with backoff`);
      this.options.onLost?.();
      await this.sleep(backoffDelay(failures++, backoff));
    }
    firstAttempt();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
