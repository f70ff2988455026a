// Workflow rules: create (from a preset or custom steps, draft or active), read, list (20 a page,
// max 100), edit (PATCH semantics with an optional expected revision), activate, archive and the
// scope default. Sessions copy a workflow at create; edits never reach existing sessions.
import { z } from 'zod';
import { Db, Prisma } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';
import { Principal } from '../../../platform/principal/principal';
import { clearDefaults, findDefaultWorkflow, findWorkflow, insertWorkflow, listWorkflows, lockDefaultChanges, lockWorkflow, updateWorkflow, WorkflowRow } from '../data/workflow-store';
import { DbClient, DbTx, Scope } from '../data/scope';
import { IdvError, invalidField, workflowNotFound } from '../errors';
import { FlowStep, normalizeSteps, presetSteps, sameSteps, stepsSchema, WORKFLOW_PRESETS, WorkflowPreset } from '../model/steps';
import { decodeCursor, encodeCursor, pageSize, parseOrThrow, SLUG_PATTERN } from '../model/validation';
import { requireManagement } from './principals';
import { workflowStepsColumn } from '../data/json-columns';

export const WORKFLOW_PAGE_DEFAULT = 20;
export const WORKFLOW_PAGE_MAX = 100;
export const WORKFLOW_STATUSES = ['draft', 'active', 'archived'] as const;
export const DEFAULT_RETENTION_DAYS = 365;

const flagSettings = z
  .record(z.string().regex(SLUG_PATTERN, 'flag codes must match ^[a-z0-9_-]{1,64}$'), z.enum(['review', 'ignore']))
  .refine((value) => Object.keys(value).length <= 100, { message: 'at most 100 flag codes' });

const workflowFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().max(1000).optional(),
  preset: z.enum(WORKFLOW_PRESETS).optional(),
  steps: stepsSchema.optional(),
  profile_update_enabled: z.boolean().optional(),
  flag_settings: flagSettings.optional(),
  privacy_contact_email: z.union([z.email().max(320), z.literal('')]).optional(),
  retention_days: z.number().int().min(1).max(3650).optional(),
};

const exclusive = (value: { preset?: unknown; steps?: unknown }) => !(value.preset !== undefined && value.steps !== undefined);
const exclusiveMessage = { message: 'preset and steps are mutually exclusive' };

export const createWorkflowSchema = z
  .strictObject({ ...workflowFields, status: z.enum(['draft', 'active']).optional() })
  .refine(exclusive, exclusiveMessage);

export const updateWorkflowSchema = z
  .strictObject({ ...workflowFields, name: workflowFields.name.optional(), revision: z.number().int().min(1).optional() })
  .refine(exclusive, exclusiveMessage)
  .refine((value) => Object.keys(value).some((key) => key !== 'revision'), { message: 'at least one field to change is required' });

