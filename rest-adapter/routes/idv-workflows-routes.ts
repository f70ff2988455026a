// IDV workflows: /idv/v1/workflows, envelope {data: ...}, errors {error: {code, message}},
// Cache-Control: no-store. Application API key or dashboard token. Bodies are checked for their wire
// shape (idv-bodies.ts) and renamed onto the typed GraphQL inputs, whose rules the IDV service
// applies; typed workflows are mapped back onto the documented shape (idv-mapping.ts).
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { toRestWorkflow, typedInputOf, WORKFLOW_FIELDS } from './idv-mapping';
import { pageSizeParam } from './query-params';
import { checkCreateWorkflowBody, checkUpdateWorkflowBody } from './idv-bodies';
import { MANAGEMENT_CREDENTIALS, Route } from './route';

const notFound = () => ApiError.of('idv_workflow_not_found', 'Workflow not found');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const workflow = (value: Record<string, any> | null | undefined) => {
  if (!value) throw notFound();
  return toRestWorkflow(value);
};


const listQuery = z.object({
  status: z.enum(['draft', 'active', 'archived']).optional(),
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
  status: z.enum(['draft', 'active', 'archived']),
  is_default: z.boolean(),
  preset: z.enum(['liveness_and_id', 'liveness_only', 'id_only']).nullable(),
  steps: z.array(z.object({ step_id: z.string(), type: z.enum(['consent', 'liveness', 'id_capture', 'document', 'questionnaire']), required: z.boolean(), title: z.string().optional(), config: z.record(z.string(), z.unknown()) })),
  profile_update_enabled: z.boolean(),
  flag_settings: z.record(z.string(), z.enum(['review', 'ignore'])),
  privacy_contact_email: z.string(),
  retention_days: z.number().int(),
  revision: z.number().int(),
  activated_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const single = z.object({ data: workflowSchema });

const action = (name: 'activate' | 'archive' | 'default', field: string, summary: string): Route => ({
  method: 'post',
  path: `/idv/v1/workflows/:workflowId/${name}`,
  area: 'idv',
  tag: 'IDV workflows',
  summary,
  credentials: MANAGEMENT_CREDENTIALS,
  operation: `mutation Action($id: ID!) { ${field}(id: $id) { ${WORKFLOW_FIELDS} } }`,
  variables: ({ params }) => ({ id: params.workflowId }),
  result: (data) => ({ body: { data: workflow(data[field]) } }),
  response: single,
});

export const idvWorkflowRoutes: Route[] = [
  {
    method: 'post',
    path: '/idv/v1/workflows',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'Create a workflow (from a preset or custom steps; draft or active)',
    credentials: MANAGEMENT_CREDENTIALS,
    operation: `mutation CreateWorkflow($input: CreateIdvWorkflowInput!) { createIdvWorkflow(input: $input) { ${WORKFLOW_FIELDS} } }`,
    variables: ({ body }) => ({ input: typedInputOf(body, checkCreateWorkflowBody) }),
    result: (data) => ({ body: { data: workflow(data.createIdvWorkflow) } }),
    response: single,
    successStatus: 201,
  },
  {
    method: 'get',
    path: '/idv/v1/workflows',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'List workflows, newest first (limit default 20, clamped to 100; cursor; status)',
    credentials: MANAGEMENT_CREDENTIALS,
    query: listQuery,
    operation: `query Workflows($status: IdvWorkflowStatus, $first: Int, $after: String) { idvWorkflows(status: $status, first: $first, after: $after) { nodes { ${WORKFLOW_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    variables: ({ query }) => {
      const q = query as z.infer<typeof listQuery>;
      return { status: q.status ?? null, first: q.limit ?? q.page_size ?? null, after: q.cursor ?? null };
    },
    result: (data) => ({
      body: { data: data.idvWorkflows.nodes.map(toRestWorkflow), has_more: data.idvWorkflows.pageInfo.hasNextPage, next_cursor: data.idvWorkflows.pageInfo.endCursor },
    }),
    response: z.object({ data: z.array(workflowSchema), has_more: z.boolean(), next_cursor: z.string().nullable() }),
  },
  {
    method: 'get',
    path: '/idv/v1/workflows/:workflowId',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'Read a workflow',
    credentials: MANAGEMENT_CREDENTIALS,
    operation: `query Workflow($id: ID!) { idvWorkflow(id: $id) { ${WORKFLOW_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.workflowId }),
    result: (data) => ({ body: { data: workflow(data.idvWorkflow) } }),
    response: single,
  },
  {
    method: 'patch',
    path: '/idv/v1/workflows/:workflowId',
    area: 'idv',
    tag: 'IDV workflows',
    summary: 'Edit a workflow (partial; optional expected revision); existing sessions keep their copy',
    credentials: MANAGEMENT_CREDENTIALS,
    operation: `mutation UpdateWorkflow($id: ID!, $input: UpdateIdvWorkflowInput!) { updateIdvWorkflow(id: $id, input: $input) { ${WORKFLOW_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.workflowId, input: typedInputOf(body, checkUpdateWorkflowBody) }),
    result: (data) => ({ body: { data: workflow(data.updateIdvWorkflow) } }),
    response: single,
  },
  action('activate', 'activateIdvWorkflow', 'Activate a draft workflow'),
  action('archive', 'archiveIdvWorkflow', 'Archive a workflow (it stops being the default)'),
  action('default', 'makeDefaultIdvWorkflow', 'Make an active workflow the scope default'),
];
