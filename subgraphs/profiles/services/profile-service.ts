// Profile rules: create, update (PATCH semantics), read and list. Custom field values are checked
// against the latest definitions inside the write's transaction (rules 1-4); group ids must be
// groups of the workspace (unknown → 400 profile_group_unknown; archived groups cannot be newly
// assigned → 400 profile_group_archived).
import { findGroupsByIds } from '../data/group-store';
import type { DbClient, Scope } from '../../../platform/db/prisma';
import {
  findGroupIdsByProfileIds,
  findValuesByProfileIds,
  insertProfile,
  listProfiles,
  lockProfile,
  replaceGroupAssignments,
  updateProfileFields,
  writeValues,
} from '../data/profile-store';
import { isStorableText } from '../data/scope';
import { ProfilesError } from '../errors';
import { checkCombinedSize, validateCustomFieldWrite } from './custom-field-rules';
import { definitionsForWrite } from './definitions-reader';
import { connectionWindow, has, ProfilesDeps } from './deps';
import { countedConnection } from '../../../platform/graphql/paging';
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
async function checkAssignableGroups(tx: DbClient, scope: Scope, ids: string[], alreadyAssigned: string[]): Promise<void> {
  if (ids.length === 0) return;
  const groups = new Map((await findGroupsByIds(tx, scope, ids)).map((group) => [group.id, group]));
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

/** `within` runs in the create's transaction after the profile is written (onboarding adds its run). */
export async function createProfile(
  deps: ProfilesDeps,
  scope: Scope,
  input: CreateProfileInput,
  within?: (tx: DbClient, profile: ProfileRecord) => Promise<ProfileRecord>,
): Promise<ProfileRecord> {
  const name = checkName(input.name);
  const kind = checkKind(input.kind);
  const email = checkEmail(input.email);
  const customFields =
    input.profileCustomFields === null || input.profileCustomFields === undefined ? {} : parseCustomFieldsInput(input.profileCustomFields);
  if (input.profileGroupIds === null) invalid('profileGroupIds', 'must be an array (use [] for none)');
  const groupIds = checkGroupIdList(input.profileGroupIds ?? []);
  return deps.db.$transaction(async (tx) => {
    const definitions = await definitionsForWrite(deps.definitions, tx, scope);
    const changes = validateCustomFieldWrite(definitions, customFields, 'create');
    checkCombinedSize([], changes);
    await checkAssignableGroups(tx, scope, groupIds, []);
    const profile = await insertProfile(tx, scope, { name, kind, email });
    await writeValues(tx, scope, profile.id, changes.set, []);
    await replaceGroupAssignments(tx, scope, profile.id, groupIds);
    return within ? within(tx, profile) : profile;
  });
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

export async function listProfilePage(
  deps: ProfilesDeps,
  scope: Scope,
  args: { profileGroupIds?: string[] | null; first?: number | null; after?: string | null },
) {
  const window = connectionWindow(args, 'profile_validation_failed');
  const groupIds = args.profileGroupIds ? [...new Set(args.profileGroupIds.map((id) => id.trim()).filter(Boolean))] : undefined;
  if (groupIds && groupIds.length > MAX_GROUPS_PER_PROFILE) invalid('profile_group_ids', `at most ${MAX_GROUPS_PER_PROFILE} ids`);
  const { rows, total } = await listProfiles(deps.db, scope, { groupIds, skip: window.skip, take: window.take! });
  return countedConnection(rows, window.skip, total);
}
