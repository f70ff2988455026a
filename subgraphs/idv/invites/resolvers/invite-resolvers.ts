// GraphQL ⇄ invite service. Thin: the input's camelCase names become the service's REST-shaped
// body, so GraphQL and REST callers go through the same rules.
import { IdvContext } from '../../context';
import { InviteDeps } from '../services/invite-deps';
import { InviteResult, sendInvite } from '../services/invite-service';

interface SendInviteArgs {
  sessionId: string;
  input: { delivery?: 'email' | 'none' | null; locale?: string | null; orgName?: string | null; idempotencyKey?: string | null };
}

export function createInviteResolvers(deps: InviteDeps) {
  return {
    Mutation: {
      sendVerificationInvite: (_: unknown, args: SendInviteArgs, ctx: IdvContext) =>
        sendInvite(
          deps,
          ctx.principal,
          args.sessionId,
          {
            ...(args.input.delivery ? { delivery: args.input.delivery } : {}),
            ...(args.input.locale != null ? { locale: args.input.locale } : {}),
            ...(args.input.orgName != null ? { org_name: args.input.orgName } : {}),
            ...(args.input.idempotencyKey != null ? { idempotency_key: args.input.idempotencyKey } : {}),
          },
          ctx.requestId,
        ),
    },
    VerificationInvite: {
      __resolveType: (result: InviteResult) => (result.delivery === 'none' ? 'VerificationDirectLink' : 'VerificationEmailInvite'),
    },
  };
}
