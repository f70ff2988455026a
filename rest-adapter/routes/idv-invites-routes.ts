// POST /idv/v1/sessions/{sessionId}/invite: emailed invite (202) or direct link (200). The
// Idempotency-Key header travels as input.idempotencyKey; the IDV subgraph applies the numbered
// rules (recipient, replays, in-flight conflicts, direct-link principal and verify base).
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { MANAGEMENT_CREDENTIALS, route, Route, RouteInput } from './route';
import { IdvInviteDeliveryStateValues, IdvInviteDeliveryValues, InviteDocument } from '../operations/operations.generated';

const inviteBody = z.strictObject({
  delivery: z.enum(IdvInviteDeliveryValues).optional(),
  locale: z.string().min(1).max(35).optional(),
  org_name: z.string().min(1).max(80).optional(),
});

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,160}$/;

function idempotencyKey(input: RouteInput, delivery: string): string | null {
  const key = input.headers['idempotency-key'];
  if (key === undefined || delivery === 'none') return null; // direct links ignore it
  if (!KEY_PATTERN.test(key))
    throw ApiError.of('schema_validation_failed', 'header Idempotency-Key: must be 1 to 160 characters matching ^[A-Za-z0-9._:-]+$');
  return key;
}

type InviteResult =
  | { __typename: 'VerificationEmailInvite'; invited: boolean; inviteExpiresAt: string; deliveryState: string }
  | { __typename: 'VerificationDirectLink'; verifyUrl: string; inviteExpiresAt: string };

export const idvInviteRoutes: Route[] = [
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/invite',
    area: 'idv',
    tag: 'IDV sessions',
    summary:
      'Invite the customer: email to the profile address (202, Idempotency-Key) or a single-use direct link (200, application keys only)',
    credentials: MANAGEMENT_CREDENTIALS,
    body: inviteBody,
    document: InviteDocument,
    variables: (input) => {
      const body = (input.body ?? {}) as z.infer<typeof inviteBody>;
      const delivery = body.delivery ?? 'email';
      return {
        sessionId: input.params.sessionId,
        input: { delivery, locale: body.locale ?? null, orgName: body.org_name ?? null, idempotencyKey: idempotencyKey(input, delivery) },
      };
    },
    result: (data: { sendVerificationInvite: InviteResult }) => {
      const invite = data.sendVerificationInvite;
      if (invite.__typename === 'VerificationDirectLink')
        return { status: 200, body: { verify_url: invite.verifyUrl, invite_expires_at: invite.inviteExpiresAt } };
      return {
        status: 202,
        body: { invited: invite.invited, invite_expires_at: invite.inviteExpiresAt, delivery_state: invite.deliveryState },
      };
    },
    successStatus: 202,
    response: z.union([
      z.object({ invited: z.boolean(), invite_expires_at: z.string(), delivery_state: z.enum(IdvInviteDeliveryStateValues) }),
      z.object({ verify_url: z.string(), invite_expires_at: z.string() }),
    ]),
  }),
];
