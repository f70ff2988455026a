import { z } from 'zod';

/** A page-size query parameter (`limit`, `page_size`): digits only; services clamp the value. */
export const pageSizeParam = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a positive integer')
  .transform(Number)
  .optional();

export type JsonObject = Record<string, unknown>;
