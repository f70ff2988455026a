// Rate limits of the public surfaces (REST adapter, GraphQL gateway): token buckets in memory,
// per process. Three budgets, checked before any work:
//   per key       the presented credential (hashed), so one integration cannot starve others
//   per address   the client's address, credential or not
//   auth failures answers of 401 per address, a much smaller budget
// An exhausted budget answers 429 with Retry-After (seconds) in the area's envelope.
// The failed-credential budget never refuses a request up front: it only turns further *failed*
// answers (what would be a 401) into 429s. Keys are 256-bit random, so there is no guessing to
// slow down; what the budget buys is a back-off signal (429 with Retry-After, which clients and
// proxies honour where they would retry a 401) to a client that keeps sending a bad credential. Refusing every request of a spent address locked out valid keys
// sharing it (one bank egress address, a conformance suite's own negative tests). Dashboard
// passwords are limited per account by the sign-in code, not here.
import { Request, RequestHandler, Response } from 'express';
import { envValue, type BucketLimit } from '../config/env';
import { hashSecret } from '../crypto/hash';

export type { BucketLimit };

export interface RateLimits {
  perKey: BucketLimit | undefined;
  perAddress: BucketLimit | undefined;
  authFailures: BucketLimit | undefined;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perKey: { perSecond: 100, burst: 200 },
  perAddress: { perSecond: 200, burst: 400 },
  authFailures: { perSecond: 0.2, burst: 10 },
};

/** Reads VIGIL_RATE_LIMIT_PER_KEY / _PER_ADDRESS / _AUTH_FAILURES, each "<per second>/<burst>"
 * (e.g. "100/200") or "off" (parsed in config/env.ts). */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits {
  const read = (
    name: 'VIGIL_RATE_LIMIT_PER_KEY' | 'VIGIL_RATE_LIMIT_PER_ADDRESS' | 'VIGIL_RATE_LIMIT_AUTH_FAILURES',
    fallback: BucketLimit | undefined,
  ): BucketLimit | undefined => {
    const value = envValue(name, env);
    return value === undefined ? fallback : value === 'off' ? undefined : value;
  };
  return {
    perKey: read('VIGIL_RATE_LIMIT_PER_KEY', DEFAULT_RATE_LIMITS.perKey),
    perAddress: read('VIGIL_RATE_LIMIT_PER_ADDRESS', DEFAULT_RATE_LIMITS.perAddress),
    authFailures: read('VIGIL_RATE_LIMIT_AUTH_FAILURES', DEFAULT_RATE_LIMITS.authFailures),
  };
}

const MAX_BUCKETS = 100_000;

/** Token buckets by id; refilled lazily on access. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly limit: BucketLimit) {}

  /** Takes one token; returns 0 when allowed, else the seconds until one is available. */
  take(id: string, now = Date.now()): number {
    const bucket = this.refill(id, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return this.wait(bucket);
  }

  /** Seconds until a token is available (0 when one is), without taking it. */
  peek(id: string, now = Date.now()): number {
    const bucket = this.refill(id, now);
    return bucket.tokens >= 1 ? 0 : this.wait(bucket);
  }

  private wait(bucket: { tokens: number }): number {
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.limit.perSecond));
  }

  private refill(id: string, now: number): { tokens: number; at: number } {
    let bucket = this.buckets.get(id);
    if (!bucket) {
      // Memory stays bounded under a flood of distinct ids: drop the lot (they refill to full anyway).
      if (this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
      bucket = { tokens: this.limit.burst, at: now };
      this.buckets.set(id, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.limit.perSecond);
    bucket.at = now;
    return bucket;
  }
}

export interface RateLimiterOptions {
  limits: RateLimits;
  /** Renders the 429 in the surface's envelope. */
  reject(req: Request, res: Response, retryAfterSeconds: number): void;
  /** Requests already limited upstream (the REST adapter's own calls to the gateway). */
  exempt?(req: Request): boolean;
}

/** How each request of a limited surface reads its address's failed-credential budget. */
const failedCredentialBudgets = new WeakMap<Request, () => number>();

/** Seconds the caller must wait before another failed-credential answer (0: a 401 may be sent).
 * Where a surface would answer 401 it answers 429 rate_limited with this Retry-After instead. */
export function failedCredentialWait(req: Request): number {
  return failedCredentialBudgets.get(req)?.() ?? 0;
}

export function rateLimiter(options: RateLimiterOptions): RequestHandler {
  const { limits } = options;
  const perKey = limits.perKey && new TokenBuckets(limits.perKey);
  const perAddress = limits.perAddress && new TokenBuckets(limits.perAddress);
  const authFailures = limits.authFailures && new TokenBuckets(limits.authFailures);
  return (req, res, next) => {
    if (options.exempt?.(req)) return next();
    const address = req.socket.remoteAddress ?? 'unknown';
    const credential = presentedCredential(req);
    const wait = perAddress?.take(address) || (credential && perKey?.take(hashSecret(credential))) || 0;
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      return options.reject(req, res, wait);
    }
    if (authFailures) {
      failedCredentialBudgets.set(req, () => authFailures.peek(address));
      res.on('finish', () => res.statusCode === 401 && authFailures.take(address));
    }
    next();
  };
}

function presentedCredential(req: Request): string | undefined {
  return req.header('authorization')?.trim() || req.header('x-api-key')?.trim() || undefined;
}
