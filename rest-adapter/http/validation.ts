import { z } from 'zod';
import { ApiError } from './api-error';

/** Validates one part of a request; the message names the first offending field. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, part: 'body' | 'query'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const location = [part, ...issue.path.map(String)].join('.');
  const message =
    issue.code === 'unrecognized_keys'
      ? `${[location, issue.keys[0]].join('.')}: unknown field`
      : issue.code === 'invalid_type' && issue.input === undefined
        ? `${location}: required`
        : `${location}: ${issue.message}`;
  throw ApiError.of('schema_validation_failed', message);
}
