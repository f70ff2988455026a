// Flow steps: the writable step types and their configuration, the three presets, the step rules
// (1-10 steps, at most one liveness and one id_capture step, unique step_id and document_id, at
// most five documents) and the manifests a session copies at create.
import { z } from 'zod';
import type { IdvFlowStepInput, IdvStepConfigInput } from '../resolvers/resolver-types.generated';
import { SLUG_PATTERN } from './validation';

export const WORKFLOW_PRESETS = ['liveness_and_id', 'liveness_only', 'id_only'] as const;
export type WorkflowPreset = (typeof WORKFLOW_PRESETS)[number];
export const DEFAULT_PRESET: WorkflowPreset = 'liveness_and_id';

export const STEP_TYPES = ['consent', 'liveness', 'id_capture', 'document', 'questionnaire'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const BUILTIN_ID_TYPES = [
  'driver_license',
  'government_id',
  'health_card',
  'passport',
  'national_id',
  'permanent_resident_card',
  'residence_permit',
  'other',
] as const;
export type BuiltinIdType = (typeof BUILTIN_ID_TYPES)[number];
/** Built-in types captured on one side when sides = auto. */
export const ONE_SIDED_BUILTINS: readonly string[] = ['passport'];

export const MAX_STEPS = 10;
export const MAX_DOCUMENTS = 5;
export const MAX_QUESTIONS = 50;
export const MAX_CUSTOM_ID_TYPES = 16;

const isBuiltin = (value: string) => (BUILTIN_ID_TYPES as readonly string[]).includes(value);

/** A built-in id type, or a custom id type's id (never `unknown`, an inference outcome). */
export const isDeclarableIdType = (value: string) => isBuiltin(value) || (SLUG_PATTERN.test(value) && value !== 'unknown');

export const declarableIdType = z.string().refine(isDeclarableIdType, {
  message: 'must be a built-in id type or a custom id type id matching ^[a-z0-9_-]{1,64}$ (unknown is not declarable)',
});

const uniqueStrings = (items: string[]) => new Set(items).size === items.length;

const customIdType = z.strictObject({
  id: z
    .string()
    .regex(SLUG_PATTERN, 'must match ^[a-z0-9_-]{1,64}$')
    .refine((value) => !isBuiltin(value) && value !== 'unknown', { message: 'must not be a built-in id type or unknown' }),
  label: z.string().min(1).max(120),
  sides: z.enum(['one', 'two']).optional(),
});

const consentConfig = z.strictObject({
  text: z.string().min(1).max(5000).optional(),
  policy_version: z.string().min(1).max(64).optional(),
});

const livenessConfig = z.strictObject({
  mode: z.enum(['passive', 'active']).optional(),
});

const idCaptureConfig = z
  .strictObject({
    sides: z.enum(['auto', 'one', 'two']).optional(),
    accepted_id_types: z
      .array(z.enum(BUILTIN_ID_TYPES))
      .max(BUILTIN_ID_TYPES.length)
      .refine(uniqueStrings, { message: 'items must be unique' })
      .optional(),
    custom_id_types: z
      .array(customIdType)
      .max(MAX_CUSTOM_ID_TYPES)
      .refine((items) => uniqueStrings(items.map((item) => item.id)), { message: 'ids must be unique' })
      .optional(),
  })
  .refine((config) => (config.accepted_id_types?.length ?? 1) + (config.custom_id_types?.length ?? 0) > 0, {
    message: 'at least one accepted or custom id type is required',
  });

const documentConfig = z.strictObject({
  document_id: z.string().regex(SLUG_PATTERN, 'must match ^[a-z0-9_-]{1,64}$'),
  label: z.string().min(1).max(120).optional(),
  description: z.string().max(500).optional(),
  accepted_formats: z
    .array(z.enum(['pdf', 'jpeg', 'png']))
    .min(1)
    .refine(uniqueStrings, { message: 'items must be unique' })
    .optional(),
});

const CHOICE_TYPES = ['single_choice', 'multi_choice'];
const question = z
  .strictObject({
    question_id: z.string().regex(SLUG_PATTERN, 'must match ^[a-z0-9_-]{1,64}$'),
    prompt: z.string().min(1).max(500),
    type: z.enum(['text', 'long_text', 'number', 'date', 'boolean', 'single_choice', 'multi_choice']),
    options: z.array(z.string().min(1).max(200)).min(2).max(50).refine(uniqueStrings, { message: 'items must be unique' }).optional(),
    required: z.boolean().optional(),
  })
  .refine((q) => CHOICE_TYPES.includes(q.type) === (q.options !== undefined), {
    message: 'options are required for single_choice and multi_choice questions and not allowed otherwise',
    path: ['options'],
  });

const questionnaireConfig = z.strictObject({
  questions: z
    .array(question)
    .min(1)
    .max(MAX_QUESTIONS)
    .refine((items) => uniqueStrings(items.map((item) => item.question_id)), { message: 'question_id values must be unique' }),
});

const CONFIG_SCHEMAS: Record<StepType, z.ZodType> = {
  consent: consentConfig,
  liveness: livenessConfig,
  id_capture: idCaptureConfig,
  document: documentConfig,
  questionnaire: questionnaireConfig,
};
const CONFIG_REQUIRED: readonly StepType[] = ['document', 'questionnaire'];

export const writableStep = z
  .strictObject({
    step_id: z.string().regex(SLUG_PATTERN, 'must match ^[a-z0-9_-]{1,64}$'),
    type: z.enum(STEP_TYPES),
    required: z.boolean().optional(),
    title: z.string().min(1).max(200).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((step, ctx) => {
    if (step.config === undefined) {
      if (CONFIG_REQUIRED.includes(step.type))
        ctx.addIssue({ code: 'custom', path: ['config'], message: `required for ${step.type} steps` });
      return;
    }
    const result = CONFIG_SCHEMAS[step.type].safeParse(step.config);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const detail =
          issue.code === 'unrecognized_keys'
            ? `unknown field ${issue.keys[0]}`
            : issue.code === 'invalid_type' && issue.input === undefined
              ? 'required'
              : issue.message;
        ctx.addIssue({ code: 'custom', path: ['config', ...issue.path.map((p) => p as string | number)], message: detail });
      }
    }
  });

export type WritableStep = z.infer<typeof writableStep>;

/** Each typed config field under its interface name, in the order of IdvStepConfigInput (the order
 * a stored config keeps its keys in). */
const CONFIG_FIELDS: readonly (readonly [keyof IdvStepConfigInput, string])[] = [
  ['text', 'text'],
  ['policyVersion', 'policy_version'],
  ['mode', 'mode'],
  ['sides', 'sides'],
  ['acceptedIdTypes', 'accepted_id_types'],
  ['customIdTypes', 'custom_id_types'],
  ['documentId', 'document_id'],
  ['label', 'label'],
  ['description', 'description'],
  ['acceptedFormats', 'accepted_formats'],
  ['questions', 'questions'],
];

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

function configOf(input: IdvStepConfigInput): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [field, name] of CONFIG_FIELDS) {
    const value = input[field];
    if (!given(value)) continue;
    if (field === 'customIdTypes' && input.customIdTypes) {
      config[name] = input.customIdTypes.map((item) => ({
        id: item.id,
        label: item.label,
        ...(given(item.sides) ? { sides: item.sides } : {}),
      }));
    } else if (field === 'questions' && input.questions) {
      config[name] = input.questions.map((q) => ({
        question_id: q.questionId,
        prompt: q.prompt,
        type: q.type,
        ...(given(q.options) ? { options: q.options } : {}),
        ...(given(q.required) ? { required: q.required } : {}),
      }));
    } else config[name] = value;
  }
  return config;
}

