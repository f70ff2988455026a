// Workflow rules: create (from a preset or custom steps, draft or active), read, list (20 a page,
// max 100), edit (PATCH semantics with an optional expected revision), activate, archive and the
// scope default. Sessions copy a workflow at create; edits never reach existing sessions.
import { z } from 'zod';
import { Db, type DbClient, type DbTx, type Scope } from '../../../platform/db/prisma';
import { newId } from '../../../platform/ids/new-id';
import { Principal } from '../../../platform/principal/principal';
import {
  clearDefaults,
  findDefaultWorkflow,
  findWorkflow,
  insertWorkflow,
  listWorkflows,
  lockDefaultChanges,
  lockWorkflow,
  updateWorkflow,
  WorkflowChange,
  WorkflowRow,
} from '../data/workflow-store';
import { IdvError, invalidField, workflowNotFound } from '../errors';
import {
  FlowStep,
  normalizeSteps,
  presetSteps,
  sameSteps,
  stepsSchema,
  WORKFLOW_PRESETS,
  WorkflowPreset,
  WritableStep,
  writableStepOf,
} from '../model/steps';
import { checkRule, decodeCursor, encodeCursor, pageSize, parseOrThrow, SLUG_PATTERN } from '../model/validation';
import type { CreateIdvWorkflowInput, IdvFlagSettingInput, UpdateIdvWorkflowInput } from '../resolvers/resolver-types.generated';
import { requireManagement } from './principals';
import { workflowStepsColumn } from '../data/json-columns';
import { REASON_CODES } from '../assessment/check-result';
import { appendAudit, auditActorOf } from '../../../platform/audit/audit-trail';

export const WORKFLOW_PAGE_DEFAULT = 20;
export const WORKFLOW_PAGE_MAX = 100;
export const WORKFLOW_STATUSES = ['draft', 'active', 'archived'] as const;
export const DEFAULT_RETENTION_DAYS = 365;

const flagSettingsRule = z
  .record(z.string().regex(SLUG_PATTERN, 'flag codes must match ^[a-z0-9_-]{1,64}$'), z.enum(['review', 'ignore']))
  .refine((value) => Object.keys(value).length <= 100, { message: 'at most 100 flag codes' });
const nameRule = z.string().trim().min(1).max(120);
const descriptionRule = z.string().max(1000);
const privacyContactRule = z.union([z.email().max(320), z.literal('')]);
const retentionDaysRule = z.number().int().min(1).max(3650);
const revisionRule = z.number().int().min(1);

type WorkflowFieldsInput = Omit<CreateIdvWorkflowInput, 'name' | 'status'> & { name?: string | null };

/** The fields of a create or an edit as the rules accepted them; absent fields stay undefined, and a
 * privacy contact of "" (REST) or null (GraphQL) unsets it. */
interface CheckedWorkflowFields {
  name?: string;
  description?: string;
  preset?: WorkflowPreset;
  steps?: WritableStep[];
  profileUpdateEnabled?: boolean;
  flagSettings?: Record<string, 'review' | 'ignore'>;
  privacyContactEmail?: string;
}

/** The flag settings as the code -> action map a workflow keeps; a code given twice is refused. */
function flagSettingMap(settings: IdvFlagSettingInput[]): Record<string, 'review' | 'ignore'> {
  const map: Record<string, 'review' | 'ignore'> = {};
  for (const { code, action } of settings) {
    if (code in map)
      throw new IdvError('schema_validation_failed', `flag_settings: code ${code} is given twice`, { field: 'flagSettings' });
    map[code] = action;
  }
  return map;
}

const presentValue = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/**
 * The field rules of a workflow in the order of the Workflow object: name 1 to 120 characters
 * (trimmed), description at most 1000, custom steps by the step rules, at most 100 flag codes,
 * privacy contact an address, retention 1 to 3650 days; preset and steps are mutually exclusive.
 */
function checkWorkflowFields(
  input: WorkflowFieldsInput & { privacyContactEmail?: string | null },
  privacyGiven: boolean,
): CheckedWorkflowFields {
  // A code given twice cannot become the map the rules check: refused first, as it always was.
  const flagMap = input.flagSettings ? flagSettingMap(input.flagSettings) : undefined;
  const name = input.name === null || input.name === undefined ? undefined : parseOrThrow(nameRule, input.name, 'body.name');
  checkRule(descriptionRule, input.description, 'body.description');
  const steps = input.steps ? parseOrThrow(stepsSchema, input.steps.map(writableStepOf), 'body.steps') : undefined;
  const flagSettings = flagMap ? parseOrThrow(flagSettingsRule, flagMap, 'body.flag_settings') : undefined;
  // A code the assessment never records would be an override that silently does nothing.
  const unknownCode = Object.keys(flagSettings ?? {}).find((code) => !(REASON_CODES as readonly string[]).includes(code));
  if (unknownCode !== undefined)
    throw new IdvError(
      'schema_validation_failed',
      `body.flag_settings.${unknownCode}: not an assessment reason code (flag codes are the reason codes of docs/idv-capture.md)`,
      { field: 'body.flag_settings' },
    );
  checkRule(privacyContactRule, input.privacyContactEmail, 'body.privacy_contact_email');
  checkRule(retentionDaysRule, input.retentionDays, 'body.retention_days');
  return {
    name,
    description: presentValue(input.description),
    preset: presentValue(input.preset),
    steps,
    profileUpdateEnabled: presentValue(input.profileUpdateEnabled),
    flagSettings,
    privacyContactEmail: privacyGiven ? (input.privacyContactEmail ?? '') : undefined,
  };
}

