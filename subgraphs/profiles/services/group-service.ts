// Profile groups: workspace-scoped segment labels. The key is generated once from the initial
// name (normalized, unique in the workspace, read-only). DELETE archives; archived groups stay
// readable and their ids stay on older profiles.
import type { DbClient, Scope } from '../../../platform/db/prisma';
import { isStorableText } from '../data/scope';
import { findGroup, findGroups, insertGroup, keysStartingWith, lockGroup, updateGroup } from '../data/group-store';
import { ProfilesError } from '../errors';
import type { RecordCreate } from './create-once';
import { ChangeAuditContext, has, ProfilesDeps } from './deps';
import { keyFromLabel } from './definition-service';
import { isOneOf } from '../../../platform/validation/one-of';
import { appendAudit, auditActorOf } from '../../../platform/audit/audit-trail';

export const GROUP_NAME_MAX = 200;
export const GROUP_DESCRIPTION_MAX = 2000;
export const GROUP_PRIORITY_MAX = 2_147_483_647;

export const FEED_FREQUENCIES = {
  Sanctions: ['deltas', 'daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'],
  PEP: ['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'],
  News: ['daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'annually', 'never'],
} as const;
export type MonitoredFeed = keyof typeof FEED_FREQUENCIES;
export type MonitoringFrequency = (typeof FEED_FREQUENCIES)[MonitoredFeed][number];
export type FeedFrequencies = Partial<Record<MonitoredFeed, MonitoringFrequency>>;

export type ProfileGroupRecord = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

export interface CreateGroupInput {
  name: string;
  description?: string | null;
  priority?: number | null;
  monitoringFeedFrequencies?: FeedFrequencies | null;
}

export type UpdateGroupInput = Partial<Omit<CreateGroupInput, 'name'>> & { name?: string | null };

function invalid(field: string, problem: string): never {
  throw new ProfilesError('profile_group_validation_failed', `${field}: ${problem}`, { field });
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || !value.trim() || !isStorableText(value))
    invalid('name', 'must be a non-empty string of Unicode text (no NUL)');
  const name = value.trim();
  if (name.length > GROUP_NAME_MAX) invalid('name', `must be at most ${GROUP_NAME_MAX} characters`);
  return name;
}

function checkDescription(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !isStorableText(value)) invalid('description', 'must be a string of Unicode text (no NUL)');
  if (value.length > GROUP_DESCRIPTION_MAX) invalid('description', `must be at most ${GROUP_DESCRIPTION_MAX} characters`);
  return value;
}

function checkPriority(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > GROUP_PRIORITY_MAX)
    invalid('priority', 'must be a non-negative integer');
  return value;
}

/** Null or an empty object: every feed inherits the workspace frequency. */
export function checkFrequencies(value: unknown): FeedFrequencies | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    invalid('monitoringFeedFrequencies', 'must be an object with keys Sanctions, PEP, News');
  const result: FeedFrequencies = {};
  for (const [feed, frequency] of Object.entries(value as Record<string, unknown>)) {
    if (!Object.hasOwn(FEED_FREQUENCIES, feed))
      invalid(`monitoringFeedFrequencies.${feed}`, 'unknown feed (allowed: Sanctions, PEP, News)');
    if (frequency === null || frequency === undefined) continue; // omitted: inherits
    const allowed: readonly MonitoringFrequency[] = FEED_FREQUENCIES[feed as MonitoredFeed];
    if (!isOneOf(allowed, frequency)) invalid(`monitoringFeedFrequencies.${feed}`, `must be one of ${allowed.join(', ')}`);
    result[feed as MonitoredFeed] = frequency;
  }
  return Object.keys(result).length ? result : null;
}

export async function listGroups(deps: ProfilesDeps, scope: Scope, includeArchived: boolean): Promise<ProfileGroupRecord[]> {
  return findGroups(deps.db, scope, includeArchived);
}

export async function getGroup(deps: ProfilesDeps, scope: Scope, id: string): Promise<ProfileGroupRecord | null> {
  return findGroup(deps.db, scope, id);
}

