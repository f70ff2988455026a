// Which profile ids exist in a scope, asked of the profiles subgraph (its federated `Profile`
// entity) by a domain that stores links to profiles (screening searches, risk subjects). The
// profiles domain resolves an entity only in the caller's tenant and workspace, so a profile of
// another workspace is absent here, exactly like an id that never existed: callers refuse both
// with one answer. A failure throws SubgraphUnavailableError: callers fail closed.
import { servicePrincipal } from '../platform/principal/principal';
import { callSubgraph } from '../platform/subgraph/internal-client';

export interface ProfilesEndpoint {
  /** The profiles subgraph URL. */
  url: string;
  /** The internal secret that signs the service principal. */
  secret: string;
}

const QUERY = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Profile { id } } }';

export async function profilesInScope(
  endpoint: ProfilesEndpoint,
  service: string,
  scope: { tenantId: string; workspaceId: string },
  profileIds: readonly string[],
  requestId?: string,
): Promise<Set<string>> {
  const unique = [...new Set(profileIds)];
  if (!unique.length) return new Set();
  const data = await callSubgraph<{ _entities: ({ id: string } | null)[] }>({
    url: endpoint.url,
    query: QUERY,
    variables: { r: unique.map((id) => ({ __typename: 'Profile', id })) },
    principal: servicePrincipal(service, scope),
    secret: endpoint.secret,
    requestId,
  });
  // An entity answers for the id asked at its position; anything else counts as absent.
  return new Set(unique.filter((id, index) => data._entities?.[index]?.id === id));
}