function checkExclusive(input: { preset?: unknown; steps?: unknown }): void {
  if (input.preset !== undefined && input.steps !== undefined)
    throw new IdvError('schema_validation_failed', 'body: preset and steps are mutually exclusive', { field: 'body' });
}

/** The rules of a new workflow (POST /workflows, createIdvWorkflow). */
export function checkCreateWorkflowInput(input: CreateIdvWorkflowInput) {
  const fields = checkWorkflowFields(input, input.privacyContactEmail !== undefined && input.privacyContactEmail !== null);
  // A workflow starts as a draft or active, never archived.
  const status = input.status ? parseOrThrow(z.enum(['draft', 'active']), input.status, 'body.status') : undefined;
  const checked = { ...fields, name: fields.name ?? '', retentionDays: presentValue(input.retentionDays), status };
  checkExclusive(checked);
  return checked;
}

/** The rules of an edit (PATCH /workflows/{id}, updateIdvWorkflow): at least one field besides revision. */
export function checkUpdateWorkflowInput(input: UpdateIdvWorkflowInput) {
  // An explicit null privacy contact (GraphQL) unsets it, like "" on the REST wire.
  const privacyGiven = 'privacyContactEmail' in input && input.privacyContactEmail !== undefined;
  const fields = checkWorkflowFields(input, privacyGiven);
  checkRule(revisionRule, input.revision, 'body.revision');
  const checked = { ...fields, retentionDays: presentValue(input.retentionDays), revision: presentValue(input.revision) };
  checkExclusive(checked);
  const { revision: _revision, ...changes } = checked;
  if (!Object.values(changes).some((value) => value !== undefined))
    throw new IdvError('schema_validation_failed', 'body: at least one field to change is required', { field: 'body' });
  return checked;
}

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

function stepsAndPreset(input: { preset?: WorkflowPreset; steps?: WritableStep[] }): { steps: FlowStep[]; preset: string | null } {
  if (input.steps) {
    const steps = normalizeSteps(input.steps);
    const preset = WORKFLOW_PRESETS.find((name) => sameSteps(presetSteps(name), steps)) ?? null;
    return { steps, preset };
  }
  const preset = input.preset ?? 'liveness_and_id';
  return { steps: presetSteps(preset), preset };
}

export async function createWorkflow(db: Db, principal: Principal, request: CreateIdvWorkflowInput): Promise<WorkflowView> {
  const scope = requireManagement(principal);
  const input = checkCreateWorkflowInput(request);
  const { steps, preset } = stepsAndPreset(input);
  const now = new Date();
  const row = await db.$transaction(async (tx) => {
    const inserted = await insertWorkflow(tx, {
      id: newId('idvw'),
      ...scope,
      name: input.name,
      description: input.description ?? '',
      status: input.status ?? 'draft',
      preset,
      steps,
      profileUpdateEnabled: input.profileUpdateEnabled ?? false,
      flagSettings: input.flagSettings ?? {},
      privacyContactEmail: input.privacyContactEmail ?? '',
      retentionDays: input.retentionDays ?? DEFAULT_RETENTION_DAYS,
      activatedAt: input.status === 'active' ? now : null,
    });
    await auditWorkflow(tx, principal, scope, 'idv.workflow.create', inserted.id, { status: inserted.status, preset });
    return inserted;
  });
  return toWorkflowView(row);
}

/** A workflow's settings changed (the trail names the fields, not their values: a workflow's texts
 * are the workspace's, but its privacy contact is a person's address). */
async function auditWorkflow(tx: DbTx, principal: Principal, scope: Scope, action: string, id: string, detail: Record<string, unknown>) {
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(principal),
    action,
    resourceType: 'idv.workflow',
    resourceId: id,
    outcome: 'succeeded',
    detail,
  });
}

export async function getWorkflow(db: DbClient, principal: Principal, id: string): Promise<WorkflowView | null> {
  const scope = requireManagement(principal);
  const row = await findWorkflow(db, scope, id);
  return row ? toWorkflowView(row) : null;
}

