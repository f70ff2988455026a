// The OpenAPI 3.1 document, generated from the same route table that serves the requests, so the
// two cannot drift apart.
import { z } from 'zod';
import { ERROR_STATUS } from '../../platform/errors/codes';
import { Route } from '../routes/route';

const SECURITY_SCHEMES = {
  ApiKeyAuthorization: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Authorization: Api-Key <API_KEY>' },
  XApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Application API key (x-api-key)' },
  DashboardBearer: { type: 'http', scheme: 'bearer', description: 'Dashboard user token' },
  CaptureCredential: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Authorization: Capture <session_token> (hosted capture page)' },
  InviteCredential: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Authorization: Invite <invite code> (hosted capture page)' },
} as const;

const SCHEME_OF = { 'api-key': 'ApiKeyAuthorization', 'x-api-key': 'XApiKey', bearer: 'DashboardBearer', capture: 'CaptureCredential', invite: 'InviteCredential' } as const;

export function openApiDocument(routes: Route[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (route.query) {
      const querySchema = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(querySchema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: querySchema.required?.includes(name) ?? false, schema } as never);
      }
    }
    const status = String(route.successStatus ?? 200);
    paths[openApiPath] ??= {};
    paths[openApiPath][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}${openApiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters,
      security: route.credentials.filter((c) => c !== 'none').map((c) => ({ [SCHEME_OF[c as keyof typeof SCHEME_OF]]: [] })),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } } : {}),
      responses: {
        [status]: { description: 'Success', content: { 'application/json': { schema: route.response ? jsonSchema(route.response) : {} } } },
        default: { description: `Error in the ${route.area} envelope`, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorCode' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vigil REST API', version: '1.0.0-draft', description: 'Identity verification, profiles, screening and risk assessment. Generated from the REST adapter route table.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ErrorCode: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'Error codes; see docs/errors.md for statuses' } },
    },
  };
}

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });
}