/** `record` (a keyed request) stores the idempotency key in the create's transaction (services/create-once.ts). */
export async function createGroup(
  deps: ProfilesDeps,
  scope: Scope,
  input: CreateGroupInput,
  audit: ChangeAuditContext,
  record?: RecordCreate,
): Promise<ProfileGroupRecord> {
  const name = checkName(input.name);
  const description = checkDescription(input.description);
  const priority = input.priority === null || input.priority === undefined ? 0 : checkPriority(input.priority);
  const monitoringFeedFrequencies = checkFrequencies(input.monitoringFeedFrequencies);
  const base = keyFromLabel(name, 'group');
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await deps.db.$transaction(async (tx) => {
        const taken = new Set(await keysStartingWith(tx, scope, base));
        let key = base;
        for (let n = 2; taken.has(key); n += 1) key = `${base.slice(0, 56)}_${n}`;
        const group = await insertGroup(tx, scope, { key, name, description, priority, monitoringFeedFrequencies });
        await record?.(tx, group.id);
        // Last: the append holds the workspace's chain head until commit. The name and description
        // are the workspace's own texts: the key names the group, the texts stay out.
        await appendGroupAudit(tx, scope, audit, 'profiles.group.create', group.id, {
          key: group.key,
          priority,
          monitoring_feed_frequencies: monitoringFeedFrequencies ?? {},
        });
        return group;
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002' && attempt < 5) continue; // raced for the key
      throw error;
    }
  }
}

export async function updateGroupById(
  deps: ProfilesDeps,
  scope: Scope,
  id: string,
  input: UpdateGroupInput,
  audit: ChangeAuditContext,
): Promise<ProfileGroupRecord> {
  const changes: { name?: string; description?: string | null; priority?: number; monitoringFeedFrequencies?: FeedFrequencies | null } = {};
  if (has(input, 'name')) changes.name = checkName(input.name);
  if (Object.hasOwn(input, 'description')) changes.description = checkDescription(input.description);
  if (has(input, 'priority')) changes.priority = checkPriority(input.priority);
  if (Object.hasOwn(input, 'monitoringFeedFrequencies'))
    changes.monitoringFeedFrequencies = checkFrequencies(input.monitoringFeedFrequencies);
  return deps.db.$transaction(async (tx) => {
    const before = await lockGroup(tx, scope, id);
    if (!before) throw new ProfilesError('profile_group_not_found', 'Profile group not found');
    const updated = (await updateGroup(tx, scope, id, changes))!;
    await appendGroupAudit(tx, scope, audit, 'profiles.group.update', id, groupChangeDetail(before, updated, Object.keys(changes)));
    return updated;
  });
}

export async function archiveGroup(deps: ProfilesDeps, scope: Scope, id: string, audit: ChangeAuditContext): Promise<ProfileGroupRecord> {
  return deps.db.$transaction(async (tx) => {
    const group = await lockGroup(tx, scope, id);
    if (!group) throw new ProfilesError('profile_group_not_found', 'Profile group not found');
    if (group.archivedAt) return group; // idempotent: nothing changed, nothing recorded
    const archived = (await updateGroup(tx, scope, id, { archivedAt: new Date() }))!;
    await appendGroupAudit(tx, scope, audit, 'profiles.group.archive', id, { key: group.key });
    return archived;
  });
}

/** Which fields changed; from/to for the priority and the monitoring frequencies (the texts' values stay out). */
function groupChangeDetail(before: ProfileGroupRecord, after: ProfileGroupRecord, supplied: string[]): Record<string, unknown> {
  const frequencies = (group: ProfileGroupRecord) => (group.monitoringFeedFrequencies ?? {}) as FeedFrequencies;
  const changed = supplied.filter((field) =>
    field === 'monitoringFeedFrequencies'
      ? JSON.stringify(sortedKeys(frequencies(before))) !== JSON.stringify(sortedKeys(frequencies(after)))
      : before[field as 'name' | 'description' | 'priority'] !== after[field as 'name' | 'description' | 'priority'],
  );
  const detail: Record<string, unknown> = { key: before.key, fields: changed };
  if (changed.includes('priority')) detail.priority = { from: before.priority, to: after.priority };
  if (changed.includes('monitoringFeedFrequencies'))
    detail.monitoring_feed_frequencies = { from: frequencies(before), to: frequencies(after) };
  return detail;
}

function sortedKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

async function appendGroupAudit(
  tx: DbClient,
  scope: Scope,
  audit: ChangeAuditContext,
  action: string,
  groupId: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await appendAudit(tx, {
    ...scope,
    ...auditActorOf(audit.principal),
    requestId: audit.requestId ?? null,
    action,
    resourceType: 'profiles.group',
    resourceId: groupId,
    outcome: 'succeeded',
    detail,
  });
}
