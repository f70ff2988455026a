// Profile rules: create, update (PATCH semantics), read and list. Custom field values are checked
// against the latest definitions inside the write's transaction (rules 1-4); group ids must be
// groups of the workspace (unknown → 400 profile_group_unknown; archived groups cannot be newly
// assigned → 400 profile_group_archived).
import { findGroupStates } from '../data/group-store';
import type { DbClient, DbRawTx, Scope } from '../../../platform/db/prisma';
import {
  findGroupIdsByProfileIds,
  findValuesByProfileIds,
  insertProfile,
  insertProfileWithParts,
  lockProfile,
  insertGroupAssignments,
  replaceGroupAssignments,
  updateProfileFields,
  writeValues,
} from '../data/profile-store';
import { isStorableText, queryableId } from '../data/scope';
import { ProfilesError } from '../errors';
import { checkCombinedSize, StoredValue, validateCustomFieldWrite } from './custom-field-rules';
import { definitionsForWrite } from './definitions-reader';
import { connectionWindow, has, ProfilesDeps } from './deps';
import { countedConnection, decodeCursor, keysetConnection } from '../../../platform/graphql/paging';
import { type GroupIdsReceiver, searchProfilePageWithTotal } from '../data/profile-search-store';
import { parseExact } from './json-text';

export type ProfileRecord = Awaited<ReturnType<typeof insertProfile>>;

export const NAME_MAX = 500;
export const KIND_MAX = 100;
export const EMAIL_MAX = 320;
export const MAX_GROUPS_PER_PROFILE = 100;

export interface CreateProfileInput {
  name: string;
  kind: string;
  email?: string | null;
  /** JSON text of an object keyed by definition key (numbers exact). */
  profileCustomFields?: CustomFieldValueInput[] | null;
  profileGroupIds?: string[] | null;
}

export interface UpdateProfileInput {
  name?: string | null;
  kind?: string | null;
  email?: string | null;
  profileCustomFields?: CustomFieldValueInput[] | null;
  profileGroupIds?: string[] | null;
}

function invalid(field: string, problem: string): never {
  throw new ProfilesError('profile_validation_failed', `${field}: ${problem}`, { field });
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || !isStorableText(value)) invalid('name', 'must be a string of Unicode text (no NUL)');
  const name = value.trim();
  if (!name) invalid('name', 'must not be empty');
  if (name.length > NAME_MAX) invalid('name', `must be at most ${NAME_MAX} characters`);
  return name;
}

function checkKind(value: unknown): string {
  if (typeof value !== 'string' || !isStorableText(value)) invalid('kind', 'must be a string of Unicode text (no NUL)');
  const kind = value.trim();
  if (!kind) invalid('kind', 'must not be empty');
  if (kind.length > KIND_MAX) invalid('kind', `must be at most ${KIND_MAX} characters`);
  return kind;
}

function checkEmail(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const email = value.trim();
  if (email.length > EMAIL_MAX || !isStorableText(email) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    invalid('email', 'must be an email address');
  return email;
}

/** One custom field value of a request: the definition key and the value as exact JSON text (null clears). */
export interface CustomFieldValueInput {
  key: string;
  value?: string | null;
}

/** The custom field values of a request keyed by definition key, every number exact. */
export function parseCustomFieldsInput(entries: CustomFieldValueInput[]): Record<string, unknown> {
  const values = new Map<string, unknown>();
  for (const { key, value } of entries) {
    const field = `profileCustomFields.${key}`;
    if (values.has(key)) throw new ProfilesError('schema_validation_failed', `${field}: given more than once`, { field });
    if (value === null || value === undefined) {
      values.set(key, null);
      continue;
    }
    try {
      values.set(key, parseExact(value));
    } catch (error) {
      throw new ProfilesError('schema_validation_failed', `${field}: malformed JSON (${(error as Error).message})`, { field });
    }
  }
  return Object.fromEntries(values);
}

function checkGroupIdList(ids: string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_GROUPS_PER_PROFILE) invalid('profile_group_ids', `at most ${MAX_GROUPS_PER_PROFILE} groups`);
  return unique;
}

/** Every id must be a group of the workspace; archived groups may stay but not be newly assigned. */
async function checkAssignableGroups(tx: DbClient | DbRawTx, scope: Scope, ids: string[], alreadyAssigned: string[]): Promise<void> {
  if (ids.length === 0) return;
  const groups = new Map((await findGroupStates(tx, scope, ids)).map((group) => [group.id, group]));
  for (const [index, id] of ids.entries()) {
    const group = groups.get(id);
    if (!group)
      throw new ProfilesError('profile_group_unknown', `profileGroupIds[${index}]: unknown profile group ${id}`, {
        field: `profileGroupIds[${index}]`,
      });
    if (group.archivedAt && !alreadyAssigned.includes(id)) {
      throw new ProfilesError(
        'profile_group_archived',
        `profileGroupIds[${index}]: profile group ${id} is archived and cannot be newly assigned`,
        {
          field: `profileGroupIds[${index}]`,
        },
      );
    }
  }
}

