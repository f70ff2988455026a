import path from 'node:path';
import { SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-definition';
import { createRiskContext, RiskContext } from './context';
import { riskResolvers } from './resolvers';
import { LazyRunWaker, riskDeps } from './services/deps';

export function riskSubgraph(deps: SubgraphDependencies): SubgraphDefinition<RiskContext> {
  const waker = new LazyRunWaker(deps.config.databaseUrl);
  const risk = riskDeps(deps.db, deps.config, waker);
  return {
    name: 'risk',
    schemaPath: path.join(__dirname, 'schema'),
    resolvers: riskResolvers,
    createContext: (base) => createRiskContext(risk, base),
    close: () => waker.close(),
  };
}
