import path from 'node:path';
import { SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-definition';
import { AccessContext, createAccessContext } from './context';
import { accessResolvers } from './resolvers';
import { accessDeps } from './services/deps';

/** Dashboard users, their roles per workspace, console sign-in and sessions (docs/console.md). */
export function accessSubgraph(deps: SubgraphDependencies): SubgraphDefinition<AccessContext> {
  const access = accessDeps(deps.db, deps.config);
  return {
    name: 'access',
    schemaPath: path.join(__dirname, 'schema'),
    resolvers: accessResolvers,
    createContext: (base) => createAccessContext(access, base),
  };
}
