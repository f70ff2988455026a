// The resolvers of IDV delivery: invites (invites/) and webhook destinations (webhooks/).
import { BlobStore } from '../../platform/blobs';
import { SubgraphDependencies } from '../../platform/subgraph/subgraph-definition';
import { mergeResolverMaps } from './themes';
import { createInviteResolvers } from './invites/resolvers/invite-resolvers';
import { createInviteDeps } from './invites/services/invite-deps';
import { createWebhookResolvers } from './webhooks/resolvers/webhook-resolvers';

export function createDeliveryResolvers(deps: SubgraphDependencies, blobs: BlobStore) {
  const invites = createInviteDeps(deps.db, deps.config, blobs);
  return mergeResolverMaps(createInviteResolvers(invites), createWebhookResolvers(invites));
}
