// GraphQL ⇄ invite service. Thin: the service takes the typed input and applies the rules for
// GraphQL and REST callers alike.
import { IdvContext } from '../../context';
import { InviteDeps } from '../services/invite-deps';
import { InviteResult, sendInvite } from '../services/invite-service';
import type { SendVerificationInviteInput } from '../../resolvers/resolver-types.generated';

interface SendInviteArgs {
  sessionId: string;
  input: SendVerificationInviteInput;
}

export function createInviteResolvers(deps: InviteDeps) {
  return {
    Mutation: {
      sendVerificationInvite: (_: unknown, args: SendInviteArgs, ctx: IdvContext) =>
        sendInvite(deps, ctx.principal, args.sessionId, args.input, ctx.requestId),
    },
    VerificationInvite: {
      __resolveType: (result: InviteResult) => (result.delivery === 'none' ? 'VerificationDirectLink' : 'VerificationEmailInvite'),
    },
  };
}
