import path from 'node:path';
import { RequestContext, SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-server';

const FEEDS = ['Sanctions', 'PEP', 'Criminal', 'Legal', 'Offshore', 'Ownership', 'Registries', 'Social Media', 'News', 'Open Source'];

export function screeningSubgraph(_deps: SubgraphDependencies): SubgraphDefinition<RequestContext> {
  return {
    name: 'screening',
    schemaPath: path.join(__dirname, 'schema.graphql'),
    resolvers: { Query: { screeningFeeds: () => FEEDS } } as never,
    createContext: (base) => base,
  };
}