/**
 * A typed flow step as the step the rules check and the flow stores: absent (null) fields left
 * out, config fields under their interface names. Every config field the input sets is kept, so the
 * rules refuse one that the step's type does not take (a liveness step with a document_id).
 */
export function writableStepOf(input: IdvFlowStepInput): WritableStep {
  return {
    step_id: input.stepId,
    type: input.type,
    ...(given(input.required) ? { required: input.required } : {}),
    ...(given(input.title) ? { title: input.title } : {}),
    ...(given(input.config) ? { config: configOf(input.config) } : {}),
  };
}

export const stepsSchema = z
  .array(writableStep)
  .min(1)
  .max(MAX_STEPS)
  .superRefine((steps, ctx) => {
    const count = (type: StepType) => steps.filter((step) => step.type === type).length;
    if (count('liveness') > 1) ctx.addIssue({ code: 'custom', message: 'at most one liveness step' });
    if (count('id_capture') > 1) ctx.addIssue({ code: 'custom', message: 'at most one id_capture step' });
    if (count('consent') > 1) ctx.addIssue({ code: 'custom', message: 'at most one consent step' });
    if (count('consent') === 1 && steps[0].type !== 'consent')
      ctx.addIssue({ code: 'custom', message: 'the consent step must be the first step' });
    if (count('document') > MAX_DOCUMENTS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_DOCUMENTS} document steps` });
    const seen = new Set<string>();
    steps.forEach((step, index) => {
      if (seen.has(step.step_id)) ctx.addIssue({ code: 'custom', path: [index, 'step_id'], message: `duplicate step_id ${step.step_id}` });
      seen.add(step.step_id);
    });
    const documents = new Set<string>();
    steps.forEach((step, index) => {
      if (step.type !== 'document' || !step.config) return;
      const id = (step.config as { document_id?: unknown }).document_id;
      if (typeof id !== 'string') return;
      if (documents.has(id))
        ctx.addIssue({ code: 'custom', path: [index, 'config', 'document_id'], message: `duplicate document_id ${id}` });
      documents.add(id);
    });
  });

/** A step as stored on workflows and sessions: defaults filled in, config normalized. */
export interface FlowStep {
  step_id: string;
  type: StepType;
  required: boolean;
  title?: string;
  config: Record<string, unknown>;
}

export interface IdCaptureConfig {
  sides: 'auto' | 'one' | 'two';
  accepted_id_types: string[];
  custom_id_types: { id: string; label: string; sides: 'one' | 'two' }[];
}

/** Fills in defaults (required true, id_capture sides auto with every built-in type, ...). */
export function normalizeSteps(steps: WritableStep[]): FlowStep[] {
  return steps.map((step) => {
    const config = { ...(step.config ?? {}) } as Record<string, unknown>;
    if (step.type === 'liveness') config.mode ??= 'passive';
    if (step.type === 'id_capture') {
      const custom = ((config.custom_id_types as { id: string; label: string; sides?: 'one' | 'two' }[] | undefined) ?? []).map((item) => ({
        id: item.id,
        label: item.label,
        sides: item.sides ?? 'two',
      }));
      config.sides ??= 'auto';
      config.accepted_id_types ??= [...BUILTIN_ID_TYPES];
      config.custom_id_types = custom;
    }
    return {
      step_id: step.step_id,
      type: step.type,
      required: step.required ?? true,
      ...(step.title !== undefined ? { title: step.title } : {}),
      config,
    };
  });
}

export function presetSteps(preset: WorkflowPreset): FlowStep[] {
  const consent: WritableStep = { step_id: 'consent', type: 'consent' };
  const liveness: WritableStep = { step_id: 'liveness', type: 'liveness' };
  const idCapture: WritableStep = { step_id: 'id_capture', type: 'id_capture' };
  const steps =
    preset === 'liveness_and_id' ? [consent, liveness, idCapture] : preset === 'liveness_only' ? [consent, liveness] : [consent, idCapture];
  return normalizeSteps(steps);
}

export function idCaptureStep(steps: FlowStep[]): (FlowStep & { config: IdCaptureConfig & Record<string, unknown> }) | undefined {
  return steps.find((step) => step.type === 'id_capture') as (FlowStep & { config: IdCaptureConfig & Record<string, unknown> }) | undefined;
}

/** Every declarable type of an id_capture step: its built-in types and its custom ids. */
export function declarableTypesOf(step: FlowStep & { config: IdCaptureConfig }): string[] {
  return [...step.config.accepted_id_types, ...step.config.custom_id_types.map((item) => item.id)];
}

/** One- or two-sided capture of a declared type under the step's sides setting. */
export function sidesFor(step: FlowStep & { config: IdCaptureConfig }, idType: string): 'one' | 'two' {
  if (step.config.sides !== 'auto') return step.config.sides;
  const custom = step.config.custom_id_types.find((item) => item.id === idType);
  if (custom) return custom.sides;
  return ONE_SIDED_BUILTINS.includes(idType) ? 'one' : 'two';
}

export function sameSteps(a: FlowStep[], b: FlowStep[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
