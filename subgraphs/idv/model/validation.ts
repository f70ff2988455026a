// Validation helpers shared by the IDV core: zod failures become 400 schema_validation_failed with
// a message naming the first offending field (same wording as the REST adapter's validator).
import { z } from 'zod';
import { describeFirstIssue } from '../../../platform/validation/first-issue';
import { IdvError } from '../errors';

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, root = 'body'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { location, message } = describeFirstIssue(result.error, root);
  throw new IdvError('schema_validation_failed', message, { field: location });
}

/**
 * One rule of a typed input field (a length, a pattern, a range): an absent (null or undefined)
 * value passes; a refused one is 400 schema_validation_failed naming the field by its interface
 * name (`body.subject_reference`), in the wording of the REST adapter's validator.
 */
export function checkRule<T>(schema: z.ZodType<T>, value: T | null | undefined, location: string): void {
  if (value === null || value === undefined) return;
  parseOrThrow(schema, value, location);
}

/** Canonical JSON (sorted keys) for fingerprints. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const SLUG_PATTERN = /^[a-z0-9_-]{1,64}$/;
export const PROFILE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Opaque keyset cursor: (created_at, id) of the last row of the previous page. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ c: row.createdAt.toISOString(), i: row.id })).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined, field = 'cursor'): { createdAt: Date; id: string } | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { c?: unknown; i?: unknown };
    const createdAt = new Date(String(parsed.c));
    if (typeof parsed.i !== 'string' || typeof parsed.c !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad');
    return { createdAt, id: parsed.i };
  } catch {
    throw new IdvError('schema_validation_failed', `${field}: not a cursor returned by this API`, { field });
  }
}

/** Page size rule: default when absent, clamped to max, at least 1. */
export function pageSize(value: number | null | undefined, fallback: number, max: number, field = 'limit'): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new IdvError('schema_validation_failed', `${field}: must be a positive integer`, { field });
  return Math.min(value, max);
}
