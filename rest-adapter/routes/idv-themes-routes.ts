// IDV themes: /idv/v1/themes, envelope {data: ...}, errors {error: {code, message}}, no-store.
// Writes take an application API key (Authorization: Api-Key or X-Api-Key); reads also accept a
// dashboard Bearer token. Binary logo endpoints and the public branding endpoints are not in this
// table (the table carries JSON only): see rest-adapter/idv-logos/.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { MANAGEMENT_CREDENTIALS, route, Route, RouteInput } from './route';
import {
  ArchiveIdvThemeDocument,
  CreateIdvThemeDocument,
  IdvThemeDocument,
  IdvThemeStatusValues,
  IdvThemesDocument,
  MakeDefaultIdvThemeDocument,
  ReplaceIdvThemeDocument,
} from '../operations/operations.generated';

const WRITE_CREDENTIALS: Route['credentials'] = ['api-key', 'x-api-key'];
const FONT_FAMILIES = ['', 'Inter', 'system-ui', 'Roboto', 'Open Sans', 'Lato', 'Montserrat'] as const;

const color = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a #rgb or #rrggbb color')
  .nullish();

const colors = z.strictObject({ primary: color, primary_foreground: color, background: color, foreground: color, accent: color }).nullish();

const themeContent = {
  name: z.string().min(1).max(120),
  company_name: z.string().max(80).optional(),
  colors,
  font_family: z.enum(FONT_FAMILIES).optional(),
  status: z.enum(['draft', 'active']).optional(), // written draft or active; archiving is its own call
};

const createBody = z.strictObject({
  ...themeContent,
  revision: z.literal(0, { error: 'must be absent or 0 on create' }).nullish(),
});

const replaceBody = z.strictObject({
  ...themeContent,
  revision: z.number().int().min(1).optional(),
});

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).optional(),
  cursor: z.string().min(1).max(512).optional(),
  status: z.enum(IdvThemeStatusValues).optional(),
});

const logoResponse = z.object({ asset_id: z.string(), content_type: z.string(), width: z.number(), height: z.number() }).nullable();
export const themeResponse = z.object({
  theme_id: z.string(),
  tenant_id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  company_name: z.string(),
  status: z.enum(IdvThemeStatusValues),
  is_default: z.boolean(),
  logo: logoResponse,
  logo_square: logoResponse,
  colors: z.object({
    primary: z.string().nullable(),
    primary_foreground: z.string().nullable(),
    background: z.string().nullable(),
    foreground: z.string().nullable(),
    accent: z.string().nullable(),
  }),
  font_family: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  revision: z.number().int(),
});

interface GraphQLTheme {
  themeId: string;
  tenantId: string;
  workspaceId: string;
  name: string;
  companyName: string;
  status: string;
  isDefault: boolean;
  logo: GraphQLLogo | null;
  logoSquare: GraphQLLogo | null;
  colors: {
    primary: string | null;
    primaryForeground: string | null;
    background: string | null;
    foreground: string | null;
    accent: string | null;
  };
  fontFamily: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
}
interface GraphQLLogo {
  assetId: string;
  contentType: string;
  width: number;
  height: number;
}

/** GraphQL IdvTheme → REST Theme. */
export function toRestTheme(theme: GraphQLTheme) {
  const logo = (l: GraphQLLogo | null) =>
    l ? { asset_id: l.assetId, content_type: l.contentType, width: l.width, height: l.height } : null;
  return {
    theme_id: theme.themeId,
    tenant_id: theme.tenantId,
    workspace_id: theme.workspaceId,
    name: theme.name,
    company_name: theme.companyName,
    status: theme.status,
    is_default: theme.isDefault,
    logo: logo(theme.logo),
    logo_square: logo(theme.logoSquare),
    colors: {
      primary: theme.colors.primary,
      primary_foreground: theme.colors.primaryForeground,
      background: theme.colors.background,
      foreground: theme.colors.foreground,
      accent: theme.colors.accent,
    },
    font_family: theme.fontFamily,
    created_at: theme.createdAt,
    updated_at: theme.updatedAt,
    revision: theme.revision,
  };
}

/** A single theme response: {data: Theme} with ETag "<revision>" (usable as If-Match). */
export function themeResult(theme: GraphQLTheme, status?: number) {
  return { status, body: { data: toRestTheme(theme) }, headers: { ETag: `"${theme.revision}"` } };
}

type ThemeBody = z.infer<typeof replaceBody>;

function themeInput(body: ThemeBody) {
  return {
    name: body.name,
    companyName: body.company_name,
    colors: body.colors
      ? {
          primary: body.colors.primary,
          primaryForeground: body.colors.primary_foreground,
          background: body.colors.background,
          foreground: body.colors.foreground,
          accent: body.colors.accent,
        }
      : body.colors,
    fontFamily: body.font_family,
    status: body.status,
  };
}

