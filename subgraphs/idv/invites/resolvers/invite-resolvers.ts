// GraphQL ⇄ invite service. Thin: the service takes the typed input and applies the rules for
// GraphQL and REST callers alike.
import { InviteDeps } from '../services/invite-deps';
import { sendInvite } from '../services/invite-service';
import type { Resolvers } from '../../resolvers/resolver-types.generated';

export function createInviteResolvers(deps: InviteDeps) {
  return {
    Mutation: {
      sendVerificationInvite: (_, args, ctx) => sendInvite(deps, ctx.principal, args.sessionId, args.input, ctx.requestId),
    },
    VerificationInvite: {
      __resolveType: (result) => (result.delivery === 'none' ? 'VerificationDirectLink' : 'VerificationEmailInvite'),
    },
  } satisfies Resolvers;
}
