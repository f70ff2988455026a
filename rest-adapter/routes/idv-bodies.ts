// The wire shape of the IDV core's REST bodies (IDV interface: CreateSessionRequest, workflow
// create/edit, the session moves). What a typed GraphQL input could not carry is refused here with
// 400 schema_validation_failed naming the field: unknown fields, wrong JSON types, values outside the
// GraphQL enums. The interface's rules (lengths, patterns, counts, step and override rules, mutually
// exclusive sources) are the IDV services' own and reach REST and GraphQL callers alike; only the
// move bodies keep their documented limits here too, as the OpenAPI document shows them.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validation';
import {
  CaptureCompletionActionValues,
  CaptureQuestionTypeValues,
  CaptureSidesValues,
  CaptureStepTypeValues,
  IdvDocumentFormatValues,
  IdvFlagActionValues,
  IdvReviewStatusValues,
  IdvWorkflowPresetValues,
  LivenessModeValues,
} from '../operations/operations.generated';

const REVIEW_STATUSES: readonly string[] = IdvReviewStatusValues;
const PROFILE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

// ---------------------------------------------------------------------------------------------
// Session moves

export const cancelSchema = z.strictObject({ reason: z.string().max(1000).optional() });

export const reviewSchema = z.strictObject({
  status: z.string().refine((value) => REVIEW_STATUSES.includes(value), { message: `must be one of ${REVIEW_STATUSES.join(', ')}` }),
  note: z.string().max(5000).optional(),
});

export const assignSchema = z.strictObject({ assignee: z.string().min(1).max(128).nullable() });

// ---------------------------------------------------------------------------------------------
// Flow steps (sessions and workflows)

const CONFIG_FIELDS = {
  text: z.string(),
  policy_version: z.string(),
  mode: z.enum(LivenessModeValues),
  sides: z.enum(CaptureSidesValues),
  accepted_id_types: z.array(z.string()),
  // A custom id type names its sides: CaptureSides without auto, on purpose.
  custom_id_types: z.array(z.strictObject({ id: z.string(), label: z.string(), sides: z.enum(['one', 'two']).optional() })),
  document_id: z.string(),
  label: z.string(),
  description: z.string(),
  accepted_formats: z.array(z.enum(IdvDocumentFormatValues)),
  questions: z.array(
    z.strictObject({
      question_id: z.string(),
      prompt: z.string(),
      type: z.enum(CaptureQuestionTypeValues),
      options: z.array(z.string()).optional(),
      required: z.boolean().optional(),
    }),
  ),
};

/** A step's config: any of the config fields of every step type (which ones a type takes is a step
 * rule of the service); an unknown field is named the way the step rules name one. */
const stepConfig = z.record(z.string(), z.unknown()).pipe(
  z
    .looseObject(Object.fromEntries(Object.entries(CONFIG_FIELDS).map(([name, schema]) => [name, schema.optional()])))
    .superRefine((config, ctx) => {
      const unknown = Object.keys(config).find((key) => !(key in CONFIG_FIELDS));
      if (unknown) ctx.addIssue({ code: 'custom', message: `unknown field ${unknown}` });
    }),
);

const step = z.strictObject({
  step_id: z.string(),
  type: z.enum(CaptureStepTypeValues),
  required: z.boolean().optional(),
  title: z.string().optional(),
  config: stepConfig.optional(),
});

// ---------------------------------------------------------------------------------------------
// POST /sessions

const createSessionShape = z.strictObject({
  profile_id: z.string(),
  // Accepted and ignored: the principal decides the scope (rule 8).
  tenant_id: z.string().max(256).optional(),
  workspace_id: z.string().max(256).optional(),
  subject_reference: z.string().optional(),
  retention_policy_id: z.string().optional(),
  workflow: z.enum(IdvWorkflowPresetValues).optional(),
  steps: z.array(step).optional(),
  workflow_id: z.string().optional(),
  idempotency_key: z.string().optional(),
  session_overrides: z
    .strictObject({
      version: z.int({ error: 'only version 1 is supported' }),
      id_capture: z.strictObject({ accepted_id_types: z.array(z.string()), preselected_id_type: z.string().optional() }).optional(),
      completion: z.strictObject({ action: z.enum(CaptureCompletionActionValues), return_url: z.string().optional() }).optional(),
    })
    .optional(),
});

/**
 * A create body in the interface's rule order: a JSON object, then rule 1 (profile_id present and
 * well-formed: its own codes, before any schema failure), then the wire shape. The service applies
 * rule 1 again for GraphQL callers, and every further rule.
 */
export function checkCreateSessionBody(body: unknown): void {
  if (body === undefined || body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body)) throw ApiError.of('schema_validation_failed', 'body: must be a JSON object');
  const profileId = (body as { profile_id?: unknown }).profile_id;
  if (profileId === undefined || profileId === null || profileId === '')
    throw ApiError.of('idv_profile_id_required', 'profile_id is required');
  if (typeof profileId !== 'string' || profileId.length > 128 || !PROFILE_ID_PATTERN.test(profileId)) {
    throw ApiError.of('idv_profile_id_invalid', 'profile_id must be 1 to 128 characters matching ^[A-Za-z0-9._:-]+$');
  }
  validate(createSessionShape, body, 'body');
}

// ---------------------------------------------------------------------------------------------
// Workflows

const workflowFields = {
  name: z.string(),
  description: z.string().optional(),
  preset: z.enum(IdvWorkflowPresetValues).optional(),
  steps: z.array(step).optional(),
  profile_update_enabled: z.boolean().optional(),
  flag_settings: z.record(z.string(), z.enum(IdvFlagActionValues)).optional(),
  // "" unsets the contact on the wire; anything else must be an address (GraphQL EmailAddress).
  privacy_contact_email: z.union([z.email().max(320), z.literal('')]).optional(),
  retention_days: z.number().int().optional(),
};

// A workflow is created draft or active, never archived (a subset of IdvWorkflowStatus).
const createWorkflowShape = z.strictObject({ ...workflowFields, status: z.enum(['draft', 'active']).optional() });
const updateWorkflowShape = z.strictObject({
  ...workflowFields,
  name: workflowFields.name.optional(),
  revision: z.number().int().optional(),
});

export const checkCreateWorkflowBody = (body: unknown) => void validate(createWorkflowShape, body ?? {}, 'body');
export const checkUpdateWorkflowBody = (body: unknown) => void validate(updateWorkflowShape, body ?? {}, 'body');