/** The If-Match header as a revision: `"3"`, `W/"3"` or `3`; undefined when absent. */
export function ifMatchRevision(headers: RouteInput['headers']): number | undefined {
  const header = headers['if-match']?.trim();
  if (!header) return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match || Number(match[1]) < 1)
    throw ApiError.of('schema_validation_failed', 'header.if-match: must be the theme revision, e.g. "3"');
  return Number(match[1]);
}

/** The expected revision of a replace: body.revision or If-Match (both: they must agree). */
function expectedRevision(input: RouteInput, required: true): number;
function expectedRevision(input: RouteInput, required: boolean): number | undefined;
function expectedRevision(input: RouteInput, required: boolean): number | undefined {
  const fromBody = (input.body as { revision?: number } | undefined)?.revision;
  const fromHeader = ifMatchRevision(input.headers);
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    throw ApiError.of('schema_validation_failed', 'body.revision: disagrees with the If-Match header');
  }
  const revision = fromBody ?? fromHeader;
  if (required && revision === undefined) throw ApiError.of('schema_validation_failed', 'body.revision: required (or an If-Match header)');
  return revision;
}

function themeNotFound(): ApiError {
  return ApiError.of('idv_theme_not_found', 'Theme not found');
}

export const idvThemeRoutes: Route[] = [
  route({
    method: 'post',
    path: '/idv/v1/themes',
    area: 'idv',
    tag: 'IDV themes',
    summary: 'Create a theme (draft by default; the first theme of a workspace becomes its default)',
    credentials: WRITE_CREDENTIALS,
    body: createBody,
    document: CreateIdvThemeDocument,
    variables: ({ body }) => ({ input: themeInput(body as ThemeBody), revision: (body as { revision?: number | null }).revision ?? null }),
    result: (data) => themeResult(data.createIdvTheme, 201),
    successStatus: 201,
    response: z.object({ data: themeResponse }),
  }),
  route({
    method: 'get',
    path: '/idv/v1/themes',
    area: 'idv',
    tag: 'IDV themes',
    summary: 'List themes, newest first (limit default 20, clamped to 100; cursor from next_cursor)',
    credentials: MANAGEMENT_CREDENTIALS,
    query: listQuery,
    document: IdvThemesDocument,
    variables: ({ query }) => {
      const q = query as z.infer<typeof listQuery>;
      return { first: q.limit ?? null, after: q.cursor ?? null, status: q.status ?? null };
    },
    result: (data) => ({ body: { data: data.idvThemes.nodes.map(toRestTheme), next_cursor: data.idvThemes.pageInfo.endCursor } }),
    response: z.object({ data: z.array(themeResponse), next_cursor: z.string().nullable() }),
  }),
  route({
    method: 'get',
    path: '/idv/v1/themes/:themeId',
    area: 'idv',
    tag: 'IDV themes',
    summary: 'Read a theme',
    credentials: MANAGEMENT_CREDENTIALS,
    document: IdvThemeDocument,
    variables: ({ params }) => ({ themeId: params.themeId }),
    result: (data) => {
      if (!data.idvTheme) throw themeNotFound();
      return themeResult(data.idvTheme);
    },
    response: z.object({ data: themeResponse }),
  }),
  route({
    method: 'put',
    path: '/idv/v1/themes/:themeId',
    area: 'idv',
    tag: 'IDV themes',
    summary: 'Replace a theme (compare-and-set: body revision or If-Match; stale → 409 idv_theme_revision_conflict)',
    credentials: WRITE_CREDENTIALS,
    body: replaceBody,
    document: ReplaceIdvThemeDocument,
    variables: (input) => ({
      themeId: input.params.themeId,
      input: themeInput(input.body as ThemeBody),
      expectedRevision: expectedRevision(input, true),
    }),
    result: (data) => themeResult(data.replaceIdvTheme),
    response: z.object({ data: themeResponse }),
  }),
  route({
    method: 'post',
    path: '/idv/v1/themes/:themeId/archive',
    area: 'idv',
    tag: 'IDV themes',
    summary: 'Archive a theme (terminal; clears it as default; If-Match optional; repeat is a no-op)',
    credentials: WRITE_CREDENTIALS,
    document: ArchiveIdvThemeDocument,
    variables: (input) => ({ themeId: input.params.themeId, expectedRevision: ifMatchRevision(input.headers) ?? null }),
    result: (data) => themeResult(data.archiveIdvTheme),
    response: z.object({ data: themeResponse }),
  }),
  route({
    method: 'post',
    path: '/idv/v1/themes/:themeId/default',
    area: 'idv',
    tag: 'IDV themes',
    summary: 'Make a theme the workspace default (draft or active; only an active default is applied to new sessions)',
    credentials: WRITE_CREDENTIALS,
    document: MakeDefaultIdvThemeDocument,
    variables: (input) => ({ themeId: input.params.themeId, expectedRevision: ifMatchRevision(input.headers) ?? null }),
    result: (data) => themeResult(data.makeDefaultIdvTheme),
    response: z.object({ data: themeResponse }),
  }),
];
