import { Db } from '../../../platform/db/prisma';
import { ProfilesErrorCode, ProfilesError } from '../errors';
import { DefinitionsReader } from './definitions-reader';

/** What the services need: the database and where custom field definitions come from. */
export interface ProfilesDeps {
  db: Db;
  definitions: DefinitionsReader;
}

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 100_000;

export interface Paging {
  page: number;
  perPage: number;
  skip: number;
  take: number;
}

/** page is one-based (default 1); perPage defaults to 20, at most 100. */
export function paging(page: number | null | undefined, perPage: number | null | undefined, code: ProfilesErrorCode = 'profile_validation_failed'): Paging {
  const p = page ?? 1;
  const pp = perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(p) || p < 1 || p > MAX_PAGE) throw new ProfilesError(code, `page: must be an integer from 1 to ${MAX_PAGE}`, { field: 'page' });
  if (!Number.isInteger(pp) || pp < 1 || pp > MAX_PER_PAGE) throw new ProfilesError(code, `perPage: must be an integer from 1 to ${MAX_PER_PAGE}`, { field: 'perPage' });
  return { page: p, perPage: pp, skip: (p - 1) * pp, take: pp };
}

export function has<T extends object>(input: T, key: keyof T): boolean {
  return Object.hasOwn(input, key) && input[key] !== undefined;
}