export interface CreateProfileOptions {
  /** Runs in the create's transaction after the profile is written (onboarding adds its run); the
   * create then runs as a Prisma interactive transaction, whose client it is given. */
  within?: (tx: DbClient, profile: ProfileRecord) => Promise<ProfileRecord>;
  /** A keyed create's idempotency record (create-once.ts' RecordCreate), written in the create's
   * transaction with the profile's id. */
  record?: (tx: DbClient | DbRawTx, objectId: string) => Promise<void>;
  /** After the commit: what was stored beside the profile (its values and group ids), so the
   * request's loaders answer the created profile's fields without reading them back. */
  written?: (profile: ProfileRecord, stored: { values: StoredValue[]; groupIds: string[] }) => void;
}

/**
 * A new profile with its custom field values and group assignments, in one transaction that reads
 * the latest definitions (rule 4) and the groups it assigns. Without `within` it is a raw
 * transaction of prepared statements on one pooled connection (BEGIN, the definitions, the groups
 * when some are assigned, one statement writing the profile, its values and its assignments, the
 * idempotency record when keyed, COMMIT): no Prisma query, whose per-call compilation was most of
 * the insert's CPU (docs/performance.md "Read path").
 */
export async function createProfile(
  deps: ProfilesDeps,
  scope: Scope,
  input: CreateProfileInput,
  options: CreateProfileOptions = {},
): Promise<ProfileRecord> {
  const name = checkName(input.name);
  const kind = checkKind(input.kind);
  const email = checkEmail(input.email);
  const customFields =
    input.profileCustomFields === null || input.profileCustomFields === undefined ? {} : parseCustomFieldsInput(input.profileCustomFields);
  if (input.profileGroupIds === null) invalid('profileGroupIds', 'must be an array (use [] for none)');
  const groupIds = checkGroupIdList(input.profileGroupIds ?? []);
  /** The checks every create makes in its transaction, before it writes: the values to store. */
  const check = async (tx: DbClient | DbRawTx): Promise<StoredValue[]> => {
    const definitions = await definitionsForWrite(deps.definitions, tx, scope);
    const changes = validateCustomFieldWrite(definitions, customFields, 'create');
    checkCombinedSize([], changes);
    await checkAssignableGroups(tx, scope, groupIds, []);
    return changes.set;
  };
  let values: StoredValue[] = [];
  const { within, record } = options;
  const created = within
    ? await deps.db.$transaction(async (tx) => {
        values = await check(tx);
        const profile = await insertProfile(tx, scope, { name, kind, email });
        await writeValues(tx, scope, profile.id, values, []);
        // A new profile has no assignments to replace: insert only.
        await insertGroupAssignments(tx, scope, profile.id, groupIds);
        const result = await within(tx, profile);
        await record?.(tx, profile.id);
        return result;
      })
    : await deps.db.$rawTransaction(async (tx) => {
        values = await check(tx);
        const profile = await insertProfileWithParts(tx, scope, { name, kind, email }, values, groupIds);
        await record?.(tx, profile.id);
        return profile;
      });
  options.written?.(created, { values, groupIds });
  return created;
}

/** PATCH: only supplied keys change. */
export async function updateProfile(deps: ProfilesDeps, scope: Scope, id: string, input: UpdateProfileInput): Promise<ProfileRecord> {
  const fields: { name?: string; kind?: string; email?: string | null } = {};
  if (has(input, 'name')) fields.name = checkName(input.name);
  if (has(input, 'kind')) fields.kind = checkKind(input.kind);
  if (has(input, 'email')) fields.email = checkEmail(input.email);
  let customFields: Record<string, unknown> | undefined;
  if (has(input, 'profileCustomFields')) {
    if (input.profileCustomFields === null) invalid('profileCustomFields', 'must be an object (null clears single keys: {"key": null})');
    customFields = parseCustomFieldsInput(input.profileCustomFields!);
  }
  let groupIds: string[] | undefined;
  if (has(input, 'profileGroupIds')) {
    if (input.profileGroupIds === null) invalid('profileGroupIds', 'must be an array (use [] to remove all assignments)');
    groupIds = checkGroupIdList(input.profileGroupIds!);
  }
  return deps.db.$transaction(async (tx) => {
    const profile = await lockProfile(tx, scope, id);
    if (!profile) throw new ProfilesError('profile_not_found', 'Profile not found');
    if (profile.erasureClaimedAt) throw new ProfilesError('profile_erased', 'The profile has been erased and cannot be changed');
    if (customFields && Object.keys(customFields).length > 0) {
      const definitions = await definitionsForWrite(deps.definitions, tx, scope);
      const changes = validateCustomFieldWrite(definitions, customFields, 'patch');
      const existing = await findValuesByProfileIds(tx, scope, [id]);
      checkCombinedSize(existing, changes);
      await writeValues(tx, scope, id, changes.set, changes.clear);
    }
    if (groupIds) {
      const current = (await findGroupIdsByProfileIds(tx, scope, [id])).map((row) => row.groupId);
      await checkAssignableGroups(tx, scope, groupIds, current);
      await replaceGroupAssignments(tx, scope, id, groupIds);
    }
    const changed = Object.keys(fields).length > 0 || customFields !== undefined || groupIds !== undefined;
    return changed ? updateProfileFields(tx, scope, id, fields) : profile;
  });
}