export async function listWorkflowPage(
  db: DbClient,
  principal: Principal,
  args: { status?: string | null; limit?: number | null; cursor?: string | null },
) {
  const scope = requireManagement(principal);
  if (args.status && !(WORKFLOW_STATUSES as readonly string[]).includes(args.status))
    throw invalidField('status', `must be one of ${WORKFLOW_STATUSES.join(', ')}`);
  const take = pageSize(args.limit, WORKFLOW_PAGE_DEFAULT, WORKFLOW_PAGE_MAX);
  const rows = await listWorkflows(db, scope, { status: args.status ?? undefined, after: decodeCursor(args.cursor), take: take + 1 });
  const page = rows.slice(0, take);
  const hasMore = rows.length > take;
  return { items: page.map(toWorkflowView), hasMore, nextCursor: hasMore ? encodeCursor(page[page.length - 1]) : null };
}

async function changeWorkflow(
  db: Db,
  principal: Principal,
  id: string,
  action: string,
  change: (row: WorkflowRow, scope: Scope, tx: DbTx) => Promise<WorkflowChange | null>,
) {
  const scope = requireManagement(principal);
  const row = await db.$transaction(async (tx) => {
    const current = await lockWorkflow(tx, scope, id);
    if (!current) throw workflowNotFound();
    const data = await change(current, scope, tx);
    if (!data) return current;
    const updated = await updateWorkflow(tx, scope, id, { ...data, revision: current.revision + 1 });
    await auditWorkflow(tx, principal, scope, action, id, {
      fields: Object.keys(data).sort(),
      revision: updated.revision,
      ...(data.status !== undefined ? { from_status: current.status, to_status: data.status } : {}),
    });
    return updated;
  });
  return toWorkflowView(row);
}

export async function updateWorkflowFields(
  db: Db,
  principal: Principal,
  id: string,
  request: UpdateIdvWorkflowInput,
): Promise<WorkflowView> {
  const input = checkUpdateWorkflowInput(request);
  return changeWorkflow(db, principal, id, 'idv.workflow.update', async (current) => {
    if (current.status === 'archived') throw new IdvError('idv_state_conflict', 'An archived workflow cannot be edited');
    if (input.revision !== undefined && input.revision !== current.revision) {
      throw new IdvError('idv_state_conflict', `The workflow changed: expected revision is stale (current revision ${current.revision})`, {
        current_revision: current.revision,
      });
    }
    const data: WorkflowChange = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.description !== undefined) data.description = input.description;
    if (input.preset !== undefined || input.steps !== undefined) {
      const { steps, preset } = stepsAndPreset(input);
      data.steps = steps;
      data.preset = preset;
    }
    if (input.profileUpdateEnabled !== undefined) data.profileUpdateEnabled = input.profileUpdateEnabled;
    if (input.flagSettings !== undefined) data.flagSettings = input.flagSettings;
    if (input.privacyContactEmail !== undefined) data.privacyContactEmail = input.privacyContactEmail;
    if (input.retentionDays !== undefined) data.retentionDays = input.retentionDays;
    return data;
  });
}

export async function activateWorkflow(db: Db, principal: Principal, id: string): Promise<WorkflowView> {
  return changeWorkflow(db, principal, id, 'idv.workflow.activate', async (current) => {
    if (current.status === 'active') return null;
    if (current.status === 'archived') throw new IdvError('idv_state_conflict', 'An archived workflow cannot be activated');
    return { status: 'active', activatedAt: new Date() };
  });
}

export async function archiveWorkflow(db: Db, principal: Principal, id: string): Promise<WorkflowView> {
  return changeWorkflow(db, principal, id, 'idv.workflow.archive', async (current) => {
    if (current.status === 'archived') return null;
    return { status: 'archived', archivedAt: new Date(), isDefault: false };
  });
}

/** Makes an active workflow the scope default (the previous default stops being one). */
export async function makeDefaultWorkflow(db: Db, principal: Principal, id: string): Promise<WorkflowView> {
  return changeWorkflow(db, principal, id, 'idv.workflow.make_default', async (current, scope, tx) => {
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

export async function resolveFlow(
  db: DbClient,
  scope: Scope,
  input: { workflow?: WorkflowPreset; steps?: WritableStep[]; workflowId?: string },
): Promise<ResolvedFlow> {
  if (input.workflowId !== undefined) {
    const workflow = await findWorkflow(db, scope, input.workflowId);
    if (!workflow) throw workflowNotFound();
    if (workflow.status !== 'active') throw new IdvError('idv_workflow_not_active', 'The workflow is not active');
    return { source: 'workflow_id', presetName: workflow.preset ?? 'custom', steps: workflowStepsColumn.read(workflow.steps), workflow };
  }
  if (input.steps) return { source: 'steps', presetName: 'custom', steps: normalizeSteps(input.steps), workflow: null };
  if (input.workflow) return { source: 'workflow', presetName: input.workflow, steps: presetSteps(input.workflow), workflow: null };
  const fallback = await findDefaultWorkflow(db, scope);
  if (fallback && fallback.status === 'active') {
    return {
      source: 'default_workflow',
      presetName: fallback.preset ?? 'custom',
      steps: workflowStepsColumn.read(fallback.steps),
      workflow: fallback,
    };
  }
  return { source: 'workflow', presetName: 'liveness_and_id', steps: presetSteps('liveness_and_id'), workflow: null };
}
