import path from 'node:path';
import { SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-server';
import { createProfilesContext, ProfilesContext } from './context';
import { profileResolvers } from './resolvers/profile-resolvers';

export function profilesSubgraph(deps: SubgraphDependencies): SubgraphDefinition<ProfilesContext> {
  return {
    name: 'profiles',
    schemaPath: path.join(__dirname, 'schema.graphql'),
    resolvers: profileResolvers as never,
    createContext: (base) => createProfilesContext(deps.db, base),
  };
}
