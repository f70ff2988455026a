// A search or batch entity may link a profile (profile_id). The link is stored only for a profile
// of the caller's workspace, checked with the profiles domain: an id of another workspace gets the
// answer of an id that does not exist (same code, same message, nothing stored). Fail closed: when
// the profiles service cannot answer, nothing is searched or stored (503).
import { ProfilesEndpoint, profilesInScope } from '../../../contracts/profile-presence';
import type { Scope } from '../../../platform/db/prisma';
import { ScreeningError } from '../errors';

/** The ids among `profileIds` that are profiles of the scope. */
export type ProfileLinks = (scope: Scope, profileIds: readonly string[]) => Promise<Set<string>>;

export function subgraphProfileLinks(endpoint: ProfilesEndpoint): ProfileLinks {
  return (scope, profileIds) => profilesInScope(endpoint, 'screening', scope, profileIds);
}

/** Throws 404 profile_not_found naming the first field whose profile is not in the scope. */
export async function assertProfileLinks(
  links: ProfileLinks,
  scope: Scope,
  wanted: readonly { profileId: string | null | undefined; field: string }[],
): Promise<void> {
  const linked = wanted.filter((want): want is { profileId: string; field: string } => Boolean(want.profileId));
  if (!linked.length) return;
  let known: Set<string>;
  try {
    known = await links(
      scope,
      linked.map((want) => want.profileId),
    );
  } catch {
    throw new ScreeningError(
      'service_unavailable',
      'The profiles service is unavailable; the profile could not be checked, nothing was stored',
    );
  }
  const unknown = linked.find((want) => !known.has(want.profileId));
  if (unknown)
    throw new ScreeningError('profile_not_found', `${unknown.field}: no such profile in this workspace`, { field: unknown.field });
}