/** A workflow as the API returns it (snake_case, like every IDV REST object). */
export interface WorkflowView {
  id: string;
  tenant_id: string;
  workspace_id: string;
  name: string;
  description: string;
  status: string;
  is_default: boolean;
  preset: string | null;
  steps: FlowStep[];
  profile_update_enabled: boolean;
  flag_settings: Record<string, string>;
  privacy_contact_email: string;
  retention_days: number;
  revision: number;
  activated_at: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export function toWorkflowView(row: WorkflowRow): WorkflowView {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    workspace_id: row.workspaceId,
    name: row.name,
    description: row.description,
    status: row.status,
    is_default: row.isDefault,
    preset: row.preset,
    steps: workflowStepsColumn.read(row.steps),
    profile_update_enabled: row.profileUpdateEnabled,
    flag_settings: row.flagSettings as Record<string, string>,
    privacy_contact_email: row.privacyContactEmail,
    retention_days: row.retentionDays,
    revision: row.revision,
    activated_at: row.activatedAt?.toISOString() ?? null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function stepsAndPreset(input: { preset?: WorkflowPreset; steps?: z.infer<typeof stepsSchema> }): { steps: FlowStep[]; preset: string | null } {
  if (input.steps) {
    const steps = normalizeSteps(input.steps);
    const preset = WORKFLOW_PRESETS.find((name) => sameSteps(presetSteps(name), steps)) ?? null;
    return { steps, preset };
  }
  const preset = input.preset ?? 'liveness_and_id';
  return { steps: presetSteps(preset), preset };
}

export async function createWorkflow(db: Db, principal: Principal, body: unknown): Promise<WorkflowView> {
  const scope = requireManagement(principal);
  const input = parseOrThrow(createWorkflowSchema, body ?? {});
  const { steps, preset } = stepsAndPreset(input);
  const now = new Date();
  const row = await insertWorkflow(db, {
    id: newId('idvw'),
    ...scope,
    name: input.name,
    description: input.description ?? '',
    status: input.status ?? 'draft',
    preset,
    steps: workflowStepsColumn.write(steps),
    profileUpdateEnabled: input.profile_update_enabled ?? false,
    flagSettings: input.flag_settings ?? {},
    privacyContactEmail: input.privacy_contact_email ?? '',
    retentionDays: input.retention_days ?? DEFAULT_RETENTION_DAYS,
    activatedAt: input.status === 'active' ? now : null,
  });
  return toWorkflowView(row);
}

export async function getWorkflow(db: DbClient, principal: Principal, id: string): Promise<WorkflowView | null> {
  const scope = requireManagement(principal);
  const row = await findWorkflow(db, scope, id);
  return row ? toWorkflowView(row) : null;
}

export async function listWorkflowPage(db: DbClient, principal: Principal, args: { status?: string | null; limit?: number | null; cursor?: string | null }) {
  const scope = requireManagement(principal);
  if (args.status && !(WORKFLOW_STATUSES as readonly string[]).includes(args.status)) throw invalidField('status', `must be one of ${WORKFLOW_STATUSES.join(', ')}`);
  const take = pageSize(args.limit, WORKFLOW_PAGE_DEFAULT, WORKFLOW_PAGE_MAX);
  const rows = await listWorkflows(db, scope, { status: args.status ?? undefined, after: decodeCursor(args.cursor), take: take + 1 });
  const page = rows.slice(0, take);
  const hasMore = rows.length > take;
  return { items: page.map(toWorkflowView), hasMore, nextCursor: hasMore ? encodeCursor(page[page.length - 1]) : null };
}

async function changeWorkflow(db: Db, principal: Principal, id: string, change: (row: WorkflowRow, scope: Scope, tx: DbTx) => Promise<Prisma.IdvWorkflowUncheckedUpdateManyInput | null>) {
  const scope = requireManagement(principal);
  const row = await db.$transaction(async (tx) => {
    const current = await lockWorkflow(tx, scope, id);
    if (!current) throw workflowNotFound();
    const data = await change(current, scope, tx);
    if (!data) return current;
    return updateWorkflow(tx, scope, id, { ...data, revision: current.revision + 1 });
  });
  return toWorkflowView(row);
}

export async function updateWorkflowFields(db: Db, principal: Principal, id: string, body: unknown): Promise<WorkflowView> {
  const input = parseOrThrow(updateWorkflowSchema, body ?? {});
  return changeWorkflow(db, principal, id, async (current) => {
    if (current.status === 'archived') throw new IdvError('idv_state_conflict', 'An archived workflow cannot be edited');
    if (input.revision !== undefined && input.revision !== current.revision) {
      throw new IdvError('idv_state_conflict', `The workflow changed: expected revision is stale (current revision ${current.revision})`, { current_revision: current.revision });
    }
    const data: Prisma.IdvWorkflowUncheckedUpdateManyInput = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.description !== undefined) data.description = input.description;
    if (input.preset !== undefined || input.steps !== undefined) {
      const { steps, preset } = stepsAndPreset(input);
      data.steps = workflowStepsColumn.write(steps);
      data.preset = preset;
    }
    if (input.profile_update_enabled !== undefined) data.profileUpdateEnabled = input.profile_update_enabled;
    if (input.flag_settings !== undefined) data.flagSettings = input.flag_settings;
    if (input.privacy_contact_email !== undefined) data.privacyContactEmail = input.privacy_contact_email;
    if (input.retention_days !== undefined) data.retentionDays = input.retention_days;
    return data;
  });
}

export async function activateWorkflow(db: Db, principal: Principal, id: string): Promise<WorkflowView> {
  return changeWorkflow(db, principal, id, async (current) => {
    if (current.status === 'active') return null;
    if (current.status === 'archived') throw new IdvError('idv_state_conflict', 'An archived workflow cannot be activated');
    return { status: 'active', activatedAt: new Date() };
  });
}

export async function archiveWorkflow(db: Db, principal: Principal, id: string): Promise<WorkflowView> {
  return changeWorkflow(db, principal, id, async (current) => {
    if (current.status === 'archived') return null;
    return { status: 'archived', archivedAt: new Date(), isDefault: false };
  });
}

/** Makes an active workflow the scope default (the previous default stops being one). */
export async function makeDefaultWorkflow(db: Db, principal: Principal, id: string): Promise<WorkflowView> {
  return changeWorkflow(db, principal, id, async (current, scope, tx) => {
    if (current.status !== 'active') throw new IdvError('idv_workflow_not_active', 'Only an active workflow can be the default');
    await lockDefaultChanges(tx, scope);
    await clearDefaults(tx, scope, id);
    if (current.isDefault) return null;
    return { isDefault: true };
  });
}

/** Which steps and settings a new session copies (rules 3 and 4 of POST /sessions). */
export interface ResolvedFlow {
  source: 'workflow' | 'steps' | 'workflow_id' | 'default_workflow';
  presetName: string;
  steps: FlowStep[];
  workflow: WorkflowRow | null;
}

export async function resolveFlow(db: DbClient, scope: Scope, input: { workflow?: WorkflowPreset; steps?: z.infer<typeof stepsSchema>; workflow_id?: string }): Promise<ResolvedFlow> {
  if (input.workflow_id !== undefined) {
    const workflow = await findWorkflow(db, scope, input.workflow_id);
    if (!workflow) throw workflowNotFound();
    if (workflow.status !== 'active') throw new IdvError('idv_workflow_not_active', 'The workflow is not active');
    return { source: 'workflow_id', presetName: workflow.preset ?? 'custom', steps: workflowStepsColumn.read(workflow.steps), workflow };
  }
  if (input.steps) return { source: 'steps', presetName: 'custom', steps: normalizeSteps(input.steps), workflow: null };
  if (input.workflow) return { source: 'workflow', presetName: input.workflow, steps: presetSteps(input.workflow), workflow: null };
  const fallback = await findDefaultWorkflow(db, scope);
  if (fallback && fallback.status === 'active') {
    return { source: 'default_workflow', presetName: fallback.preset ?? 'custom', steps: workflowStepsColumn.read(fallback.steps), workflow: fallback };
  }
  return { source: 'workflow', presetName: 'liveness_and_id', steps: presetSteps('liveness_and_id'), workflow: null };
}
