// IDV capture plane (the hosted page's JSON calls; capture or invite credential of the session
// only, never an API key): the page's view of its session, consent, questionnaire answers and
// submit. Artifact uploads are binary and live in rest-adapter/capture/artifact-upload-routes.ts.
// Wire format: snake_case objects under {data: ...}; docs/idv-capture.md.
import { z } from 'zod';
import { JsonObject } from './query-params';
import { route, Route } from './route';
import {
  AnswersDocument,
  CaptureArtifactKindValues,
  CaptureCompletionActionValues,
  CaptureDocument,
  CaptureFlowStatusValues,
  CaptureSidesValues,
  CaptureStepTypeValues,
  ConsentDocument,
  SubmitDocument,
} from '../operations/operations.generated';

export const CAPTURE_CREDENTIALS: Route['credentials'] = ['capture', 'invite'];

/** camelCase GraphQL object → the documented snake_case wire format. */
export function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as JsonObject).map(([key, item]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), toWire(item)]),
  );
}

const question = z.object({
  question_id: z.string(),
  prompt: z.string(),
  type: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
});
export const captureSessionSchema = z.object({
  id: z.string(),
  status: z.enum(CaptureFlowStatusValues),
  submitted: z.boolean(),
  consent: z.object({ recorded: z.boolean(), text: z.string(), policy_version: z.string() }),
  steps: z.array(
    z.object({
      step_id: z.string(),
      type: z.enum(CaptureStepTypeValues),
      required: z.boolean(),
      title: z.string().nullable(),
      frames_needed: z.number().int(),
      liveness_mode: z.string().nullable(),
      document_label: z.string().nullable(),
      accepted_formats: z.array(z.string()),
      questions: z.array(question),
    }),
  ),
  artifacts: z.array(
    z.object({
      artifact_id: z.string(),
      kind: z.enum(CaptureArtifactKindValues),
      step_id: z.string(),
      frame: z.number().int(),
      content_type: z.string(),
      captured_at: z.string(),
    }),
  ),
  missing: z.array(z.string()),
  ready_to_submit: z.boolean(),
  id_capture: z
    .object({
      accepted_id_types: z.array(z.string()),
      preselected_id_type: z.string().nullable(),
      capture_sides: z.enum(CaptureSidesValues),
    })
    .nullable(),
  completion: z.object({ action: z.enum(CaptureCompletionActionValues), return_url: z.string().nullable() }),
  token_expires_at: z.string(),
});
const captureResponse = z.object({ data: captureSessionSchema });

const consentBody = z.strictObject({
  accepted: z.literal(true, { message: 'must be true (consent is given explicitly)' }),
  policy_version: z.string().min(1).max(64).optional(),
});

const answerValue = z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(200)).max(50)]);
const answersBody = z.strictObject({
  step_id: z.string().min(1).max(64),
  answers: z
    .array(z.strictObject({ question_id: z.string().min(1).max(64), value: answerValue }))
    .min(1)
    .max(50),
});

/** A REST answer value in the typed GraphQL slot of its JSON type. */
function answerSlot(value: z.infer<typeof answerValue>): Record<string, unknown> {
  if (Array.isArray(value)) return { choices: value };
  if (typeof value === 'number') return { number: value };
  if (typeof value === 'boolean') return { boolean: value };
  return { text: value };
}

const captured = (field: string) => (data: Record<string, unknown>) => ({ body: { data: toWire(data[field]) } });

export const idvCaptureRoutes: Route[] = [
  route({
    method: 'get',
    path: '/idv/v1/sessions/:sessionId/capture',
    area: 'idv',
    tag: 'IDV capture plane',
    summary: "The hosted page's view of its session: steps, consent text, artifacts, what is missing (capture or invite credential only)",
    credentials: CAPTURE_CREDENTIALS,
    document: CaptureDocument,
    variables: ({ params }) => ({ id: params.sessionId }),
    result: captured('captureSession'),
    response: captureResponse,
  }),
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/consent',
    area: 'idv',
    tag: 'IDV capture plane',
    summary:
      'The customer consents before capture; the evidence (text version and SHA-256, time, IP, user agent) is recorded; first consent wins',
    credentials: CAPTURE_CREDENTIALS,
    body: consentBody,
    document: ConsentDocument,
    variables: ({ params, body, headers, clientIp }) => {
      const input = body as z.infer<typeof consentBody>;
      return {
        id: params.sessionId,
        input: {
          accepted: input.accepted,
          policyVersion: input.policy_version ?? null,
          clientIp: clientIp ?? null,
          userAgent: headers['user-agent'] ?? null,
        },
      };
    },
    result: captured('recordCaptureConsent'),
    response: captureResponse,
  }),
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/answers',
    area: 'idv',
    tag: 'IDV capture plane',
    summary:
      'Questionnaire answers of one step ({step_id, answers: [{question_id, value}]}); replaces earlier answers to the same questions',
    credentials: CAPTURE_CREDENTIALS,
    body: answersBody,
    document: AnswersDocument,
    variables: ({ params, body }) => {
      const input = body as z.infer<typeof answersBody>;
      return {
        id: params.sessionId,
        input: { stepId: input.step_id, answers: input.answers.map((a) => ({ questionId: a.question_id, ...answerSlot(a.value) })) },
      };
    },
    result: captured('recordCaptureAnswers'),
    response: captureResponse,
  }),
  route({
    method: 'post',
    path: '/idv/v1/sessions/:sessionId/submit',
    area: 'idv',
    tag: 'IDV capture plane',
    summary:
      'The customer submits (202; flow queued, review pending). 409 idv_state_conflict names what is missing until consent and every required step are done',
    credentials: CAPTURE_CREDENTIALS,
    document: SubmitDocument,
    variables: ({ params }) => ({ id: params.sessionId }),
    result: (data) => ({ status: 202, body: { data: toWire(data.submitCapture) } }),
    successStatus: 202,
    response: captureResponse,
  }),
];