export const SEARCH_MAX = 200;

/** Filters of the profile list (GraphQL `profiles`; REST passes only group ids). */
export interface ProfileListArgs {
  profileGroupIds?: string[] | null;
  search?: string | null;
  statuses?: string[] | null;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  customField?: { key: string; value: string } | null;
  first?: number | null;
  after?: string | null;
}

/**
 * Profiles newest first. Two cursor kinds: the REST routes' page numbers arrive as offset cursors
 * (offsetCursor) and keep their offset paging; every other page is keyset paging on (created_at, id),
 * whose endCursor names the page's last profile, so a page never shifts when profiles are added and
 * the cost does not grow with the depth of the page (docs/profiles.md "Searching profiles").
 */
export async function listProfilePage(deps: ProfilesDeps, scope: Scope, args: ProfileListArgs, groupIdsTo?: GroupIdsReceiver) {
  const groupIds = args.profileGroupIds ? [...new Set(args.profileGroupIds.map((id) => id.trim()).filter(Boolean))] : undefined;
  if (groupIds && groupIds.length > MAX_GROUPS_PER_PROFILE) invalid('profile_group_ids', `at most ${MAX_GROUPS_PER_PROFILE} ids`);
  const search = args.search?.trim() ? args.search.trim() : undefined;
  if (search && search.length > SEARCH_MAX) invalid('search', `at most ${SEARCH_MAX} characters`);
  if (search && !isStorableText(search)) invalid('search', 'must not contain NUL characters');
  if (args.createdFrom && args.createdTo && args.createdFrom > args.createdTo) invalid('createdTo', 'must not be before createdFrom');
  const customField = args.customField ? customFieldFilter(args.customField) : undefined;
  const filter = {
    search,
    statuses: args.statuses?.length ? args.statuses : undefined,
    groupIds: groupIds?.filter(queryableId),
    createdFrom: args.createdFrom ?? undefined,
    createdTo: args.createdTo ?? undefined,
    customField,
  };
  const keyset = decodeCursor<{ c?: unknown; i?: unknown }>(args.after);
  const after =
    keyset && typeof keyset.c === 'string' && typeof keyset.i === 'string' && !Number.isNaN(Date.parse(keyset.c))
      ? { createdAt: new Date(keyset.c), id: keyset.i }
      : undefined;
  if (after) {
    const size = connectionWindow({ first: args.first }, 'profile_validation_failed').take!;
    const { rows, total } = await searchProfilePageWithTotal(deps.db, scope, { filter, after, take: size + 1, groupIdsTo });
    return { ...keysetConnection(rows, size, profileKey), totalCount: total };
  }
  // No cursor, or an offset cursor of the REST routes (connectionWindow refuses anything else).
  const window = connectionWindow(args, 'profile_validation_failed');
  const size = window.take!;
  if (window.skip > 0) {
    const { rows, total } = await searchProfilePageWithTotal(deps.db, scope, { filter, take: size, offset: window.skip, groupIdsTo });
    return countedConnection(rows, window.skip, total);
  }
  const { rows, total } = await searchProfilePageWithTotal(deps.db, scope, { filter, take: size + 1, groupIdsTo });
  return { ...keysetConnection(rows, size, profileKey), totalCount: total };
}

const profileKey = (row: { createdAt: Date; id: string }) => ({ c: row.createdAt.toISOString(), i: row.id });

const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,63}$/;

/** A custom field filter: the value as the stored JSON text of a string, or as raw JSON text (numbers, booleans). */
function customFieldFilter(input: { key: string; value: string }) {
  if (!CUSTOM_FIELD_KEY.test(input.key)) invalid('customField.key', 'must match ^[a-z][a-z0-9_]{0,63}$');
  if (input.value.length > SEARCH_MAX) invalid('customField.value', `at most ${SEARCH_MAX} characters`);
  return { key: input.key, valueJson: [...new Set([JSON.stringify(input.value), input.value])] };
}
