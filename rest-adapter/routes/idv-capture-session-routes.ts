// The hosted page's credential exchange (capture plane): its fragment credential (invite code or
// session_token) for a short-lived capture session, used for every later call. docs/idv-capture.md.
import { z } from 'zod';
import { CAPTURE_CREDENTIALS, toWire } from './idv-capture-routes';
import { route, Route } from './route';
import { ExchangeDocument } from '../operations/operations.generated';

const grantResponse = z.object({
  data: z.object({
    session_id: z.string(),
    token: z.string().describe('Send as Authorization: Capture <token>; returned once'),
    token_type: z.literal('Capture'),
    expires_at: z.string(),
  }),
});

export const idvCaptureSessionRoutes: Route[] = [
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/capture-session',
    area: 'idv',
    tag: 'IDV capture plane',
    summary:
      'Exchanges the invite code (redeemed here when single use) or session_token for a capture session (30 minutes), sent as Authorization: Capture <token> on every later capture-plane call; a capture session cannot be exchanged again',
    credentials: CAPTURE_CREDENTIALS,
    document: ExchangeDocument,
    variables: ({ params }) => ({ input: { sessionId: params.sessionId } }),
    result: (data) => ({ status: 201, body: { data: { ...(toWire(data.exchangeCaptureCredential) as object), token_type: 'Capture' } } }),
    successStatus: 201,
    response: grantResponse,
  }),
];
