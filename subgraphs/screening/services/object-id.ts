import crypto from 'node:crypto';

/** 24 hex characters like a MongoDB ObjectId: 4 bytes of seconds since the epoch, 8 random bytes.
 * Sortable by creation time; accepted by reports as "a plain 24-character request id". */
export function newObjectId(now = Date.now()): string {
  const time = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return time + crypto.randomBytes(8).toString('hex');
}

/** `count` ids from one random draw (the hot path of a search: a request id and one per match). */
export function newObjectIds(count: number, now = Date.now()): string[] {
  const time = Math.floor(now / 1000).toString(16).padStart(8, '0');
  const random = crypto.randomBytes(8 * count).toString('hex');
  return Array.from({ length: count }, (_, i) => time + random.slice(i * 16, i * 16 + 16));
}

export function isObjectId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}
