import path from 'node:path';
import { RequestContext, SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-server';

export function idvSubgraph(_deps: SubgraphDependencies): SubgraphDefinition<RequestContext> {
  return {
    name: 'idv',
    schemaPath: path.join(__dirname, 'schema.graphql'),
    resolvers: { Query: { idvWorkflowPresets: () => ['liveness_and_id', 'liveness_only', 'id_only'] } } as never,
    createContext: (base) => base,
  };
}
