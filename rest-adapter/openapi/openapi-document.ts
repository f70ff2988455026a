// The OpenAPI 3.1 document, generated from the same route table that serves the requests, so the
// two cannot drift apart. Endpoints mounted outside the table (binary bodies, public reads: see
// `RestAdapterOptions.mount`) are described by their own modules as OpenApiOperation rows, next to
// the code that serves them, and merged in here.
import { z } from 'zod';
import { ERROR_STATUS } from '../../platform/errors/codes';
import { Area } from '../http/envelopes';
import { AcceptedCredential, Route } from '../routes/route';

const SECURITY_SCHEMES = {
  ApiKeyAuthorization: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Authorization: Api-Key <API_KEY>' },
  XApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Application API key (x-api-key)' },
  DashboardBearer: { type: 'http', scheme: 'bearer', description: 'Dashboard user token' },
  CaptureCredential: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Authorization: Capture <session_token> (hosted capture page)',
  },
  InviteCredential: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Authorization: Invite <invite code> (hosted capture page)',
  },
} as const;

const SCHEME_OF = {
  'api-key': 'ApiKeyAuthorization',
  'x-api-key': 'XApiKey',
  bearer: 'DashboardBearer',
  capture: 'CaptureCredential',
  invite: 'InviteCredential',
} as const;

/** A media type's schema: a zod schema (converted like the route table's) or a JSON Schema. */
export type OpenApiSchema = z.ZodType | Record<string, unknown>;

/** Binary bodies (images): raw bytes of the media type. */
export function binarySchema(mediaType: string): Record<string, unknown> {
  return { type: 'string', format: 'binary', contentMediaType: mediaType };
}

/** An endpoint served outside the route table (mounted with Express directly), for the document. */
export interface OpenApiOperation {
  method: Route['method'];
  /** Express-style path, e.g. /idv/v1/themes/:themeId/logo */
  path: string;
  area: Area;
  tag: string;
  summary: string;
  description?: string;
  credentials: AcceptedCredential[];
  /** Request headers the endpoint reads (besides credentials), e.g. If-Match. */
  headers?: { name: string; required?: boolean; description: string }[];
  requestBody?: { required: boolean; description?: string; content: Record<string, OpenApiSchema> };
  /** Responses by status (success and documented errors; the area's error envelope is added as default). */
  responses: Record<
    string,
    {
      description: string;
      content?: Record<string, OpenApiSchema>;
      headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
    }
  >;
}

export function openApiDocument(routes: Route[], serverUrl: string, mounted: readonly OpenApiOperation[] = []): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (method: string, path: string, operation: Record<string, unknown>) => {
    const openApiPath = toOpenApiPath(path);
    paths[openApiPath] ??= {};
    if (paths[openApiPath][method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${openApiPath} is described twice`);
    paths[openApiPath][method] = { ...operation, operationId: operationId(method, openApiPath) };
  };
  for (const route of routes) {
    const parameters: Record<string, unknown>[] = pathParameters(route.path);
    if (route.query) {
      const querySchema = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(querySchema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: querySchema.required?.includes(name) ?? false, schema });
      }
    }
    const status = String(route.successStatus ?? 200);
    add(route.method, route.path, {
      summary: route.summary,
      tags: [route.tag],
      parameters,
      security: security(route.credentials),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } } : {}),
      responses: {
        [status]: { description: 'Success', content: { 'application/json': { schema: route.response ? jsonSchema(route.response) : {} } } },
        default: errorResponse(route.area),
      },
    });
  }
  for (const operation of mounted) {
    const parameters: Record<string, unknown>[] = [
      ...pathParameters(operation.path),
      ...(operation.headers ?? []).map((header) => ({
        name: header.name,
        in: 'header',
        required: header.required ?? false,
        description: header.description,
        schema: { type: 'string' },
      })),
    ];
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.headers ? { headers: response.headers } : {}),
        ...(response.content ? { content: contentOf(response.content) } : {}),
      };
    }
    responses.default ??= errorResponse(operation.area);
    add(operation.method, operation.path, {
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      parameters,
      security: security(operation.credentials),
      ...(operation.requestBody
        ? {
            requestBody: {
              required: operation.requestBody.required,
              ...(operation.requestBody.description ? { description: operation.requestBody.description } : {}),
              content: contentOf(operation.requestBody.content),
            },
          }
        : {}),
      responses,
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vigil REST API',
      version: '1.0.0-draft',
      description: 'Identity verification, profiles, screening and risk assessment. Generated from the REST adapter route table.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        ErrorCode: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'Error codes; see docs/errors.md for statuses' },
      },
    },
  };
}

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pathParameters(path: string): Record<string, unknown>[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function operationId(method: string, openApiPath: string): string {
  return `${method}${openApiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
}

/** No entries for a public endpoint (`none`): an empty security list means no authentication. */
function security(credentials: AcceptedCredential[]): Record<string, string[]>[] {
  return credentials.filter((c) => c !== 'none').map((c) => ({ [SCHEME_OF[c]]: [] }));
}

function errorResponse(area: Area): Record<string, unknown> {
  if (area === 'reports')
    return {
      description: 'Error: the top-level status of the answer, the message and the error',
      content: { 'application/json': { schema: REPORTS_ERROR_SCHEMA } },
    };
  return {
    description: `Error in the ${area} envelope`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorCode' } } },
  };
}

/** POST /v1/reports answers {status, response, reports} at the top level; its errors keep `status`. */
const REPORTS_ERROR_SCHEMA = {
  type: 'object',
  required: ['status', 'response', 'error'],
  properties: {
    status: { type: 'integer', description: 'The HTTP status of the answer (400, 404, ...)' },
    response: { type: 'string', description: 'What went wrong (the error message)' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { $ref: '#/components/schemas/ErrorCode' }, message: { type: 'string' } },
    },
  },
};

function contentOf(content: Record<string, OpenApiSchema>): Record<string, { schema: unknown }> {
  return Object.fromEntries(
    Object.entries(content).map(([mediaType, schema]) => [
      mediaType,
      { schema: schema instanceof z.ZodType ? jsonSchema(schema) : schema },
    ]),
  );
}

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });
}
