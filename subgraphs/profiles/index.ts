import path from 'node:path';
import { SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-definition';
import { createProfilesContext, ProfilesContext } from './context';
import { resolvers } from './resolvers';
import { createDefinitionsReader } from './services/definitions-reader';
import { subgraphOnboardingGateways } from './onboarding/services/onboarding-gateways';
import { subgraphProposalApplier } from './services/four-eyes-service';
import { ProfilesDeps } from './services/deps';

/** `evidence`: every domain's objects as evidence for evidence packs, wired by app/ (which alone may
 * import the other domains); without it creating a pack answers service_unavailable. */
export function profilesSubgraph(deps: SubgraphDependencies, evidence?: ProfilesDeps['evidence']): SubgraphDefinition<ProfilesContext> {
  // One per process: the short-lived read copy of custom field definitions (rule 5).
  const definitions = createDefinitionsReader(deps.db);
  // Onboarding validates workflows with IDV (and the worker screens and starts sessions) through the subgraphs.
  const gateways = subgraphOnboardingGateways(deps.config);
  // Four-eyes approvals are applied by the domain owning the decided object, through its subgraph.
  const applyProposal = subgraphProposalApplier(deps.config);
  return {
    name: 'profiles',
    schemaPath: path.join(__dirname, 'schema'),
    resolvers: resolvers,
    createContext: (base) => createProfilesContext(deps.db, definitions, base, gateways, applyProposal, evidence),
  };
}
