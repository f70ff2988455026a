import path from 'node:path';
import { SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-server';
import { createRiskContext, RiskContext } from './context';
import { assessmentResolvers } from './resolvers/assessment-resolvers';

export function riskSubgraph(deps: SubgraphDependencies): SubgraphDefinition<RiskContext> {
  return {
    name: 'risk',
    schemaPath: path.join(__dirname, 'schema.graphql'),
    resolvers: assessmentResolvers as never,
    createContext: (base) => createRiskContext(deps.db, base),
  };
}
