import path from 'node:path';
import { RequestContext, SubgraphDefinition, SubgraphDependencies } from '../../platform/subgraph/subgraph-definition';
import { blobStoreFromEnv } from '../../platform/blobs';
import { createThemeResolvers, mergeResolverMaps } from './themes';
import { createIdvContext } from './context';
import { createCaptureResolvers } from './capture/resolvers/capture-resolvers';
import { idvCoreResolvers } from './resolvers/idv-resolvers';
import { reviewDeskResolvers } from './review/resolvers/review-resolvers';
import { analyticsResolvers } from './analytics/resolvers/analytics-resolvers';
import { DeclarableIdTypeScalar, InferredIdTypeScalar } from './resolvers/declarable-id-type';
import { ExactURLScalar } from './resolvers/exact-url';
import { createIdvDeps } from './services/deps';
import { createDeliveryResolvers } from './delivery-resolvers';

export function idvSubgraph(deps: SubgraphDependencies): SubgraphDefinition<RequestContext> {
  const idvDeps = createIdvDeps(deps.db, deps.config);
  const blobs = blobStoreFromEnv();
  return {
    name: 'idv',
    schemaPath: path.join(__dirname, 'schema'),
    resolvers: {
      ...mergeResolverMaps(
        // IDV core (sessions, workflows, review, audited data): resolvers/idv-resolvers.ts.
        idvCoreResolvers,
        // The review desk (case view, artifact files, claim, decisions with a note): review/.
        reviewDeskResolvers,
        // The console's analytics page (outcomes, decision time, review queue ages): analytics/.
        analyticsResolvers,
        // IDV themes and branding (subgraphs/idv/themes): theme queries/mutations, public branding.
        createThemeResolvers({ db: deps.db, blobs }),
        // Invites and webhook destinations: delivery-resolvers.ts.
        createDeliveryResolvers(deps, blobs),
        // Capture plane (hosted page): subgraphs/idv/capture.
        createCaptureResolvers({ blobs }),
      ),
      // scalars DeclarableIdType and InferredIdType (resolvers/declarable-id-type.ts). The scalars
      // themselves, not copies: mergeResolverMaps is for maps of resolver functions.
      DeclarableIdType: DeclarableIdTypeScalar,
      InferredIdType: InferredIdTypeScalar,
      // scalar ExactURL (resolvers/exact-url.ts).
      ExactURL: ExactURLScalar,
    },
    // The IDV core context extends the base one (theme resolvers use only the base).
    createContext: (base) => createIdvContext(base, idvDeps),
  };
}
