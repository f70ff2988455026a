// The resolvers of IDV delivery: invites (invites/) and webhook destinations (webhooks/).
import { BlobStore } from '../../platform/blobs';
import { SubgraphDependencies } from '../../platform/subgraph/subgraph-server';
import { mergeResolverMaps } from './themes';
import { createInviteResolvers } from './invites/resolvers/invite-resolvers';
import { createInviteDeps } from './invites/services/invite-deps';

export function createDeliveryResolvers(deps: SubgraphDependencies, blobs: BlobStore) {
  return mergeResolverMaps(createInviteResolvers(createInviteDeps(deps.db, deps.config, blobs)) as never);
}
