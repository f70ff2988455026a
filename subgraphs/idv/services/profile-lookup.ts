// Profile lookup in the profiles subgraph, as the idv service acting in the caller's scope.
// Fail closed: an unreachable or failing profiles service is 503 idv_profile_lookup_unavailable.
import { VigilConfig } from '../../../platform/config';
import { servicePrincipal } from '../../../platform/principal/principal';
import { callSubgraph } from '../../../platform/subgraph/internal-client';
import type { Scope } from '../../../platform/db/prisma';
import { IdvError } from '../errors';

export interface ProfileSummary {
  id: string;
  email: string | null;
  erasureClaimed: boolean;
}

export type ProfileLookup = (scope: Scope, profileId: string, requestId?: string) => Promise<ProfileSummary | null>;

const QUERY = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { id email erasureClaimed } } }';

export function subgraphProfileLookup(config: VigilConfig): ProfileLookup {
  return async (scope, profileId, requestId) => {
    try {
      const data = await callSubgraph<{ _entities: (ProfileSummary | null)[] }>({
        url: config.subgraphUrls.profiles,
        query: QUERY,
        variables: { r: [{ __typename: 'Profile', id: profileId }] },
        principal: servicePrincipal('idv', scope),
        secret: config.internalSecret,
        requestId,
      });
      const profile = data._entities?.[0] ?? null;
      return profile && profile.id === profileId ? profile : null;
    } catch {
      throw new IdvError('idv_profile_lookup_unavailable', 'The profiles service is unavailable; the profile could not be checked');
    }
  };
}

/** What the review desk compares the document with: the profile's current name and date of birth. */
export interface ProfileFacts {
  name: string;
  dateOfBirth: string | null;
}

export type ProfileFactsLookup = (scope: Scope, profileId: string, requestId?: string) => Promise<ProfileFacts | null>;

const FACTS_QUERY = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { id name dateOfBirth } } }';

export function subgraphProfileFacts(config: VigilConfig): ProfileFactsLookup {
  return async (scope, profileId, requestId) => {
    try {
      const data = await callSubgraph<{ _entities: ((ProfileFacts & { id: string }) | null)[] }>({
        url: config.subgraphUrls.profiles,
        query: FACTS_QUERY,
        variables: { r: [{ __typename: 'Profile', id: profileId }] },
        principal: servicePrincipal('idv', scope),
        secret: config.internalSecret,
        requestId,
      });
      const profile = data._entities?.[0] ?? null;
      return profile && profile.id === profileId ? { name: profile.name, dateOfBirth: profile.dateOfBirth } : null;
    } catch {
      throw new IdvError('idv_profile_lookup_unavailable', 'The profiles service is unavailable; the profile could not be read');
    }
  };
}
