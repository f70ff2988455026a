// Profile groups: workspace-scoped segment labels. The key is generated once from the initial
// name (normalized, unique in the workspace, read-only). DELETE archives; archived groups stay
// readable and their ids stay on older profiles.
import type { Scope } from '../../../platform/db/prisma';
import { isStorableText } from '../data/scope';
import { findGroup, findGroups, insertGroup, keysStartingWith, updateGroup } from '../data/group-store';
import { ProfilesError } from '../errors';
import type { RecordCreate } from './create-once';
import { has, ProfilesDeps } from './deps';
import { keyFromLabel } from './definition-service';
import { isOneOf } from '../../../platform/validation/one-of';

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
        return group;
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002' && attempt < 5) continue; // raced for the key
      throw error;
    }
  }
}

export async function updateGroupById(deps: ProfilesDeps, scope: Scope, id: string, input: UpdateGroupInput): Promise<ProfileGroupRecord> {
  const changes: { name?: string; description?: string | null; priority?: number; monitoringFeedFrequencies?: FeedFrequencies | null } = {};
  if (has(input, 'name')) changes.name = checkName(input.name);
  if (Object.hasOwn(input, 'description')) changes.description = checkDescription(input.description);
  if (has(input, 'priority')) changes.priority = checkPriority(input.priority);
  if (Object.hasOwn(input, 'monitoringFeedFrequencies'))
    changes.monitoringFeedFrequencies = checkFrequencies(input.monitoringFeedFrequencies);
  const updated = await updateGroup(deps.db, scope, id, changes);
  if (!updated) throw new ProfilesError('profile_group_not_found', 'Profile group not found');
  return updated;
}

export async function archiveGroup(deps: ProfilesDeps, scope: Scope, id: string): Promise<ProfileGroupRecord> {
  const group = await findGroup(deps.db, scope, id);
  if (!group) throw new ProfilesError('profile_group_not_found', 'Profile group not found');
  if (group.archivedAt) return group; // idempotent
  return (await updateGroup(deps.db, scope, id, { archivedAt: new Date() }))!;
}
