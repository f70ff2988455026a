// IDV workflows: /idv/v1/workflows, envelope {data: ...}, errors {error: {code, message}},
// Cache-Control: no-store. Application API key or dashboard token. Bodies are checked for their wire
// shape (idv-bodies.ts) and renamed onto the typed GraphQL inputs, whose rules the IDV service
// applies; typed workflows are mapped back onto the documented shape (idv-mapping.ts).
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { toRestWorkflow, typedInputOf } from './idv-mapping';
import { pageSizeParam } from './query-params';
import { checkCreateWorkflowBody, checkUpdateWorkflowBody } from './idv-bodies';
import { MANAGEMENT_CREDENTIALS, route, Route } from './route';
import {
  type CreateIdvWorkflowInput,
  type UpdateIdvWorkflowInput,
  type WorkflowFieldsFragment,
  ActivateIdvWorkflowDocument,
  ArchiveIdvWorkflowDocument,
  CaptureStepTypeValues,
  CreateWorkflowDocument,
  IdvFlagActionValues,
  IdvWorkflowPresetValues,
  IdvWorkflowStatusValues,
  MakeDefaultIdvWorkflowDocument,
  UpdateWorkflowDocument,
  WorkflowDocument,
  WorkflowsDocument,
} from '../operations/operations.generated';

const notFound = () => ApiError.of('idv_workflow_not_found', 'Workflow not found');
const workflow = (value: WorkflowFieldsFragment | null | undefined) => {
  if (!value) throw notFound();
  return toRestWorkflow(value);
};

const listQuery = z.object({
  status: z.enum(IdvWorkflowStatusValues).optional(),
  limit: pageSizeParam,
  page_size: pageSizeParam,
  cursor: z.string().min(1).max(512).optional(),
});

const workflowSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(IdvWorkflowStatusValues),
  is_default: z.boolean(),
  preset: z.enum(IdvWorkflowPresetValues).nullable(),
  steps: z.array(
    z.object({
      step_id: z.string(),
      type: z.enum(CaptureStepTypeValues),
      required: z.boolean(),
      title: z.string().optional(),
      config: z.record(z.string(), z.unknown()),
    }),
  ),
  profile_update_enabled: z.boolean(),
  flag_settings: z.record(z.string(), z.enum(IdvFlagActionValues)),
  privacy_contact_email: z.string(),
  retention_days: z.number().int(),
  revision: z.number().int(),
  activated_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const single = z.object({ data: workflowSchema });

/** activate, archive, default: one mutation each taking the workflow id and answering the workflow. */
const action = <TResult>(
  name: 'activate' | 'archive' | 'default',
  document: TypedDocumentNode<TResult, { id: string }>,
  workflowOf: (data: TResult) => WorkflowFieldsFragment,
  summary: string,
): Route =>
  route({
    method: 'post',
    path: `/idv/v1/workflows/:workflowId/${name}`,
    area: 'idv',
    tag: 'IDV workflows',
    summary,
    credentials: MANAGEMENT_CREDENTIALS,
    document,
    variables: ({ params }) => ({ id: params.workflowId }),
    result: (data) => ({ body: { data: workflow(workflowOf(data)) } }),
    response: single,
  });

export const idvWorkflowRoutes: Route[] = [
  route({
    method: 'post',
    path: '/idv/v1/workflows',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'Create a workflow (from a preset or custom steps; draft or active)',
    credentials: MANAGEMENT_CREDENTIALS,
    document: CreateWorkflowDocument,
    variables: ({ body }) => ({ input: typedInputOf<CreateIdvWorkflowInput>(body, checkCreateWorkflowBody) }),
    result: (data) => ({ body: { data: workflow(data.createIdvWorkflow) } }),
    response: single,
    successStatus: 201,
  }),
  route({
    method: 'get',
    path: '/idv/v1/workflows',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'List workflows, newest first (limit default 20, clamped to 100; cursor; status)',
    credentials: MANAGEMENT_CREDENTIALS,
    query: listQuery,
    document: WorkflowsDocument,
    variables: ({ query }) => {
      const q = query as z.infer<typeof listQuery>;
      return { status: q.status ?? null, first: q.limit ?? q.page_size ?? null, after: q.cursor ?? null };
    },
    result: (data) => ({
      body: {
        data: data.idvWorkflows.nodes.map(toRestWorkflow),
        has_more: data.idvWorkflows.pageInfo.hasNextPage,
        next_cursor: data.idvWorkflows.pageInfo.endCursor,
      },
    }),
    response: z.object({ data: z.array(workflowSchema), has_more: z.boolean(), next_cursor: z.string().nullable() }),
  }),
  route({
    method: 'get',
    path: '/idv/v1/workflows/:workflowId',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'Read a workflow',
    credentials: MANAGEMENT_CREDENTIALS,
    document: WorkflowDocument,
    variables: ({ params }) => ({ id: params.workflowId }),
    result: (data) => ({ body: { data: workflow(data.idvWorkflow) } }),
    response: single,
  }),
  route({
    method: 'patch',
    path: '/idv/v1/workflows/:workflowId',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'Edit a workflow (partial; optional expected revision); existing sessions keep their copy',
    credentials: MANAGEMENT_CREDENTIALS,
    document: UpdateWorkflowDocument,
    variables: ({ params, body }) => ({
      id: params.workflowId,
      input: typedInputOf<UpdateIdvWorkflowInput>(body, checkUpdateWorkflowBody),
    }),
    result: (data) => ({ body: { data: workflow(data.updateIdvWorkflow) } }),
    response: single,
  }),
  action('activate', ActivateIdvWorkflowDocument, (data) => data.activateIdvWorkflow, 'Activate a draft workflow'),
  action('archive', ArchiveIdvWorkflowDocument, (data) => data.archiveIdvWorkflow, 'Archive a workflow (it stops being the default)'),
  action('default', MakeDefaultIdvWorkflowDocument, (data) => data.makeDefaultIdvWorkflow, 'Make an active workflow the scope default'),
];
