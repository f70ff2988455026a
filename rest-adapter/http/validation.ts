import { z } from 'zod';
import { describeFirstIssue } from '../../platform/validation/first-issue';
import { ApiError } from './api-error';

/** Validates one part of a request; the message names the first offending field. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, part: 'body' | 'query'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw ApiError.of('schema_validation_failed', describeFirstIssue(result.error, part).message);
}
