// Clearances: a match reviewed as false_positive for a profile clears that listed entity for the
// profile. Later searches for the same profile (sync or batch) return the entity's match already
// false_positive, with `previously_cleared` naming the match that cleared it, for as long as the
// listed entity's data hashes the same; a changed listing comes back unresolved.
import crypto from 'node:crypto';
import { Db, type Scope } from '../../../platform/db/prisma';
import { clearancesFor } from '../data/review-store';
import type { StoredMatch } from './search-model';

/** JSON with keys sorted at every level: a payload read back from jsonb (which reorders keys)
 * hashes like the one first answered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 of what the list says about the entity (not of anything the query influenced). */
export function listedEntityHash(match: Pick<StoredMatch, 'entity' | 'name' | 'aliases'>): string {
  const names = [match.name.value, ...match.aliases.map((alias) => alias.value)].sort();
  return crypto
    .createHash('sha256')
    .update(canonical({ entity: match.entity, names }))
    .digest('hex');
}

export interface PreviouslyCleared {
  match_id: string;
  cleared_at: string;
  cleared_by: string;
}

interface Screened<T> {
  entityIndex: number;
  matches: { entityRef: string; payload: unknown }[];
  extra?: T;
}

/** Marks the matches of every result whose profile has cleared them (one query for the chunk). */
export async function applyClearances<R extends Screened<unknown>>(
  db: Db,
  scope: Scope,
  results: R[],
  profileOf: (entityIndex: number) => string | null,
): Promise<R[]> {
  const wanted = results.flatMap((result) => {
    const profileId = profileOf(result.entityIndex);
    return profileId ? result.matches.map((match) => ({ profileId, entityRef: match.entityRef })) : [];
  });
  if (!wanted.length) return results;
  const clearances = await clearancesFor(db, scope, wanted);
  if (!clearances.size) return results;
  for (const result of results) {
    const profileId = profileOf(result.entityIndex);
    if (!profileId) continue;
    for (const match of result.matches) {
      const clearance = clearances.get(`${profileId}|${match.entityRef}`);
      const payload = match.payload as StoredMatch & { previously_cleared?: PreviouslyCleared };
      if (!clearance || clearance.entityHash !== listedEntityHash(payload)) continue;
      payload.review_status = 'false_positive';
      payload.previously_cleared = {
        match_id: clearance.matchId,
        cleared_at: clearance.clearedAt.toISOString(),
        cleared_by: clearance.clearedBy,
      };
    }
  }
  return results;
}
