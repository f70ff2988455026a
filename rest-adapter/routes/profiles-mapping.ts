// Shared pieces of the profiles REST areas (/clm/v1 and /tenant-config/v1): GraphQL selections
// and the mappers from GraphQL data to the documented REST shapes.
import { z } from 'zod';
import { offsetCursor } from '../../platform/graphql/paging';
import { ApiError } from '../http/api-error';
import { rawJson } from '../http/lossless-json';
import { AcceptedCredential } from './route';

/** Profiles area: the application key (x-api-key, also Authorization: Api-Key) or a dashboard user. */
export const PROFILE_CREDENTIALS: AcceptedCredential[] = ['x-api-key', 'api-key', 'bearer'];

interface ProfileData {
  id: string;
  name: string;
  kind: string;
  email: string | null;
  status: string;
  erasureClaimed: boolean;
  erasureClaimedAt: string | null;
  erasedAt: string | null;
  profileCustomFields: { key: string; label: string; type: string; value: string; valueLabel: string | null }[] | null;
  profileGroupIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** The REST profile. profileCustomFields is omitted when empty; values are exact JSON. */
export function toProfile(profile: ProfileData) {
  return {
    id: profile.id,
    name: profile.name,
    kind: profile.kind,
    email: profile.email,
    status: profile.status,
    ...(profile.profileCustomFields?.length
      ? {
          profileCustomFields: profile.profileCustomFields.map((field) => ({
            key: field.key,
            label: field.label,
            type: field.type,
            value: rawJson(field.value),
            ...(field.type === 'enum' && field.valueLabel !== null ? { valueLabel: field.valueLabel } : {}),
          })),
        }
      : {}),
    profileGroupIds: profile.profileGroupIds,
    ...(profile.erasureClaimed ? { erasureClaimedAt: profile.erasureClaimedAt, erasedAt: profile.erasedAt } : {}),
    createdAt: profile.createdAt,
    updatedAt: profile.updatedAt,
  };
}

export function toComment(comment: {
  id: string;
  version: number;
  profileId: string;
  kind: string;
  matchId: string | null;
  text: string;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}) {
  return {
    _v: comment.version,
    id: comment.id,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    text: comment.text,
    kind: comment.kind,
    matchId: comment.matchId,
    profileId: comment.profileId,
    createdBy: comment.createdBy,
    updatedBy: comment.updatedBy,
  };
}

export function toGroup(group: {
  id: string;
  key: string;
  name: string;
  description: string | null;
  priority: number;
  archived: boolean;
  monitoringFeedFrequencies: { sanctions: string | null; pep: string | null; news: string | null } | null;
  effectiveMonitoringFeedFrequencies: Record<string, string>;
  inheritedFeeds: string[];
  createdAt: string;
  updatedAt: string;
}) {
  const frequencies: Record<string, string> = {};
  const stored = group.monitoringFeedFrequencies;
  for (const [feed, value] of [
    ['Sanctions', stored?.sanctions],
    ['PEP', stored?.pep],
    ['News', stored?.news],
  ] as const)
    if (value) frequencies[feed] = value;
  return {
    id: group.id,
    key: group.key,
    name: group.name,
    description: group.description,
    priority: group.priority,
    archived: group.archived,
    monitoringFeedFrequencies: frequencies,
    effectiveMonitoringFeedFrequencies: group.effectiveMonitoringFeedFrequencies,
    inheritedFeeds: group.inheritedFeeds,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
  };
}

export function profileNotFound(): ApiError {
  return ApiError.of('profile_not_found', 'Profile not found');
}

/** page (one-based, default 1) and perPage (default 20, at most 100). */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  perPage: z.coerce.number().int().min(1).max(100).optional(),
};

export const includeArchivedQuery = z.object({ includeArchived: z.enum(['true', 'false']).optional() });

export const DEFAULT_PER_PAGE = 20;

/** REST page/perPage as the connection window of GraphQL: first = perPage, after = offset cursor. */
export function pageWindow(query: { page?: unknown; perPage?: unknown }) {
  const page = typeof query.page === 'number' ? query.page : 1;
  const perPage = typeof query.perPage === 'number' ? query.perPage : DEFAULT_PER_PAGE;
  return { first: perPage, after: page > 1 ? offsetCursor((page - 1) * perPage) : null };
}

/** The REST meta of a page: page/perPage as asked, total from the connection's totalCount. */
export function meta(query: { page?: unknown; perPage?: unknown }, connection: { totalCount: number }) {
  return {
    page: typeof query.page === 'number' ? query.page : 1,
    perPage: typeof query.perPage === 'number' ? query.perPage : DEFAULT_PER_PAGE,
    total: connection.totalCount,
  };
}

// --- response schemas (OpenAPI documentation of `result`) -------------------------------------

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  email: z.string().nullable(),
  status: z.string().describe('not_screened for new profiles'),
  profileCustomFields: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        type: z.enum(['text', 'number', 'date', 'boolean', 'enum', 'json']),
        value: z.unknown().describe('JSON value of the type; numbers exact'),
        valueLabel: z.string().optional().describe('enum fields only'),
      }),
    )
    .optional()
    .describe('Ordered by definition priority (higher first); omitted when no value resolves to an active definition'),
  profileGroupIds: z.array(z.string()),
  erasureClaimedAt: z.string().nullable().optional().describe('present once an erasure has claimed the profile'),
  erasedAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const pageMetaSchema = z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

export const commentSchema = z.object({
  _v: z.number().int(),
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  text: z.string(),
  kind: z.enum(['profile', 'match']),
  matchId: z.string().nullable(),
  profileId: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
});

export const groupSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  archived: z.boolean(),
  monitoringFeedFrequencies: z.object({ Sanctions: z.string().optional(), PEP: z.string().optional(), News: z.string().optional() }),
  effectiveMonitoringFeedFrequencies: z
    .object({ Sanctions: z.string(), PEP: z.string(), News: z.string() })
    .describe("Per feed: the group's override, else the workspace default (GET /tenant-config/v1/monitoring-default)"),
  inheritedFeeds: z
    .array(z.enum(['Sanctions', 'PEP', 'News']))
    .describe('Feeds the group does not override, which follow the workspace default'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const definitionSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'date', 'boolean', 'enum', 'json']),
  required: z.boolean(),
  priority: z.number().int(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
